/* Scan against the CPU reference.
 *   scan: the default tuning, every type x op x inclusive/exclusive over sizes across the tile boundaries (0, 1,
 *     2, 3, 31, tile-1, tile, tile+1, 2 tile-1, ..., a random size) and, per type and op, one size past tile^2
 *     (a third reduce-then-scan level); every third size in place; wrapping sums, INT_MIN/INT_MAX, +-inf, -0.0,
 *     NaN, all-equal inputs, real-valued float sums; misuse.
 *   scan_paths (reduce-then-scan), scan_lookback (single pass): every path (subgroup and shared-memory
 *     workgroup scans, the look-back's verification mode) and other NT/VT, forced through the tuning override,
 *     over the same sizes; grids past 65535 tiles (folded into 2D) on both paths. A path is one body of code
 *     for every type and op, so each tuning runs a covering design instead of the whole product: every type
 *     once, the six (op, direction) pairs spread over the six types, rotated from tuning to tuning. Each run
 *     covers type x path, op x path and direction x path; type x op x direction is the scan family's. Each
 *     pipeline is one LLVM compile on lavapipe: the whole product cost minutes with a cold shader cache and
 *     proved nothing more. The designs are fixed, so that a second run finds every pipeline in the cache.
 *   Indirect counts (every family, each tuning's design): a capacity of one tile (the one-dispatch path) and of
 *     several, real counts 0, 1, tile-1, tile, tile+1, random, the capacity and past it (clamped); outputs past
 *     the real count keep their sentinel, the total is the real count's; per tuning one capacity past tile^2
 *     (the spine's identities over three levels) where that is small; misuse of indirect_count.
 */
#include "common.h"

#include <math.h>
#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(scan, "slow")
MGPU_TEST_FAMILY(scan_paths, "slow")
MGPU_TEST_FAMILY(scan_lookback, "slow one_thread")

static const mgpu_op scan_ops[] = {MGPU_OP_ADD, MGPU_OP_MIN, MGPU_OP_MAX};

/* Scans host data on the device and compares output and total with the reference. Returns failures. */
static uint64_t scan_case(mgpu_type type, mgpu_op op, bool exclusive, const void *data, size_t n, bool in_place,
                          double tolerance_scale) {
    uint64_t before = g_test.failures;
    size_t size = mgpu_type_size(type);
    void *expected = malloc(n * size + 1);
    mgpu_scalar expected_total;
    ref_scan(type, op, exclusive, data, expected, n, &expected_total);
    mgpu_range in = test_upload(type, data, n);
    mgpu_range out = in;
    if (!in_place) CHECK_OK(mgpu_buffer_alloc(g_test.ctx, n ? n * size : 16, &out));
    mgpu_scalar total;
    memset(&total, 0xcd, sizeof total);
    mgpu_scan_info info = {
        .type = type, .op = op, .exclusive = exclusive, .count = (uint32_t)n, .input = in, .output = out};
    CHECK_OK(mgpu_scan(g_test.ctx, &info, &total));
    void *got = test_download(type, out, n);
    char a[64], b[64];
    for (size_t i = 0; i < n; ++i) {
        mgpu_scalar x = ref_get(type, got, i), y = ref_get(type, expected, i);
        bool ok = tolerance_scale > 0 ? ref_close(type, x, y, tolerance_scale) : ref_equal(type, x, y);
        if (!ok) {
            ref_format(type, x, a, sizeof a);
            ref_format(type, y, b, sizeof b);
            CHECK(false, "scan %s op %d %s n=%zu%s: out[%zu] = %s, expected %s", mgpu_type_name(type), (int)op,
                  exclusive ? "exclusive" : "inclusive", n, in_place ? " in place" : "", i, a, b);
            break;
        }
    }
    bool ok = tolerance_scale > 0 ? ref_close(type, total, expected_total, tolerance_scale)
                                  : ref_equal(type, total, expected_total);
    ref_format(type, total, a, sizeof a);
    ref_format(type, expected_total, b, sizeof b);
    CHECK(ok, "scan %s op %d n=%zu: total %s, expected %s", mgpu_type_name(type), (int)op, n, a, b);
    mgpu_buffer_free(g_test.ctx, in);
    if (!in_place) mgpu_buffer_free(g_test.ctx, out);
    free(got);
    free(expected);
    return g_test.failures - before;
}

