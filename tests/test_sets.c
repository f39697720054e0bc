/* Multiset operations against the CPU reference (tests/ref/ref_sets.h: the C++ standard's serial loops).
 *   sweep: every type x op x order, keys and pairs (the value widths 0, 4 and 8 rotated over the ops, so that each
 *     type and each op meets all three), sizes across the tile boundaries (empty A or B, 1, tile-1, tile, tile+1,
 *     odd, many tiles) and keys with few or many duplicates on both sides; every output key compared by its bits
 *     and every value against the value of the element the standard takes (A's values and B's are all distinct,
 *     so a value from the wrong element shows); the count on the host and in device memory; the capacity given
 *     exact, with room to spare, or the largest possible result (the blocking call's two paths); nothing written
 *     past the count.
 *   shapes: all keys equal (many copies in A and B, different counts), no key shared, long runs of a few keys in
 *     both (runs of equal keys cut by tiles and threads, and reaching past a tile's halo), NaN, -NaN, -0.0, +0.0 and
 *     the infinities as keys (different bits are different keys).
 *   capacity: the blocking refusal (MGPU_ERROR_RANGE_TOO_SMALL, the count returned, outputs and out_count keep
 *     their sentinel bytes); the recorded form with a capacity below the count (the first outputs written, nothing
 *     past the capacity, the true count recorded); the recorded count; no elements.
 *   broken preconditions: unsorted A and B give some result and write nothing past the capacity.
 *   misuse: the specific result code of each bad argument, in every tier, with nothing written.
 *   tunings: other NT/VT, shared-memory and subgroup sums, a few workgroups looping over tiles, values on a tile of
 *     their own: a covering design.
 *   sampled: the partitions through a sample array (large inputs), forced by a small tile on ~290k elements.
 *   sets_lookback: the one-pass operation (decoupled look-back), forced on where the device's default is the
 *     count, scan and write (lavapipe, one thread: see tests/families.def): the covering design and the capacity
 *     cases under six tunings. Where the look-back is the default (GPUs), the sets entry runs it throughout.
 *   sets_cli: `mgpuvk set` against the reference, and bad input (exit 2, one line, no file).
 */
#include "common.h"
#include "ref/ref_sets.h"

#include <math.h>
#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(sets, "")
MGPU_TEST_FAMILY(sets_lookback, "one_thread")
MGPU_TEST_FAMILY(sets_cli, "cli")

#define SET_GUARD 40 /* elements past an output's capacity that must keep their sentinel bytes */

static const char *const set_names[4] = {"intersection", "union", "difference", "symdiff"};

/* Bytes that no result has: outputs are filled with them first, so an element written where none belongs shows. */
static void set_sentinel(void *data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) ((unsigned char *)data)[i] = (unsigned char)(0xa5 ^ (i * 13));
}

static mgpu_range set_alloc_sentinel(size_t bytes) {
    mgpu_range r = {0};
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, bytes ? bytes : 16, &r));
    void *s = malloc(bytes ? bytes : 16);
    set_sentinel(s, bytes ? bytes : 16);
    CHECK_OK(mgpu_buffer_upload(g_test.ctx, r, s, bytes ? bytes : 16));
    free(s);
    return r;
}

/* The bytes of range equal the sentinel's from byte `from` to `to`. */
static bool set_untouched(mgpu_range range, size_t from, size_t to) {
    if (to <= from) return true;
    unsigned char *got = malloc(to), *want = malloc(to);
    CHECK_OK(mgpu_buffer_download(g_test.ctx, range, got, to));
    set_sentinel(want, to);
    bool same = memcmp(got + from, want + from, to - from) == 0;
    free(got);
    free(want);
    return same;
}

/* Values that name their element: A's element i has i, B's element j has 0x40000000 + j (64-bit: the high word
 * tells A's, 0xa, from B's, 0xb). */
static void *set_values(size_t value_size, size_t n, bool b) {
    char *v = malloc(n * 8 + 8);
    for (size_t i = 0; i < n; ++i) {
        if (value_size == 4) {
            uint32_t x = (uint32_t)i + (b ? 0x40000000u : 0u);
            memcpy(v + i * 4, &x, 4);
        } else {
            uint64_t x = (uint64_t)i | ((b ? 0xbull : 0xaull) << 60);
            memcpy(v + i * 8, &x, 8);
        }
    }
    return v;
}

typedef struct set_case {
    mgpu_type type;
    mgpu_set_op op;
    bool descending;
    uint32_t value_size;
    const void *a, *b;
    size_t an, bn;
    const char *what;
} set_case;

static uint64_t set_bound(mgpu_set_op op, size_t an, size_t bn) {
    return op == MGPU_SET_INTERSECTION ? (an < bn ? an : bn) : op == MGPU_SET_DIFFERENCE ? an : an + bn;
}

/* Runs the operation (and the count) of c on the device with the blocking calls and compares with the reference.
 * Returns the failures. */
