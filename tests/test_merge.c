/* Merge against the CPU reference: every key type with keys only, 32-bit and 64-bit values and both orders,
 * empty A or B, sizes across tile and partition boundaries, few distinct keys (stability checked through the
 * values), floats with NaN, -0.0 and infinities placed by the total order; misuse. Each type runs three of the
 * six (values, order) pairs (keys, 32-bit and 64-bit values; both orders), alternating over the types so that every
 * pair runs on three types: order and value width are separate code (a compare, a
 * copy), and each pair is one more LLVM compile of the merge kernel on lavapipe.
 * Indirect counts (every type, on its three pairs; both fold forms): capacities of several tiles, real counts 0,
 * 1, tile-1, tile, tile+1, random, the capacity and past it (clamped), of A and B together or of one alone;
 * outputs past the real total keep their sentinel; the requirements are the capacity's; misuse. */
#include "common.h"

#include <math.h>
#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(merge, "tile_loops partitions thread_partitions")

/* Where merge_case's keys start in their buffers, in elements: 0, or 1, 3 and 1 for A's, B's and the output's
 * (their addresses then not 16-byte aligned: the merge stores such a tile key by key instead of in uvec4s). */
static size_t g_merge_key_shift;

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

    mgpu_range pa, pb, po; /* the keys' buffers */
    mgpu_range ra = test_upload_shifted(type, a, an, g_merge_key_shift, &pa);
    mgpu_range rb = test_upload_shifted(type, b, bn, 3 * g_merge_key_shift, &pb);
    mgpu_range ro = test_upload_shifted(type, NULL, total, g_merge_key_shift, &po);
    mgpu_range rva = {0}, rvb = {0}, rvo = {0};
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
    CHECK(memcmp(got, want, total * size) == 0, "merge %s values %u %s a=%zu b=%zu shift %zu: keys differ",
          mgpu_type_name(type), value_size, descending ? "descending" : "ascending", an, bn, g_merge_key_shift);
    if (value_size) {
        char *vgot = malloc(total * value_size + 8);
        if (total) CHECK_OK(mgpu_buffer_download(g_test.ctx, rvo, vgot, total * value_size));
        CHECK(memcmp(vgot, vwant, total * value_size) == 0, "merge %s values %u a=%zu b=%zu: values differ (stability)",
              mgpu_type_name(type), value_size, an, bn);
        free(vgot);
    }
    mgpu_range ranges[] = {pa, pb, po, rva, rvb, rvo};
    for (size_t k = 0; k < 6; ++k) mgpu_buffer_free(g_test.ctx, ranges[k]);
    free(got);
    free(a);
    free(b);
    free(va);
    free(vb);
    free(want);
    free(vwant);
}

/* A merge of capacities an and bn whose counts are the device uint32s real_a (when use_a) and real_b (when use_b):
 * the first ra + rb outputs against the reference merge of A[0, ra) and B[0, rb), every output past them still
 * its sentinel (0xa5 bytes). Returns failures. */