static void scan_fill(mgpu_type type, mgpu_op op, void *data, size_t n) {
    /* add: small values keep float sums exact in any order; min/max: wide values, duplicates */
    if (op == MGPU_OP_ADD)
        test_fill_random(type, data, n, ref_type(type)->is_signed ? -2 : 0, 2);
    else
        test_fill_random(type, data, n, -1000000, 1000000);
}

/* A scan of `capacity` elements whose count is the device uint32 `real` (indirect_count): the first
 * min(real, capacity) outputs and the total against the reference, the outputs past them untouched (the output's
 * sentinel bytes; in place, the input), and the overflow flag 1 exactly when real > capacity (the words around
 * it untouched). tier 0: the blocking call; 1: recorded with the requirements' scratch from the pool (sized grids);
 * 2: recorded with scratch in a caller's buffer without indirect usage (the capacity's grids). Returns failures. */
static uint64_t scan_indirect_case(mgpu_type type, mgpu_op op, bool exclusive, uint32_t capacity, uint32_t real,
                                   bool in_place, int tier) {
    uint64_t before = g_test.failures;
    mgpu_context ctx = g_test.ctx;
    size_t size = mgpu_type_size(type), n = real < capacity ? real : capacity, bytes = (size_t)capacity * size;
    char *data = malloc(bytes + 1), *expected = malloc(bytes + 1), *got = malloc(bytes + 1);
    scan_fill(type, op, data, capacity);
    mgpu_scalar expected_total, total;
    ref_scan(type, op, exclusive, data, expected, n, &expected_total);
    if (in_place)
        memcpy(expected + n * size, data + n * size, bytes - n * size);
    else
        memset(expected + n * size, 0xa5, bytes - n * size);
    mgpu_range in = test_upload(type, data, capacity), out = in, count;
    if (!in_place) {
        CHECK_OK(mgpu_buffer_alloc(ctx, bytes ? bytes : 16, &out));
        memset(got, 0xa5, bytes);
        if (bytes) CHECK_OK(mgpu_buffer_upload(ctx, out, got, bytes));
    }
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &count));
    CHECK_OK(mgpu_buffer_upload(ctx, count, &real, 4));
    mgpu_range overflow;
    uint32_t flag[3] = {0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u};
    CHECK_OK(mgpu_buffer_alloc(ctx, sizeof flag, &overflow));
    CHECK_OK(mgpu_buffer_upload(ctx, overflow, flag, sizeof flag));
    memset(&total, 0xcd, sizeof total);
    mgpu_scan_info info = {.type = type,
                           .op = op,
                           .exclusive = exclusive,
                           .count = capacity,
                           .input = in,
                           .output = out,
                           .indirect_count = count,
                           .overflow = mgpu_range_slice(overflow, 4, 4)};
    if (tier == 0) {
        CHECK_OK(mgpu_scan(ctx, &info, &total));
    } else {
        mgpu_range device_total;
        CHECK_OK(mgpu_buffer_alloc(ctx, 16, &device_total));
        info.total = mgpu_range_slice(device_total, 0, size);
        mgpu_requirements req;
        CHECK_OK(mgpu_scan_get_requirements(ctx, &info, &req));
        mgpu_range pooled = {0};
        test_caller_scratch caller = {0};
        if (tier == 1 && req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &pooled));
        if (tier == 2 && req.scratch_size) caller = test_caller_scratch_create(req.scratch_size);
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_scan(ctx, cmd, &info, tier == 2 ? caller.range : pooled));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        mgpu_buffer_free(ctx, pooled);
        test_caller_scratch_destroy(&caller);
        memset(&total, 0, sizeof total);
        CHECK_OK(mgpu_buffer_download(ctx, info.total, &total, size));
        mgpu_buffer_free(ctx, device_total);
    }
    CHECK_OK(mgpu_buffer_download(ctx, overflow, flag, sizeof flag));
    CHECK(flag[1] == (real > capacity) && flag[0] == 0xa5a5a5a5u && flag[2] == 0xa5a5a5a5u,
          "indirect scan capacity %u count %u: overflow %08x %08x %08x", capacity, real, flag[0], flag[1], flag[2]);
    mgpu_buffer_free(ctx, overflow);
    if (bytes) CHECK_OK(mgpu_buffer_download(ctx, out, got, bytes));
    char a[64], b[64];
    for (size_t i = 0; i < capacity; ++i) {
        bool ok = i < n ? ref_equal(type, ref_get(type, got, i), ref_get(type, expected, i))
                        : memcmp(got + i * size, expected + i * size, size) == 0;
        if (!ok) {
            ref_format(type, ref_get(type, got, i), a, sizeof a);
            ref_format(type, ref_get(type, expected, i), b, sizeof b);
            CHECK(false, "indirect scan %s op %d %s capacity %u count %u%s: out[%zu] = %s, expected %s",
                  mgpu_type_name(type), (int)op, exclusive ? "exclusive" : "inclusive", capacity, real,
                  in_place ? " in place" : "", i, a, b);
            break;
        }
    }
    ref_format(type, total, a, sizeof a);
    ref_format(type, expected_total, b, sizeof b);
    CHECK(ref_equal(type, total, expected_total), "indirect scan %s op %d capacity %u count %u: total %s, expected %s",
          mgpu_type_name(type), (int)op, capacity, real, a, b);
    mgpu_buffer_free(ctx, count);
    if (!in_place) mgpu_buffer_free(ctx, out);
    mgpu_buffer_free(ctx, in);
    free(data);
    free(expected);
    free(got);
    return g_test.failures - before;
}