static uint64_t set_run(const set_case *c) {
    uint64_t before = g_test.failures;
    size_t ks = mgpu_type_size(c->type), vs = c->value_size, total = c->an + c->bn;
    void *va = set_values(vs ? vs : 4, c->an, false), *vb = set_values(vs ? vs : 4, c->bn, true);
    char *want = malloc(total * ks + 8), *want_values = malloc(total * 8 + 8);
    size_t k =
        ref_set_operation(c->type, c->op, c->descending, vs, c->a, va, c->an, c->b, vb, c->bn, want, want_values, NULL);
    /* The capacity: exact, with room to spare, or the largest possible result. */
    uint32_t pick = test_random_below(3);
    size_t capacity = pick == 0 ? k : pick == 1 ? k + 1 + test_random_below(5) : (size_t)set_bound(c->op, c->an, c->bn);
    if (capacity < k) capacity = k;
    mgpu_type value_type = vs == 8 ? MGPU_TYPE_U64 : MGPU_TYPE_U32;
    mgpu_range ra = test_upload(c->type, c->a, c->an), rb = test_upload(c->type, c->b, c->bn);
    mgpu_range rva = test_upload(value_type, va, vs ? c->an : 0), rvb = test_upload(value_type, vb, vs ? c->bn : 0);
    mgpu_range rk = set_alloc_sentinel((capacity + SET_GUARD) * ks),
               rv = set_alloc_sentinel((capacity + SET_GUARD) * 8);
    mgpu_range rc = set_alloc_sentinel(16);
    bool device_count = test_random_below(2);
    mgpu_set_info info = {.key_type = c->type,
                          .op = c->op,
                          .descending = c->descending,
                          .value_size = c->value_size,
                          .a_count = (uint32_t)c->an,
                          .b_count = (uint32_t)c->bn,
                          .a_keys = ra,
                          .b_keys = rb,
                          .a_values = rva,
                          .b_values = rvb,
                          .out_keys = mgpu_range_slice(rk, 0, capacity * ks),
                          .out_values = mgpu_range_slice(rv, 0, capacity * (vs ? vs : 4)),
                          .capacity = (uint32_t)capacity,
                          .out_count = device_count ? mgpu_range_slice(rc, 0, 4) : (mgpu_range){0}};
    uint32_t n = 0xdeadbeef, counted = 0xdeadbeef;
    CHECK_OK(mgpu_set_operation(g_test.ctx, &info, &n));
    CHECK_OK(mgpu_set_count(g_test.ctx, &info, &counted));
    CHECK(n == k && counted == k, "set %s %s%s %s an=%zu bn=%zu vs=%zu: %u outputs (counted %u), expected %zu",
          set_names[c->op], mgpu_type_name(c->type), c->descending ? " descending" : "", c->what, c->an, c->bn, vs, n,
          counted, k);
    if (device_count) {
        uint32_t device = 0;
        CHECK_OK(mgpu_buffer_download(g_test.ctx, rc, &device, 4));
        CHECK(device == k, "set %s: device count %u, expected %zu", set_names[c->op], device, k);
    }
    char *got = test_download(c->type, rk, k), *got_values = test_download(MGPU_TYPE_U32, rv, k * vs / 4);
    for (size_t i = 0; i < k; ++i)
        if (memcmp(got + i * ks, want + i * ks, ks) != 0 ||
            (vs && memcmp(got_values + i * vs, want_values + i * vs, vs) != 0)) {
            char x[64], y[64];
            ref_format(c->type, ref_get(c->type, got, i), x, sizeof x);
            ref_format(c->type, ref_get(c->type, want, i), y, sizeof y);
            CHECK(false, "set %s %s%s %s an=%zu bn=%zu vs=%zu (tile %u): output %zu of %zu = %s, expected %s%s",
                  set_names[c->op], mgpu_type_name(c->type), c->descending ? " descending" : "", c->what, c->an, c->bn,
                  vs, test_tile(MGPU_PRIM_SETS, c->type), i, k, x, y,
                  memcmp(got + i * ks, want + i * ks, ks) == 0 ? " (its value differs)" : "");
            break;
        }
    CHECK(set_untouched(rk, k * ks, (capacity + SET_GUARD) * ks) &&
              set_untouched(rv, k * (vs ? vs : 8), (capacity + SET_GUARD) * 8),
          "set %s %s %s: written past the %zu outputs", set_names[c->op], mgpu_type_name(c->type), c->what, k);
    mgpu_range all[] = {ra, rb, rva, rvb, rk, rv, rc};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) mgpu_buffer_free(g_test.ctx, all[i]);
    free(got);
    free(got_values);
    free(want);
    free(want_values);
    free(va);
    free(vb);
    return g_test.failures - before;
}

/* The value width of (type, op) in the sweep: 0, 4 and 8 rotated, so that every type and every op meets all. */
static uint32_t set_width(int type, int op, int order) {
    static const uint32_t widths[3] = {0, 4, 8};
    return widths[(type + op + order) % 3];
}

/* Sorted keys of type (both orders) over a range of `distinct`: few distinct keys, many copies of each. */
static void *set_keys(mgpu_type type, bool descending, size_t n, int distinct) {
    void *k = malloc(n * 8 + 8);
    sorted_keys(type, descending, k, n, distinct);
    return k;
}

/* One type, op and order over sizes across the tile boundaries, with duplicates few and many. */
static void set_sweep(mgpu_type type, mgpu_set_op op, bool descending, uint32_t value_size) {
    size_t tile = test_tile(MGPU_PRIM_SETS, type);
    size_t sizes[][2] = {{0, 0},
                         {0, 5},
                         {7, 0},
                         {1, 1},
                         {tile - 1, 1},
                         {tile / 2, tile - tile / 2},
                         {tile / 2 + 1, tile / 2},
                         {tile, tile + 1},
                         {2 * tile + 3, tile - 1},
                         {1 + test_random_below(3 * (uint32_t)tile), 1 + test_random_below(3 * (uint32_t)tile)},
                         {1 + test_random_below(20 * (uint32_t)tile), 1 + test_random_below(20 * (uint32_t)tile)}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        size_t an = sizes[s][0], bn = sizes[s][1];
        int distinct = s % 3 == 0 ? 2 : s % 3 == 1 ? (int)(an + bn) / 4 + 1 : 10 * (int)(an + bn) + 10;
        void *a = set_keys(type, descending, an, distinct), *b = set_keys(type, descending, bn, distinct);
        set_case c = {type, op, descending, value_size, a, b, an, bn, "sweep"};
        uint64_t failed = set_run(&c);
        free(a);
        free(b);
        if (failed) return;
    }
}

