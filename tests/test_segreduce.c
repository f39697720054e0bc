/* Segmented reduce and reduce-by-key against the CPU references (ref_segreduce, ref_reduce_by_key).
 *   segreduce: every type x op over merge sizes across the tile boundaries (count + segments + 1 = 0, 1, tile-1,
 *     tile, tile+1, ... and odd sizes), segments of random lengths (empty ones, repeated starts, starts at
 *     count, values before the first start), one segment, every value its own segment, long segments over many
 *     tiles (carries between tiles, several rounds of the carry workgroup), no values, no segments; NaN, -0.0,
 *     +-inf, INT_MIN/INT_MAX; real-valued float sums within a tolerance; then the other paths forced through the
 *     tuning override (shared-memory and subgroup scans and searches, other NT/VT, a few workgroups looping over
 *     tiles) with a covering design: every type per tuning, the ops rotated.
 *   reduce-by-key: every key type with every value type, all keys equal, all distinct, random runs across tile
 *     boundaries, -0.0 and +0.0 keys (different), NaN keys (equal only with the same bits), count 0; the run
 *     count on the host and in device memory; outputs past the runs untouched.
 *   indirect counts: every type x op, segreduce with a device value count, a device segment count or both
 *     (real counts 0, 1, tile-1, tile, tile+1, random, the capacity and past it; no segments, starts past the
 *     real value count), values past the real count poisoned (a value read past it shows), outputs past the real
 *     segment count keeping their sentinel; reduce-by-key with a device count over key/value type pairs (keys
 *     past the real count continue the last run, so a key read past it shows), the run count and outputs past
 *     the runs; some through the recording tier with the caller's scratch.
 *   broken preconditions: starts not ascending or outside [0, count] write nothing outside the output.
 *   misuse: the specific result code of each bad argument (indirect counts included), in every tier, with nothing
 *     written; the recording tier with the caller's scratch.
 *   segreduce_lookback: the one pass (segreduce_lookback.comp: ranges of tiles of values, decoupled look-back for
 *     the carry of earlier ranges), forced on where the device's default is the merge passes (lavapipe, as many
 *     threads as it runs: its wait is bounded there, segreduce.c): every type x op over the sizes and shapes, the
 *     extremes, broken starts, indirect counts, with at most 3 workgroups (so each reduces a range of many tiles,
 *     one tile where tiles are few), then a covering design under other shapes (tile 32 and 2 workgroups: long
 *     chains of tiles without a start; one tile per workgroup; VT 31: a thread's head bits across two words).
 *     Where the look-back is the default (GPUs), the segreduce entry runs it throughout.
 *   segreduce_cli: the mgpuvk subcommands against the references, and bad input (exit 2, one line, no file).
 */
#include "common.h"

#include <math.h>
#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(segreduce, "slow")
MGPU_TEST_FAMILY(segreduce_lookback, "slow")
MGPU_TEST_FAMILY(segreduce_cli, "cli")

static const mgpu_op seg_ops[] = {MGPU_OP_ADD, MGPU_OP_MIN, MGPU_OP_MAX};

/* Bytes that no result has: outputs are filled with them first, so an element left unwritten shows. */
static void seg_sentinel(void *data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) ((unsigned char *)data)[i] = (unsigned char)(0xc3 ^ (i * 7));
}

static mgpu_range seg_alloc_sentinel(size_t bytes) {
    mgpu_range r = {0};
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, bytes ? bytes : 16, &r));
    if (bytes) {
        void *s = malloc(bytes);
        seg_sentinel(s, bytes);
        CHECK_OK(mgpu_buffer_upload(g_test.ctx, r, s, bytes));
        free(s);
    }
    return r;
}

/* The tile (merge positions) of the segmented reduce for type under the current tuning. */
static uint32_t seg_tile(mgpu_type type) { return test_tile(MGPU_PRIM_SEGREDUCE, type); }

/* Runs one segmented reduce of host data on the device and compares with the reference. Returns failures. */
static uint64_t seg_case(mgpu_type type, mgpu_op op, const void *values, size_t n, const int32_t *starts, size_t m,
                         double tolerance_scale, const char *what) {
    uint64_t before = g_test.failures;
    size_t size = mgpu_type_size(type);
    void *want = malloc(m * size + 8);
    ref_segreduce(type, op, values, n, starts, m, want);
    mgpu_range rv = test_upload(type, values, n), rs = test_upload(MGPU_TYPE_I32, starts, m);
    mgpu_range ro = seg_alloc_sentinel(m * size);
    mgpu_segreduce_info info = {.type = type,
                                .op = op,
                                .count = (uint32_t)n,
                                .segment_count = (uint32_t)m,
                                .values = rv,
                                .starts = rs,
                                .output = ro};
    CHECK_OK(mgpu_segreduce(g_test.ctx, &info));
    void *got = test_download(type, ro, m);
    char a[64], b[64];
    for (size_t k = 0; k < m; ++k) {
        mgpu_scalar x = ref_get(type, got, k), y = ref_get(type, want, k);
        bool ok = tolerance_scale > 0 ? ref_close(type, x, y, tolerance_scale) : ref_equal(type, x, y);
        if (!ok) {
            ref_format(type, x, a, sizeof a);
            ref_format(type, y, b, sizeof b);
            CHECK(false, "segreduce %s op %d %s n=%zu m=%zu (tile %u): out[%zu] (start %d) = %s, expected %s",
                  mgpu_type_name(type), (int)op, what, n, m, seg_tile(type), k, starts[k], a, b);
            break;
        }
    }
    mgpu_buffer_free(g_test.ctx, rv);
    mgpu_buffer_free(g_test.ctx, rs);
    mgpu_buffer_free(g_test.ctx, ro);
    free(got);
    free(want);
    return g_test.failures - before;
}

/* Segment shapes. */
typedef enum seg_shape {
    SEG_RANDOM, /* lengths uniform in [0, 2 mean], the first start past 0 at times */
    SEG_EMPTY,  /* runs of repeated starts, starts at n */
    SEG_ONE,    /* one segment */
    SEG_EACH,   /* every value its own segment */
    SEG_SHAPE_COUNT
} seg_shape;

/* Starts of `shape` for n values (malloc'ed, room for n + 64); *m receives their number. */
static int32_t *seg_starts(seg_shape shape, size_t n, uint32_t mean, size_t *m) {
    size_t cap = 2 * n + 64;
    int32_t *s = malloc(cap * sizeof *s);
    size_t k = 0;
    switch (shape) {
        case SEG_RANDOM: {
            size_t at = test_random_below(3) == 0 ? test_random_below((uint32_t)(n / 4 + 1)) : 0;
            while (at <= n && k < cap) {
                s[k++] = (int32_t)at;
                at += test_random_below(2 * mean + 1);
                if (at == n && test_random_below(2)) break;
            }
            break;
        }
        case SEG_EMPTY: {
            size_t at = test_random_below((uint32_t)(n / 8 + 1));
            while (at <= n && k + 8 < cap) {
                uint32_t repeat = 1 + (test_random_below(3) == 0 ? test_random_below(5) : 0);
                for (uint32_t r = 0; r < repeat; ++r) s[k++] = (int32_t)at;
                at += 1 + test_random_below(2 * mean);
            }
            for (uint32_t r = test_random_below(4) + 1; r > 0 && k < cap; --r) s[k++] = (int32_t)n; /* at n */
            break;
        }
        case SEG_ONE: s[k++] = n ? (int32_t)test_random_below((uint32_t)n) : 0; break;
        case SEG_EACH:
            for (size_t i = 0; i < n; ++i) s[k++] = (int32_t)i;
            break;
        default: break;
    }
    *m = k;
    return s;
}

static void seg_values(mgpu_type type, mgpu_op op, void *data, size_t n) {
    if (op == MGPU_OP_ADD)
        test_fill_random(type, data, n, ref_type(type)->is_signed ? -2 : 0, 2); /* float sums stay exact */
    else
        test_fill_random(type, data, n, -1000000, 1000000);
}

/* Value counts whose merges straddle tile boundaries for segments of mean length `mean`. */
static size_t seg_sizes(uint32_t tile, size_t *sizes) {
    size_t fixed[] = {0, 1, 2, 3, 31, tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile + 7, 5 * tile + 3, 1001};
    size_t k = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i) sizes[k++] = fixed[i];
    sizes[k++] = 1 + test_random_below(40 * tile);
    return k;
}

