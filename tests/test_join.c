/* Relational joins against the CPU reference (ref_join, a serial merge loop).
 *   join: every key type x kind x order over sizes across the search's tile boundaries (a_count + b_count = 0, 1,
 *     tile-1, tile, tile+1, many tiles), empty A or B, key shapes rotated over them: duplicates on both sides,
 *     distinct keys, all keys equal, no key shared, few distinct keys (many more rows than keys), NaN and -0.0
 *     among the float keys (sorted_keys), runs of equal keys across many tiles on either side; the count and the
 *     rows in the blocking tier (count on the host and in device memory) and the recording tier (count and join
 *     recorded into one command buffer with the caller's scratch); outputs past the rows untouched;
 *   special floats: -0.0 and +0.0 do not match, NaNs match only with the same bits;
 *   capacity: the blocking join refuses a capacity below the count (MGPU_ERROR_RANGE_TOO_SMALL, *rows the count)
 *     and writes nothing, row_count included; the recorded join writes the first `capacity` rows, nothing past
 *     them, and the true count;
 *   overflow: joins of 2^31, 2^32 (a wrapped total of 0) and 2^32 + 3 rows are MGPU_JOIN_OVERFLOW in every tier,
 *     with nothing written; 2^31 - 2^16 rows are counted exactly;
 *   other tunings (the search's and the rows' tiles, subgroup or shared-memory searches and sums, workgroups
 *     looping over tiles) by a covering design: every type, kinds and orders rotated;
 *   misuse: the specific result code of each bad argument, in every tier, with nothing written.
 *   join_cli: `mgpuvk join` against the reference, and bad input (exit 2, one line, no file written).
 */
#include "common.h"
#include "ref/ref_join.h"

#include <math.h>
#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(join, "thread_partitions")
MGPU_TEST_FAMILY(join_cli, "cli")

static const char *const join_kinds[4] = {"inner", "left", "right", "outer"};

/* Bytes that no row has: outputs are filled with them first, so that an element written shows. */
static void join_sentinel(void *data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) ((unsigned char *)data)[i] = (unsigned char)(0xa5 ^ (i * 11));
}

static mgpu_range join_alloc_sentinel(size_t bytes) {
    mgpu_range r = {0};
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, bytes ? bytes : 16, &r));
    void *s = malloc(bytes ? bytes : 16);
    join_sentinel(s, bytes ? bytes : 16);
    CHECK_OK(mgpu_buffer_upload(g_test.ctx, r, s, bytes ? bytes : 16));
    free(s);
    return r;
}

/* bytes of range hold the sentinel from `from` bytes on (the sentinel's byte offsets counted from 0). */
static bool join_untouched(mgpu_range range, size_t from, size_t bytes) {
    unsigned char *got = malloc(bytes + 4), *want = malloc(bytes + 4);
    CHECK_OK(mgpu_buffer_download(g_test.ctx, range, got, bytes));
    join_sentinel(want, bytes);
    bool same = memcmp(got + from, want + from, bytes - from) == 0;
    free(got);
    free(want);
    return same;
}

typedef enum join_tier { JOIN_BLOCKING, JOIN_RECORDED } join_tier;

/* Runs one join of host keys and compares the count and the rows with the reference. The outputs hold
 * `slack` rows more than the count and a guard after them, which must keep the sentinel. Returns failures. */