/* Keys that are the integers values[0..n) (as the type has them), sorted in the order. */
static void *set_from_ints(mgpu_type type, bool descending, const int64_t *values, size_t n) {
    const ref_type_info *t = ref_type(type);
    char *k = malloc(n * 8 + 8), *sorted = malloc(n * 8 + 8);
    for (size_t i = 0; i < n; ++i) ref_set(type, k, i, t->from_int(values[i]));
    ref_sort(type, 0, descending, k, NULL, n, sorted, NULL, NULL);
    free(k);
    return sorted;
}

typedef enum set_shape { SET_EQUAL, SET_DISJOINT, SET_RUNS, SET_SPECIALS, SET_SHAPE_COUNT } set_shape;
static const char *const shape_names[SET_SHAPE_COUNT] = {"all keys equal", "no key shared", "long runs", "specials"};

/* Keys of a shape for A (b false) or B: *n receives their number. */
static void *set_shape_keys(mgpu_type type, bool descending, set_shape shape, bool b, size_t tile, size_t *n) {
    size_t cap = 8 * tile + 64;
    int64_t *v = malloc(cap * sizeof *v);
    size_t k = 0;
    switch (shape) {
        case SET_EQUAL: /* one key, many copies: A and B different counts across tiles */
            for (size_t m = b ? tile + 7 + test_random_below((uint32_t)tile) : 2 * tile + 3; k < m;) v[k++] = 5;
            break;
        case SET_DISJOINT: /* A the even numbers, B the odd ones */
            for (size_t m = tile + test_random_below((uint32_t)tile); k < m; ++k) v[k] = 2 * (int64_t)k + b;
            break;
        case SET_RUNS: /* four keys, each with up to 2 tiles of copies in A and in B */
            for (int64_t key = 0; key < 4; ++key)
                for (uint32_t m = test_random_below(2 * (uint32_t)tile + 1); m > 0; --m) v[k++] = key * 3;
            break;
        default: break;
    }
    void *keys = set_from_ints(type, descending, v, k);
    free(v);
    *n = k;
    return keys;
}

/* Float keys: -NaN, -inf, -1, -0.0, +0.0, 1, +inf, NaN and a NaN with other payload bits, in runs of a few copies
 * (integer types: their extremes and small values). */
static void *set_special_keys(mgpu_type type, bool descending, size_t n) {
    const ref_type_info *t = ref_type(type);
    mgpu_scalar specials[9] = {t->from_int(-1),  t->from_int(0),    t->from_int(1), t->from_int(2), t->from_int(-3),
                               t->extreme(true), t->extreme(false), t->from_int(7), t->from_int(-7)};
    if (t->is_float) {
        double d[8] = {-NAN, -INFINITY, -1, -0.0, 0.0, 1, INFINITY, NAN};
        for (int i = 0; i < 8; ++i) specials[i] = t->from_double(d[i]);
        if (t->size == 4)
            specials[8].u32 = 0x7fc00001u;
        else
            specials[8].u64 = 0x7ff8000000000001ull;
    }
    char *k = malloc(n * 8 + 8), *sorted = malloc(n * 8 + 8);
    for (size_t i = 0; i < n;) {
        mgpu_scalar key = specials[test_random_below(9)];
        for (uint32_t r = 1 + test_random_below(4); r > 0 && i < n; --r, ++i) ref_set(type, k, i, key);
    }
    ref_sort(type, 0, descending, k, NULL, n, sorted, NULL, NULL);
    free(k);
    return sorted;
}

static void set_shapes(mgpu_type type) {
    size_t tile = test_tile(MGPU_PRIM_SETS, type);
    for (int shape = 0; shape < SET_SHAPE_COUNT; ++shape)
        for (int op = 0; op < 4; ++op) {
            bool descending = (op + shape + (int)type) % 2;
            size_t an, bn;
            void *a, *b;
            if (shape == SET_SPECIALS) {
                an = 1 + test_random_below(3 * (uint32_t)tile);
                bn = 1 + test_random_below(3 * (uint32_t)tile);
                a = set_special_keys(type, descending, an);
                b = set_special_keys(type, descending, bn);
            } else {
                a = set_shape_keys(type, descending, (set_shape)shape, false, tile, &an);
                b = set_shape_keys(type, descending, (set_shape)shape, true, tile, &bn);
            }
            bool swap = shape == SET_EQUAL && op % 2; /* A with fewer copies than B, then more */
            set_case c = {type,
                          (mgpu_set_op)op,
                          descending,
                          set_width((int)type, op, descending),
                          swap ? b : a,
                          swap ? a : b,
                          swap ? bn : an,
                          swap ? an : bn,
                          shape_names[shape]};
            set_run(&c);
            free(a);
            free(b);
        }
}

/* ---- capacity, the recording tier, misuse ---- */