/* One type and op over the sizes and shapes; stops at the first failure. */
static void seg_sweep(mgpu_type type, mgpu_op op, bool long_segments) {
    size_t sizes[16];
    uint32_t tile = seg_tile(type);
    size_t count = seg_sizes(tile, sizes);
    size_t size = mgpu_type_size(type);
    for (size_t s = 0; s < count; ++s)
        for (int shape = 0; shape < SEG_SHAPE_COUNT; ++shape) {
            size_t n = sizes[s], m;
            uint32_t mean = shape == SEG_EMPTY ? 3 : 1 + test_random_below(s % 2 ? tile / 2 : 12);
            int32_t *starts = seg_starts((seg_shape)shape, n, mean, &m);
            void *values = malloc(n * size + 8);
            seg_values(type, op, values, n);
            uint64_t failed = seg_case(type, op, values, n, starts, m, 0, "sweep");
            free(values);
            free(starts);
            if (failed) return;
        }
    /* Exactly tile-1, tile and tile+1 merge positions (count + segments + 1), and twice that. */
    for (int d = -1; d <= 1; ++d)
        for (uint32_t t = 1; t <= 2; ++t) {
            size_t total = (size_t)t * tile + (size_t)(d + 1) - 1, m = 1 + test_random_below((uint32_t)(total / 3));
            size_t n = total - m - 1;
            int32_t *starts = malloc(m * sizeof *starts + 4);
            for (size_t k = 0; k < m; ++k) starts[k] = (int32_t)test_random_below((uint32_t)n + 1);
            for (size_t k = 1; k < m; ++k) /* sorted */
                for (size_t j = k; j > 0 && starts[j - 1] > starts[j]; --j) {
                    int32_t x = starts[j];
                    starts[j] = starts[j - 1];
                    starts[j - 1] = x;
                }
            void *values = malloc(n * size + 8);
            seg_values(type, op, values, n);
            uint64_t failed = seg_case(type, op, values, n, starts, m, 0, "at the tile");
            free(values);
            free(starts);
            if (failed) return;
        }
    if (long_segments) {
        /* Segments across many tiles: carries chained over tiles and rounds of the carry workgroup. */
        size_t n = 70 * (size_t)tile + test_random_below(tile), m;
        int32_t *starts = seg_starts(SEG_RANDOM, n, 9 * tile, &m);
        void *values = malloc(n * size + 8);
        seg_values(type, op, values, n);
        seg_case(type, op, values, n, starts, m, 0, "long segments");
        free(values);
        free(starts);
    }
}

/* Element `pick` of the extremes: floats -0.0, +0.0, -inf, +inf, NaN, small values; integers the minimum and
 * maximum and small values. */
static mgpu_scalar seg_extreme(const ref_type_info *t, uint32_t pick) {
    if (t->is_float) {
        double v[] = {-0.0, 0.0, -INFINITY, INFINITY, NAN, 1, -2, 3};
        return t->from_double(v[pick % 8]);
    }
    if (pick < 2) return t->is_signed ? t->extreme(pick == 1) : t->from_int(-1 - (int64_t)pick);
    return t->from_int((int64_t)pick - 4);
}

static void seg_extremes(void) {
    for (int ty = 0; ty < MGPU_TYPE_COUNT; ++ty) {
        mgpu_type type = (mgpu_type)ty;
        const ref_type_info *info = ref_type(type);
        size_t size = mgpu_type_size(type), n = 3 * seg_tile(type) + 5, m;
        char *values = malloc(n * size);
        /* few NaNs, so that most segments have none */
        for (size_t i = 0; i < n; ++i)
            ref_set(type, values, i, seg_extreme(info, test_random_below(info->is_float ? 4 : 8)));
        for (int e = 0; info->is_float && e < 6; ++e)
            ref_set(type, values, test_random_below((uint32_t)n), info->from_double(NAN));
        int32_t *starts = seg_starts(SEG_RANDOM, n, 6, &m);
        for (size_t o = 0; o < 3; ++o) seg_case(type, seg_ops[o], values, n, starts, m, 0, "extremes");
        free(starts);
        /* no segments; no values (every segment empty: the identities) */
        starts = seg_starts(SEG_RANDOM, n, 6, &m);
        seg_case(type, MGPU_OP_MIN, values, n, starts, 0, 0, "no segments");
        for (size_t k = 0; k < m; ++k) starts[k] = 0;
        for (size_t o = 0; o < 3; ++o) seg_case(type, seg_ops[o], values, 0, starts, m, 0, "no values");
        free(starts);
        if (info->is_float) { /* real values: the device's rounding order */
            double abs_sum = 0;
            for (size_t i = 0; i < n; ++i) {
                double x = (double)(test_random() >> 11) / 9007199254740992.0 * 200 - 100;
                abs_sum += fabs(x);
                ref_set(type, values, i, info->from_double(x));
            }
            starts = seg_starts(SEG_RANDOM, n, 200, &m);
            seg_case(type, MGPU_OP_ADD, values, n, starts, m, abs_sum, "real values");
            free(starts);
        }
        free(values);
    }
}

/* Starts that break the preconditions (not ascending, negative, past count): some result, and no write outside
 * the output's segment_count values (the guard after them keeps its bytes). */
static void seg_broken_starts(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; t += 3) {
        mgpu_type type = (mgpu_type)t;
        size_t size = mgpu_type_size(type), n = 5 * seg_tile(type) + 7, m = n / 3, guard = 64;
        int32_t *starts = malloc(m * 4);
        for (size_t k = 0; k < m; ++k) starts[k] = (int32_t)test_random_below((uint32_t)(2 * n)) - (int32_t)(n / 2);
        void *values = malloc(n * size);
        seg_values(type, MGPU_OP_ADD, values, n);
        mgpu_range rv = test_upload(type, values, n), rs = test_upload(MGPU_TYPE_I32, starts, m);
        mgpu_range ro = seg_alloc_sentinel((m + guard) * size);
        CHECK_OK(mgpu_segreduce(g_test.ctx, &(mgpu_segreduce_info){.type = type,
                                                                   .count = (uint32_t)n,
                                                                   .segment_count = (uint32_t)m,
                                                                   .values = rv,
                                                                   .starts = rs,
                                                                   .output = mgpu_range_slice(ro, 0, m * size)}));
        unsigned char *got = test_download(MGPU_TYPE_U32, ro, (m + guard) * size / 4),
                      *want = malloc((m + guard) * size);
        seg_sentinel(want, (m + guard) * size);
        CHECK(memcmp(got + m * size, want + m * size, guard * size) == 0,
              "segreduce %s with broken starts wrote past its output", mgpu_type_name(type));
        mgpu_buffer_free(g_test.ctx, rv);
        mgpu_buffer_free(g_test.ctx, rs);
        mgpu_buffer_free(g_test.ctx, ro);
        free(got);
        free(want);
        free(values);
        free(starts);
    }
}

/* ---- reduce-by-key ---- */

/* Runs one reduce-by-key on the device and compares keys, values, the run count (host and device) and the
 * outputs past the runs (untouched). */
static uint64_t rbk_case(mgpu_type kt, mgpu_type vt, mgpu_op op, const void *keys, const void *values, size_t n,
                         const char *what) {
    uint64_t before = g_test.failures;
    size_t ks = mgpu_type_size(kt), vs = mgpu_type_size(vt);
    char *want_keys = malloc(n * ks + 8), *want_values = malloc(n * vs + 8);
    seg_sentinel(want_keys, n * ks);
    seg_sentinel(want_values, n * vs);
    size_t runs = ref_reduce_by_key(kt, vt, op, keys, values, n, want_keys, want_values);
    mgpu_range rk = test_upload(kt, keys, n), rv = test_upload(vt, values, n);
    mgpu_range rko = seg_alloc_sentinel(n * ks), rvo = seg_alloc_sentinel(n * vs), rc = seg_alloc_sentinel(4);
    bool device_count = test_random_below(2);
    mgpu_reduce_by_key_info info = {.key_type = kt,
                                    .value_type = vt,
                                    .op = op,
                                    .count = (uint32_t)n,
                                    .keys_in = rk,
                                    .values_in = rv,
                                    .keys_out = rko,
                                    .values_out = rvo,
                                    .run_count = device_count ? rc : (mgpu_range){0}};
    uint32_t got_runs = 0xdeadbeef;
    CHECK_OK(mgpu_reduce_by_key(g_test.ctx, &info, &got_runs));
    CHECK(got_runs == runs, "reduce by key %s/%s op %d %s n=%zu: %u runs, expected %zu", mgpu_type_name(kt),
          mgpu_type_name(vt), (int)op, what, n, got_runs, runs);
    if (device_count) {
        uint32_t device = 0;
        CHECK_OK(mgpu_buffer_download(g_test.ctx, rc, &device, 4));
        CHECK(device == runs, "reduce by key: device run count %u, expected %zu", device, runs);
    }
    char *got_keys = test_download(kt, rko, n), *got_values = test_download(vt, rvo, n);
    CHECK(memcmp(got_keys, want_keys, n * ks) == 0, "reduce by key %s/%s %s n=%zu: keys differ", mgpu_type_name(kt),
          mgpu_type_name(vt), what, n);
    for (size_t r = 0; r < n; ++r) {
        mgpu_scalar x = ref_get(vt, got_values, r), y = ref_get(vt, want_values, r);
        bool ok = r < runs ? ref_equal(vt, x, y) : memcmp(got_values + r * vs, want_values + r * vs, vs) == 0;
        if (!ok) {
            char a[64], b[64];
            ref_format(vt, x, a, sizeof a);
            ref_format(vt, y, b, sizeof b);
            CHECK(false, "reduce by key %s/%s op %d %s n=%zu: value %zu of %zu runs = %s, expected %s",
                  mgpu_type_name(kt), mgpu_type_name(vt), (int)op, what, n, r, runs, a, b);
            break;
        }
    }
    mgpu_buffer_free(g_test.ctx, rk);
    mgpu_buffer_free(g_test.ctx, rv);
    mgpu_buffer_free(g_test.ctx, rko);
    mgpu_buffer_free(g_test.ctx, rvo);
    mgpu_buffer_free(g_test.ctx, rc);
    free(got_keys);
    free(got_values);
    free(want_keys);
    free(want_values);
    return g_test.failures - before;
}

