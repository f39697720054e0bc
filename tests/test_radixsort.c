/* Radix sort against the stable CPU reference (sort_test_run of the harness): every key type with keys,
 * indices and 32/64-bit pairs, and in both orders (each payload in one order per type, alternating, 32-bit
 * pairs in both: radix_order); every input kind; floats with NaN, -0.0 and infinities; sizes across tiles and
 * past 1024 tiles; bit ranges (narrow, unaligned, empty, every width class); in place with even and odd pass
 * counts; indirect counts (0, partial, all); identical output to mergesort; other NT/VT and the shared-memory
 * sum (one or two key types per shape); the one-sweep histogram on few workgroups; misuse. The radixsort_onesweep entry runs it all with the one-sweep
 * passes (on lavapipe with its threads: their wait is bounded there, radixsort.c), the radixsort_chained entry
 * with those passes chained in one dispatch wherever the tickets are few (on one lavapipe thread). */
#include "common.h"

#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(radixsort, "onesweep staged_parts chained single")

static void radix_case_in(mgpu_type type, uint32_t payload, bool descending, sort_input kind, size_t n, bool in_place,
                          unsigned begin_bit, unsigned end_bit, int64_t indirect, bool caller_scratch) {
    sort_test_run(&(sort_test){.type = type,
                               .payload = payload,
                               .descending = descending,
                               .kind = kind,
                               .n = n,
                               .in_place = in_place,
                               .radix = true,
                               .begin_bit = begin_bit,
                               .end_bit = end_bit,
                               .indirect = indirect,
                               .caller_scratch = caller_scratch});
}

static void radix_case(mgpu_type type, uint32_t payload, bool descending, sort_input kind, size_t n, bool in_place,
                       unsigned begin_bit, unsigned end_bit, int64_t indirect) {
    radix_case_in(type, payload, descending, kind, n, in_place, begin_bit, end_bit, indirect, false);
}

/* Radix and merge sort of the same keys agree bit for bit (floats included). */
static void radix_matches_mergesort(mgpu_type type, bool descending, size_t n) {
    size_t size = mgpu_type_size(type);
    char *keys = malloc(n * size + 8);
    sort_test_keys(type, SORT_INPUT_FEW, keys, n);
    mgpu_range in = test_upload(type, keys, n), a, b;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, n * size, &a));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, n * size, &b));
    mgpu_sort_info info = {
        .key_type = type, .descending = descending, .count = (uint32_t)n, .keys_in = in, .keys_out = a};
    CHECK_OK(mgpu_radixsort(g_test.ctx, &info));
    info.keys_out = b;
    CHECK_OK(mgpu_mergesort(g_test.ctx, &info));
    char *x = test_download(type, a, n), *y = test_download(type, b, n);
    CHECK(memcmp(x, y, n * size) == 0, "radix and merge sort of %zu %s keys differ", n, mgpu_type_name(type));
    mgpu_buffer_free(g_test.ctx, in);
    mgpu_buffer_free(g_test.ctx, a);
    mgpu_buffer_free(g_test.ctx, b);
    free(keys);
    free(x);
    free(y);
}

static void radix_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range k, o, c;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &k));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &o));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &c));
    uint32_t sentinel[100];
    for (uint32_t i = 0; i < 100; ++i) sentinel[i] = 0xbad00000u + i;
    CHECK_OK(mgpu_buffer_upload(ctx, o, sentinel, sizeof sentinel));
    mgpu_sort_info good = {.key_type = MGPU_TYPE_U32, .count = 100, .keys_in = k, .keys_out = o};
    mgpu_sort_info bad;
    mgpu_requirements req;
    bad = good;
    bad.end_bit = 33;
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.begin_bit = 9;
    bad.end_bit = 8;
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.begin_bit = 3; /* end_bit 0 with begin_bit 3: not the "all bits" default */
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indirect_count = o;
    bad.indirect_count.size = 4; /* the count inside the output */
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    /* overflow: without indirect_count, too small, misaligned, over indirect_count, the output or the input */
    bad = good;
    bad.overflow = mgpu_range_slice(c, 8, 4);
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad.indirect_count = mgpu_range_slice(c, 0, 4);
    bad.overflow = mgpu_range_slice(c, 8, 2);
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad.overflow = mgpu_range_slice(c, 6, 4);
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_MISALIGNED);
    bad.overflow = mgpu_range_slice(c, 0, 4);
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad.overflow = mgpu_range_slice(o, 8, 4);
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad.overflow = mgpu_range_slice(k, 8, 4);
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_radixsort_get_requirements(ctx, &bad, &req)); /* sizes alone */
    bad = good;
    bad.value_size = 6;
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.keys_out = k;
    bad.keys_out.offset += 4;
    bad.keys_out.size = 396;
    bad.count = 99;
    CHECK_RESULT(mgpu_radixsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.begin_bit = 0;
    bad.end_bit = 8; /* bit ranges are the radix sort's */
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_radixsort(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_radixsort_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_radixsort_get_requirements(ctx, &good, &req));
    CHECK_RESULT(mgpu_cmd_radixsort(ctx, VK_NULL_HANDLE, &good, k), MGPU_ERROR_INVALID_ARGUMENT);
    uint32_t after[100];
    CHECK_OK(mgpu_buffer_download(ctx, o, after, sizeof after));
    CHECK(memcmp(after, sentinel, sizeof after) == 0, "a rejected radix sort wrote its output");
    mgpu_buffer_free(ctx, k);
    mgpu_buffer_free(ctx, o);
    mgpu_buffer_free(ctx, c);
}