static void set_capacity(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_type type = MGPU_TYPE_I32;
    size_t tile = test_tile(MGPU_PRIM_SETS, type), an = 3 * tile + 11, bn = 2 * tile + 5;
    for (int op = 0; op < 4; ++op) {
        bool descending = op == 2;
        uint32_t vs = op % 2 ? 8 : 4;
        void *a = set_keys(type, descending, an, (int)tile / 2), *b = set_keys(type, descending, bn, (int)tile / 2);
        void *va = set_values(vs, an, false), *vb = set_values(vs, bn, true);
        char *want = malloc((an + bn) * 4), *want_values = malloc((an + bn) * 8);
        size_t k =
            ref_set_operation(type, (mgpu_set_op)op, descending, vs, a, va, an, b, vb, bn, want, want_values, NULL);
        mgpu_type vt = vs == 8 ? MGPU_TYPE_U64 : MGPU_TYPE_U32;
        mgpu_range ra = test_upload(type, a, an), rb = test_upload(type, b, bn), rva = test_upload(vt, va, an),
                   rvb = test_upload(vt, vb, bn);
        size_t room = k + SET_GUARD;
        mgpu_range rk = set_alloc_sentinel(room * 4), rv = set_alloc_sentinel(room * vs), rc = set_alloc_sentinel(16);
        mgpu_set_info info = {.key_type = type,
                              .op = (mgpu_set_op)op,
                              .descending = descending,
                              .value_size = vs,
                              .a_count = (uint32_t)an,
                              .b_count = (uint32_t)bn,
                              .a_keys = ra,
                              .b_keys = rb,
                              .a_values = rva,
                              .b_values = rvb,
                              .out_keys = rk,
                              .out_values = rv,
                              .capacity = (uint32_t)k - 1,
                              .out_count = mgpu_range_slice(rc, 0, 4)};
        /* Blocking: a capacity one short is refused, nothing written, the count returned. */
        uint32_t n = 0;
        CHECK_RESULT_IN(ctx, mgpu_set_operation(ctx, &info, &n), MGPU_ERROR_RANGE_TOO_SMALL);
        CHECK(n == k, "set %s refused: count %u, expected %zu", set_names[op], n, k);
        CHECK(set_untouched(rk, 0, room * 4) && set_untouched(rv, 0, room * vs) && set_untouched(rc, 0, 16),
              "set %s: a refused operation wrote", set_names[op]);
        /* Recorded: capacity half the count; the first outputs, nothing past the capacity, the true count. */
        info.capacity = (uint32_t)k / 2;
        mgpu_requirements req;
        CHECK_OK(mgpu_set_operation_get_requirements(ctx, &info, &req));
        mgpu_range scratch;
        CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_set_operation(ctx, cmd, &info, scratch));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        uint32_t device = 0;
        CHECK_OK(mgpu_buffer_download(ctx, rc, &device, 4));
        CHECK(device == k, "set %s recorded: count %u, expected %zu", set_names[op], device, k);
        char *got = test_download(type, rk, info.capacity), *got_values = test_download(vt, rv, info.capacity);
        CHECK(memcmp(got, want, info.capacity * 4) == 0 && memcmp(got_values, want_values, info.capacity * vs) == 0,
              "set %s recorded with capacity %u: outputs differ", set_names[op], info.capacity);
        CHECK(set_untouched(rk, info.capacity * 4, room * 4) && set_untouched(rv, info.capacity * vs, room * vs),
              "set %s recorded: written past the capacity %u", set_names[op], info.capacity);
        /* The recorded count. */
        CHECK_OK(mgpu_buffer_upload(ctx, rc, &(uint32_t){12345}, 4));
        CHECK_OK(mgpu_set_count_get_requirements(ctx, &info, &req));
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_set_count(ctx, cmd, &info, scratch));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        CHECK_OK(mgpu_buffer_download(ctx, rc, &device, 4));
        CHECK(device == k, "set %s recorded count %u, expected %zu", set_names[op], device, k);
        /* No elements: the count is 0, in every tier. */
        mgpu_set_info empty = info;
        empty.a_count = empty.b_count = 0;
        CHECK_OK(mgpu_set_count_get_requirements(ctx, &empty, &req));
        CHECK(req.scratch_size == 0, "no elements need no scratch");
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_set_operation(ctx, cmd, &empty, (mgpu_range){0}));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        CHECK_OK(mgpu_buffer_download(ctx, rc, &device, 4));
        CHECK(device == 0, "set %s of nothing recorded: count %u", set_names[op], device);
        n = 7;
        CHECK_OK(mgpu_set_operation(ctx, &empty, &n));
        CHECK(n == 0, "set %s of nothing: count %u", set_names[op], n);
        mgpu_range all[] = {ra, rb, rva, rvb, rk, rv, rc, scratch};
        for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) mgpu_buffer_free(ctx, all[i]);
        free(got);
        free(got_values);
        free(want);
        free(want_values);
        free(a);
        free(b);
        free(va);
        free(vb);
    }
}

/* Unsorted A and B (a broken precondition): some result, and nothing written past the capacity, blocking or
 * recorded with a capacity below the count. */