typedef enum rbk_shape { RBK_EQUAL, RBK_DISTINCT, RBK_RUNS, RBK_LONG_RUNS, RBK_SHAPE_COUNT } rbk_shape;

/* n keys of type in runs of `shape`: runs of a random key repeated 1..2 mean times. */
static void rbk_keys(mgpu_type type, rbk_shape shape, void *keys, size_t n, uint32_t tile) {
    const ref_type_info *t = ref_type(type);
    size_t size = mgpu_type_size(type);
    mgpu_scalar key = t->from_int(7);
    for (size_t i = 0; i < n;) {
        size_t len = shape == RBK_EQUAL      ? n
                     : shape == RBK_DISTINCT ? 1
                     : shape == RBK_RUNS     ? 1 + test_random_below(8)
                                             : 1 + test_random_below(3 * tile);
        mgpu_scalar next = t->from_int((int64_t)test_random_below(6) - 3);
        if (shape == RBK_DISTINCT) next = t->from_int((int64_t)i);
        key = next;
        for (size_t j = 0; j < len && i < n; ++j, ++i) memcpy((char *)keys + i * size, &key, size);
    }
}

static void rbk_matrix(void) {
    for (int k = 0; k < MGPU_TYPE_COUNT; ++k)
        for (int v = 0; v < MGPU_TYPE_COUNT; ++v) {
            mgpu_type kt = (mgpu_type)k, vt = (mgpu_type)v;
            uint32_t tile = seg_tile(vt);
            size_t sizes[] = {1, tile - 1, tile + 1, 7 * (size_t)tile + 3 + test_random_below(tile)};
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
                for (int shape = 0; shape < RBK_SHAPE_COUNT; ++shape) {
                    /* the full product of shapes for one key type per value type, one shape for the others */
                    if (k != v && shape != (int)((s + (size_t)k) % RBK_SHAPE_COUNT)) continue;
                    size_t n = sizes[s];
                    mgpu_op op = seg_ops[(s + (size_t)shape + (size_t)k) % 3];
                    char *keys = malloc(n * 8 + 8), *values = malloc(n * 8 + 8);
                    rbk_keys(kt, (rbk_shape)shape, keys, n, tile);
                    seg_values(vt, op, values, n);
                    uint64_t failed = rbk_case(kt, vt, op, keys, values, n, "matrix");
                    free(keys);
                    free(values);
                    if (failed) return;
                }
        }
}

/* Float keys: -0.0 and +0.0 are different keys, NaNs equal only with the same bits; count 0. */
static void rbk_special_keys(void) {
    for (int k = 0; k < MGPU_TYPE_COUNT; ++k) {
        mgpu_type kt = (mgpu_type)k;
        const ref_type_info *t = ref_type(kt);
        size_t n = 2 * seg_tile(MGPU_TYPE_I32) + 9, size = t->size;
        char *keys = malloc(n * 8), *values = malloc(n * 8);
        mgpu_scalar specials[6] = {t->from_double(-0.0), t->from_double(0.0), t->from_double(NAN),
                                   t->from_double(-NAN), t->from_double(1),   t->from_double(-1)};
        if (t->is_float) { /* a NaN with other payload bits */
            if (size == 4)
                specials[3].u32 = 0x7fc00001u;
            else
                specials[3].u64 = 0x7ff8000000000001ull;
        }
        for (size_t i = 0; i < n;) {
            mgpu_scalar key = specials[test_random_below(6)];
            for (uint32_t r = 1 + test_random_below(4); r > 0 && i < n; --r, ++i) memcpy(keys + i * size, &key, size);
        }
        test_fill_random(MGPU_TYPE_I32, values, n, -50, 50);
        rbk_case(kt, MGPU_TYPE_I32, MGPU_OP_ADD, keys, values, n, "special keys");
        rbk_case(kt, MGPU_TYPE_F64, MGPU_OP_MAX, keys, values, 0, "no keys");
        free(keys);
        free(values);
    }
}

/* ---- indirect counts ---- */

/* Device uint32 counts: a 16-byte buffer holding the value count at 0 and the segment count at 4. */
/* The counts, a sentinel, the overflow flag's word (SEG_OVERFLOW; a sentinel until written), a sentinel. */
#define SEG_OVERFLOW 12u
static mgpu_range seg_counts_upload(uint32_t values, uint32_t segments) {
    uint32_t c[5] = {values, segments, 0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u};
    mgpu_range r = {0};
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, sizeof c, &r));
    CHECK_OK(mgpu_buffer_upload(g_test.ctx, r, c, sizeof c));
    return r;
}

/* The overflow flag in `counts` (seg_counts_upload's) is `want` and the words around it their sentinels. */
static void seg_check_overflow(mgpu_range counts, uint32_t want, const char *what, uint32_t real_n, uint32_t real_m) {
    uint32_t c[5];
    CHECK_OK(mgpu_buffer_download(g_test.ctx, counts, c, sizeof c));
    CHECK(c[3] == want && c[2] == 0xa5a5a5a5u && c[4] == 0xa5a5a5a5u,
          "%s counts %u/%u: overflow %08x (%08x %08x around it), expected %u", what, real_n, real_m, c[3], c[2], c[4],
          want);
}

/* A value that changes any reduction it joins: values past the real count hold it, so one read shows. */
static mgpu_scalar seg_poison(mgpu_type type, mgpu_op op) {
    const ref_type_info *t = ref_type(type);
    return op == MGPU_OP_ADD ? t->from_int(100) : t->extreme(op == MGPU_OP_MAX);
}

/* Runs `info` in the blocking tier, or (record) through get_requirements and the recording tier with the
 * caller's scratch. */
