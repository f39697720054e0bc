/* Merge against the CPU reference: every key type with keys only, 32-bit and 64-bit values and both orders,
 * empty A or B, sizes across tile and partition boundaries, few distinct keys (stability checked through the
 * values), floats with NaN, -0.0 and infinities placed by the total order; misuse. Each type runs three of the
 * six (values, order) pairs (keys, 32-bit and 64-bit values; both orders), alternating over the types so that every
 * pair runs on three types: order and value width are separate code (a compare, a
 * copy), and each pair is one more LLVM compile of the merge kernel on lavapipe. */
#include "common.h"

#include <math.h>
#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(merge, "tile_loops partitions thread_partitions")

static void merge_case(mgpu_type type, uint32_t value_size, bool descending, size_t an, size_t bn, int distinct) {
    size_t size = mgpu_type_size(type), total = an + bn;
    char *a = malloc(an * size + 8), *b = malloc(bn * size + 8);
    char *va = malloc(an * 8 + 8), *vb = malloc(bn * 8 + 8);
    sorted_keys(type, descending, a, an, distinct);
    sorted_keys(type, descending, b, bn, distinct);
    for (size_t i = 0; i < an; ++i) {
        uint64_t v = i * 2;
        memcpy(va + i * value_size, &v, value_size);
    }
    for (size_t j = 0; j < bn; ++j) {
        uint64_t v = j * 2 + 1;
        memcpy(vb + j * value_size, &v, value_size);
    }
    char *want = malloc(total * size + 8), *vwant = malloc(total * 8 + 8);
    ref_merge(type, value_size, descending, a, va, an, b, vb, bn, want, vwant);

    mgpu_range ra = test_upload(type, a, an), rb = test_upload(type, b, bn), ro, rva = {0}, rvb = {0}, rvo = {0};
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, total ? total * size : 16, &ro));
    if (value_size) {
        CHECK_OK(mgpu_buffer_alloc(g_test.ctx, an ? an * value_size : 16, &rva));
        CHECK_OK(mgpu_buffer_alloc(g_test.ctx, bn ? bn * value_size : 16, &rvb));
        CHECK_OK(mgpu_buffer_alloc(g_test.ctx, total ? total * value_size : 16, &rvo));
        if (an) CHECK_OK(mgpu_buffer_upload(g_test.ctx, rva, va, an * value_size));
        if (bn) CHECK_OK(mgpu_buffer_upload(g_test.ctx, rvb, vb, bn * value_size));
    }
    mgpu_merge_info info = {.key_type = type,
                            .value_size = value_size,
                            .descending = descending,
                            .a_count = (uint32_t)an,
                            .b_count = (uint32_t)bn,
                            .a_keys = ra,
                            .b_keys = rb,
                            .a_values = rva,
                            .b_values = rvb,
                            .out_keys = ro,
                            .out_values = rvo};
    CHECK_OK(mgpu_merge(g_test.ctx, &info));
    char *got = test_download(type, ro, total);
    CHECK(memcmp(got, want, total * size) == 0, "merge %s values %u %s a=%zu b=%zu: keys differ", mgpu_type_name(type),
          value_size, descending ? "descending" : "ascending", an, bn);
    if (value_size) {
        char *vgot = malloc(total * value_size + 8);
        if (total) CHECK_OK(mgpu_buffer_download(g_test.ctx, rvo, vgot, total * value_size));
        CHECK(memcmp(vgot, vwant, total * value_size) == 0, "merge %s values %u a=%zu b=%zu: values differ (stability)",
              mgpu_type_name(type), value_size, an, bn);
        free(vgot);
    }
    mgpu_range ranges[] = {ra, rb, ro, rva, rvb, rvo};
    for (size_t k = 0; k < 6; ++k) mgpu_buffer_free(g_test.ctx, ranges[k]);
    free(got);
    free(a);
    free(b);
    free(va);
    free(vb);
    free(want);
    free(vwant);
}

static void merge_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range a, b, o, small;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &a));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &b));
    CHECK_OK(mgpu_buffer_alloc(ctx, 800, &o));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &small));
    mgpu_merge_info good = {
        .key_type = MGPU_TYPE_U32, .a_count = 100, .b_count = 100, .a_keys = a, .b_keys = b, .out_keys = o};
    mgpu_merge_info bad;
    bad = good;
    bad.value_size = 3;
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.out_keys = small;
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.out_keys = a; /* 400 bytes for 200 keys */
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.a_count = 0x7fffffffu;
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.value_size = 4;
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.key_type = (mgpu_type)77;
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_merge(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_range overlap = a; /* 400 bytes: a's keys under the output */
    bad = good;
    bad.a_count = 50;
    bad.b_count = 50;
    bad.out_keys = overlap;
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_buffer_free(ctx, a);
    mgpu_buffer_free(ctx, b);
    mgpu_buffer_free(ctx, o);
    mgpu_buffer_free(ctx, small);
}

void test_merge(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t tile = test_tile(MGPU_PRIM_MERGE, type);
        size_t shapes[][2] = {{0, 0},
                              {0, 5},
                              {7, 0},
                              {1, 1},
                              {tile - 1, 1},
                              {tile, tile},
                              {tile + 1, 2 * tile - 3},
                              {3 * tile, 17},
                              {1 + test_random_below(20 * tile), 1 + test_random_below(20 * tile)}};
        bool d = t % 2; /* keys and 64-bit values in order d, 32-bit values in the other */
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
            for (uint32_t value_size = 0; value_size <= 8; value_size += 4)
                merge_case(type, value_size, value_size == 4 ? !d : d, shapes[s][0], shapes[s][1], s % 2 ? 3 : 1000);
    }
    /* Many tiles and partition workgroups: 384 to 640 tiles. */
    uint32_t large = test_tile(MGPU_PRIM_MERGE, MGPU_TYPE_U32) << 8;
    merge_case(MGPU_TYPE_U32, 4, false, large + test_random_below(large), large / 2, 1 << 20);
    merge_misuse();
    /* The tuning switch fold by API: both forms on a few tiles, a value out of range refused. */
    CHECK_RESULT(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL,
                                         &(mgpu_tuning){.fold = (mgpu_switch)3}),
                 MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_switch forms[] = {MGPU_SWITCH_ON, MGPU_SWITCH_OFF};
    for (size_t i = 0; i < 2; ++i) {
        CHECK_OK(
            mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.fold = forms[i]}));
        uint32_t tile = test_tile(MGPU_PRIM_MERGE, MGPU_TYPE_I64);
        merge_case(MGPU_TYPE_I64, 8, true, 3 * tile + test_random_below(tile), 2 * tile + 1, 50);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL, NULL));
}