static void set_broken_inputs(void) {
    mgpu_context ctx = g_test.ctx;
    for (int t = 0; t < MGPU_TYPE_COUNT; t += 2) {
        mgpu_type type = (mgpu_type)t;
        size_t ks = mgpu_type_size(type), tile = test_tile(MGPU_PRIM_SETS, type);
        size_t an = 4 * tile + 3, bn = 3 * tile + 1, room = an + bn;
        char *a = malloc(an * 8), *b = malloc(bn * 8);
        test_keys(type, a, an, 50);
        test_keys(type, b, bn, 50);
        void *va = set_values(8, an, false), *vb = set_values(8, bn, true);
        mgpu_range ra = test_upload(type, a, an), rb = test_upload(type, b, bn);
        mgpu_range rva = test_upload(MGPU_TYPE_U64, va, an), rvb = test_upload(MGPU_TYPE_U64, vb, bn);
        mgpu_range rk = set_alloc_sentinel((room + SET_GUARD) * ks), rv = set_alloc_sentinel((room + SET_GUARD) * 8);
        mgpu_range rc = set_alloc_sentinel(16), scratch = {0};
        for (int op = 0; op < 4; ++op) {
            mgpu_set_info info = {.key_type = type,
                                  .op = (mgpu_set_op)op,
                                  .descending = op % 2,
                                  .value_size = 8,
                                  .a_count = (uint32_t)an,
                                  .b_count = (uint32_t)bn,
                                  .a_keys = ra,
                                  .b_keys = rb,
                                  .a_values = rva,
                                  .b_values = rvb,
                                  .out_keys = mgpu_range_slice(rk, 0, room * ks),
                                  .out_values = mgpu_range_slice(rv, 0, room * 8),
                                  .capacity = (uint32_t)room,
                                  .out_count = mgpu_range_slice(rc, 0, 4)};
            uint32_t n = 0;
            CHECK_OK(mgpu_set_operation(ctx, &info, &n));
            CHECK(n <= room, "set %s of unsorted input: %u outputs of %zu elements", set_names[op], n, room);
            info.capacity = (uint32_t)tile / 2;
            mgpu_requirements req;
            CHECK_OK(mgpu_set_operation_get_requirements(ctx, &info, &req));
            if (!scratch.buffer) CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
            VkCommandBuffer cmd;
            CHECK_OK(mgpu_commands_begin(ctx, &cmd));
            CHECK_OK(mgpu_cmd_set_operation(ctx, cmd, &info, scratch));
            CHECK_OK(mgpu_commands_submit(ctx, NULL));
        }
        CHECK(set_untouched(rk, room * ks, (room + SET_GUARD) * ks) &&
                  set_untouched(rv, room * 8, (room + SET_GUARD) * 8) && set_untouched(rc, 4, 16),
              "set %s of unsorted input wrote past its outputs", mgpu_type_name(type));
        mgpu_range all[] = {ra, rb, rva, rvb, rk, rv, rc, scratch};
        for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) mgpu_buffer_free(ctx, all[i]);
        free(a);
        free(b);
        free(va);
        free(vb);
    }
}

static void set_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t n = 100;
    mgpu_range a, b, va, vb, out, vout, count;
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 8, &a));
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 8, &b));
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 8, &va));
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 8, &vb));
    out = set_alloc_sentinel(2 * n * 8);
    vout = set_alloc_sentinel(2 * n * 8);
    count = set_alloc_sentinel(16);
    uint32_t keys[100];
    for (uint32_t i = 0; i < n; ++i) keys[i] = i;
    CHECK_OK(mgpu_buffer_upload(ctx, a, keys, sizeof keys));
    CHECK_OK(mgpu_buffer_upload(ctx, b, keys, sizeof keys));
    mgpu_set_info good = {.key_type = MGPU_TYPE_U32,
                          .op = MGPU_SET_UNION,
                          .value_size = 4,
                          .a_count = n,
                          .b_count = n,
                          .a_keys = a,
                          .b_keys = b,
                          .a_values = va,
                          .b_values = vb,
                          .out_keys = out,
                          .out_values = vout,
                          .capacity = 2 * n,
                          .out_count = mgpu_range_slice(count, 0, 4)};
    mgpu_set_info bad;
    mgpu_requirements req;
    uint32_t got = 77;
    int dummy;
    /* Faults of the operation alone (fields the counting calls do not read), then of both. */
    /* get_requirements answers from sizes alone: it refuses the faults of scalar fields (req_code: code) and not
     * those of ranges (_RANGE: MGPU_SUCCESS). */
#define SET_BAD_OP_REQ(change, code, req_code)                                                \
    do {                                                                                      \
        bad = good;                                                                           \
        change;                                                                               \
        CHECK_RESULT_IN(ctx, mgpu_set_operation(ctx, &bad, &got), code);                      \
        CHECK_RESULT_IN(ctx, mgpu_set_operation_get_requirements(ctx, &bad, &req), req_code); \
    } while (0)
#define SET_BAD_REQ(change, code, req_code)                                               \
    do {                                                                                  \
        SET_BAD_OP_REQ(change, code, req_code);                                           \
        CHECK_RESULT_IN(ctx, mgpu_set_count(ctx, &bad, &got), code);                      \
        CHECK_RESULT_IN(ctx, mgpu_set_count_get_requirements(ctx, &bad, &req), req_code); \
    } while (0)