/* Indirect counts for one type, op and direction: a one-tile capacity (the one-dispatch path) and one of several
 * tiles (the tuning's multi-tile path), each with the real counts 0, 1, tile-1, tile, tile+1, a random one, the
 * capacity and past it; every third in place; the tiers rotated. Stops at the first failure. */
static void scan_indirect_sweep(mgpu_type type, mgpu_op op, bool exclusive) {
    uint32_t tile = test_tile(MGPU_PRIM_SCAN, type);
    uint32_t capacities[2] = {tile, 3 * tile + 7};
    unsigned k = 0;
    for (size_t c = 0; c < 2; ++c) {
        uint32_t cap = capacities[c];
        uint32_t reals[] = {
            0,         1, tile - 1, tile, tile + 1, test_random_below(cap + 1), cap, cap + 1 + test_random_below(9),
            UINT32_MAX};
        for (size_t r = 0; r < sizeof reals / sizeof reals[0]; ++r) {
            ++k;
            if (scan_indirect_case(type, op, exclusive, cap, reals[r], k % 3 == 0, (int)((k + c) % 3))) return;
        }
    }
}

/* Reduce-then-scan over three levels with an indirect count: a capacity past tile^2, real counts that end inside
 * the first, a middle and the last spine tile (where tile^2 is small: the tests' small tunings). */
static void scan_indirect_large(void) {
    uint32_t tile = test_tile(MGPU_PRIM_SCAN, MGPU_TYPE_U32);
    if ((uint64_t)tile * tile > (1u << 16)) return;
    uint32_t cap = tile * tile + 3 * tile + 1;
    uint32_t reals[] = {tile + 3, tile * tile / 2 + 5, tile * tile + 1, cap - 1, 0};
    for (size_t r = 0; r < sizeof reals / sizeof reals[0]; ++r)
        if (scan_indirect_case(MGPU_TYPE_U32, MGPU_OP_ADD, r % 2 == 0, cap, reals[r], r == 2, (int)(r % 3))) return;
    scan_indirect_case(MGPU_TYPE_I64, MGPU_OP_MIN, true, 0, 7, false, 1); /* capacity 0: the overflow flag only */
}

/* One type, op and direction over the sizes of test_sizes and `extra` (if not 0), every third in place, fresh
 * data for each; stops at the first failing size. */
static void scan_sweep(mgpu_type type, mgpu_op op, bool exclusive, uint32_t extra) {
    uint32_t sizes[16];
    size_t count = test_sizes(test_tile(MGPU_PRIM_SCAN, type), sizes, 15);
    if (extra) sizes[count++] = extra;
    size_t size = mgpu_type_size(type);
    for (size_t s = 0; s < count; ++s) {
        size_t n = sizes[s];
        void *data = malloc(n * size + 1);
        scan_fill(type, op, data, n);
        uint64_t failed = scan_case(type, op, exclusive, data, n, (s + (size_t)op + exclusive) % 3 == 0, 0);
        free(data);
        if (failed) break;
    }
}