static void seg_run(const mgpu_segreduce_info *info, bool record) {
    mgpu_context ctx = g_test.ctx;
    if (!record) {
        CHECK_OK(mgpu_segreduce(ctx, info));
        return;
    }
    mgpu_requirements req;
    CHECK_OK(mgpu_segreduce_get_requirements(ctx, info, &req));
    mgpu_range scratch = {0};
    if (req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_OK(mgpu_cmd_segreduce(ctx, cmd, info, scratch));
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    mgpu_buffer_free(ctx, scratch);
}

/* A segmented reduce of capacity n values and m segments (random ascending starts in [0, n]) with the device
 * value count `real_n` (when by_n) and segment count `real_m` (when by_m): outputs [0, s) against the reference
 * over the first r values and s starts clamped to r, outputs [s, m) keep their sentinel. Returns failures. */
static uint64_t seg_indirect_case(mgpu_type type, mgpu_op op, uint32_t n, uint32_t m, bool by_n, uint32_t real_n,
                                  bool by_m, uint32_t real_m, bool record) {
    uint64_t before = g_test.failures;
    size_t size = mgpu_type_size(type);
    uint32_t r = by_n && real_n < n ? real_n : n, sc = by_m && real_m < m ? real_m : m;
    char *values = malloc((size_t)n * size + 8), *want = malloc((size_t)m * size + 8);
    int32_t *starts = malloc((size_t)m * 4 + 4), *clamped = malloc((size_t)m * 4 + 4);
    seg_values(type, op, values, n);
    mgpu_scalar poison = seg_poison(type, op);
    for (uint32_t i = r; i < n; ++i) ref_set(type, values, i, poison);
    for (uint32_t k = 0; k < m; ++k) starts[k] = (int32_t)test_random_below(n + 1);
    for (uint32_t k = 1; k < m; ++k) /* sorted */
        for (uint32_t j = k; j > 0 && starts[j - 1] > starts[j]; --j) {
            int32_t x = starts[j];
            starts[j] = starts[j - 1];
            starts[j - 1] = x;
        }
    for (uint32_t k = 0; k < m; ++k) clamped[k] = starts[k] < (int32_t)r ? starts[k] : (int32_t)r;
    seg_sentinel(want, (size_t)m * size);
    ref_segreduce(type, op, values, r, clamped, sc, want);
    mgpu_range rv = test_upload(type, values, n), rs = test_upload(MGPU_TYPE_I32, starts, m);
    mgpu_range ro = seg_alloc_sentinel((size_t)m * size), counts = seg_counts_upload(real_n, real_m);
    mgpu_segreduce_info info = {.type = type,
                                .op = op,
                                .count = n,
                                .segment_count = m,
                                .values = rv,
                                .starts = rs,
                                .output = ro,
                                .indirect_count = by_n ? mgpu_range_slice(counts, 0, 4) : (mgpu_range){0},
                                .indirect_segment_count = by_m ? mgpu_range_slice(counts, 4, 4) : (mgpu_range){0},
                                .overflow = by_n || by_m ? mgpu_range_slice(counts, SEG_OVERFLOW, 4) : (mgpu_range){0}};
    seg_run(&info, record);
    seg_check_overflow(counts, by_n || by_m ? (by_n && real_n > n) || (by_m && real_m > m) : 0xa5a5a5a5u,
                       "indirect segreduce", real_n, real_m);
    char *got = test_download(type, ro, m);
    for (uint32_t k = 0; k < m; ++k) {
        mgpu_scalar x = ref_get(type, got, k), y = ref_get(type, want, k);
        bool ok = k < sc ? ref_equal(type, x, y) : memcmp(got + (size_t)k * size, want + (size_t)k * size, size) == 0;
        if (!ok) {
            char a[64], b[64];
            ref_format(type, x, a, sizeof a);
            ref_format(type, y, b, sizeof b);
            CHECK(false,
                  "indirect segreduce %s op %d capacity %u/%u real counts %u%s/%u%s%s: out[%zu] (start %d) = %s, "
                  "expected %s",
                  mgpu_type_name(type), (int)op, n, m, r, by_n ? " (device)" : "", sc, by_m ? " (device)" : "",
                  record ? " recorded" : "", (size_t)k, starts[k], a, b);
            break;
        }
    }
    mgpu_buffer_free(g_test.ctx, rv);
    mgpu_buffer_free(g_test.ctx, rs);
    mgpu_buffer_free(g_test.ctx, ro);
    mgpu_buffer_free(g_test.ctx, counts);
    free(got);
    free(want);
    free(values);
    free(starts);
    free(clamped);
    return g_test.failures - before;
}

/* One type and op: a value capacity of several tiles with the real value counts 0, 1, tile-1, tile, tile+1, a
 * random one, the capacity and past it (host segment count); real segment counts 0, 1, random, the capacity and
 * past it (host value count); both on the device; a one-tile capacity. Stops at the first failure. */
static void seg_indirect_sweep(mgpu_type type, mgpu_op op) {
    uint32_t tile = seg_tile(type), n = 3 * tile + 7, m = n / 5 + 3;
    uint32_t reals[] = {
        0, 1, tile - 1, tile, tile + 1, test_random_below(n + 1), n, n + 1 + test_random_below(9), UINT32_MAX};
    unsigned k = 0;
    for (size_t i = 0; i < sizeof reals / sizeof reals[0]; ++i)
        if (seg_indirect_case(type, op, n, m, true, reals[i], false, 0, ++k % 4 == 0)) return;
    uint32_t segs[] = {0, 1, test_random_below(m + 1), m, m + 1 + test_random_below(9), UINT32_MAX};
    for (size_t i = 0; i < sizeof segs / sizeof segs[0]; ++i)
        if (seg_indirect_case(type, op, n, m, false, 0, true, segs[i], ++k % 4 == 0)) return;
    /* Both: starts past the real value count end at it; the merge's end inside the first, a middle, the last tile. */
    for (int i = 0; i < 4; ++i)
        if (seg_indirect_case(type, op, n, m, true, test_random_below(n + 1), true, test_random_below(m + 2),
                              ++k % 4 == 0))
            return;
    seg_indirect_case(type, op, tile / 4, 3, true, test_random_below(tile / 4 + 1), true, 2, false); /* one tile */
}

/* Runs a reduce-by-key of capacity n keys whose device count is `real`, keys of runs (those past the real count
 * continue its last run, their values poisoned), and compares keys, values, the run count (host and device) and
 * the outputs past the runs (untouched). Returns failures. */
static uint64_t rbk_indirect_case(mgpu_type kt, mgpu_type vt, mgpu_op op, uint32_t n, uint32_t real, bool record) {
    uint64_t before = g_test.failures;
    mgpu_context ctx = g_test.ctx;
    size_t ks = mgpu_type_size(kt), vs = mgpu_type_size(vt);
    uint32_t r = real < n ? real : n;
    char *keys = malloc((size_t)n * ks + 8), *values = malloc((size_t)n * vs + 8);
    rbk_keys(kt, RBK_RUNS, keys, n, seg_tile(vt));
    seg_values(vt, op, values, n);
    mgpu_scalar poison = seg_poison(vt, op);
    for (uint32_t i = r; i < n; ++i) {
        if (r) memcpy(keys + (size_t)i * ks, keys + (size_t)(r - 1) * ks, ks);
        ref_set(vt, values, i, poison);
    }
    char *want_keys = malloc((size_t)n * ks + 8), *want_values = malloc((size_t)n * vs + 8);
    seg_sentinel(want_keys, (size_t)n * ks);
    seg_sentinel(want_values, (size_t)n * vs);
    size_t runs = ref_reduce_by_key(kt, vt, op, keys, values, r, want_keys, want_values);
    mgpu_range rk = test_upload(kt, keys, n), rv = test_upload(vt, values, n);
    mgpu_range rko = seg_alloc_sentinel((size_t)n * ks), rvo = seg_alloc_sentinel((size_t)n * vs);
    mgpu_range rc = seg_alloc_sentinel(4), counts = seg_counts_upload(0, real);
    mgpu_reduce_by_key_info info = {.key_type = kt,
                                    .value_type = vt,
                                    .op = op,
                                    .count = n,
                                    .keys_in = rk,
                                    .values_in = rv,
                                    .keys_out = rko,
                                    .values_out = rvo,
                                    .run_count = rc,
                                    .indirect_count = mgpu_range_slice(counts, 4, 4),
                                    .overflow = mgpu_range_slice(counts, SEG_OVERFLOW, 4)};
    uint32_t host_runs = 0xdeadbeef;
    if (record) {
        mgpu_requirements req;
        CHECK_OK(mgpu_reduce_by_key_get_requirements(ctx, &info, &req));
        mgpu_range scratch = {0};
        if (req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_reduce_by_key(ctx, cmd, &info, scratch));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        mgpu_buffer_free(ctx, scratch);
    } else {
        CHECK_OK(mgpu_reduce_by_key(ctx, &info, &host_runs));
    }
    seg_check_overflow(counts, real > n, "indirect reduce by key", 0, real);
    uint32_t device_runs = 0xdeadbeef;
    CHECK_OK(mgpu_buffer_download(ctx, rc, &device_runs, 4));
    CHECK((record || host_runs == runs) && device_runs == runs,
          "indirect reduce by key %s/%s op %d capacity %u count %u: runs %u (device %u), expected %zu",
          mgpu_type_name(kt), mgpu_type_name(vt), (int)op, n, real, host_runs, device_runs, runs);
    char *got_keys = test_download(kt, rko, n), *got_values = test_download(vt, rvo, n);
    CHECK(memcmp(got_keys, want_keys, (size_t)n * ks) == 0,
          "indirect reduce by key %s/%s capacity %u count %u: keys differ (or written past the runs)",
          mgpu_type_name(kt), mgpu_type_name(vt), n, real);
    for (size_t i = 0; i < n; ++i) {
        mgpu_scalar x = ref_get(vt, got_values, i), y = ref_get(vt, want_values, i);
        bool ok = i < runs ? ref_equal(vt, x, y) : memcmp(got_values + i * vs, want_values + i * vs, vs) == 0;
        if (!ok) {
            char a[64], b[64];
            ref_format(vt, x, a, sizeof a);
            ref_format(vt, y, b, sizeof b);
            CHECK(false,
                  "indirect reduce by key %s/%s op %d capacity %u count %u: value %zu of %zu runs = %s, "
                  "expected %s",
                  mgpu_type_name(kt), mgpu_type_name(vt), (int)op, n, real, i, runs, a, b);
            break;
        }
    }
    mgpu_buffer_free(ctx, rk);
    mgpu_buffer_free(ctx, rv);
    mgpu_buffer_free(ctx, rko);
    mgpu_buffer_free(ctx, rvo);
    mgpu_buffer_free(ctx, rc);
    mgpu_buffer_free(ctx, counts);
    free(keys);
    free(values);
    free(want_keys);
    free(want_values);
    free(got_keys);
    free(got_values);
    return g_test.failures - before;
}

/* Reduce-by-key with a device count: each value type with a key type rotated, the ops rotated, a capacity past
 * two tiles of the segmented reduce and of the scan inside, real counts 0, 1, tile-1, tile, tile+1 (both tiles),
 * random, the capacity and past it. Stops a pair at its first failure. */
static void rbk_indirect_sweep(void) {
    uint32_t scan_tile = test_tile(MGPU_PRIM_SCAN, MGPU_TYPE_U32);
    for (int v = 0; v < MGPU_TYPE_COUNT; ++v) {
        mgpu_type vt = (mgpu_type)v, kt = (mgpu_type)((v + 2) % MGPU_TYPE_COUNT);
        uint32_t tile = seg_tile(vt), n = 3 * (tile > scan_tile ? tile : scan_tile) + 7;
        uint32_t reals[] = {0,
                            1,
                            tile - 1,
                            tile,
                            tile + 1,
                            scan_tile - 1,
                            scan_tile + 1,
                            test_random_below(n + 1),
                            n,
                            n + 1 + test_random_below(9),
                            UINT32_MAX};
        for (size_t i = 0; i < sizeof reals / sizeof reals[0]; ++i)
            if (rbk_indirect_case(kt, vt, seg_ops[(i + (size_t)v) % 3], n, reals[i], i % 3 == 1)) break;
    }
}

/* ---- misuse and the recording tier ---- */

/* The overflow flag on the edges in both tiers: segreduce with segment_count 0 (nothing else recorded) and each
 * count alone or both above, at or below their capacities; reduce-by-key with count 0. */
static void seg_overflow_edges(void) {
    mgpu_context ctx = g_test.ctx;
    for (int record = 0; record < 2; ++record) {
        for (uint32_t c = 0; c < 6; ++c) {
            /* capacity 8 values, 0 segments: value counts 8, 9; segment counts 0, 1; both */
            uint32_t real_n = c % 2 ? 9 : 8, real_m = c / 2 == 1 ? 1 : 0;
            bool by_n = c / 2 != 1, by_m = c / 2 != 0;
            mgpu_range values, counts = seg_counts_upload(real_n, real_m);
            CHECK_OK(mgpu_buffer_alloc(ctx, 32, &values));
            mgpu_segreduce_info info = {.type = MGPU_TYPE_U32,
                                        .count = 8,
                                        .values = values,
                                        .indirect_count = by_n ? mgpu_range_slice(counts, 0, 4) : (mgpu_range){0},
                                        .indirect_segment_count =
                                            by_m ? mgpu_range_slice(counts, 4, 4) : (mgpu_range){0},
                                        .overflow = mgpu_range_slice(counts, SEG_OVERFLOW, 4)};
            seg_run(&info, record);
            seg_check_overflow(counts, (by_n && real_n > 8) || (by_m && real_m > 0),
                               record ? "segreduce 0 segments recorded" : "segreduce 0 segments", real_n, real_m);
            mgpu_buffer_free(ctx, values);
            mgpu_buffer_free(ctx, counts);
        }
        for (uint32_t real = 0; real < 2; ++real) {
            mgpu_range run_count = seg_alloc_sentinel(4), counts = seg_counts_upload(real, 0);
            mgpu_reduce_by_key_info info = {.key_type = MGPU_TYPE_U32,
                                            .value_type = MGPU_TYPE_U32,
                                            .run_count = run_count,
                                            .indirect_count = mgpu_range_slice(counts, 0, 4),
                                            .overflow = mgpu_range_slice(counts, SEG_OVERFLOW, 4)};
            uint32_t runs = 99;
            if (record) {
                VkCommandBuffer cmd;
                CHECK_OK(mgpu_commands_begin(ctx, &cmd));
                CHECK_OK(mgpu_cmd_reduce_by_key(ctx, cmd, &info, (mgpu_range){0}));
                CHECK_OK(mgpu_commands_submit(ctx, NULL));
                CHECK_OK(mgpu_buffer_download(ctx, run_count, &runs, 4));
            } else {
                CHECK_OK(mgpu_reduce_by_key(ctx, &info, &runs));
            }
            CHECK(runs == 0, "reduce by key count 0: %u runs", runs);
            seg_check_overflow(counts, real, record ? "reduce by key count 0 recorded" : "reduce by key count 0", real,
                               0);
            mgpu_buffer_free(ctx, run_count);
            mgpu_buffer_free(ctx, counts);
        }
    }
    /* The segmented reduce on tiles: each count alone above, both, at. */
    uint32_t tile = seg_tile(MGPU_TYPE_U32), n = 2 * tile + 5, m = 9;
    seg_indirect_case(MGPU_TYPE_U32, MGPU_OP_ADD, n, m, true, n, true, m, false);
    seg_indirect_case(MGPU_TYPE_U32, MGPU_OP_ADD, n, m, true, n + 1, true, m, true);
    seg_indirect_case(MGPU_TYPE_U32, MGPU_OP_MIN, n, m, true, n - 1, true, m + 1, false);
    seg_indirect_case(MGPU_TYPE_U32, MGPU_OP_MAX, n, m, true, n + 2, true, UINT32_MAX, true);
}

static void seg_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t n = 100, m = 10;
    mgpu_range values, starts, out, small;
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 4, &values));
    CHECK_OK(mgpu_buffer_alloc(ctx, m * 4, &starts));
    CHECK_OK(mgpu_buffer_alloc(ctx, m * 8, &out));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &small));
    int32_t s[10];
    for (uint32_t k = 0; k < m; ++k) s[k] = (int32_t)(k * 10);
    CHECK_OK(mgpu_buffer_upload(ctx, starts, s, sizeof s));
    unsigned char sentinel[80], after[80];
    seg_sentinel(sentinel, sizeof sentinel);
    CHECK_OK(mgpu_buffer_upload(ctx, out, sentinel, sizeof sentinel));
    mgpu_segreduce_info good = {
        .type = MGPU_TYPE_U32, .count = n, .segment_count = m, .values = values, .starts = starts, .output = out};
    mgpu_segreduce_info bad;
    mgpu_requirements req;
    int dummy;
    /* get_requirements answers from sizes alone: it refuses the faults of scalar fields (req_code: code) and not
     * those of ranges (_RANGE: MGPU_SUCCESS). */