/* The order a type sorts a payload in, as in test_mergesort.c: keys and 32-bit pairs one way, indices and
 * 64-bit pairs the other, the ways alternating over the types; each (type, value words, order) is one more
 * LLVM compile of the scatter kernel on lavapipe. */
static bool radix_order(int type, uint32_t payload) {
    int p = payload == 0 ? 0 : payload == 1 ? 1 : payload == 4 ? 2 : 3;
    return (type + p) % 2;
}

static void radix_all(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        unsigned width = (unsigned)mgpu_type_size(type) * 8;
        uint32_t tile = test_tile(MGPU_PRIM_RADIXSORT, type);
        size_t sizes[] = {0, 1, 2, tile - 1, tile, tile + 1, 3 * tile + 5, 1 + test_random_below(20 * tile)};
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
            for (uint32_t payload = 0; payload <= 8; payload = payload == 1 ? 4 : payload + (payload == 0 ? 1 : 4)) {
                bool d = radix_order(t, payload);
                radix_case(type, payload, d, (sort_input)((s + payload + d) % SORT_INPUT_COUNT), sizes[s], false, 0, 0,
                           -1);
            }
        /* 32-bit pairs in both orders (as indices, the same scatter) */
        for (int kind = 0; kind < SORT_INPUT_COUNT; ++kind)
            radix_case(type, 4, kind % 2, (sort_input)kind, 4 * tile + 3, false, 0, 0, -1);
        /* bit ranges: one digit, an unaligned one, a few bits, the top bits, empty */
        unsigned ranges[][2] = {{0, 8}, {3, 17}, {5, 7}, {width - 12, width}, {9, 9}, {1, width}};
        for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; ++r)
            radix_case(type, r % 2 ? 1 : 4, r % 3 == 0, SORT_INPUT_MANY, 2 * tile + 7, false, ranges[r][0],
                       ranges[r][1], -1);
        /* in place: an even and an odd number of passes, with pairs */
        radix_case(type, 8, radix_order(t, 8), SORT_INPUT_FEW, 3 * tile + 1, true, 0, 0, -1);
        radix_case(type, 4, true, SORT_INPUT_MANY, 3 * tile + 1, true, 0, 24, -1);
        radix_case(type, 0, radix_order(t, 0), SORT_INPUT_MANY, 2 * tile, true, 4, 12, -1);
        radix_matches_mergesort(type, t % 2, 7 * tile + 11);
    }
}

/* Indirect counts of each type: 0, partial, all, past the capacity (clamped, the overflow flag set), with bit
 * ranges, in place, scratch in a caller's buffer without indirect usage (the capacity's grids), capacity 0 (the
 * flag only). test_each_grids' fn. */
static void radix_indirect(void *unused) {
    (void)unused;
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t tile = test_tile(MGPU_PRIM_RADIXSORT, type);
        size_t n = 5 * tile + 9;
        int64_t counts[] = {0, 1, (int64_t)tile + 3, (int64_t)n};
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; ++c)
            radix_case(type, c % 2 ? 4 : 1, c == 2, SORT_INPUT_FEW, n, c == 3, 0, 0, counts[c]);
        radix_case(type, 1, false, SORT_INPUT_MANY, n, false, 9, 9, (int64_t)tile + 1); /* no bit, indirect */
        /* past the capacity (clamped, the overflow flag set), and scratch in a caller's buffer without indirect
         * usage (the capacity's grids) */
        radix_case(type, t % 2 ? 0 : 8, t % 3 == 0, SORT_INPUT_MANY, n, false, 0, 0, (int64_t)n + 1 + t);
        radix_case(type, 4, false, SORT_INPUT_FEW, n, t % 2 == 1, 0, 0, UINT32_MAX);
        radix_case_in(type, t % 2 ? 1 : 0, false, SORT_INPUT_MANY, n, false, 0, 0, (int64_t)tile + 5, true);
        radix_case_in(type, 0, true, SORT_INPUT_MANY, n, false, 0, 0, (int64_t)n + 2, true);
        radix_case_in(type, 8, false, SORT_INPUT_FEW, n, false, 0, 0, 0, true);
        radix_case(type, 0, false, SORT_INPUT_MANY, 0, false, 0, 0, 3); /* capacity 0: the overflow flag only */
    }
}