/* A size past tile^2, where reduce-then-scan scans its partials' partials: three levels. At most 2^22, short
 * of that where the tile is large (GPUs). */
static uint32_t scan_large(mgpu_type type) {
    uint64_t tile = test_tile(MGPU_PRIM_SCAN, type), square = tile * tile;
    if (square > (1u << 21)) square = 1u << 21;
    return (uint32_t)square + 1 + test_random_below((uint32_t)square);
}

/* The whole matrix: every type, op and direction; the large size once per type and op. */
static void scan_matrix(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (size_t o = 0; o < 3; ++o)
            for (int e = 0; e < 2; ++e)
                scan_sweep((mgpu_type)t, scan_ops[o], e,
                           (size_t)e == ((size_t)t + o) % 2 ? scan_large((mgpu_type)t) : 0);
}

/* The covering design of one tuning: type t scans with (op, direction) pair (t + rotation) mod 6. */
static void scan_cover(unsigned rotation) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        unsigned pair = ((unsigned)t + rotation) % 6;
        scan_sweep((mgpu_type)t, scan_ops[pair % 3], pair / 3, 0);
        scan_indirect_sweep((mgpu_type)t, scan_ops[pair % 3], pair / 3);
    }
    scan_indirect_large();
}

/* Element `pick` of scan_extremes: 0 and 1 the unsigned maximum and one less, the signed minimum and maximum,
 * -0.0 and +inf; 2 for floats -inf; else pick (signed: pick - 3). */
static mgpu_scalar scan_extreme(const ref_type_info *t, uint32_t pick) {
    if (t->is_float) return pick == 0 ? t->from_double(-0.0) : pick < 3 ? t->extreme(pick == 1) : t->from_int(pick);
    if (pick < 2) return t->is_signed ? t->extreme(pick == 1) : t->from_int(-1 - (int64_t)pick);
    return t->from_int(t->is_signed ? (int64_t)pick - 3 : pick);
}

static void scan_extremes(void) {
    /* Wrapping integer sums, INT_MIN/INT_MAX, all-equal inputs. */
    uint32_t n = 3 * test_tile(MGPU_PRIM_SCAN, MGPU_TYPE_I32) + 5;
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        const ref_type_info *info = ref_type(type);
        size_t size = mgpu_type_size(type);
        char *data = malloc(n * size);
        for (uint32_t i = 0; i < n; ++i) ref_set(type, data, i, scan_extreme(info, test_random_below(6)));
        for (size_t o = 0; o < 3; ++o)
            for (int e = 0; e < 2; ++e) scan_case(type, scan_ops[o], e, data, n, false, 0);
        /* NaN in the middle: min/max propagate it from there on, add too. */
        if (info->is_float) {
            ref_set(type, data, n / 2, info->from_double(NAN));
            for (size_t o = 0; o < 3; ++o) scan_case(type, scan_ops[o], o == 1, data, n, false, 0);
        }
        /* all equal */
        for (uint32_t i = 0; i < n; ++i) memcpy(data + i * size, data, size);
        for (size_t o = 1; o < 3; ++o) scan_case(type, scan_ops[o], false, data, n, true, 0);
        free(data);
    }
    /* Real-valued floats: sums rounded in a different order stay within a relative tolerance. */
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        const ref_type_info *info = ref_type(type);
        if (!info->is_float) continue;
        uint32_t count = 100000 + test_random_below(100000);
        size_t size = mgpu_type_size(type);
        char *data = malloc(count * size);
        double abs_sum = 0;
        for (uint32_t i = 0; i < count; ++i) {
            double x = (double)(test_random() >> 11) / 9007199254740992.0 * 2 - 1;
            mgpu_scalar v = info->from_double(x);
            abs_sum += fabs(ref_to_double(type, v));
            ref_set(type, data, i, v);
        }
        scan_case(type, MGPU_OP_ADD, true, data, count, false, abs_sum);
        free(data);
    }
}