static uint64_t merge_indirect_case(mgpu_type type, uint32_t value_size, bool descending, uint32_t an, uint32_t bn,
                                    uint32_t real_a, uint32_t real_b, bool use_a, bool use_b) {
    uint64_t before = g_test.failures;
    mgpu_context ctx = g_test.ctx;
    size_t size = mgpu_type_size(type), cap = (size_t)an + bn;
    size_t ra = use_a && real_a < an ? real_a : an, rb = use_b && real_b < bn ? real_b : bn, total = ra + rb;
    char *a = malloc(an * size + 8), *b = malloc(bn * size + 8), *va = malloc(an * 8 + 8), *vb = malloc(bn * 8 + 8);
    sorted_keys(type, descending, a, an, 40);
    sorted_keys(type, descending, b, bn, 40);
    for (size_t i = 0; i < an; ++i) {
        uint64_t v = i * 2;
        memcpy(va + i * value_size, &v, value_size);
    }
    for (size_t j = 0; j < bn; ++j) {
        uint64_t v = j * 2 + 1;
        memcpy(vb + j * value_size, &v, value_size);
    }
    char *want = malloc(cap * size + 8), *vwant = malloc(cap * 8 + 8);
    memset(want, 0xa5, cap * size + 8);
    memset(vwant, 0xa5, cap * 8 + 8);
    ref_merge(type, value_size, descending, a, va, ra, b, vb, rb, want, vwant);

    mgpu_range rka = test_upload(type, a, an), rkb = test_upload(type, b, bn), ro, rva = {0}, rvb = {0}, rvo = {0};
    mgpu_range counts;
    CHECK_OK(mgpu_buffer_alloc(ctx, cap * size + 16, &ro));
    char *fill = malloc(cap * 8 + 16);
    memset(fill, 0xa5, cap * 8 + 16);
    CHECK_OK(mgpu_buffer_upload(ctx, ro, fill, cap * size + 16));
    if (value_size) {
        CHECK_OK(mgpu_buffer_alloc(ctx, an ? an * value_size : 16, &rva));
        CHECK_OK(mgpu_buffer_alloc(ctx, bn ? bn * value_size : 16, &rvb));
        CHECK_OK(mgpu_buffer_alloc(ctx, cap * value_size + 16, &rvo));
        if (an) CHECK_OK(mgpu_buffer_upload(ctx, rva, va, an * value_size));
        if (bn) CHECK_OK(mgpu_buffer_upload(ctx, rvb, vb, bn * value_size));
        CHECK_OK(mgpu_buffer_upload(ctx, rvo, fill, cap * value_size + 16));
    }
    /* The counts, a sentinel, the overflow flag (a sentinel until written), a sentinel. */
    uint32_t words[5] = {real_a, real_b, 0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u};
    CHECK_OK(mgpu_buffer_alloc(ctx, sizeof words, &counts));
    CHECK_OK(mgpu_buffer_upload(ctx, counts, words, sizeof words));
    mgpu_merge_info info = {.key_type = type,
                            .value_size = value_size,
                            .descending = descending,
                            .a_count = an,
                            .b_count = bn,
                            .a_keys = rka,
                            .b_keys = rkb,
                            .a_values = rva,
                            .b_values = rvb,
                            .out_keys = ro,
                            .out_values = rvo,
                            .indirect_a_count = use_a ? mgpu_range_slice(counts, 0, 4) : (mgpu_range){0},
                            .indirect_b_count = use_b ? mgpu_range_slice(counts, 4, 4) : (mgpu_range){0},
                            .overflow = use_a || use_b ? mgpu_range_slice(counts, 12, 4) : (mgpu_range){0}};
    mgpu_merge_info host = info;
    host.indirect_a_count = host.indirect_b_count = host.overflow = (mgpu_range){0};
    mgpu_requirements req, host_req;
    CHECK_OK(mgpu_merge_get_requirements(ctx, &info, &req));
    CHECK_OK(mgpu_merge_get_requirements(ctx, &host, &host_req));
    CHECK(req.scratch_size == host_req.scratch_size, "indirect merge: requirements %llu, the capacity's %llu",
          (unsigned long long)req.scratch_size, (unsigned long long)host_req.scratch_size);
    CHECK_OK(mgpu_merge(ctx, &info));
    char *got = malloc(cap * size + 16), *vgot = malloc(cap * 8 + 16);
    CHECK_OK(mgpu_buffer_download(ctx, ro, got, cap * size + 16));
    CHECK(memcmp(got, want, total * size) == 0 && memcmp(got + total * size, fill, (cap - total) * size + 16) == 0,
          "indirect merge %s values %u %s capacity %u+%u counts %u%s %u%s: keys differ or written past %zu",
          mgpu_type_name(type), value_size, descending ? "descending" : "ascending", an, bn, real_a,
          use_a ? "" : "(host)", real_b, use_b ? "" : "(host)", total);
    if (value_size) {
        CHECK_OK(mgpu_buffer_download(ctx, rvo, vgot, cap * value_size + 16));
        CHECK(memcmp(vgot, vwant, total * value_size) == 0 &&
                  memcmp(vgot + total * value_size, fill, (cap - total) * value_size + 16) == 0,
              "indirect merge %s values %u capacity %u+%u counts %u %u: values differ or written past %zu",
              mgpu_type_name(type), value_size, an, bn, real_a, real_b, total);
    }
    uint32_t flag = (use_a && real_a > an) || (use_b && real_b > bn);
    CHECK_OK(mgpu_buffer_download(ctx, counts, words, sizeof words));
    CHECK(words[3] == (use_a || use_b ? flag : 0xa5a5a5a5u) && words[2] == 0xa5a5a5a5u && words[4] == 0xa5a5a5a5u,
          "indirect merge capacity %u+%u counts %u%s %u%s: overflow %08x (%08x %08x around it), expected %u", an, bn,
          real_a, use_a ? "" : "(host)", real_b, use_b ? "" : "(host)", words[3], words[2], words[4], flag);
    mgpu_range ranges[] = {rka, rkb, ro, rva, rvb, rvo, counts};
    for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; ++k) mgpu_buffer_free(ctx, ranges[k]);
    free(a);
    free(b);
    free(va);
    free(vb);
    free(want);
    free(vwant);
    free(fill);
    free(got);
    free(vgot);
    return g_test.failures - before;
}