static uint64_t join_case(mgpu_type type, mgpu_join_kind kind, bool descending, const void *a, size_t an, const void *b,
                          size_t bn, join_tier tier, const char *what) {
    uint64_t before = g_test.failures;
    mgpu_context ctx = g_test.ctx;
    uint64_t rows = ref_join(type, kind, descending, a, an, b, bn, NULL, NULL, 0);
    int32_t *want_a = malloc(rows * 4 + 4), *want_b = malloc(rows * 4 + 4);
    ref_join(type, kind, descending, a, an, b, bn, want_a, want_b, rows);
    size_t capacity = (size_t)rows + test_random_below(4), guard = 16;
    mgpu_range ra = test_upload(type, a, an), rb = test_upload(type, b, bn);
    mgpu_range oa = join_alloc_sentinel((capacity + guard) * 4), ob = join_alloc_sentinel((capacity + guard) * 4);
    mgpu_range rc = join_alloc_sentinel(16);
    mgpu_join_info info = {.key_type = type,
                           .kind = kind,
                           .descending = descending,
                           .a_count = (uint32_t)an,
                           .b_count = (uint32_t)bn,
                           .a_keys = ra,
                           .b_keys = rb,
                           .a_indices = mgpu_range_slice(oa, 0, capacity * 4),
                           .b_indices = mgpu_range_slice(ob, 0, capacity * 4),
                           .capacity = (uint32_t)capacity};
    const char *order = descending ? "descending" : "ascending";
    uint32_t device[4] = {0, 0, 0, 0};
    if (tier == JOIN_BLOCKING) {
        bool device_count = test_random_below(2);
        info.row_count = device_count ? mgpu_range_slice(rc, 0, 4) : (mgpu_range){0};
        uint32_t got = 0xdeadbeef;
        CHECK_OK(mgpu_join_count(ctx, &info, &got));
        CHECK(got == rows, "join count %s %s %s %s a=%zu b=%zu: %u rows, expected %llu", mgpu_type_name(type),
              join_kinds[kind], order, what, an, bn, got, (unsigned long long)rows);
        if (device_count) {
            CHECK_OK(mgpu_buffer_download(ctx, rc, device, 4));
            CHECK(device[0] == rows, "join count: device row count %u, expected %llu", device[0],
                  (unsigned long long)rows);
            info.row_count = mgpu_range_slice(rc, 4, 4);
        }
        got = 0xdeadbeef;
        CHECK_OK(mgpu_join(ctx, &info, &got));
        CHECK(got == rows, "join %s %s %s %s a=%zu b=%zu: %u rows, expected %llu", mgpu_type_name(type),
              join_kinds[kind], order, what, an, bn, got, (unsigned long long)rows);
        if (device_count) {
            CHECK_OK(mgpu_buffer_download(ctx, rc, device, 8));
            CHECK(device[1] == rows, "join: device row count %u, expected %llu", device[1], (unsigned long long)rows);
        }
    } else { /* the count and the join in one command buffer, with the caller's scratch */
        mgpu_requirements count_req, join_req;
        info.row_count = mgpu_range_slice(rc, 0, 4);
        CHECK_OK(mgpu_join_count_get_requirements(ctx, &info, &count_req));
        info.row_count = mgpu_range_slice(rc, 4, 4);
        CHECK_OK(mgpu_join_get_requirements(ctx, &info, &join_req));
        CHECK(join_req.scratch_size >= count_req.scratch_size && join_req.scratch_alignment == 16,
              "join requirements: count %llu, join %llu bytes", (unsigned long long)count_req.scratch_size,
              (unsigned long long)join_req.scratch_size);
        mgpu_range scratch = {0};
        if (join_req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, join_req.scratch_size, &scratch));
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        info.row_count = mgpu_range_slice(rc, 0, 4);
        CHECK_OK(mgpu_cmd_join_count(ctx, cmd, &info, mgpu_range_slice(scratch, 0, count_req.scratch_size)));
        mgpu_cmd_barrier(ctx, cmd);
        info.row_count = mgpu_range_slice(rc, 4, 4);
        CHECK_OK(mgpu_cmd_join(ctx, cmd, &info, scratch));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        CHECK_OK(mgpu_buffer_download(ctx, rc, device, 8));
        CHECK(device[0] == rows && device[1] == rows,
              "join recorded %s %s %s %s a=%zu b=%zu: row counts %u and %u, expected %llu", mgpu_type_name(type),
              join_kinds[kind], order, what, an, bn, device[0], device[1], (unsigned long long)rows);
        mgpu_buffer_free(ctx, scratch);
    }
    int32_t *got_a = test_download(MGPU_TYPE_I32, oa, capacity + guard);
    int32_t *got_b = test_download(MGPU_TYPE_I32, ob, capacity + guard);
    for (uint64_t r = 0; r < rows; ++r)
        if (got_a[r] != want_a[r] || got_b[r] != want_b[r]) {
            CHECK(false, "join %s %s %s %s a=%zu b=%zu (%s): row %llu of %llu = (%d, %d), expected (%d, %d)",
                  mgpu_type_name(type), join_kinds[kind], order, what, an, bn,
                  tier == JOIN_BLOCKING ? "blocking" : "recorded", (unsigned long long)r, (unsigned long long)rows,
                  got_a[r], got_b[r], want_a[r], want_b[r]);
            break;
        }
    free(got_a);
    free(got_b);
    CHECK(join_untouched(oa, rows * 4, (capacity + guard) * 4) && join_untouched(ob, rows * 4, (capacity + guard) * 4),
          "join %s %s %s: wrote past its %llu rows", mgpu_type_name(type), join_kinds[kind], what,
          (unsigned long long)rows);
    mgpu_range all[] = {ra, rb, oa, ob, rc};
    for (size_t k = 0; k < 5; ++k) mgpu_buffer_free(ctx, all[k]);
    free(want_a);
    free(want_b);
    return g_test.failures - before;
}

/* Key shapes. */
typedef enum join_shape {
    JOIN_DUPLICATES, /* keys from a few hundred values: duplicates on both sides, NaN and -0.0 among floats */
    JOIN_DISTINCT,   /* keys from a wide range: few matches */
    JOIN_FEW,        /* three values: many more rows than keys */
    JOIN_DISJOINT,   /* A even, B odd: no key shared */
    JOIN_EQUAL,      /* every key 7 */
    JOIN_RUNS,       /* runs of equal keys up to two tiles long */
    JOIN_SHAPE_COUNT
} join_shape;

/* n sorted keys of `shape` (side 0: A, 1: B). */
static void join_keys(mgpu_type type, join_shape shape, bool descending, int side, void *keys, size_t n,
                      uint32_t tile) {
    const ref_type_info *t = ref_type(type);
    switch (shape) {
        case JOIN_DUPLICATES: sorted_keys(type, descending, keys, n, (int)(n / 3 + 2)); return;
        case JOIN_DISTINCT: sorted_keys(type, descending, keys, n, 1 << 24); return;
        case JOIN_FEW: sorted_keys(type, descending, keys, n, 1); return;
        case JOIN_DISJOINT:
        case JOIN_EQUAL:
        case JOIN_RUNS:
        default: {
            int64_t key = 0;
            for (size_t i = 0, left = 0; i < n; ++i) {
                if (shape == JOIN_DISJOINT) key = 2 * (int64_t)i + side;
                if (shape == JOIN_EQUAL) key = 7;
                if (shape == JOIN_RUNS && left-- == 0) {
                    key += 1 + test_random_below(2);
                    left = test_random_below(2 * tile);
                }
                size_t at = descending ? n - 1 - i : i;
                ref_set(type, keys, at, t->from_int(key));
            }
        }
    }
}

/* The rows of a shape stay below a few hundred thousand: the shapes whose rows grow as a x b take small inputs. */
static bool join_shape_fits(join_shape shape, size_t an, size_t bn) {
    if (shape == JOIN_EQUAL || shape == JOIN_FEW) return (uint64_t)an * bn <= 400000;
    return true;
}

/* The join search's tile: the sorted search's second shape. */
static uint32_t join_tile(mgpu_type type) {
    mgpu_tuning t;
    if (mgpu_context_get_tuning(g_test.ctx, MGPU_PRIM_SORTED_SEARCH, type, &t) != MGPU_SUCCESS) return 1;
    return t.values_nt * t.values_vt;
}