void test_radixsort(void) {
    radix_all();
    test_each_grids(MGPU_PRIM_RADIXSORT, radix_indirect, NULL);
    /* Around the capacity of the one-workgroup sort (NT * 16 keys, NT 256, 512 or 1024 by the device): keys,
     * pairs, indices, an odd number of passes in place, a descending 64-bit sort. */
    for (uint32_t cap = 4096; cap <= 16384; cap *= 2)
        for (uint32_t k = 0; k < 3; ++k) {
            mgpu_type type = k == 1 ? MGPU_TYPE_I64 : k == 2 ? MGPU_TYPE_F32 : MGPU_TYPE_U32;
            radix_case(type,
                       k == 0   ? 4
                       : k == 1 ? 1
                                : 0,
                       k == 1, (sort_input)((cap / 4096 + k) % SORT_INPUT_COUNT), cap - 1 + k, k == 2, 0,
                       k == 2 ? 24 : 0, -1);
        }
    /* Many tiles: past 1024 (at most 2^20 keys), where on a CPU device the scan of the digit counts (256 per
     * tile, 512 per scan tile) recurses twice inside the sort's scratch. */
    uint32_t tile = test_tile(MGPU_PRIM_RADIXSORT, MGPU_TYPE_U32), large = tile < (1u << 10) ? tile << 10 : 1u << 20;
    radix_case(MGPU_TYPE_U32, 4, false, SORT_INPUT_MANY, large + 1 + test_random_below(large / 4), false, 0, 0, -1);
    radix_case(MGPU_TYPE_F64, 1, true, SORT_INPUT_FEW, large / 4 + 3, true, 0, 0, -1);
    /* Other tile shapes, VT up to 32 (a split's flags use every bit of a word), and the shared-memory sum. A
     * shape changes no type's code but the tile's, so each runs a 32-bit and a 64-bit key type (VT 32, whose
     * kernels take seconds each to compile, one type), every type in some shape, both orders. The shapes
     * keep the run's look-back switch (MGPU_TUNE in the radixsort_onesweep entry: one-sweep at other NT/VT).
     * Each shape's first type also past the frame-sized inputs (4096 * NT keys: radixsort.c's smaller tiles),
     * where the shape's own VT runs (VT 11: its one-sweep staging in two or three parts, constants.h). */
    mgpu_tuning base;
    CHECK_OK(mgpu_context_get_tuning(g_test.ctx, MGPU_PRIM_RADIXSORT, MGPU_TYPE_U32, &base));
    struct {
        mgpu_tuning tuning;
        mgpu_type types[2];
        int count;
    } shapes[] = {
        {{.nt = 32, .vt = 1}, {MGPU_TYPE_U32, MGPU_TYPE_I64}, 2},
        {{.nt = 128, .vt = 5}, {MGPU_TYPE_I32, MGPU_TYPE_U64}, 2},
        {{.nt = 32, .vt = 11}, {MGPU_TYPE_U32, MGPU_TYPE_F64}, 2},
        {{.nt = 32, .vt = 32}, {MGPU_TYPE_F64}, 1}, /* seconds of LLVM per variant: one */
        {{.nt = 64, .vt = 4, .subgroup = MGPU_SWITCH_OFF}, {MGPU_TYPE_F32, MGPU_TYPE_I64}, 2},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        shapes[i].tuning.lookback = base.lookback;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_RADIXSORT, MGPU_TYPE_MASK_ALL, &shapes[i].tuning));
        tile = shapes[i].tuning.nt * shapes[i].tuning.vt;
        for (int k = 0; k < shapes[i].count; ++k) {
            bool d = (i + (size_t)k) % 2; /* 32-bit pairs and indices: the same scatter */
            radix_case(shapes[i].types[k], 4, d, SORT_INPUT_FEW, 5 * tile + 3, false, 0, 0, -1);
            radix_case(shapes[i].types[k], 1, d, SORT_INPUT_MANY, tile - 1, false, 0, 0, -1);
            for (uint32_t payload = 4; k == 0 && payload <= 8; payload += 4) /* 32- and 64-bit values */
                radix_case(shapes[i].types[k], payload, payload == 8, SORT_INPUT_MANY,
                           4096 * shapes[i].tuning.nt + tile + 3, false, 0, 0, -1);
        }
    }
    /* The one-sweep histogram's workgroups (tuning groups): 3 (each writes its own counts) and 20 (atomics), each
     * striding over several of its tiles (at most 2048 keys a tile). */
    uint32_t histogram_groups[] = {3, 20};
    for (size_t i = 0; i < 2; ++i) {
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_RADIXSORT, MGPU_TYPE_MASK_ALL,
                                         &(mgpu_tuning){.lookback = base.lookback, .groups = histogram_groups[i]}));
        radix_case(MGPU_TYPE_U32, 4, i, SORT_INPUT_MANY, 2048 * 5 * histogram_groups[i] + 7, false, 0, 0, -1);
        radix_case(MGPU_TYPE_I64, 0, !i, SORT_INPUT_FEW, 2048 * 2 * histogram_groups[i] + 1, false, 0, 0, -1);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_RADIXSORT, MGPU_TYPE_MASK_ALL, NULL));
    radix_misuse();
}