/* Indirect counts for one type on its three (values, order) pairs: capacities of several tiles, A's real count
 * from 0, 1, tile-1, tile, tile+1, random, the capacity, past it and UINT32_MAX, B's from the same list turned,
 * each fourth case with only A's count indirect and each fourth with only B's. Stops at the first failure. */
static void merge_indirect_sweep(mgpu_type type, bool d) {
    uint32_t tile = test_tile(MGPU_PRIM_MERGE, type);
    uint32_t an = 3 * tile + 7, bn = 2 * tile + 3;
    uint32_t reals[] = {
        0, 1, tile - 1, tile, tile + 1, test_random_below(an + 1), an, an + 1 + test_random_below(9), UINT32_MAX};
    size_t count = sizeof reals / sizeof reals[0];
    for (size_t r = 0; r < count; ++r) {
        uint32_t value_size = (uint32_t)(r % 3) * 4, real_b = reals[(r + 4) % count];
        if (real_b == an) real_b = bn; /* B's capacity, not A's */
        if (merge_indirect_case(type, value_size, value_size == 4 ? !d : d, an, bn, reals[r], real_b, r % 4 != 3,
                                r % 4 != 1))
            return;
    }
}

/* The overflow flag on the edges: both counts below and at their capacities (0), each alone above (1, the other
 * count given or not), both above (1); capacity 0 (nothing else recorded): counts 0 (0) and 1 (1), in both
 * recording tiers. */
static void merge_overflow(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t tile = test_tile(MGPU_PRIM_MERGE, MGPU_TYPE_U32), an = 2 * tile + 3, bn = tile + 1;
    merge_indirect_case(MGPU_TYPE_U32, 4, false, an, bn, an - 1, bn - 1, true, true);
    merge_indirect_case(MGPU_TYPE_U32, 0, true, an, bn, an, bn, true, true);
    merge_indirect_case(MGPU_TYPE_U32, 4, false, an, bn, an + 1, bn, true, true);
    merge_indirect_case(MGPU_TYPE_U32, 8, false, an, bn, an, bn + 1, true, true);
    merge_indirect_case(MGPU_TYPE_U32, 0, false, an, bn, an + 1, 0, true, false);
    merge_indirect_case(MGPU_TYPE_U32, 0, false, an, bn, 0, bn + 7, false, true);
    merge_indirect_case(MGPU_TYPE_U32, 4, true, an, bn, UINT32_MAX, bn + 1, true, true);
    mgpu_range buf;
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &buf));
    for (uint32_t count = 0; count < 2; ++count)
        for (int record = 0; record < 2; ++record) {
            uint32_t words[4] = {count, 0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u};
            CHECK_OK(mgpu_buffer_upload(ctx, buf, words, sizeof words));
            mgpu_merge_info info = {.key_type = MGPU_TYPE_U32,
                                    .indirect_b_count = mgpu_range_slice(buf, 0, 4),
                                    .overflow = mgpu_range_slice(buf, 8, 4)};
            if (record) {
                VkCommandBuffer cmd;
                CHECK_OK(mgpu_commands_begin(ctx, &cmd));
                CHECK_OK(mgpu_cmd_merge(ctx, cmd, &info, (mgpu_range){0}));
                CHECK_OK(mgpu_commands_submit(ctx, NULL));
            } else {
                CHECK_OK(mgpu_merge(ctx, &info));
            }
            CHECK_OK(mgpu_buffer_download(ctx, buf, words, sizeof words));
            CHECK(words[2] == count && words[1] == 0xa5a5a5a5u && words[3] == 0xa5a5a5a5u,
                  "merge capacity 0 count %u%s: overflow %08x (%08x %08x around it)", count, record ? " recorded" : "",
                  words[2], words[1], words[3]);
        }
    mgpu_buffer_free(ctx, buf);
}