static uint64_t join_run(mgpu_type type, mgpu_join_kind kind, bool descending, join_shape shape, size_t an, size_t bn,
                         join_tier tier, const char *what) {
    uint32_t tile = join_tile(type);
    size_t size = mgpu_type_size(type);
    char *a = malloc(an * size + 8), *b = malloc(bn * size + 8);
    join_keys(type, shape, descending, 0, a, an, tile);
    join_keys(type, shape, descending, 1, b, bn, tile);
    uint64_t failed = join_case(type, kind, descending, a, an, b, bn, tier, what);
    free(a);
    free(b);
    return failed;
}

static const char *const shape_names[JOIN_SHAPE_COUNT] = {"duplicates", "distinct",  "few keys",
                                                          "disjoint",   "all equal", "long runs"};

/* One type, kind and order over the sizes, the shapes rotated; stops at the first failure. */
static void join_sweep(mgpu_type type, mgpu_join_kind kind, bool descending, unsigned rotation) {
    uint32_t tile = join_tile(type), rows_tile = test_tile(MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_I32);
    size_t half = tile / 2;
    size_t sizes[][2] = {{0, 0},
                         {0, 5},
                         {7, 0},
                         {1, 1},
                         {half, tile - 1 - half},
                         {half, tile - half},
                         {tile + 1 - half, half},
                         {3 * (size_t)tile + 5, 2 * (size_t)tile - 3},
                         {rows_tile + 3, 17},
                         {1 + test_random_below(12 * tile), 1 + test_random_below(12 * tile)}};
    size_t count = sizeof sizes / sizeof sizes[0];
    for (size_t s = 0; s < count; ++s) {
        join_shape shape = (join_shape)((s + rotation) % JOIN_SHAPE_COUNT);
        if (!join_shape_fits(shape, sizes[s][0], sizes[s][1])) shape = JOIN_DUPLICATES;
        if (join_run(type, kind, descending, shape, sizes[s][0], sizes[s][1], (join_tier)(s % 2), shape_names[shape]))
            return;
    }
}

/* -0.0 and +0.0 are different keys; a NaN matches a NaN with the same bits only. */
static void join_special_floats(void) {
    for (int t = MGPU_TYPE_F32; t <= MGPU_TYPE_F64; t += MGPU_TYPE_F64 - MGPU_TYPE_F32) {
        mgpu_type type = (mgpu_type)t;
        const ref_type_info *info = ref_type(type);
        mgpu_scalar nan_other = info->from_double(NAN);
        if (info->size == 4)
            nan_other.u32 |= 1u;
        else
            nan_other.u64 |= 1u;
        mgpu_scalar a_keys[] = {info->from_double(-NAN), info->from_double(-0.0), info->from_double(-0.0),
                                info->from_double(0.0),  info->from_double(1.0),  info->from_double(NAN)};
        mgpu_scalar b_keys[] = {info->from_double(-NAN), info->from_double(0.0), info->from_double(0.0),
                                info->from_double(2.0),  info->from_double(NAN), nan_other};
        char a[6 * 8], b[6 * 8];
        for (size_t i = 0; i < 6; ++i) {
            ref_set(type, a, i, a_keys[i]);
            ref_set(type, b, i, b_keys[i]);
        }
        for (int k = 0; k < 4; ++k)
            join_case(type, (mgpu_join_kind)k, false, a, 6, b, 6, (join_tier)(k % 2), "specials");
        /* descending: the same keys in reverse */
        char ra[6 * 8], rb[6 * 8];
        for (size_t i = 0; i < 6; ++i) {
            ref_set(type, ra, i, a_keys[5 - i]);
            ref_set(type, rb, i, b_keys[5 - i]);
        }
        join_case(type, MGPU_JOIN_OUTER, true, ra, 6, rb, 6, JOIN_RECORDED, "specials");
    }
}