#define SET_BAD_OP(change, code)       SET_BAD_OP_REQ(change, code, code)
#define SET_BAD_OP_RANGE(change, code) SET_BAD_OP_REQ(change, code, MGPU_SUCCESS)
#define SET_BAD(change, code)          SET_BAD_REQ(change, code, code)
#define SET_BAD_RANGE(change, code)    SET_BAD_REQ(change, code, MGPU_SUCCESS)
    SET_BAD(bad.next = &dummy, MGPU_ERROR_INVALID_ARGUMENT);
    SET_BAD(bad.key_type = (mgpu_type)42, MGPU_ERROR_INVALID_ARGUMENT);
    SET_BAD(bad.op = (mgpu_set_op)4, MGPU_ERROR_INVALID_ARGUMENT);
    SET_BAD(bad.a_count = 0x7fffffffu, MGPU_ERROR_INVALID_ARGUMENT); /* a_count + b_count > 2^31-1 */
    SET_BAD_RANGE(bad.a_count = 2 * n + 1, MGPU_ERROR_RANGE_TOO_SMALL);
    SET_BAD_RANGE(bad.b_keys = mgpu_range_slice(b, 0, 8), MGPU_ERROR_RANGE_TOO_SMALL);
    SET_BAD_RANGE((bad.key_type = MGPU_TYPE_U64, bad.a_count = n - 1, bad.a_keys = mgpu_range_slice(a, 4, n * 8 - 4)),
                  MGPU_ERROR_MISALIGNED);
    SET_BAD_RANGE(bad.a_keys.buffer = VK_NULL_HANDLE, MGPU_ERROR_INVALID_ARGUMENT);
    SET_BAD_RANGE((bad.b_keys.id = 0, bad.b_keys.offset = 1u << 30), MGPU_ERROR_INVALID_ARGUMENT); /* not vouched for */
    SET_BAD_RANGE(bad.out_count = mgpu_range_slice(count, 2, 4), MGPU_ERROR_MISALIGNED);
    SET_BAD_RANGE(bad.out_count = mgpu_range_slice(count, 0, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    SET_BAD_RANGE(bad.out_count = mgpu_range_slice(a, 0, 4), MGPU_ERROR_INVALID_ARGUMENT); /* overlaps a_keys */
    SET_BAD_OP(bad.value_size = 2, MGPU_ERROR_INVALID_ARGUMENT);
    SET_BAD_OP(bad.capacity = 0x80000000u, MGPU_ERROR_INVALID_ARGUMENT);
    SET_BAD_OP_RANGE(bad.capacity = 4 * n + 1, MGPU_ERROR_RANGE_TOO_SMALL);
    SET_BAD_OP_RANGE(bad.out_values = mgpu_range_slice(vout, 0, 2 * n * 4 - 4), MGPU_ERROR_RANGE_TOO_SMALL);
    SET_BAD_OP_RANGE(bad.a_values = mgpu_range_slice(va, 0, 16), MGPU_ERROR_RANGE_TOO_SMALL);
    SET_BAD_OP_RANGE(bad.out_keys = a, MGPU_ERROR_INVALID_ARGUMENT);                               /* an input */
    SET_BAD_OP_RANGE(bad.out_values = mgpu_range_slice(vb, 0, n * 4), MGPU_ERROR_RANGE_TOO_SMALL); /* before overlaps */
    SET_BAD_OP_RANGE((bad.capacity = n, bad.out_values = mgpu_range_slice(vb, 0, n * 4)), MGPU_ERROR_INVALID_ARGUMENT);
    SET_BAD_OP_RANGE(bad.out_values = out, MGPU_ERROR_INVALID_ARGUMENT); /* the other output */
    SET_BAD_OP_RANGE(bad.out_count = mgpu_range_slice(vout, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
#undef SET_BAD_OP_REQ
#undef SET_BAD_REQ
#undef SET_BAD_OP
#undef SET_BAD_OP_RANGE
#undef SET_BAD
#undef SET_BAD_RANGE
    CHECK(got == 77, "a refused call returned a count");
    CHECK_RESULT(mgpu_set_operation(NULL, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_set_operation(ctx, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_set_count(ctx, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_set_operation_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_set_count_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* A tile the device's shared memory cannot hold. */
    mgpu_device_info dev;
    mgpu_context_get_device_info(ctx, &dev);
    if (dev.max_workgroup_size >= 1024) {
        CHECK_OK(
            mgpu_context_set_tuning(ctx, MGPU_PRIM_SETS, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.nt = 1024, .vt = 32}));
        CHECK_RESULT_IN(ctx, mgpu_set_operation(ctx, &good, NULL), MGPU_ERROR_UNSUPPORTED);
        CHECK_RESULT_IN(ctx, mgpu_set_count(ctx, &good, NULL), MGPU_ERROR_UNSUPPORTED);
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SETS, MGPU_TYPE_MASK_ALL, NULL));
    }
    /* The recording tiers: a null cmd, no out_count, too little scratch, scratch that overlaps an output, next. */
    CHECK_OK(mgpu_set_operation_get_requirements(ctx, &good, &req));
    CHECK(req.scratch_size > 0 && req.scratch_alignment == 16, "set requirements");
    mgpu_range scratch;
    CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_operation(ctx, VK_NULL_HANDLE, &good, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_count(ctx, VK_NULL_HANDLE, &good, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.out_count = (mgpu_range){0};
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_operation(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_count(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_operation(ctx, cmd, &good, mgpu_range_slice(scratch, 0, req.scratch_size - 4)),
                    MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_count(ctx, cmd, &good, mgpu_range_slice(scratch, 0, req.scratch_size - 4)),
                    MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_operation(ctx, cmd, &good, mgpu_range_slice(out, 0, req.scratch_size)),
                    MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.next = &dummy;
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_operation(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_set_count(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK(set_untouched(out, 0, 2 * n * 8) && set_untouched(vout, 0, 2 * n * 8) && set_untouched(count, 0, 16),
          "a refused set call wrote its outputs");
    mgpu_range all[] = {a, b, va, vb, out, vout, count, scratch};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) mgpu_buffer_free(ctx, all[i]);
}

/* The partitions through a sample array (src/prims/sets.c: where they are one a thread): tiles of 32 elements, so
 * that ~290k elements take that path; few, some and many duplicates (runs of equal keys across sample windows). */
static void set_sampled(void) {
    mgpu_tuning t = {.nt = 32, .vt = 1};
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SETS, MGPU_TYPE_MASK_ALL, &t));
    static const struct {
        mgpu_type type;
        mgpu_set_op op;
        bool descending;
        uint32_t value_size;
        int distinct;
    } cases[] = {{MGPU_TYPE_U32, MGPU_SET_UNION, false, 0, 70000},
                 {MGPU_TYPE_F64, MGPU_SET_SYMMETRIC_DIFFERENCE, true, 8, 3},
                 {MGPU_TYPE_I64, MGPU_SET_INTERSECTION, false, 4, 1000000},
                 {MGPU_TYPE_F32, MGPU_SET_DIFFERENCE, true, 0, 5000}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        size_t an = 140000 + test_random_below(9000), bn = 140000 + test_random_below(9000);
        void *a = set_keys(cases[i].type, cases[i].descending, an, cases[i].distinct);
        void *b = set_keys(cases[i].type, cases[i].descending, bn, cases[i].distinct);
        set_case c = {cases[i].type, cases[i].op, cases[i].descending, cases[i].value_size, a, b, an, bn, "sampled"};
        set_run(&c);
        free(a);
        free(b);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SETS, MGPU_TYPE_MASK_ALL, NULL));
}

/* One tuning's covering design: every type, with the op, order and value width rotated. */
static void set_cover(unsigned rotation) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        int op = (int)((unsigned)t + rotation) % 4;
        bool descending = ((unsigned)t + rotation) % 2;
        size_t tile = test_tile(MGPU_PRIM_SETS, type);
        size_t an = 1 + test_random_below(9 * (uint32_t)tile), bn = 1 + test_random_below(9 * (uint32_t)tile);
        void *a = set_keys(type, descending, an, (int)tile / 3 + 2),
             *b = set_keys(type, descending, bn, (int)tile / 3 + 2);
        set_case c = {type, (mgpu_set_op)op, descending, set_width(t, op, (int)rotation), a, b, an, bn, "cover"};
        set_run(&c);
        free(a);
        free(b);
        a = set_shape_keys(type, descending, SET_RUNS, false, tile, &an);
        b = set_shape_keys(type, descending, SET_RUNS, true, tile, &bn);
        c = (set_case){type, (mgpu_set_op)op, descending, set_width(t, op, (int)rotation), a, b, an, bn, "cover runs"};
        set_run(&c);
        free(a);
        free(b);
    }
}

void test_sets(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (int op = 0; op < 4; ++op)
            for (int order = 0; order < 2; ++order)
                set_sweep((mgpu_type)t, (mgpu_set_op)op, order, set_width(t, op, order));
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) set_shapes((mgpu_type)t);
    set_capacity();
    set_broken_inputs();
    set_misuse();
    /* The other paths, forced: shared-memory and subgroup sums, other NT/VT (VT 1: a thread holds one output, its
     * rank always carried in from before the thread's place), a few workgroups looping over tiles. */
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    static const mgpu_tuning tunings[] = {
        {.subgroup = MGPU_SWITCH_OFF},
        {.nt = 32, .vt = 1, .subgroup = MGPU_SWITCH_ON, .groups = 3},
        {.nt = 32, .vt = 3, .subgroup = MGPU_SWITCH_OFF, .groups = 2},
        {.nt = 128, .vt = 9},
        {.nt = 64, .vt = 5, .values_nt = 32, .values_vt = 7}, /* values on a tile of their own */
    };
    for (size_t p = 0; p < sizeof tunings / sizeof tunings[0]; ++p) {
        mgpu_tuning t = tunings[p];
        if (t.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) t.subgroup = MGPU_SWITCH_AUTO;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SETS, MGPU_TYPE_MASK_ALL, &t));
        set_cover((unsigned)p);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SETS, MGPU_TYPE_MASK_ALL, NULL));
    set_sampled();
}