static void scan_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t n = 100;
    mgpu_range in, out, small;
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 4, &in));
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 4, &out));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &small));
    uint32_t sentinel[100];
    for (uint32_t i = 0; i < n; ++i) sentinel[i] = 0xabcd0000u + i;
    CHECK_OK(mgpu_buffer_upload(ctx, out, sentinel, sizeof sentinel));
    mgpu_scan_info good = {.type = MGPU_TYPE_U32, .count = n, .input = in, .output = out};
    mgpu_scan_info bad;
    bad = good;
    bad.type = (mgpu_type)42;
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.op = MGPU_OP_MAX_INDEX;
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.count = 0x80000000u;
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.output = small;
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.input.buffer = VK_NULL_HANDLE;
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.type = MGPU_TYPE_U64;
    bad.count = n / 2 - 1;
    bad.output.offset += 4;
    bad.output.size -= 4;
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.count = n / 2;
    bad.output = in;
    bad.output.offset += 8;
    bad.output.size -= 8;
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* indirect_count: too small, misaligned, overlapping the output or the total. */
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 0, 2);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 2, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.indirect_count = mgpu_range_slice(out, 40, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.total = mgpu_range_slice(small, 0, 4);
    bad.indirect_count = mgpu_range_slice(small, 0, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* overflow: without indirect_count, too small, misaligned, over indirect_count, the output, the total or the
     * input. */
    bad = good;
    bad.overflow = mgpu_range_slice(small, 4, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad.indirect_count = mgpu_range_slice(small, 0, 4);
    bad.overflow = mgpu_range_slice(small, 4, 2);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    bad.overflow = mgpu_range_slice(small, 2, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_MISALIGNED);
    bad.overflow = mgpu_range_slice(small, 0, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad.overflow = mgpu_range_slice(out, 40, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad.overflow = mgpu_range_slice(in, 40, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad.total = mgpu_range_slice(small, 4, 4);
    bad.overflow = mgpu_range_slice(small, 4, 4);
    CHECK_RESULT(mgpu_scan(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_scan(ctx, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_scan(NULL, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_requirements req;
    CHECK_RESULT(mgpu_scan_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* The recording tier: too little scratch, null command buffer. */
    good.count = 50 * test_tile(MGPU_PRIM_SCAN, MGPU_TYPE_U32);
    mgpu_range big_in, big_out;
    CHECK_OK(mgpu_buffer_alloc(ctx, good.count * 4, &big_in));
    CHECK_OK(mgpu_buffer_alloc(ctx, good.count * 4, &big_out));
    good.input = big_in;
    good.output = big_out;
    CHECK_OK(mgpu_scan_get_requirements(ctx, &good, &req));
    CHECK(req.scratch_size > 0, "a multi-tile scan needs scratch");
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_RESULT(mgpu_cmd_scan(ctx, cmd, &good, small), MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT(mgpu_cmd_scan(ctx, VK_NULL_HANDLE, &good, small), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    uint32_t after[100];
    CHECK_OK(mgpu_buffer_download(ctx, out, after, sizeof after));
    CHECK(memcmp(after, sentinel, sizeof after) == 0, "a rejected scan wrote its output");
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, out);
    mgpu_buffer_free(ctx, small);
    mgpu_buffer_free(ctx, big_in);
    mgpu_buffer_free(ctx, big_out);
}

/* The indirect sweeps of every type and scan_indirect_large (test_each_grids' fn). */
static void scan_indirect_all(void *unused) {
    (void)unused;
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) scan_indirect_sweep((mgpu_type)t, scan_ops[t % 3], t % 2);
    scan_indirect_large();
}

void test_scan(void) {
    scan_matrix();
    test_each_grids(MGPU_PRIM_SCAN, scan_indirect_all, NULL);
    scan_extremes();
    scan_misuse();
}

/* Each tuning with its covering design (rotation). */
static void scan_with_tunings(const mgpu_tuning *tunings, const unsigned *rotations, size_t count) {
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    for (size_t p = 0; p < count; ++p) {
        mgpu_tuning t = tunings[p];
        if (t.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) t.subgroup = MGPU_SWITCH_AUTO;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, &t));
        mgpu_tuning resolved;
        CHECK_OK(mgpu_context_get_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_U32, &resolved));
        if (t.lookback) CHECK(resolved.lookback == t.lookback, "the look-back override did not take");
        scan_cover(rotations[p]);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, NULL));
}

/* Reduce-then-scan and the workgroup paths, forced through the tuning override, with other NT/VT. */
void test_scan_paths(void) {
    static const mgpu_tuning tunings[] = {
        {.lookback = MGPU_SWITCH_OFF, .subgroup = MGPU_SWITCH_ON},
        {.lookback = MGPU_SWITCH_OFF, .subgroup = MGPU_SWITCH_OFF},
        {.nt = 128, .vt = 4, .lookback = MGPU_SWITCH_OFF},
        {.nt = 32, .vt = 1, .lookback = MGPU_SWITCH_OFF, .subgroup = MGPU_SWITCH_OFF},
        {.nt = 32, .vt = 3, .lookback = MGPU_SWITCH_OFF, .subgroup = MGPU_SWITCH_ON},
    };
    static const unsigned rotations[] = {0, 1, 2, 3, 4};
    scan_with_tunings(tunings, rotations, sizeof tunings / sizeof tunings[0]);
    /* More tiles than maxComputeWorkGroupCount[0] (65535): the grid is folded into two dimensions. */
    CHECK_OK(
        mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.nt = 32, .vt = 1}));
    uint32_t n = 65535u * 32u + 1u + test_random_below(100000);
    uint32_t *data = malloc(n * sizeof *data);
    test_fill_random(MGPU_TYPE_U32, data, n, 0, 9);
    scan_case(MGPU_TYPE_U32, MGPU_OP_ADD, false, data, n, false, 0);
    free(data);
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, NULL));
    /* Invalid tunings are refused. */
    CHECK_RESULT(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.nt = 100}),
                 MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.vt = 33}),
                 MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.lookback = 7}),
                 MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, 0, NULL), MGPU_ERROR_INVALID_ARGUMENT);
}