/* The capacity: refused by the blocking join, cut by the recorded one. */
static void join_capacity(void) {
    mgpu_context ctx = g_test.ctx;
    for (int k = 0; k < 4; ++k) {
        mgpu_type type = k % 2 ? MGPU_TYPE_F64 : MGPU_TYPE_U32;
        mgpu_join_kind kind = (mgpu_join_kind)k;
        uint32_t tile = join_tile(type);
        size_t an = 3 * (size_t)tile + 1, bn = 2 * (size_t)tile + 9, size = mgpu_type_size(type), guard = 32;
        char *a = malloc(an * size), *b = malloc(bn * size);
        join_keys(type, JOIN_DUPLICATES, false, 0, a, an, tile);
        join_keys(type, JOIN_DUPLICATES, false, 1, b, bn, tile);
        uint64_t rows = ref_join(type, kind, false, a, an, b, bn, NULL, NULL, 0);
        int32_t *want_a = malloc(rows * 4 + 4), *want_b = malloc(rows * 4 + 4);
        ref_join(type, kind, false, a, an, b, bn, want_a, want_b, rows);
        mgpu_range ra = test_upload(type, a, an), rb = test_upload(type, b, bn);
        mgpu_range oa = join_alloc_sentinel((rows + guard) * 4), ob = join_alloc_sentinel((rows + guard) * 4);
        mgpu_range rc = join_alloc_sentinel(16);
        mgpu_join_info info = {.key_type = type,
                               .kind = kind,
                               .a_count = (uint32_t)an,
                               .b_count = (uint32_t)bn,
                               .a_keys = ra,
                               .b_keys = rb,
                               .a_indices = oa,
                               .b_indices = ob,
                               .capacity = (uint32_t)rows - 1,
                               .row_count = mgpu_range_slice(rc, 0, 4)};
        /* Blocking, one row short: refused, nothing written. */
        uint32_t got = 0;
        CHECK_RESULT_IN(ctx, mgpu_join(ctx, &info, &got), MGPU_ERROR_RANGE_TOO_SMALL);
        CHECK(got == rows, "join %s refused: *rows %u, expected %llu", join_kinds[k], got, (unsigned long long)rows);
        CHECK(join_untouched(oa, 0, (rows + guard) * 4) && join_untouched(ob, 0, (rows + guard) * 4) &&
                  join_untouched(rc, 0, 16),
              "a refused join %s wrote", join_kinds[k]);
        /* Recorded with no row, then half the rows: the first rows, nothing past them, the true count. */
        uint32_t capacities[2] = {0, (uint32_t)rows / 2};
        for (int c = 0; c < 2; ++c) {
            info.capacity = capacities[c];
            info.a_indices = mgpu_range_slice(oa, 0, capacities[c] * 4);
            info.b_indices = mgpu_range_slice(ob, 0, capacities[c] * 4);
            mgpu_requirements req;
            CHECK_OK(mgpu_join_get_requirements(ctx, &info, &req));
            mgpu_range scratch;
            CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
            VkCommandBuffer cmd;
            CHECK_OK(mgpu_commands_begin(ctx, &cmd));
            CHECK_OK(mgpu_cmd_join(ctx, cmd, &info, scratch));
            CHECK_OK(mgpu_commands_submit(ctx, NULL));
            mgpu_buffer_free(ctx, scratch);
            uint32_t device = 0;
            CHECK_OK(mgpu_buffer_download(ctx, rc, &device, 4));
            CHECK(device == rows, "join %s recorded with capacity %u: row count %u, expected %llu", join_kinds[k],
                  capacities[c], device, (unsigned long long)rows);
            int32_t *got_a = test_download(MGPU_TYPE_I32, oa, rows), *got_b = test_download(MGPU_TYPE_I32, ob, rows);
            CHECK(memcmp(got_a, want_a, capacities[c] * 4) == 0 && memcmp(got_b, want_b, capacities[c] * 4) == 0,
                  "join %s recorded with capacity %u: the first rows differ", join_kinds[k], capacities[c]);
            CHECK(join_untouched(oa, capacities[c] * 4, (rows + guard) * 4) &&
                      join_untouched(ob, capacities[c] * 4, (rows + guard) * 4),
                  "join %s recorded with capacity %u wrote past it", join_kinds[k], capacities[c]);
            free(got_a);
            free(got_b);
        }
        mgpu_range all[] = {ra, rb, oa, ob, rc};
        for (size_t i = 0; i < 5; ++i) mgpu_buffer_free(ctx, all[i]);
        free(a);
        free(b);
        free(want_a);
        free(want_b);
    }
}

/* Joins of all-equal keys whose rows pass 2^31-1 (or just do not): in every tier. */
static void join_overflow(void) {
    mgpu_context ctx = g_test.ctx;
    const struct {
        mgpu_join_kind kind;
        uint32_t an, bn, b_other; /* keys 5 on both sides, then b_other keys 6 in B */
        uint64_t rows;
    } cases[] = {
        {MGPU_JOIN_INNER, 32767, 65536, 0, 32767ull * 65536}, /* 2^31 - 2^16: counted */
        {MGPU_JOIN_INNER, 32768, 65536, 0, 1ull << 31},       /* one past 2^31-1 */
        {MGPU_JOIN_LEFT, 65536, 65536, 0, 1ull << 32},        /* wraps to 0 */
        {MGPU_JOIN_OUTER, 65536, 65536, 3, (1ull << 32) + 3}, /* wraps to 3 */
    };
    uint32_t *keys = malloc(65540 * 4);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        for (uint32_t i = 0; i < 65540; ++i) keys[i] = 5;
        mgpu_range ra = test_upload(MGPU_TYPE_U32, keys, cases[c].an);
        for (uint32_t i = 0; i < cases[c].b_other; ++i) keys[cases[c].bn + i] = 6;
        uint32_t bn = cases[c].bn + cases[c].b_other;
        mgpu_range rb = test_upload(MGPU_TYPE_U32, keys, bn);
        mgpu_range oa = join_alloc_sentinel(64 * 4), ob = join_alloc_sentinel(64 * 4), rc = join_alloc_sentinel(16);
        mgpu_join_info info = {.key_type = MGPU_TYPE_U32,
                               .kind = cases[c].kind,
                               .a_count = cases[c].an,
                               .b_count = bn,
                               .a_keys = ra,
                               .b_keys = rb,
                               .a_indices = oa,
                               .b_indices = ob,
                               .capacity = 64,
                               .row_count = mgpu_range_slice(rc, 0, 4)};
        bool over = cases[c].rows > 0x7fffffffu;
        uint32_t want = over ? MGPU_JOIN_OVERFLOW : (uint32_t)cases[c].rows, got = 0, device[2] = {0, 0};
        CHECK_RESULT_IN(ctx, mgpu_join_count(ctx, &info, &got), over ? MGPU_ERROR_INVALID_ARGUMENT : MGPU_SUCCESS);
        CHECK_OK(mgpu_buffer_download(ctx, rc, device, 4));
        CHECK(got == want && device[0] == want, "join count of %llu rows: %u (device %u), expected %u",
              (unsigned long long)cases[c].rows, got, device[0], want);
        /* The recorded join: the count (or the overflow), and no row past 2^31-1 rows. */
        info.row_count = mgpu_range_slice(rc, 4, 4);
        mgpu_requirements req;
        CHECK_OK(mgpu_join_get_requirements(ctx, &info, &req));
        mgpu_range scratch;
        CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_join(ctx, cmd, &info, scratch));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        mgpu_buffer_free(ctx, scratch);
        CHECK_OK(mgpu_buffer_download(ctx, rc, device, 8));
        CHECK(device[1] == want, "join of %llu rows recorded: row count %u, expected %u",
              (unsigned long long)cases[c].rows, device[1], want);
        if (over) {
            CHECK(join_untouched(oa, 0, 64 * 4) && join_untouched(ob, 0, 64 * 4), "a join of %llu rows wrote rows",
                  (unsigned long long)cases[c].rows);
            /* The blocking join: refused, nothing written. */
            info.row_count = mgpu_range_slice(rc, 8, 4);
            got = 0;
            CHECK_RESULT_IN(ctx, mgpu_join(ctx, &info, &got), MGPU_ERROR_INVALID_ARGUMENT);
            CHECK(got == MGPU_JOIN_OVERFLOW, "join of %llu rows: *rows %u", (unsigned long long)cases[c].rows, got);
            CHECK(join_untouched(oa, 0, 64 * 4) && join_untouched(ob, 0, 64 * 4) && join_untouched(rc, 8, 16),
                  "a refused join of %llu rows wrote", (unsigned long long)cases[c].rows);
        } else {
            int32_t *got_a = test_download(MGPU_TYPE_I32, oa, 64), *got_b = test_download(MGPU_TYPE_I32, ob, 64);
            bool ok = true;
            for (int32_t r = 0; r < 64; ++r) ok = ok && got_a[r] == r / 65536 && got_b[r] == r % 65536;
            CHECK(ok, "join of %llu rows recorded: its first 64 rows", (unsigned long long)cases[c].rows);
            free(got_a);
            free(got_b);
        }
        mgpu_range all[] = {ra, rb, oa, ob, rc};
        for (size_t i = 0; i < 5; ++i) mgpu_buffer_free(ctx, all[i]);
    }
    free(keys);
}