void test_sets_lookback(void) {
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    static const mgpu_tuning tunings[] = {
        {.lookback = MGPU_SWITCH_ON},
        {.nt = 32, .vt = 1, .subgroup = MGPU_SWITCH_ON, .lookback = MGPU_SWITCH_ON, .groups = 3},
        {.nt = 32, .vt = 3, .subgroup = MGPU_SWITCH_OFF, .lookback = MGPU_SWITCH_ON, .groups = 2},
        /* even VT, and two subgroups walking from a larger tile */
        {.nt = 32, .vt = 2, .subgroup = MGPU_SWITCH_ON, .lookback = MGPU_SWITCH_ON},
        {.nt = 64, .vt = 3, .subgroup = MGPU_SWITCH_OFF, .lookback = MGPU_SWITCH_ON},
        /* values on a tile of their own */
        {.nt = 32, .vt = 5, .values_nt = 64, .values_vt = 3, .lookback = MGPU_SWITCH_ON},
    };
    for (size_t p = 0; p < sizeof tunings / sizeof tunings[0]; ++p) {
        mgpu_tuning t = tunings[p];
        if (t.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) t.subgroup = MGPU_SWITCH_AUTO;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SETS, MGPU_TYPE_MASK_ALL, &t));
        mgpu_tuning resolved;
        CHECK_OK(mgpu_context_get_tuning(g_test.ctx, MGPU_PRIM_SETS, MGPU_TYPE_U32, &resolved));
        CHECK(resolved.lookback == MGPU_SWITCH_ON, "the look-back override did not take");
        set_cover((unsigned)p);
        set_capacity();
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SETS, MGPU_TYPE_MASK_ALL, NULL));
}

/* ---- the mgpuvk subcommand ---- */