/* The single-pass look-back, forced: with both workgroup paths, other NT/VT, and the verification mode in
 * which every tile reduces its predecessors itself (the fallback for a silent predecessor). On lavapipe
 * ctest runs this family with LP_NUM_THREADS=1 (see mgpuvk.h, mgpu_scan_info). */
void test_scan_lookback(void) {
    static const mgpu_tuning tunings[] = {
        {.lookback = MGPU_SWITCH_ON, .subgroup = MGPU_SWITCH_ON},
        {.lookback = MGPU_SWITCH_ON, .subgroup = MGPU_SWITCH_OFF},
        {.nt = 32, .vt = 3, .lookback = MGPU_SWITCH_ON},
        {.lookback = MGPU_SWITCH_ON, .subgroup = MGPU_SWITCH_ON, .lookback_wait = MGPU_LOOKBACK_WAIT_NEVER},
        {.lookback = MGPU_SWITCH_ON, .subgroup = MGPU_SWITCH_OFF, .lookback_wait = MGPU_LOOKBACK_WAIT_NEVER},
    };
    /* The verification mode repeats the designs of its paths: it changes only the look-back of a scan that is
     * not in place, and shares the other pipelines. */
    static const unsigned rotations[] = {0, 1, 2, 0, 1};
    scan_with_tunings(tunings, rotations, sizeof tunings / sizeof tunings[0]);
    /* One large run of the look-back itself: hundreds of tiles (more than 65535 below, with the folded grid). */
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, &tunings[0]));
    uint32_t n = scan_large(MGPU_TYPE_U32);
    uint32_t *data = malloc(n * sizeof *data);
    test_fill_random(MGPU_TYPE_U32, data, n, 0, 1000);
    scan_case(MGPU_TYPE_U32, MGPU_OP_ADD, true, data, n, false, 0);
    free(data);
    /* More tiles than one grid row holds: folded grid, dynamic tile ids. */
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL,
                                     &(mgpu_tuning){.nt = 32, .vt = 1, .lookback = MGPU_SWITCH_ON}));
    n = 65535u * 32u + 1u + test_random_below(100000);
    data = malloc(n * sizeof *data);
    test_fill_random(MGPU_TYPE_U32, data, n, 0, 9);
    scan_case(MGPU_TYPE_U32, MGPU_OP_ADD, false, data, n, false, 0);
    free(data);
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SCAN, MGPU_TYPE_MASK_ALL, NULL));
}