/* ---- misuse ---- */

static void join_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t n = 100;
    mgpu_range keys, out, small, count;
    CHECK_OK(mgpu_buffer_alloc(ctx, 2 * n * 8, &keys));
    CHECK_OK(mgpu_buffer_alloc(ctx, 2 * n * 4, &out));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &small));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &count));
    uint32_t k[200];
    for (uint32_t i = 0; i < 2 * n; ++i) k[i] = i / 3;
    CHECK_OK(mgpu_buffer_upload(ctx, keys, k, sizeof k));
    unsigned char sentinel[800];
    join_sentinel(sentinel, sizeof sentinel);
    CHECK_OK(mgpu_buffer_upload(ctx, out, sentinel, sizeof sentinel));
    CHECK_OK(mgpu_buffer_upload(ctx, count, sentinel, 16));
    mgpu_join_info good = {.key_type = MGPU_TYPE_U32,
                           .kind = MGPU_JOIN_OUTER,
                           .a_count = n,
                           .b_count = n,
                           .a_keys = mgpu_range_slice(keys, 0, n * 4),
                           .b_keys = mgpu_range_slice(keys, n * 4, n * 4),
                           .a_indices = mgpu_range_slice(out, 0, n * 4),
                           .b_indices = mgpu_range_slice(out, n * 4, n * 4),
                           .capacity = n,
                           .row_count = count};
    mgpu_join_info bad;
    mgpu_requirements req;
    uint32_t rows;
    int dummy;
    /* checked by both the count's and the join's calls; get_requirements answers from sizes alone: it refuses the
     * faults of scalar fields (req_code: code) and not those of ranges (_RANGE: MGPU_SUCCESS) */
#define JOIN_BAD_BOTH_REQ(field_change, code, req_code)                                    \
    do {                                                                                   \
        bad = good;                                                                        \
        field_change;                                                                      \
        CHECK_RESULT_IN(ctx, mgpu_join_count(ctx, &bad, &rows), code);                     \
        CHECK_RESULT_IN(ctx, mgpu_join_count_get_requirements(ctx, &bad, &req), req_code); \
        CHECK_RESULT_IN(ctx, mgpu_join(ctx, &bad, &rows), code);                           \
        CHECK_RESULT_IN(ctx, mgpu_join_get_requirements(ctx, &bad, &req), req_code);       \
    } while (0)
#define JOIN_BAD_BOTH(field_change, code)       JOIN_BAD_BOTH_REQ(field_change, code, code)
#define JOIN_BAD_BOTH_RANGE(field_change, code) JOIN_BAD_BOTH_REQ(field_change, code, MGPU_SUCCESS)
    /* checked by the join's calls only (the count ignores the outputs and the capacity) */
#define JOIN_BAD_REQ(field_change, code, req_code)                                   \
    do {                                                                             \
        bad = good;                                                                  \
        field_change;                                                                \
        CHECK_RESULT_IN(ctx, mgpu_join(ctx, &bad, &rows), code);                     \
        CHECK_RESULT_IN(ctx, mgpu_join_get_requirements(ctx, &bad, &req), req_code); \
        CHECK_OK_IN(ctx, mgpu_join_count_get_requirements(ctx, &bad, &req));         \
    } while (0)