#define SEG_BAD_REQ(field_change, code, req_code)                                         \
    do {                                                                                  \
        bad = good;                                                                       \
        field_change;                                                                     \
        CHECK_RESULT_IN(ctx, mgpu_segreduce(ctx, &bad), code);                            \
        CHECK_RESULT_IN(ctx, mgpu_segreduce_get_requirements(ctx, &bad, &req), req_code); \
    } while (0)
#define SEG_BAD(field_change, code)       SEG_BAD_REQ(field_change, code, code)
#define SEG_BAD_RANGE(field_change, code) SEG_BAD_REQ(field_change, code, MGPU_SUCCESS)
    SEG_BAD(bad.next = &dummy, MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD(bad.type = (mgpu_type)42, MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD(bad.op = MGPU_OP_MAX_INDEX, MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD(bad.op = (mgpu_op)7, MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD(bad.count = 0x7fffffffu, MGPU_ERROR_INVALID_ARGUMENT); /* count + segment_count too large */
    SEG_BAD_RANGE(bad.count = n + 1, MGPU_ERROR_RANGE_TOO_SMALL);
    SEG_BAD_RANGE(bad.starts = small, MGPU_ERROR_RANGE_TOO_SMALL);
    SEG_BAD_RANGE((bad.type = MGPU_TYPE_U64, bad.count = n / 2, bad.output = mgpu_range_slice(out, 4, m * 8 - 4)),
                  MGPU_ERROR_RANGE_TOO_SMALL);
    SEG_BAD_RANGE((bad.type = MGPU_TYPE_U64, bad.count = n / 2, bad.segment_count = m - 1,
                   bad.output = mgpu_range_slice(out, 4, m * 8 - 4)),
                  MGPU_ERROR_MISALIGNED);
    SEG_BAD_RANGE(bad.starts.offset += 2, MGPU_ERROR_MISALIGNED);
    SEG_BAD_RANGE(bad.output = values, MGPU_ERROR_INVALID_ARGUMENT); /* overlaps the values */
    SEG_BAD_RANGE(bad.output = mgpu_range_slice(starts, 0, m * 4),
                  MGPU_ERROR_INVALID_ARGUMENT); /* overlaps the starts */
    SEG_BAD_RANGE(bad.values.buffer = VK_NULL_HANDLE, MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE((bad.output.id = 0, bad.output.offset = 1u << 30), MGPU_ERROR_INVALID_ARGUMENT); /* not vouched for */
    /* Indirect counts: too small, misaligned, overlapping the output. */
    SEG_BAD_RANGE(bad.indirect_count = mgpu_range_slice(small, 0, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    SEG_BAD_RANGE(bad.indirect_count = mgpu_range_slice(small, 2, 4), MGPU_ERROR_MISALIGNED);
    SEG_BAD_RANGE(bad.indirect_count = mgpu_range_slice(out, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE(bad.indirect_segment_count = mgpu_range_slice(small, 4, 3), MGPU_ERROR_RANGE_TOO_SMALL);
    SEG_BAD_RANGE(bad.indirect_segment_count = mgpu_range_slice(small, 6, 4), MGPU_ERROR_MISALIGNED);
    SEG_BAD_RANGE(bad.indirect_segment_count = mgpu_range_slice(out, m * 4 - 4, 4), MGPU_ERROR_INVALID_ARGUMENT);
    /* The overflow flag: without an indirect count, 2 bytes, misaligned, overlapping either count, the output, the
     * values or the starts (the counts at small[0, 4) and small[4, 8)). */
    mgpu_range by_n = mgpu_range_slice(small, 0, 4), by_m = mgpu_range_slice(small, 4, 4);
    SEG_BAD_RANGE(bad.overflow = mgpu_range_slice(small, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE((bad.indirect_count = by_n, bad.overflow = mgpu_range_slice(small, 8, 2)),
                  MGPU_ERROR_RANGE_TOO_SMALL);
    SEG_BAD_RANGE((bad.indirect_segment_count = by_m, bad.overflow = mgpu_range_slice(small, 10, 4)),
                  MGPU_ERROR_MISALIGNED);
    SEG_BAD_RANGE((bad.indirect_count = by_n, bad.indirect_segment_count = by_m, bad.overflow = by_n),
                  MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE((bad.indirect_count = by_n, bad.indirect_segment_count = by_m, bad.overflow = by_m),
                  MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE((bad.indirect_segment_count = by_m, bad.overflow = by_m), MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE((bad.indirect_count = by_n, bad.overflow = mgpu_range_slice(out, m * 4 - 4, 4)),
                  MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE((bad.indirect_count = by_n, bad.overflow = mgpu_range_slice(values, 16, 4)),
                  MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE((bad.indirect_segment_count = by_m, bad.overflow = mgpu_range_slice(starts, 36, 4)),
                  MGPU_ERROR_INVALID_ARGUMENT);
    SEG_BAD_RANGE((bad.segment_count = 0, bad.indirect_segment_count = by_m, bad.overflow = by_m),
                  MGPU_ERROR_INVALID_ARGUMENT); /* no output, still checked */
#undef SEG_BAD_REQ
#undef SEG_BAD
#undef SEG_BAD_RANGE
    CHECK_RESULT(mgpu_segreduce(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_segreduce(NULL, &good), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_segreduce_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* A tile the device's shared memory cannot hold. */
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.vt = 32}));
    mgpu_device_info dev;
    mgpu_context_get_device_info(ctx, &dev);
    if (dev.max_workgroup_size >= 1024) {
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_MASK_ALL,
                                         &(mgpu_tuning){.nt = 1024, .vt = 32}));
        CHECK_RESULT_IN(ctx, mgpu_segreduce(ctx, &good), MGPU_ERROR_UNSUPPORTED);
    }
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_MASK_ALL, NULL));

    /* The recording tier: requirements, the caller's scratch; a null cmd, too little scratch, scratch that
     * overlaps the output, a struct with next set. */
    CHECK_OK(mgpu_segreduce_get_requirements(ctx, &good, &req));
    CHECK(req.scratch_size > 0 && req.scratch_alignment == 16, "segreduce requirements");
    mgpu_range scratch;
    CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_RESULT_IN(ctx, mgpu_cmd_segreduce(ctx, VK_NULL_HANDLE, &good, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_segreduce(ctx, cmd, &good, mgpu_range_slice(scratch, 0, req.scratch_size - 4)),
                    MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT_IN(ctx, mgpu_cmd_segreduce(ctx, cmd, &good, (mgpu_range){0}), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.next = &dummy;
    CHECK_RESULT_IN(ctx, mgpu_cmd_segreduce(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good; /* scratch sharing a byte with an indirect count */
    bad.indirect_segment_count = mgpu_range_slice(scratch, 0, 4);
    CHECK_RESULT_IN(ctx, mgpu_cmd_segreduce(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good; /* scratch sharing a byte with the overflow flag */
    bad.indirect_count = by_n;
    bad.overflow = mgpu_range_slice(scratch, 4, 4);
    CHECK_RESULT_IN(ctx, mgpu_cmd_segreduce(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_segreduce(ctx, &good), MGPU_ERROR_INVALID_ARGUMENT); /* the context is recording */
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK_OK(mgpu_buffer_download(ctx, out, after, sizeof after));
    CHECK(memcmp(after, sentinel, sizeof after) == 0, "a rejected segreduce wrote its output");
    /* A good recording into the caller's command buffer with the caller's scratch. */
    uint32_t v[100], want[10], got[10];
    for (uint32_t i = 0; i < n; ++i) v[i] = i * 3 + 1;
    CHECK_OK(mgpu_buffer_upload(ctx, values, v, sizeof v));
    ref_segreduce(MGPU_TYPE_U32, MGPU_OP_ADD, v, n, s, m, want);
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_OK(mgpu_cmd_segreduce(ctx, cmd, &good, scratch));
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK_OK(mgpu_buffer_download(ctx, out, got, sizeof got));
    CHECK(memcmp(got, want, sizeof got) == 0, "segreduce recorded with the caller's scratch");
    mgpu_buffer_free(ctx, scratch);

    /* Reduce-by-key. */
    mgpu_range keys, kout, vout, count;
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 8, &keys));
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 8, &kout));
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 8, &vout));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &count));
    unsigned char vsentinel[800], vafter[800];
    seg_sentinel(vsentinel, sizeof vsentinel);
    CHECK_OK(mgpu_buffer_upload(ctx, kout, vsentinel, sizeof vsentinel));
    CHECK_OK(mgpu_buffer_upload(ctx, vout, vsentinel, sizeof vsentinel));
    CHECK_OK(mgpu_buffer_upload(ctx, count, vsentinel, 16));
    mgpu_reduce_by_key_info kgood = {.key_type = MGPU_TYPE_U64,
                                     .value_type = MGPU_TYPE_U32,
                                     .count = n,
                                     .keys_in = keys,
                                     .values_in = values,
                                     .keys_out = kout,
                                     .values_out = vout,
                                     .run_count = count};
    mgpu_reduce_by_key_info kbad;
#define RBK_BAD_REQ(field_change, code, req_code)                                              \
    do {                                                                                       \
        kbad = kgood;                                                                          \
        field_change;                                                                          \
        CHECK_RESULT_IN(ctx, mgpu_reduce_by_key(ctx, &kbad, NULL), code);                      \
        CHECK_RESULT_IN(ctx, mgpu_reduce_by_key_get_requirements(ctx, &kbad, &req), req_code); \
    } while (0)
#define RBK_BAD(field_change, code)       RBK_BAD_REQ(field_change, code, code)
#define RBK_BAD_RANGE(field_change, code) RBK_BAD_REQ(field_change, code, MGPU_SUCCESS)
    RBK_BAD(kbad.next = &dummy, MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD(kbad.key_type = MGPU_TYPE_COUNT, MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD(kbad.value_type = (mgpu_type)-1, MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD(kbad.op = MGPU_OP_MAX_INDEX, MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD(kbad.count = 0x80000000u, MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE(kbad.count = n + 1, MGPU_ERROR_RANGE_TOO_SMALL);
    RBK_BAD_RANGE(kbad.keys_out = mgpu_range_slice(kout, 0, n * 8 - 8), MGPU_ERROR_RANGE_TOO_SMALL);
    RBK_BAD_RANGE((kbad.count = n - 1, kbad.keys_in = mgpu_range_slice(keys, 4, n * 8 - 4)), MGPU_ERROR_MISALIGNED);
    RBK_BAD_RANGE(kbad.run_count = mgpu_range_slice(count, 2, 4), MGPU_ERROR_MISALIGNED);
    RBK_BAD_RANGE(kbad.run_count = mgpu_range_slice(count, 0, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    RBK_BAD_RANGE(kbad.keys_out = keys, MGPU_ERROR_INVALID_ARGUMENT);                               /* output = input */
    RBK_BAD_RANGE(kbad.values_out = mgpu_range_slice(kout, 0, n * 4), MGPU_ERROR_INVALID_ARGUMENT); /* two outputs */
    RBK_BAD_RANGE(kbad.run_count = mgpu_range_slice(vout, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE(kbad.run_count = mgpu_range_slice(values, 0, 4), MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE(kbad.indirect_count = mgpu_range_slice(small, 0, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    RBK_BAD_RANGE(kbad.indirect_count = mgpu_range_slice(small, 2, 4), MGPU_ERROR_MISALIGNED);
    RBK_BAD_RANGE(kbad.indirect_count = mgpu_range_slice(count, 0, 4), MGPU_ERROR_INVALID_ARGUMENT); /* run_count */
    RBK_BAD_RANGE(kbad.indirect_count = mgpu_range_slice(vout, 16, 4), MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE(kbad.indirect_count = mgpu_range_slice(kout, n * 8 - 4, 4), MGPU_ERROR_INVALID_ARGUMENT);
    /* The overflow flag: without indirect_count, 2 bytes, misaligned, overlapping indirect_count, run_count, an
     * output or an input. */
    RBK_BAD_RANGE(kbad.overflow = mgpu_range_slice(small, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE((kbad.indirect_count = by_n, kbad.overflow = mgpu_range_slice(small, 8, 2)),
                  MGPU_ERROR_RANGE_TOO_SMALL);
    RBK_BAD_RANGE((kbad.indirect_count = by_n, kbad.overflow = mgpu_range_slice(small, 6, 4)), MGPU_ERROR_MISALIGNED);
    RBK_BAD_RANGE((kbad.indirect_count = by_n, kbad.overflow = by_n), MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE((kbad.indirect_count = by_n, kbad.overflow = mgpu_range_slice(count, 0, 4)),
                  MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE((kbad.indirect_count = by_n, kbad.overflow = mgpu_range_slice(vout, 8, 4)),
                  MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE((kbad.indirect_count = by_n, kbad.overflow = mgpu_range_slice(kout, 0, 4)),
                  MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE((kbad.indirect_count = by_n, kbad.overflow = mgpu_range_slice(keys, n * 8 - 4, 4)),
                  MGPU_ERROR_INVALID_ARGUMENT);
    RBK_BAD_RANGE((kbad.indirect_count = by_n, kbad.overflow = mgpu_range_slice(values, 0, 4)),
                  MGPU_ERROR_INVALID_ARGUMENT);
#undef RBK_BAD_REQ
#undef RBK_BAD
#undef RBK_BAD_RANGE
    CHECK_RESULT(mgpu_reduce_by_key(NULL, &kgood, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_reduce_by_key(ctx, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_reduce_by_key_get_requirements(ctx, &kgood, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_reduce_by_key_get_requirements(ctx, &kgood, &req));
    CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_RESULT_IN(ctx, mgpu_cmd_reduce_by_key(ctx, VK_NULL_HANDLE, &kgood, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    kbad = kgood;
    kbad.run_count = (mgpu_range){0}; /* required when recording */
    CHECK_RESULT_IN(ctx, mgpu_cmd_reduce_by_key(ctx, cmd, &kbad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_reduce_by_key(ctx, cmd, &kgood, mgpu_range_slice(scratch, 0, req.scratch_size / 2)),
                    MGPU_ERROR_RANGE_TOO_SMALL);
    kbad = kgood;
    kbad.next = &dummy;
    CHECK_RESULT_IN(ctx, mgpu_cmd_reduce_by_key(ctx, cmd, &kbad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK_OK(mgpu_buffer_download(ctx, kout, vafter, sizeof vafter));
    CHECK(memcmp(vafter, vsentinel, sizeof vafter) == 0, "a rejected reduce by key wrote its keys");
    CHECK_OK(mgpu_buffer_download(ctx, vout, vafter, sizeof vafter));
    CHECK(memcmp(vafter, vsentinel, sizeof vafter) == 0, "a rejected reduce by key wrote its values");
    CHECK_OK(mgpu_buffer_download(ctx, count, vafter, 16));
    CHECK(memcmp(vafter, vsentinel, 16) == 0, "a rejected reduce by key wrote its run count");
    /* Recorded with the caller's scratch: keys i / 7, values i * 3 + 1. */
    uint64_t k64[100], kwant[100];
    uint32_t vwant[100], vgot[100], runs = 0;
    for (uint32_t i = 0; i < n; ++i) k64[i] = i / 7;
    CHECK_OK(mgpu_buffer_upload(ctx, keys, k64, sizeof k64));
    size_t want_runs = ref_reduce_by_key(MGPU_TYPE_U64, MGPU_TYPE_U32, MGPU_OP_ADD, k64, v, n, kwant, vwant);
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_OK(mgpu_cmd_reduce_by_key(ctx, cmd, &kgood, scratch));
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK_OK(mgpu_buffer_download(ctx, count, &runs, 4));
    CHECK_OK(mgpu_buffer_download(ctx, vout, vgot, sizeof vgot));
    CHECK(runs == want_runs && memcmp(vgot, vwant, want_runs * 4) == 0, "reduce by key recorded: %u runs", runs);
    mgpu_buffer_free(ctx, scratch);
    mgpu_buffer_free(ctx, keys);
    mgpu_buffer_free(ctx, kout);
    mgpu_buffer_free(ctx, vout);
    mgpu_buffer_free(ctx, count);
    mgpu_buffer_free(ctx, values);
    mgpu_buffer_free(ctx, starts);
    mgpu_buffer_free(ctx, out);
    mgpu_buffer_free(ctx, small);
}

/* One tuning's covering design: every type, ops rotated; reduce-by-key with two of its shapes. */
static void seg_cover(unsigned rotation, bool long_segments) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        seg_sweep(type, seg_ops[((unsigned)t + rotation) % 3], long_segments);
        uint32_t tile = seg_tile(type);
        size_t n = 9 * (size_t)tile + test_random_below(tile);
        char *keys = malloc(n * 8), *values = malloc(n * 8);
        rbk_keys((mgpu_type)((t + 1) % MGPU_TYPE_COUNT), (rbk_shape)(((unsigned)t + rotation) % RBK_SHAPE_COUNT), keys,
                 n, tile);
        mgpu_op op = seg_ops[((unsigned)t + rotation + 1) % 3];
        seg_values(type, op, values, n);
        rbk_case((mgpu_type)((t + 1) % MGPU_TYPE_COUNT), type, op, keys, values, n, "cover");
        free(keys);
        free(values);
    }
}

void test_segreduce(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (size_t o = 0; o < 3; ++o) seg_sweep((mgpu_type)t, seg_ops[o], o == (size_t)t % 3);
    seg_extremes();
    seg_broken_starts();
    rbk_matrix();
    rbk_special_keys();
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (size_t o = 0; o < 3; ++o) seg_indirect_sweep((mgpu_type)t, seg_ops[o]);
    rbk_indirect_sweep();
    seg_overflow_edges();
    seg_misuse();
    /* The other paths, forced: shared-memory scans and one-thread searches, subgroup ones, other NT/VT (tile 32:
     * many tiles and rounds of the carry workgroup), a few workgroups looping over tiles. */
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    static const mgpu_tuning tunings[] = {
        {.subgroup = MGPU_SWITCH_OFF},
        {.subgroup = MGPU_SWITCH_ON, .groups = 3},
        {.nt = 32, .vt = 1, .subgroup = MGPU_SWITCH_OFF},
        {.nt = 128, .vt = 3, .subgroup = MGPU_SWITCH_ON},
        {.nt = 32, .vt = 5, .groups = 2},
    };
    for (size_t p = 0; p < sizeof tunings / sizeof tunings[0]; ++p) {
        mgpu_tuning t = tunings[p];
        if (t.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) t.subgroup = MGPU_SWITCH_AUTO;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_MASK_ALL, &t));
        seg_cover((unsigned)p, p == 2);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_MASK_ALL, NULL));
}

void test_segreduce_lookback(void) {
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    static const mgpu_tuning tunings[] = {
        {.lookback = MGPU_SWITCH_ON, .groups = 3},
        {.nt = 32, .vt = 1, .subgroup = MGPU_SWITCH_ON, .lookback = MGPU_SWITCH_ON, .groups = 2},
        {.nt = 32, .vt = 3, .subgroup = MGPU_SWITCH_OFF, .lookback = MGPU_SWITCH_ON},
        {.nt = 64, .vt = 31, .subgroup = MGPU_SWITCH_ON, .lookback = MGPU_SWITCH_ON, .groups = 4},
    };
    for (size_t p = 0; p < sizeof tunings / sizeof tunings[0]; ++p) {
        mgpu_tuning t = tunings[p];
        if (t.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) t.subgroup = MGPU_SWITCH_AUTO;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_MASK_ALL, &t));
        mgpu_tuning resolved;
        CHECK_OK(mgpu_context_get_tuning(g_test.ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_U32, &resolved));
        CHECK(resolved.lookback == MGPU_SWITCH_ON, "the look-back override did not take");
        if (p > 0) {
            seg_cover((unsigned)p, p == 1);
            continue;
        }
        for (int type = 0; type < MGPU_TYPE_COUNT; ++type)
            for (size_t o = 0; o < 3; ++o) {
                seg_sweep((mgpu_type)type, seg_ops[o], o == (size_t)type % 3);
                seg_indirect_sweep((mgpu_type)type, seg_ops[o]);
            }
        seg_extremes();
        seg_broken_starts();
        rbk_matrix();
        rbk_indirect_sweep();
        seg_overflow_edges();
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_MASK_ALL, NULL));
}

/* ---- the mgpuvk subcommands ---- */

void test_segreduce_cli(void) {
    if (!test_cli_begin("segreduce_cli")) return;
    char args[4096], out[4096], err[4096];
    char values_npy[600], starts_npy[600], keys_npy[600], out_npy[600], vout_npy[600], bad_npy[600];
    test_cli_path(values_npy, sizeof values_npy, "values.npy");
    test_cli_path(starts_npy, sizeof starts_npy, "starts.npy");
    test_cli_path(keys_npy, sizeof keys_npy, "keys.npy");
    test_cli_path(out_npy, sizeof out_npy, "out.npy");
    test_cli_path(vout_npy, sizeof vout_npy, "vout.npy");
    test_cli_path(bad_npy, sizeof bad_npy, "bad.npy");
    static const char *const ops[] = {"add", "min", "max"};
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        size_t n = t == 0 ? 0 : 1 + test_random_below(3000), m;
        int32_t *starts = seg_starts(t == 1 ? SEG_EMPTY : SEG_RANDOM, n, 20, &m);
        char *values = malloc(n * 8 + 8), *want = malloc((m + n) * 8 + 8), *want_keys = malloc(n * 8 + 8);
        int o = t % 3;
        seg_values(type, seg_ops[o], values, n);
        test_cli_write(values_npy, type, values, n);
        test_cli_write(starts_npy, MGPU_TYPE_I32, starts, m);
        snprintf(args, sizeof args, "segreduce '%s' --starts '%s' -o '%s' --op %s", values_npy, starts_npy, out_npy,
                 ops[o]);
        remove(out_npy);
        int code = test_cli_run(args, out, sizeof out, err, sizeof err);
        CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
        ref_segreduce(type, seg_ops[o], values, n, starts, m, want);
        test_cli_expect(out_npy, type, want, m, "segreduce output");
        /* reduce-by-key: keys of another type in runs */
        mgpu_type kt = (mgpu_type)((t + 2) % MGPU_TYPE_COUNT);
        char *keys = malloc(n * 8 + 8);
        rbk_keys(kt, RBK_RUNS, keys, n, 64);
        test_cli_write(keys_npy, kt, keys, n);
        size_t runs = ref_reduce_by_key(kt, type, seg_ops[o], keys, values, n, want_keys, want);
        snprintf(args, sizeof args, "reduce-by-key '%s' '%s' -o '%s' --values-out '%s' --op %s", keys_npy, values_npy,
                 out_npy, vout_npy, ops[o]);
        remove(out_npy);
        remove(vout_npy);
        code = test_cli_run(args, out, sizeof out, err, sizeof err);
        CHECK(code == 0 && strtoull(out, NULL, 10) == runs, "mgpuvk %s -> %d, printed %s (%zu runs): %s", args, code,
              out, runs, err);
        test_cli_expect(out_npy, kt, want_keys, runs, "reduce-by-key keys");
        test_cli_expect(vout_npy, type, want, runs, "reduce-by-key values");
        free(keys);
        free(starts);
        free(values);
        free(want);
        free(want_keys);
    }
    /* Bad input: starts not ascending, outside [0, n], not <i4; values and keys of different lengths; a bad op;
     * missing arguments; an output that is an input. */
    int32_t v[6] = {1, 2, 3, 4, 5, 6}, desc[3] = {0, 4, 2}, past[2] = {0, 7}, negative[2] = {-1, 3}, ok[2] = {0, 3};
    int64_t wide[2] = {0, 3};
    test_cli_write(values_npy, MGPU_TYPE_I32, v, 6);
    test_cli_write(keys_npy, MGPU_TYPE_I32, v, 5);
    const struct {
        const int32_t *data;
        size_t n;
    } bad_starts[] = {{desc, 3}, {past, 2}, {negative, 2}};
    for (size_t b = 0; b < 3; ++b) {
        test_cli_write(bad_npy, MGPU_TYPE_I32, bad_starts[b].data, bad_starts[b].n);
        snprintf(args, sizeof args, "segreduce '%s' --starts '%s' -o '%s'", values_npy, bad_npy, out_npy);
        test_cli_rejected(args, out_npy, NULL, NULL);
    }
    test_cli_write(bad_npy, MGPU_TYPE_I64, wide, 2);
    snprintf(args, sizeof args, "segreduce '%s' --starts '%s' -o '%s'", values_npy, bad_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    test_cli_write(starts_npy, MGPU_TYPE_I32, ok, 2);
    snprintf(args, sizeof args, "segreduce '%s' --starts '%s' -o '%s' --op maxindex", values_npy, starts_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    snprintf(args, sizeof args, "segreduce '%s' -o '%s'", values_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    snprintf(args, sizeof args, "segreduce '%s' --starts '%s'", values_npy, starts_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    snprintf(args, sizeof args, "segreduce '%s' --starts '%s' -o '%s'", values_npy, starts_npy, starts_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    CHECK(test_cli_exists(starts_npy), "a refused output removed its input");
    snprintf(args, sizeof args, "segreduce '%s/missing.npy' --starts '%s' -o '%s'", test_cli_dir(), starts_npy,
             out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    snprintf(args, sizeof args, "reduce-by-key '%s' '%s' -o '%s' --values-out '%s'", keys_npy, values_npy, out_npy,
             vout_npy);
    test_cli_rejected(args, out_npy, vout_npy, NULL); /* 5 keys, 6 values */
    test_cli_write(keys_npy, MGPU_TYPE_F32, v, 6);
    snprintf(args, sizeof args, "reduce-by-key '%s' '%s' -o '%s'", keys_npy, values_npy, out_npy);
    test_cli_rejected(args, out_npy, vout_npy, NULL); /* no --values-out */
    snprintf(args, sizeof args, "reduce-by-key '%s' '%s' -o '%s' --values-out '%s'", keys_npy, values_npy, out_npy,
             out_npy);
    test_cli_rejected(args, out_npy, vout_npy, NULL); /* two outputs, one file */
    snprintf(args, sizeof args, "reduce-by-key '%s' '%s' -o '%s' --values-out '%s' --op mul", keys_npy, values_npy,
             out_npy, vout_npy);
    test_cli_rejected(args, out_npy, vout_npy, NULL);
    snprintf(args, sizeof args, "reduce-by-key '%s' -o '%s' --values-out '%s'", keys_npy, out_npy, vout_npy);
    test_cli_rejected(args, out_npy, vout_npy, NULL);
    /* --help */
    const char *commands[2] = {"segreduce", "reduce-by-key"};
    for (int c = 0; c < 2; ++c) {
        snprintf(args, sizeof args, "%s --help", commands[c]);
        int code = test_cli_run(args, out, sizeof out, err, sizeof err);
        CHECK(code == 0 && !strncmp(out, "usage: mgpuvk ", 14) && strstr(out, commands[c]), "mgpuvk %s -> %d: %s%s",
              args, code, out, err);
    }
    int code = test_cli_run("--help", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strstr(out, "segreduce VALUES.npy") && strstr(out, "reduce-by-key KEYS.npy"),
          "mgpuvk --help lists the segmented reduce: %s", out);
    test_cli_end();
}