/* indirect_a_count and indirect_b_count: too small, misaligned, overlapping out_keys or out_values; the
 * requirements answer from sizes alone. The overflow flag: without an indirect count, 2 bytes, misaligned,
 * overlapping an input, an output or either indirect count. `small` holds 16 bytes. */
static void merge_indirect_misuse(mgpu_context ctx, const mgpu_merge_info *good, mgpu_range small) {
    mgpu_merge_info bad = *good;
    bad.indirect_a_count = mgpu_range_slice(small, 0, 2);
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    mgpu_requirements req;
    CHECK_OK(mgpu_merge_get_requirements(ctx, &bad, &req));
    bad = *good;
    bad.indirect_b_count = mgpu_range_slice(small, 2, 4);
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_MISALIGNED);
    bad = *good;
    bad.indirect_a_count = mgpu_range_slice(good->out_keys, 40, 4);
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_range values;
    CHECK_OK(mgpu_buffer_alloc(ctx, (VkDeviceSize)(good->a_count + good->b_count) * 4, &values));
    bad = *good;
    bad.value_size = 4;
    bad.a_values = good->a_keys; /* inputs may share bytes */
    bad.b_values = good->b_keys;
    bad.out_values = values;
    bad.indirect_a_count = mgpu_range_slice(small, 0, 4);
    bad.indirect_b_count = mgpu_range_slice(values, 12, 4);
    CHECK_RESULT(mgpu_merge(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_buffer_free(ctx, values);
    mgpu_merge_info flagged = *good;
    flagged.indirect_b_count = mgpu_range_slice(small, 4, 4);
    flagged.overflow = mgpu_range_slice(small, 8, 4);
    CHECK_OK(mgpu_merge(ctx, &flagged));
    struct {
        mgpu_range overflow;
        bool a, b; /* indirect_a_count at small[0, 4), indirect_b_count at small[4, 8) */
        mgpu_result want;
    } cases[] = {
        {mgpu_range_slice(small, 8, 4), false, false, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(small, 8, 2), true, false, MGPU_ERROR_RANGE_TOO_SMALL},
        {mgpu_range_slice(small, 10, 4), false, true, MGPU_ERROR_MISALIGNED},
        {mgpu_range_slice(small, 0, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT},  /* over A's count */
        {mgpu_range_slice(small, 4, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT},  /* over B's count */
        {mgpu_range_slice(small, 0, 4), true, false, MGPU_ERROR_INVALID_ARGUMENT}, /* over its only count */
        {mgpu_range_slice(good->a_keys, 8, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(good->out_keys, 796, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        bad = *good;
        bad.indirect_a_count = cases[i].a ? mgpu_range_slice(small, 0, 4) : (mgpu_range){0};
        bad.indirect_b_count = cases[i].b ? mgpu_range_slice(small, 4, 4) : (mgpu_range){0};
        bad.overflow = cases[i].overflow;
        CHECK_RESULT(mgpu_merge(ctx, &bad), cases[i].want);
        mgpu_requirements req2;
        CHECK_OK(mgpu_merge_get_requirements(ctx, &bad, &req2)); /* from sizes alone */
    }
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
    merge_indirect_misuse(ctx, &good, small);
    mgpu_buffer_free(ctx, a);
    mgpu_buffer_free(ctx, b);
    mgpu_buffer_free(ctx, o);
    mgpu_buffer_free(ctx, small);
}

/* The merge's tiles are its own, apart from the sorted search's (MGPU_PRIM_SORTED_SEARCH): with the search at one
 * NT x VT and the merge at another, merges on the edges of the merge's tile are right. The run's groups and
 * subgroup switch (MGPU_TUNE in the variant entries) are kept. */
static void merge_own_tuning(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_tuning base;
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGE, MGPU_TYPE_U32, &base));
    mgpu_switch subgroup = base.subgroup == MGPU_SWITCH_OFF ? MGPU_SWITCH_OFF : MGPU_SWITCH_AUTO;
    CHECK_OK(
        mgpu_context_set_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.nt = 32, .vt = 1}));
    CHECK_OK(mgpu_context_set_tuning(
        ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL,
        &(mgpu_tuning){.nt = 64, .vt = 5, .groups = base.groups, .subgroup = subgroup, .fold = base.fold}));
    uint32_t tile = test_tile(MGPU_PRIM_MERGE, MGPU_TYPE_U32),
             search = test_tile(MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_U32);
    CHECK(tile == 64 * 5 && search == 32, "merge tile %u, search tile %u: each its own", tile, search);
    merge_case(MGPU_TYPE_U32, 4, false, tile - 1, 1, 1000);
    merge_case(MGPU_TYPE_U32, 0, true, tile, tile + 1, 3);
    merge_case(MGPU_TYPE_I64, 8, true, 2 * tile + 1, 3 * tile - 1, 1000);
    merge_indirect_case(MGPU_TYPE_I64, 4, false, 2 * tile + 9, tile + 3, tile + 1, tile - 1, true, true);
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL, NULL));
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_MASK_ALL, NULL));
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
        merge_indirect_sweep(type, d);
    }
    /* Many tiles and partition workgroups: 384 to 640 tiles. */
    uint32_t large = test_tile(MGPU_PRIM_MERGE, MGPU_TYPE_U32) << 8;
    merge_case(MGPU_TYPE_U32, 4, false, large + test_random_below(large), large / 2, 1 << 20);
    /* One workgroup asked for over 9000 tiles of 96: llvmpipe stops an invocation's loops after 65535 iterations
     * in all, which cut such a merge short before the host spread the tiles over workgroups
     * (MGPU_TILES_PER_GROUP_MAX). */
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL,
                                     &(mgpu_tuning){.nt = 32, .vt = 3, .groups = 1}));
    merge_case(MGPU_TYPE_U32, 0, false, 450000 + test_random_below(1000), 430000, 1 << 30);
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL, NULL));
    /* Keys and outputs whose addresses are not 16-byte aligned, 32- and 64-bit, across tiles. */
    g_merge_key_shift = 1;
    uint32_t tile32 = test_tile(MGPU_PRIM_MERGE, MGPU_TYPE_U32), tile64 = test_tile(MGPU_PRIM_MERGE, MGPU_TYPE_F64);
    merge_case(MGPU_TYPE_U32, 4, false, 3 * tile32 + test_random_below(tile32), 2 * tile32 + 1, 1000);
    merge_case(MGPU_TYPE_F64, 0, true, 2 * tile64 + 3, 3 * tile64 + test_random_below(tile64), 50);
    g_merge_key_shift = 0;
    merge_misuse();
    merge_overflow();
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
        /* Indirect counts in both forms: the partitions and the tiles' own searches over the real counts. */
        uint32_t an = 3 * tile + 5, bn = 2 * tile + 1;
        merge_indirect_case(MGPU_TYPE_I64, 8, true, an, bn, tile + 1 + test_random_below(tile), bn - 1, true, true);
        merge_indirect_case(MGPU_TYPE_I64, 8, true, an, bn, an + 3, 1 + test_random_below(bn), false, true);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL, NULL));
    merge_own_tuning();
}