#define JOIN_BAD(field_change, code)       JOIN_BAD_REQ(field_change, code, code)
#define JOIN_BAD_RANGE(field_change, code) JOIN_BAD_REQ(field_change, code, MGPU_SUCCESS)
    JOIN_BAD_BOTH(bad.next = &dummy, MGPU_ERROR_INVALID_ARGUMENT);
    JOIN_BAD_BOTH(bad.key_type = (mgpu_type)42, MGPU_ERROR_INVALID_ARGUMENT);
    JOIN_BAD_BOTH(bad.kind = (mgpu_join_kind)4, MGPU_ERROR_INVALID_ARGUMENT);
    JOIN_BAD_BOTH((bad.a_count = 0x7fffffffu, bad.b_count = 1), MGPU_ERROR_INVALID_ARGUMENT);
    JOIN_BAD_BOTH_RANGE(bad.a_count = n + 1, MGPU_ERROR_RANGE_TOO_SMALL);
    JOIN_BAD_BOTH_RANGE(bad.b_keys = small, MGPU_ERROR_RANGE_TOO_SMALL);
    JOIN_BAD_BOTH_RANGE(
        (bad.key_type = MGPU_TYPE_U64, bad.a_count = n / 2 - 1, bad.a_keys = mgpu_range_slice(keys, 4, n * 4)),
        MGPU_ERROR_MISALIGNED);
    JOIN_BAD_BOTH_RANGE(bad.a_keys.buffer = VK_NULL_HANDLE, MGPU_ERROR_INVALID_ARGUMENT);
    JOIN_BAD_BOTH_RANGE((bad.b_keys.id = 0, bad.b_keys.offset = 1u << 30),
                        MGPU_ERROR_INVALID_ARGUMENT); /* not vouched */
    JOIN_BAD_BOTH_RANGE(bad.row_count = mgpu_range_slice(count, 2, 4), MGPU_ERROR_MISALIGNED);
    JOIN_BAD_BOTH_RANGE(bad.row_count = mgpu_range_slice(count, 0, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    JOIN_BAD_BOTH_RANGE(bad.row_count = mgpu_range_slice(keys, 8, 4),
                        MGPU_ERROR_INVALID_ARGUMENT);                                         /* overlaps a_keys */
    JOIN_BAD_RANGE(bad.row_count = mgpu_range_slice(out, 8, 4), MGPU_ERROR_INVALID_ARGUMENT); /* overlaps a_indices */
    JOIN_BAD(bad.capacity = 0x7fffffffu - 2 * n + 1, MGPU_ERROR_INVALID_ARGUMENT);
    JOIN_BAD_RANGE(bad.capacity = n + 1, MGPU_ERROR_RANGE_TOO_SMALL);
    JOIN_BAD_RANGE(bad.b_indices = mgpu_range_slice(out, 2, n * 4), MGPU_ERROR_MISALIGNED);
    JOIN_BAD_RANGE(bad.b_indices = bad.a_indices, MGPU_ERROR_INVALID_ARGUMENT);
    JOIN_BAD_RANGE(bad.a_indices = mgpu_range_slice(keys, 0, n * 4), MGPU_ERROR_INVALID_ARGUMENT); /* overlaps a_keys */
    JOIN_BAD_RANGE(bad.b_indices.buffer = VK_NULL_HANDLE, MGPU_ERROR_INVALID_ARGUMENT);
#undef JOIN_BAD_BOTH_REQ
#undef JOIN_BAD_BOTH
#undef JOIN_BAD_BOTH_RANGE
#undef JOIN_BAD_REQ
#undef JOIN_BAD
#undef JOIN_BAD_RANGE
    CHECK_RESULT(mgpu_join(NULL, &good, &rows), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_join_count(NULL, &good, &rows), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_join(ctx, NULL, &rows), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_join_count(ctx, NULL, &rows), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_join_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_join_count_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* A sorted search tile that fits the sorted search but not the join's search; the same tile as the merge's
     * leaves the join alone (its search takes the sorted search's second shape, values_nt x values_vt). */
    mgpu_device_info dev;
    mgpu_context_get_device_info(ctx, &dev);
    uint32_t vt = dev.shared_memory_bytes / (256 * 8);
    mgpu_tuning big = {.nt = 256, .vt = vt};
    if (vt >= 1 && vt <= 32 && dev.max_workgroup_size >= 256 &&
        mgpu_context_set_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_BIT(MGPU_TYPE_U32), &big) == MGPU_SUCCESS) {
        CHECK_RESULT_IN(ctx, mgpu_join(ctx, &good, &rows), MGPU_ERROR_UNSUPPORTED);
        CHECK_RESULT_IN(ctx, mgpu_join_count_get_requirements(ctx, &good, &req), MGPU_ERROR_UNSUPPORTED);
        CHECK(strstr(mgpu_context_last_error(ctx), "sorted search tile") != NULL, "the last error names the tile: %s",
              mgpu_context_last_error(ctx));
        /* The join's tile is the sorted search's second shape: too big there alone, the join is refused; too big
         * in the first shape alone, the join runs. */
        mgpu_tuning big_join = {.values_nt = 256, .values_vt = vt}, big_search = {.nt = 256, .vt = vt, .values_nt = 64};
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_BIT(MGPU_TYPE_U32), &big_join));
        CHECK_RESULT_IN(ctx, mgpu_join_count_get_requirements(ctx, &good, &req), MGPU_ERROR_UNSUPPORTED);
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_BIT(MGPU_TYPE_U32), &big_search));
        CHECK_OK(mgpu_join_count_get_requirements(ctx, &good, &req));
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_MASK_ALL, NULL));
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGE, MGPU_TYPE_BIT(MGPU_TYPE_U32), &big));
        CHECK_OK(mgpu_join_count_get_requirements(ctx, &good, &req));
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL, NULL));
    }
    /* The recording tier: a null cmd, row_count missing, too little scratch, scratch overlapping an output. */
    mgpu_requirements count_req;
    CHECK_OK(mgpu_join_get_requirements(ctx, &good, &req));
    CHECK_OK(mgpu_join_count_get_requirements(ctx, &good, &count_req));
    CHECK(req.scratch_size > count_req.scratch_size && count_req.scratch_size > 0, "join requirements %llu, %llu",
          (unsigned long long)req.scratch_size, (unsigned long long)count_req.scratch_size);
    mgpu_range scratch;
    CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size + 16, &scratch));
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_RESULT_IN(ctx, mgpu_cmd_join(ctx, VK_NULL_HANDLE, &good, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_join_count(ctx, VK_NULL_HANDLE, &good, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.row_count = (mgpu_range){0};
    CHECK_RESULT_IN(ctx, mgpu_cmd_join(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_join_count(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_join(ctx, cmd, &good, mgpu_range_slice(scratch, 0, req.scratch_size - 16)),
                    MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT_IN(ctx,
                    mgpu_cmd_join_count(ctx, cmd, &good, mgpu_range_slice(scratch, 0, count_req.scratch_size - 16)),
                    MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT_IN(ctx, mgpu_cmd_join(ctx, cmd, &good, mgpu_range_slice(scratch, 4, req.scratch_size)),
                    MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.row_count = mgpu_range_slice(scratch, 0, 4); /* the scratch holds an output */
    CHECK_RESULT_IN(ctx, mgpu_cmd_join(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_join_count(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.next = &dummy;
    CHECK_RESULT_IN(ctx, mgpu_cmd_join(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_join_count(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK(join_untouched(out, 0, sizeof sentinel) && join_untouched(count, 0, 16), "a rejected join wrote");
    /* Right: keys i / 3 against themselves, recorded with the caller's scratch. */
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_OK(mgpu_cmd_join(ctx, cmd, &good, scratch));
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    uint32_t device = 0;
    CHECK_OK(mgpu_buffer_download(ctx, count, &device, 4));
    uint32_t a_keys[100], b_keys[100];
    for (uint32_t i = 0; i < n; ++i) {
        a_keys[i] = i / 3;
        b_keys[i] = (n + i) / 3;
    }
    uint64_t want = ref_join(MGPU_TYPE_U32, MGPU_JOIN_OUTER, false, a_keys, n, b_keys, n, NULL, NULL, 0);
    CHECK(device == want, "join recorded: %u rows, expected %llu", device, (unsigned long long)want);
    mgpu_range all[] = {keys, out, small, count, scratch};
    for (size_t i = 0; i < 5; ++i) mgpu_buffer_free(ctx, all[i]);
}

/* One tuning's covering design: every type, kinds and orders rotated, a few sizes and shapes. */
static void join_cover(unsigned rotation) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t tile = join_tile(type);
        mgpu_join_kind kind = (mgpu_join_kind)(((unsigned)t + rotation) % 4);
        bool descending = ((unsigned)t + rotation / 2) % 2;
        size_t sizes[][2] = {{tile + 1, tile - 1}, {9 * (size_t)tile + 3, 5 * (size_t)tile}, {2, 3 * (size_t)tile}};
        for (size_t s = 0; s < 3; ++s) {
            join_shape shape = (join_shape)(((unsigned)t + rotation + s) % JOIN_SHAPE_COUNT);
            if (!join_shape_fits(shape, sizes[s][0], sizes[s][1])) shape = JOIN_RUNS;
            if (join_run(type, kind, descending, shape, sizes[s][0], sizes[s][1], (join_tier)((s + rotation) % 2),
                         shape_names[shape]))
                break;
        }
    }
}

void test_join(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (int k = 0; k < 4; ++k)
            for (int d = 0; d < 2; ++d) join_sweep((mgpu_type)t, (mgpu_join_kind)k, d, (unsigned)(t + 2 * k + d));
    join_special_floats();
    join_capacity();
    join_overflow();
    join_misuse();
    /* The other paths, forced: searches and sums without subgroups, other tiles for the search and the rows, a
     * few workgroups looping over tiles. */
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    static const mgpu_tuning tunings[][2] = {/* the sorted search's (the join's search: values_nt x values_vt, which
                                                follow nt x vt unless set), the load-balancing search's (rows) */
                                             {{.subgroup = MGPU_SWITCH_OFF}, {.subgroup = MGPU_SWITCH_OFF}},
                                             {{.subgroup = MGPU_SWITCH_ON, .groups = 3}, {.groups = 2}},
                                             {{.nt = 32, .vt = 1}, {.nt = 32, .vt = 1, .subgroup = MGPU_SWITCH_ON}},
                                             {{.nt = 128, .vt = 3, .subgroup = MGPU_SWITCH_ON}, {.nt = 256, .vt = 5}},
                                             {{.nt = 64, .vt = 17}, {.nt = 32, .vt = 11, .groups = 1}},
                                             {{.nt = 128, .vt = 9, .values_nt = 32, .values_vt = 5}, {0}}};
    for (size_t p = 0; p < sizeof tunings / sizeof tunings[0]; ++p) {
        mgpu_tuning search = tunings[p][0], rows = tunings[p][1];
        if (search.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) search.subgroup = MGPU_SWITCH_AUTO;
        if (rows.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) rows.subgroup = MGPU_SWITCH_AUTO;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_MASK_ALL, &search));
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_MASK_ALL, &rows));
        join_cover((unsigned)p);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_MASK_ALL, NULL));
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_MASK_ALL, NULL));
}

/* ---- the mgpuvk subcommand ---- */

void test_join_cli(void) {
    if (!test_cli_begin("join_cli")) return;
    char args[4096], out[4096], err[4096];
    char a_npy[600], b_npy[600], ai_npy[600], bi_npy[600], bad_npy[600];
    test_cli_path(a_npy, sizeof a_npy, "a.npy");
    test_cli_path(b_npy, sizeof b_npy, "b.npy");
    test_cli_path(ai_npy, sizeof ai_npy, "ai.npy");
    test_cli_path(bi_npy, sizeof bi_npy, "bi.npy");
    test_cli_path(bad_npy, sizeof bad_npy, "bad.npy");
    /* Every type, every kind (rotated), both orders, empty inputs among them. */
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (int k = 0; k < 2; ++k) {
            mgpu_type type = (mgpu_type)t;
            mgpu_join_kind kind = (mgpu_join_kind)((t + 2 * k) % 4);
            bool descending = (t + k) % 2;
            size_t an = t == 1 && k ? 0 : 1 + test_random_below(2000),
                   bn = t == 2 && k ? 0 : 1 + test_random_below(2000);
            char *a = malloc(an * 8 + 8), *b = malloc(bn * 8 + 8);
            join_keys(type, JOIN_DUPLICATES, descending, 0, a, an, 64);
            join_keys(type, JOIN_DUPLICATES, descending, 1, b, bn, 64);
            test_cli_write(a_npy, type, a, an);
            test_cli_write(b_npy, type, b, bn);
            uint64_t rows = ref_join(type, kind, descending, a, an, b, bn, NULL, NULL, 0);
            int32_t *want_a = malloc(rows * 4 + 4), *want_b = malloc(rows * 4 + 4);
            ref_join(type, kind, descending, a, an, b, bn, want_a, want_b, rows);
            snprintf(args, sizeof args, "join '%s' '%s' --kind %s -o '%s' --b-out '%s'%s", a_npy, b_npy,
                     join_kinds[kind], ai_npy, bi_npy, descending ? " --descending" : "");
            remove(ai_npy);
            remove(bi_npy);
            int code = test_cli_run(args, out, sizeof out, err, sizeof err);
            CHECK(code == 0 && strtoull(out, NULL, 10) == rows, "mgpuvk %s -> %d, printed %s (%llu rows): %s", args,
                  code, out, (unsigned long long)rows, err);
            test_cli_expect(ai_npy, MGPU_TYPE_I32, want_a, rows, "join A indices");
            test_cli_expect(bi_npy, MGPU_TYPE_I32, want_b, rows, "join B indices");
            free(a);
            free(b);
            free(want_a);
            free(want_b);
        }
    /* An output may replace an input: the inputs are read first. */
    int32_t small_a[4] = {1, 2, 2, 5}, small_b[3] = {2, 5, 6}, want_a[4] = {1, 2, 3, -1}, want_b[4] = {0, 0, 1, 2};
    test_cli_write(a_npy, MGPU_TYPE_I32, small_a, 4);
    test_cli_write(b_npy, MGPU_TYPE_I32, small_b, 3);
    snprintf(args, sizeof args, "join '%s' '%s' --kind right -o '%s' --b-out '%s'", a_npy, b_npy, a_npy, b_npy);
    int code = test_cli_run(args, out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strtoull(out, NULL, 10) == 4, "mgpuvk %s -> %d, printed %s: %s", args, code, out, err);
    test_cli_expect(a_npy, MGPU_TYPE_I32, want_a, 4, "join in place, A indices");
    test_cli_expect(b_npy, MGPU_TYPE_I32, want_b, 4, "join in place, B indices");
    /* Bad input: unsorted (for the order given), different dtypes, a bad or missing --kind, missing outputs, two
     * outputs in one file, a missing file, more than 2^31-1 rows. */
    int32_t unsorted[3] = {3, 1, 2};
    float floats[3] = {1, 2, 3};
    test_cli_write(a_npy, MGPU_TYPE_I32, small_a, 4);
    test_cli_write(b_npy, MGPU_TYPE_I32, small_b, 3);
    test_cli_write(bad_npy, MGPU_TYPE_I32, unsorted, 3);
    const char *bad_args[][2] = {{bad_npy, b_npy}, {a_npy, bad_npy}};
    for (int i = 0; i < 2; ++i) {
        snprintf(args, sizeof args, "join '%s' '%s' --kind inner -o '%s' --b-out '%s'", bad_args[i][0], bad_args[i][1],
                 ai_npy, bi_npy);
        test_cli_rejected(args, ai_npy, bi_npy, NULL);
    }
    snprintf(args, sizeof args, "join '%s' '%s' --kind left -o '%s' --b-out '%s' --descending", a_npy, b_npy, ai_npy,
             bi_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL); /* ascending arrays, descending order */
    test_cli_write(bad_npy, MGPU_TYPE_F32, floats, 3);
    snprintf(args, sizeof args, "join '%s' '%s' --kind outer -o '%s' --b-out '%s'", a_npy, bad_npy, ai_npy, bi_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL);
    snprintf(args, sizeof args, "join '%s' '%s' --kind full -o '%s' --b-out '%s'", a_npy, b_npy, ai_npy, bi_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL);
    snprintf(args, sizeof args, "join '%s' '%s' -o '%s' --b-out '%s'", a_npy, b_npy, ai_npy, bi_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL);
    snprintf(args, sizeof args, "join '%s' '%s' --kind inner -o '%s'", a_npy, b_npy, ai_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL);
    snprintf(args, sizeof args, "join '%s' '%s' --kind inner --b-out '%s'", a_npy, b_npy, bi_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL);
    snprintf(args, sizeof args, "join '%s' --kind inner -o '%s' --b-out '%s'", a_npy, ai_npy, bi_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL);
    snprintf(args, sizeof args, "join '%s' '%s' --kind inner -o '%s' --b-out '%s'", a_npy, b_npy, ai_npy, ai_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL);
    snprintf(args, sizeof args, "join '%s/missing.npy' '%s' --kind inner -o '%s' --b-out '%s'", test_cli_dir(), b_npy,
             ai_npy, bi_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL);
    uint32_t *equal = malloc(65536 * 4);
    for (size_t i = 0; i < 65536; ++i) equal[i] = 9;
    test_cli_write(a_npy, MGPU_TYPE_U32, equal, 65536);
    test_cli_write(b_npy, MGPU_TYPE_U32, equal, 32768);
    snprintf(args, sizeof args, "join '%s' '%s' --kind inner -o '%s' --b-out '%s'", a_npy, b_npy, ai_npy, bi_npy);
    test_cli_rejected(args, ai_npy, bi_npy, NULL); /* 2^31 rows */
    free(equal);
    /* --help */
    code = test_cli_run("join --help", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && !strncmp(out, "usage: mgpuvk join", 18) && strstr(out, "--kind"),
          "mgpuvk join --help -> %d: %s%s", code, out, err);
    code = test_cli_run("--help", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strstr(out, "join A.npy B.npy --kind"), "mgpuvk --help lists the join: %s", out);
    test_cli_end();
}