void test_sets_cli(void) {
    if (!test_cli_begin("sets_cli")) return;
    char args[4096], out[4096], err[4096];
    char a_npy[600], b_npy[600], va_npy[600], vb_npy[600], out_npy[600], vout_npy[600];
    test_cli_path(a_npy, sizeof a_npy, "a.npy");
    test_cli_path(b_npy, sizeof b_npy, "b.npy");
    test_cli_path(va_npy, sizeof va_npy, "va.npy");
    test_cli_path(vb_npy, sizeof vb_npy, "vb.npy");
    test_cli_path(out_npy, sizeof out_npy, "out.npy");
    test_cli_path(vout_npy, sizeof vout_npy, "vout.npy");
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        int op = t % 4;
        bool descending = t % 2, pairs = t != 2;
        size_t an = t == 0 ? 0 : 1 + test_random_below(2000), bn = 1 + test_random_below(2000);
        void *a = set_keys(type, descending, an, 300), *b = set_keys(type, descending, bn, 300);
        mgpu_type vt = t % 3 == 0 ? MGPU_TYPE_F64 : MGPU_TYPE_I32;
        size_t vs = mgpu_type_size(vt);
        void *va = set_values(vs, an, false), *vb = set_values(vs, bn, true);
        char *want = malloc((an + bn) * 8 + 8), *want_values = malloc((an + bn) * 8 + 8);
        size_t k = ref_set_operation(type, (mgpu_set_op)op, descending, pairs ? vs : 0, a, va, an, b, vb, bn, want,
                                     want_values, NULL);
        test_cli_write(a_npy, type, a, an);
        test_cli_write(b_npy, type, b, bn);
        test_cli_write(va_npy, vt, va, an);
        test_cli_write(vb_npy, vt, vb, bn);
        int at = snprintf(args, sizeof args, "set '%s' '%s' --op %s -o '%s'%s", a_npy, b_npy, set_names[op], out_npy,
                          descending ? " --descending" : "");
        if (pairs)
            snprintf(args + at, sizeof args - (size_t)at, " --values '%s' '%s' --values-out '%s'", va_npy, vb_npy,
                     vout_npy);
        remove(out_npy);
        remove(vout_npy);
        int code = test_cli_run(args, out, sizeof out, err, sizeof err);
        CHECK(code == 0 && strtoull(out, NULL, 10) == k, "mgpuvk %s -> %d, printed %s (%zu outputs): %s", args, code,
              out, k, err);
        test_cli_expect(out_npy, type, want, k, "set keys");
        if (pairs) test_cli_expect(vout_npy, vt, want_values, k, "set values");
        free(a);
        free(b);
        free(va);
        free(vb);
        free(want);
        free(want_values);
    }
    /* Bad input: unsorted (for the order given), dtypes that differ, values of other lengths or dtypes, a bad op,
     * missing arguments, --values without --values-out, an output that is an input of another role. */
    int32_t sorted[5] = {1, 2, 2, 5, 9}, unsorted[4] = {3, 1, 4, 1}, values[5] = {0, 1, 2, 3, 4};
    float f[5] = {1, 2, 3, 4, 5};
    test_cli_write(a_npy, MGPU_TYPE_I32, sorted, 5);
    test_cli_write(b_npy, MGPU_TYPE_I32, unsorted, 4);
    snprintf(args, sizeof args, "set '%s' '%s' --op union -o '%s'", a_npy, b_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    snprintf(args, sizeof args, "set '%s' '%s' --op union -o '%s' --descending", a_npy, a_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* ascending input, descending order */
    test_cli_write(b_npy, MGPU_TYPE_F32, f, 5);
    snprintf(args, sizeof args, "set '%s' '%s' --op union -o '%s'", a_npy, b_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* i4 and f4 */
    test_cli_write(b_npy, MGPU_TYPE_I32, sorted, 5);
    test_cli_write(va_npy, MGPU_TYPE_I32, values, 5);
    test_cli_write(vb_npy, MGPU_TYPE_I32, values, 4);
    snprintf(args, sizeof args, "set '%s' '%s' --op union -o '%s' --values '%s' '%s' --values-out '%s'", a_npy, b_npy,
             out_npy, va_npy, vb_npy, vout_npy);
    test_cli_rejected(args, out_npy, vout_npy, NULL); /* VB shorter than B */
    test_cli_write(vb_npy, MGPU_TYPE_F32, f, 5);
    test_cli_rejected(args, out_npy, vout_npy, NULL); /* VA and VB of different dtypes */
    test_cli_write(vb_npy, MGPU_TYPE_I32, values, 5);
    snprintf(args, sizeof args, "set '%s' '%s' --op union -o '%s' --values '%s' '%s'", a_npy, b_npy, out_npy, va_npy,
             vb_npy);
    test_cli_rejected(args, out_npy, vout_npy, NULL); /* no --values-out */
    snprintf(args, sizeof args, "set '%s' '%s' --op merge -o '%s'", a_npy, b_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    snprintf(args, sizeof args, "set '%s' '%s' -o '%s'", a_npy, b_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* no --op */
    snprintf(args, sizeof args, "set '%s' --op union -o '%s'", a_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* one input */
    snprintf(args, sizeof args, "set '%s' '%s' --op union", a_npy, b_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* no -o */
    snprintf(args, sizeof args, "set '%s' '%s' --op union -o '%s' --values '%s' '%s' --values-out '%s'", a_npy, b_npy,
             va_npy, va_npy, vb_npy, vout_npy);
    test_cli_rejected(args, vout_npy, NULL, NULL); /* -o names VA */
    CHECK(test_cli_exists(va_npy), "a refused output removed its input");
    snprintf(args, sizeof args, "set '%s/missing.npy' '%s' --op union -o '%s'", test_cli_dir(), b_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    /* -o may replace A: the difference 1 2 2 5 9 - 2 5 */
    int32_t small[2] = {2, 5}, want_difference[3] = {1, 2, 9};
    test_cli_write(b_npy, MGPU_TYPE_I32, small, 2);
    snprintf(args, sizeof args, "set '%s' '%s' --op difference -o '%s'", a_npy, b_npy, a_npy);
    int code = test_cli_run(args, out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strtoull(out, NULL, 10) == 3, "mgpuvk %s -> %d, printed %s: %s", args, code, out, err);
    test_cli_expect(a_npy, MGPU_TYPE_I32, want_difference, 3, "set difference in place");
    code = test_cli_run("set --help", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && !strncmp(out, "usage: mgpuvk ", 14) && strstr(out, "symdiff"), "mgpuvk set --help -> %d: %s%s",
          code, out, err);
    code = test_cli_run("--help", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strstr(out, "set A.npy B.npy"), "mgpuvk --help lists set: %s", out);
    test_cli_end();
}
