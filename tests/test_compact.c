/* The compaction family against the CPU reference (tests/ref/ref_compact.h).
 *   sweep: every type x operation (select, partition, unique, rle), sizes 0, 1, 2, tile-1, tile, tile+1, odd and
 *     random sizes over a few tiles; select and partition with every flag pattern (all kept, none, random, alternating,
 *     long runs of either), with and without the kept indices; unique and rle on random runs, all equal, all
 *     distinct, runs straddling tiles and the float specials (NaN of two payloads, -NaN, -0.0, +0.0, infinities:
 *     equal only with equal bits); the count on the host and in device memory, every output compared by its bits,
 *     nothing written past the outputs (select, unique and rle: past the count).
 *   big: past a thousand tiles, once per operation.
 *   recorded: the mgpu_cmd_* tier with its requirements, for each operation.
 *   indirect: indirect counts (a device uint32 clamped to count, the capacity): each operation, the types covered,
 *     real counts 0, 1, tile-1, tile, tile+1, random, the capacity, past it, of several tiles and of one; both tiers;
 *     nothing written past what the real count produces (partition: r elements).
 *   misuse: the specific result code of each bad argument (indirect_count's too), in every tier, with nothing
 *     written.
 *   tunings: shared-memory and subgroup sums, other NT/VT (VT 1, odd VT: one element per chunk), a few workgroups
 *     looping over tiles: a covering design.
 *   compact_lookback: the one pass (decoupled look-back), forced on where the device's default is the count, scan
 *     and write (lavapipe, as many threads as it runs: its wait is bounded there, compact.c), under four tunings,
 *     past a thousand tiles too, and the indirect counts under two of them; each by tiles (fold OFF), then by
 *     ranges of tiles (fold ON); a fourth tuning gives the ranges their own tile (values_nt x values_vt).
 *   compact_cli: `mgpuvk select`, `partition`, `unique` and `rle` against the reference, and bad input (exit 2, one
 *     line, no file).
 */
#include "common.h"
#include "ref/ref_compact.h"

#include <math.h>
#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(compact, "")
MGPU_TEST_FAMILY(compact_lookback, "")
MGPU_TEST_FAMILY(compact_cli, "cli")

#define COMPACT_GUARD 40 /* elements past an output that must keep their sentinel bytes */

typedef enum compact_op { OP_SELECT, OP_PARTITION, OP_UNIQUE, OP_RLE, OP_COUNT } compact_op;
static const char *const op_names[OP_COUNT] = {"select", "partition", "unique", "rle"};

/* Flag patterns (select, partition) and input shapes (unique, rle). */
typedef enum compact_shape {
    SHAPE_ALL,       /* every flag set; unique: all distinct */
    SHAPE_NONE,      /* no flag set; unique: all equal */
    SHAPE_RANDOM,    /* random flags; unique: random runs of 1..8 */
    SHAPE_ALTERNATE, /* 1 0 1 0 ...; unique: runs of 2 */
    SHAPE_RUNS,      /* long runs of set and clear flags; unique: runs of up to 3 (at times 24) tiles, straddling
                        tiles */
    SHAPE_SPECIALS,  /* flags of any int32 value; unique: runs of the float specials */
    SHAPE_COUNT
} compact_shape;
static const char *const shape_names[SHAPE_COUNT] = {"all", "none", "random", "alternate", "runs", "specials"};

static void compact_sentinel(void *data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) ((unsigned char *)data)[i] = (unsigned char)(0x5a ^ (i * 29));
}

static mgpu_range compact_alloc_sentinel(size_t bytes) {
    mgpu_range r = {0};
    size_t b = bytes ? bytes : 16;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, b, &r));
    void *s = malloc(b);
    compact_sentinel(s, b);
    CHECK_OK(mgpu_buffer_upload(g_test.ctx, r, s, b));
    free(s);
    return r;
}

/* The bytes [from, to) of range still hold the sentinel's. */
static bool compact_untouched(mgpu_range range, size_t from, size_t to) {
    if (to <= from) return true;
    unsigned char *got = malloc(to), *want = malloc(to);
    CHECK_OK(mgpu_buffer_download(g_test.ctx, range, got, to));
    compact_sentinel(want, to);
    bool same = memcmp(got + from, want + from, to - from) == 0;
    free(got);
    free(want);
    return same;
}

/* Run lengths of a shape: runs of `shape` up to n elements (unique and rle inputs). */
static uint32_t compact_run_length(compact_shape shape, size_t tile) {
    switch (shape) {
        case SHAPE_ALL: return 1;
        case SHAPE_NONE: return 0xffffffffu;
        case SHAPE_ALTERNATE: return 2;
        /* up to 3 tiles, and at times up to 24: past a range of 8 tiles (the one pass by ranges) */
        case SHAPE_RUNS: return 1 + test_random_below((test_random_below(4) ? 3 : 24) * (uint32_t)tile);
        default: return 1 + test_random_below(8);
    }
}

/* n input elements of type for op and shape, and (select, partition) their flags. */
static void compact_input(compact_op op, mgpu_type type, compact_shape shape, size_t n, size_t tile, void *in,
                          int32_t *flags) {
    const ref_type_info *t = ref_type(type);
    if (op <= OP_PARTITION) {
        test_keys(type, in, n, 1000);
        bool on = true;
        uint32_t left = 0;
        for (size_t i = 0; i < n; ++i) {
            switch (shape) {
                case SHAPE_ALL: flags[i] = 1; break;
                case SHAPE_NONE: flags[i] = 0; break;
                case SHAPE_ALTERNATE: flags[i] = (int32_t)(i % 2 == 0); break;
                case SHAPE_RUNS:
                    if (left == 0) {
                        on = !on;
                        left = 1 + test_random_below(2 * (uint32_t)tile);
                    }
                    --left;
                    flags[i] = on;
                    break;
                case SHAPE_SPECIALS: /* any nonzero keeps, INT_MIN and -1 included */
                {
                    static const int32_t values[6] = {0, 1, -1, INT32_MIN, INT32_MAX, 0};
                    flags[i] = values[test_random_below(6)];
                    break;
                }
                default: flags[i] = (int32_t)test_random_below(2); break;
            }
        }
        return;
    }
    mgpu_scalar specials[9];
    for (int i = 0; i < 9; ++i) specials[i] = t->from_int(i - 4);
    if (t->is_float) {
        double d[8] = {-NAN, -INFINITY, -1, -0.0, 0.0, 1, INFINITY, NAN};
        for (int i = 0; i < 8; ++i) specials[i] = t->from_double(d[i]);
        if (t->size == 4)
            specials[8].u32 = 0x7fc00001u;
        else
            specials[8].u64 = 0x7ff8000000000001ull;
    }
    int64_t counter = 0;
    for (size_t i = 0; i < n;) {
        mgpu_scalar key = shape == SHAPE_SPECIALS ? specials[test_random_below(9)]
                          : shape == SHAPE_ALL    ? t->from_int(counter++ % 100000)
                                                  : t->from_int((int64_t)test_random_below(5) - 2);
        for (uint32_t r = compact_run_length(shape, tile); r > 0 && i < n; --r, ++i) ref_set(type, in, i, key);
    }
}

typedef struct compact_case {
    compact_op op;
    mgpu_type type;
    compact_shape shape;
    size_t n;
    bool positions; /* select, partition: the kept indices too (rle: always its lengths) */
    bool recorded;  /* the mgpu_cmd_* tier with its requirements, else the blocking one */
    const char *what;
    bool indirect; /* n is the capacity; the real count, `real` clamped to n, comes from a device uint32, and the
                      overflow flag is asked for */
    uint32_t real;
    bool caller_scratch; /* recorded: scratch in a caller's buffer without indirect usage (the capacity's grids) */
} compact_case;

/* Runs c on the device and compares with the reference. Returns the failures. */
static uint64_t compact_run(const compact_case *c) {
    uint64_t before = g_test.failures;
    mgpu_context ctx = g_test.ctx;
    size_t n = c->n, ks = mgpu_type_size(c->type), tile = test_tile(MGPU_PRIM_COMPACT, c->type);
    size_t r = c->indirect && c->real < n ? c->real : n; /* the real count: the reference sees only these */
    bool flagged = c->op <= OP_PARTITION, positions = c->op == OP_RLE || (flagged && c->positions);
    char *in = malloc(n * 8 + 8), *want = malloc(n * 8 + 8);
    int32_t *flags = malloc(n * 4 + 4), *want_positions = malloc(n * 4 + 4);
    compact_input(c->op, c->type, c->shape, n, tile, in, flags);
    size_t k = flagged ? ref_compact_select(c->type, c->op == OP_PARTITION, in, flags, r, want, want_positions)
                       : ref_compact_unique(c->type, in, r, want, c->op == OP_RLE ? want_positions : NULL);
    size_t written = c->op == OP_PARTITION ? r : k;
    mgpu_range rreal = {0}; /* the count at byte 0, the overflow flag at byte 8 between sentinels */
    uint32_t words[4] = {c->real, 0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u};
    if (c->indirect) {
        CHECK_OK(mgpu_buffer_alloc(ctx, 16, &rreal));
        CHECK_OK(mgpu_buffer_upload(ctx, rreal, words, sizeof words));
    }
    mgpu_range rin = test_upload(c->type, in, n), rflags = test_upload(MGPU_TYPE_I32, flags, flagged ? n : 0);
    mgpu_range rout = compact_alloc_sentinel((n + COMPACT_GUARD) * ks);
    mgpu_range rpos = compact_alloc_sentinel((n + COMPACT_GUARD) * 4), rcount = compact_alloc_sentinel(16);
    bool device_count = c->recorded || test_random_below(2);
    mgpu_range out = mgpu_range_slice(rout, 0, n * ks),
               pos = positions ? mgpu_range_slice(rpos, 0, n * 4) : (mgpu_range){0};
    mgpu_range out_count = device_count ? mgpu_range_slice(rcount, 0, 4) : (mgpu_range){0};
    mgpu_select_info select = {.type = c->type,
                               .count = (uint32_t)n,
                               .input = rin,
                               .flags = rflags,
                               .output = out,
                               .indices = pos,
                               .out_count = out_count,
                               .indirect_count = c->indirect ? mgpu_range_slice(rreal, 0, 4) : (mgpu_range){0},
                               .overflow = c->indirect ? mgpu_range_slice(rreal, 8, 4) : (mgpu_range){0}};
    mgpu_unique_info unique = {.type = c->type,
                               .count = (uint32_t)n,
                               .input = rin,
                               .output = out,
                               .lengths = pos,
                               .out_count = out_count,
                               .indirect_count = select.indirect_count,
                               .overflow = select.overflow};
    uint32_t got = 0xdeadbeef;
    if (c->recorded) {
        mgpu_requirements req = {0};
        switch (c->op) {
            case OP_SELECT: CHECK_OK(mgpu_select_get_requirements(ctx, &select, &req)); break;
            case OP_PARTITION: CHECK_OK(mgpu_partition_get_requirements(ctx, &select, &req)); break;
            case OP_UNIQUE: CHECK_OK(mgpu_unique_get_requirements(ctx, &unique, &req)); break;
            default: CHECK_OK(mgpu_rle_get_requirements(ctx, &unique, &req)); break;
        }
        CHECK(req.scratch_alignment == 16 && (n == 0) == (req.scratch_size == 0),
              "%s requirements for n=%zu: %llu bytes", op_names[c->op], n, (unsigned long long)req.scratch_size);
        CHECK(req.scratch_usage & VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, "%s requirements: usage 0x%x", op_names[c->op],
              (unsigned)req.scratch_usage);
        mgpu_range scratch = {0};
        test_caller_scratch caller = {0};
        if (req.scratch_size && c->caller_scratch) {
            caller = test_caller_scratch_create(req.scratch_size);
            scratch = caller.range;
        } else if (req.scratch_size) {
            CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
        }
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        switch (c->op) {
            case OP_SELECT: CHECK_OK(mgpu_cmd_select(ctx, cmd, &select, scratch)); break;
            case OP_PARTITION: CHECK_OK(mgpu_cmd_partition(ctx, cmd, &select, scratch)); break;
            case OP_UNIQUE: CHECK_OK(mgpu_cmd_unique(ctx, cmd, &unique, scratch)); break;
            default: CHECK_OK(mgpu_cmd_rle(ctx, cmd, &unique, scratch)); break;
        }
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        if (caller.buffer)
            test_caller_scratch_destroy(&caller);
        else
            mgpu_buffer_free(ctx, scratch);
    } else {
        switch (c->op) {
            case OP_SELECT: CHECK_OK(mgpu_select(ctx, &select, &got)); break;
            case OP_PARTITION: CHECK_OK(mgpu_partition(ctx, &select, &got)); break;
            case OP_UNIQUE: CHECK_OK(mgpu_unique(ctx, &unique, &got)); break;
            default: CHECK_OK(mgpu_rle(ctx, &unique, &got)); break;
        }
        CHECK(got == k, "%s %s %s n=%zu r=%zu: count %u, expected %zu", op_names[c->op], mgpu_type_name(c->type),
              c->what, n, r, got, k);
    }
    if (device_count) {
        uint32_t device = 0;
        CHECK_OK(mgpu_buffer_download(ctx, rcount, &device, 4));
        CHECK(device == k, "%s %s %s n=%zu r=%zu: device count %u, expected %zu", op_names[c->op],
              mgpu_type_name(c->type), c->what, n, r, device, k);
    }
    if (c->indirect) {
        CHECK_OK(mgpu_buffer_download(ctx, rreal, words, sizeof words));
        CHECK(words[2] == (c->real > n) && words[1] == 0xa5a5a5a5u && words[3] == 0xa5a5a5a5u,
              "%s %s %s n=%zu real=%u%s: overflow %08x (%08x %08x around it)", op_names[c->op], mgpu_type_name(c->type),
              c->what, n, c->real, c->caller_scratch ? " caller scratch" : "", words[2], words[1], words[3]);
    }
    char *got_out = test_download(c->type, rout, written);
    int32_t *got_pos = test_download(MGPU_TYPE_I32, rpos, positions ? written : 0);
    for (size_t i = 0; i < written; ++i)
        if (memcmp(got_out + i * ks, want + i * ks, ks) != 0 || (positions && got_pos[i] != want_positions[i])) {
            char x[64], y[64];
            ref_format(c->type, ref_get(c->type, got_out, i), x, sizeof x);
            ref_format(c->type, ref_get(c->type, want, i), y, sizeof y);
            CHECK(false, "%s %s %s n=%zu r=%zu (tile %zu): output %zu of %zu = %s (%d), expected %s (%d)",
                  op_names[c->op], mgpu_type_name(c->type), c->what, n, r, tile, i, written, x,
                  positions ? got_pos[i] : 0, y, positions ? want_positions[i] : 0);
            break;
        }
    CHECK(compact_untouched(rout, written * ks, (n + COMPACT_GUARD) * ks) &&
              compact_untouched(rpos, positions ? written * 4 : 0, (n + COMPACT_GUARD) * 4) &&
              compact_untouched(rcount, device_count ? 4 : 0, 16),
          "%s %s %s n=%zu r=%zu: written past its %zu outputs", op_names[c->op], mgpu_type_name(c->type), c->what, n, r,
          written);
    mgpu_range all[] = {rin, rflags, rout, rpos, rcount, rreal};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) mgpu_buffer_free(ctx, all[i]);
    free(got_out);
    free(got_pos);
    free(in);
    free(want);
    free(flags);
    free(want_positions);
    return g_test.failures - before;
}

/* One type and operation over the sizes across tile boundaries, the shapes rotated over them. */
static void compact_sweep(compact_op op, mgpu_type type) {
    size_t tile = test_tile(MGPU_PRIM_COMPACT, type);
    size_t sizes[] = {0,
                      1,
                      2,
                      tile - 1,
                      tile,
                      tile + 1,
                      3 * tile + 7,
                      1 + test_random_below(5 * (uint32_t)tile),
                      2 * tile - 1,
                      1 + test_random_below(12 * (uint32_t)tile)};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
        for (int shape = 0; shape < SHAPE_COUNT; ++shape) {
            if (s < 3 && shape > 1) break; /* the tiny sizes: two shapes are enough */
            compact_case c = {op,
                              type,
                              (compact_shape)((shape + (int)s) % SHAPE_COUNT),
                              sizes[s],
                              (s + (size_t)shape) % 2 == 0,
                              false,
                              "sweep",
                              false,
                              0,
                              false};
            c.what = shape_names[c.shape];
            if (compact_run(&c)) return;
        }
}

/* Past a thousand tiles, one type per operation. */
static void compact_big(void) {
    static const mgpu_type types[OP_COUNT] = {MGPU_TYPE_U32, MGPU_TYPE_I64, MGPU_TYPE_F32, MGPU_TYPE_F64};
    static const compact_shape shapes[OP_COUNT] = {SHAPE_RANDOM, SHAPE_RUNS, SHAPE_RANDOM, SHAPE_RUNS};
    for (int op = 0; op < OP_COUNT; ++op) {
        size_t tile = test_tile(MGPU_PRIM_COMPACT, types[op]);
        compact_case c = {
            (compact_op)op, types[op], shapes[op], 1001 * tile + 13, op % 2 == 0, op == OP_RLE, "past a thousand tiles",
            false,          0,         false};
        compact_run(&c);
    }
}

/* The recorded tier of each operation. */
static void compact_recorded(void) {
    for (int op = 0; op < OP_COUNT; ++op) {
        mgpu_type type = (mgpu_type)((op * 2 + 1) % MGPU_TYPE_COUNT);
        size_t tile = test_tile(MGPU_PRIM_COMPACT, type);
        compact_case c = {(compact_op)op, type, SHAPE_RANDOM, 4 * tile + 3, true, true, "recorded", false, 0, false};
        compact_run(&c);
        c.n = tile / 2; /* one tile */
        compact_run(&c);
        c.n = 0;
        compact_run(&c);
    }
}

/* Indirect counts: each operation over a covering set of types, real counts 0, 1, tile-1, tile, tile+1, random,
 * the capacity and past it (clamped), of a capacity of a few tiles (and of one tile: the one pass on any device),
 * both tiers, half the recorded ones with scratch in a caller's buffer without indirect usage (the capacity's
 * grids); outputs past what the real count produces keep their sentinels, the overflow flag is 1 exactly past the
 * capacity. */
static void compact_indirect(void) {
    for (int op = 0; op < OP_COUNT; ++op)
        for (uint32_t j = 0; j < 10; ++j) {
            mgpu_type type = (mgpu_type)(((uint32_t)op + j) % MGPU_TYPE_COUNT);
            uint32_t tile = (uint32_t)test_tile(MGPU_PRIM_COMPACT, type), cap = 3 * tile + 5;
            uint32_t reals[10] = {0,   1,           tile - 1,   tile,    tile + 1, 1 + test_random_below(cap - 1),
                                  cap, cap + 1 + j, UINT32_MAX, tile / 2};
            compact_case c = {(compact_op)op,
                              type,
                              (compact_shape)(((uint32_t)op + j) % SHAPE_COUNT),
                              j == 9 ? tile : cap, /* one tile: the one pass */
                              j % 2 == 0,
                              (j + (uint32_t)op) % 2 == 0,
                              "indirect",
                              true,
                              reals[j],
                              (j + (uint32_t)op) % 4 == 0};
            if (compact_run(&c)) return;
        }
}

static void compact_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t n = 100;
    mgpu_range in, flags, out, pos, count;
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 8, &in));
    CHECK_OK(mgpu_buffer_alloc(ctx, n * 4, &flags));
    int32_t ones[100];
    for (uint32_t i = 0; i < n; ++i) ones[i] = 1;
    CHECK_OK(mgpu_buffer_upload(ctx, flags, ones, sizeof ones));
    out = compact_alloc_sentinel(n * 8);
    pos = compact_alloc_sentinel(n * 4);
    count = compact_alloc_sentinel(16);
    mgpu_select_info good = {.type = MGPU_TYPE_U32,
                             .count = n,
                             .input = in,
                             .flags = flags,
                             .output = out,
                             .indices = pos,
                             .out_count = mgpu_range_slice(count, 0, 4)};
    mgpu_unique_info ugood = {.type = MGPU_TYPE_U32,
                              .count = n,
                              .input = in,
                              .output = out,
                              .lengths = pos,
                              .out_count = mgpu_range_slice(count, 0, 4)};
    mgpu_select_info bad;
    mgpu_unique_info ubad;
    mgpu_requirements req;
    uint32_t got = 77;
    int dummy;
    /* Each select fault for select and partition, both tiers that check ranges, and get_requirements (which
     * refuses the faults of scalar fields, req_code, and not those of ranges). */
#define SELECT_BAD_REQ(change, code, req_code)                                            \
    do {                                                                                  \
        bad = good;                                                                       \
        change;                                                                           \
        CHECK_RESULT_IN(ctx, mgpu_select(ctx, &bad, &got), code);                         \
        CHECK_RESULT_IN(ctx, mgpu_partition(ctx, &bad, &got), code);                      \
        CHECK_RESULT_IN(ctx, mgpu_select_get_requirements(ctx, &bad, &req), req_code);    \
        CHECK_RESULT_IN(ctx, mgpu_partition_get_requirements(ctx, &bad, &req), req_code); \
    } while (0)
#define UNIQUE_BAD_REQ(change, code, rle_code, req_code)                                \
    do {                                                                                \
        ubad = ugood;                                                                   \
        change;                                                                         \
        CHECK_RESULT_IN(ctx, mgpu_rle(ctx, &ubad, &got), rle_code);                     \
        CHECK_RESULT_IN(ctx, mgpu_rle_get_requirements(ctx, &ubad, &req), req_code);    \
        ubad.lengths = (mgpu_range){0};                                                 \
        CHECK_RESULT_IN(ctx, mgpu_unique(ctx, &ubad, &got), code);                      \
        CHECK_RESULT_IN(ctx, mgpu_unique_get_requirements(ctx, &ubad, &req), req_code); \
    } while (0)
#define SELECT_BAD(change, code)       SELECT_BAD_REQ(change, code, code)
#define SELECT_BAD_RANGE(change, code) SELECT_BAD_REQ(change, code, MGPU_SUCCESS)
#define UNIQUE_BAD(change, code)       UNIQUE_BAD_REQ(change, code, code, code)
#define UNIQUE_BAD_RANGE(change, code) UNIQUE_BAD_REQ(change, code, code, MGPU_SUCCESS)
    SELECT_BAD(bad.next = &dummy, MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD(bad.type = (mgpu_type)42, MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD(bad.count = 0x80000000u, MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.count = n + 1, MGPU_ERROR_RANGE_TOO_SMALL);
    SELECT_BAD_RANGE(bad.flags = mgpu_range_slice(flags, 0, n * 4 - 4), MGPU_ERROR_RANGE_TOO_SMALL);
    SELECT_BAD_RANGE(bad.flags = (mgpu_range){0}, MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.output = mgpu_range_slice(out, 0, n * 4 - 4), MGPU_ERROR_RANGE_TOO_SMALL);
    SELECT_BAD_RANGE(bad.indices = mgpu_range_slice(pos, 0, n * 4 - 4), MGPU_ERROR_RANGE_TOO_SMALL);
    SELECT_BAD_RANGE((bad.type = MGPU_TYPE_U64, bad.count = n - 1, bad.input = mgpu_range_slice(in, 4, n * 8 - 4)),
                     MGPU_ERROR_MISALIGNED);
    SELECT_BAD_RANGE((bad.count = n - 1, bad.flags = mgpu_range_slice(flags, 2, n * 4 - 4)), MGPU_ERROR_MISALIGNED);
    SELECT_BAD_RANGE(bad.input.buffer = VK_NULL_HANDLE, MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE((bad.input.id = 0, bad.input.offset = 1u << 30), MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.out_count = mgpu_range_slice(count, 2, 4), MGPU_ERROR_MISALIGNED);
    SELECT_BAD_RANGE(bad.out_count = mgpu_range_slice(count, 0, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    SELECT_BAD_RANGE(bad.output = in, MGPU_ERROR_INVALID_ARGUMENT);                               /* in place */
    SELECT_BAD_RANGE(bad.indices = flags, MGPU_ERROR_INVALID_ARGUMENT);                           /* over the flags */
    SELECT_BAD_RANGE(bad.indices = mgpu_range_slice(out, 0, n * 4), MGPU_ERROR_INVALID_ARGUMENT); /* the output */
    SELECT_BAD_RANGE(bad.out_count = mgpu_range_slice(pos, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.indirect_count = mgpu_range_slice(count, 8, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    SELECT_BAD_RANGE(bad.indirect_count = mgpu_range_slice(count, 6, 4), MGPU_ERROR_MISALIGNED);
    SELECT_BAD_RANGE(bad.indirect_count = mgpu_range_slice(count, 0, 4), MGPU_ERROR_INVALID_ARGUMENT); /* out_count */
    SELECT_BAD_RANGE(bad.indirect_count = mgpu_range_slice(out, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);   /* output */
    SELECT_BAD_RANGE(bad.indirect_count = mgpu_range_slice(pos, 4, 4), MGPU_ERROR_INVALID_ARGUMENT);   /* indices */
    /* overflow: without indirect_count, too small, misaligned, over indirect_count, out_count, the output, the
     * indices or the input. */
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(count, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
    good.indirect_count = mgpu_range_slice(count, 4, 4);
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(count, 12, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(count, 10, 4), MGPU_ERROR_MISALIGNED);
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(count, 4, 4), MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(count, 0, 4), MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(out, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(pos, 4, 4), MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(in, 4, 4), MGPU_ERROR_INVALID_ARGUMENT);
    SELECT_BAD_RANGE(bad.overflow = mgpu_range_slice(flags, 4, 4), MGPU_ERROR_INVALID_ARGUMENT);
    good.indirect_count = (mgpu_range){0};
    UNIQUE_BAD(ubad.next = &dummy, MGPU_ERROR_INVALID_ARGUMENT);
    UNIQUE_BAD(ubad.type = (mgpu_type)-1, MGPU_ERROR_INVALID_ARGUMENT);
    UNIQUE_BAD(ubad.count = 0xffffffffu, MGPU_ERROR_INVALID_ARGUMENT);
    UNIQUE_BAD_RANGE(ubad.count = 2 * n + 1, MGPU_ERROR_RANGE_TOO_SMALL); /* in holds 2n u32 */
    UNIQUE_BAD_RANGE(ubad.output = mgpu_range_slice(out, 0, 8), MGPU_ERROR_RANGE_TOO_SMALL);
    UNIQUE_BAD_RANGE(ubad.output = in, MGPU_ERROR_INVALID_ARGUMENT);
    UNIQUE_BAD_RANGE(ubad.out_count = mgpu_range_slice(out, 4, 4), MGPU_ERROR_INVALID_ARGUMENT);
    UNIQUE_BAD_RANGE(ubad.input = mgpu_range_slice(in, 0, 16), MGPU_ERROR_RANGE_TOO_SMALL);
    UNIQUE_BAD_RANGE(ubad.indirect_count = mgpu_range_slice(count, 12, 2), MGPU_ERROR_RANGE_TOO_SMALL);
    UNIQUE_BAD_RANGE(ubad.indirect_count = mgpu_range_slice(count, 2, 4), MGPU_ERROR_MISALIGNED);
    UNIQUE_BAD_RANGE(ubad.indirect_count = mgpu_range_slice(count, 0, 4), MGPU_ERROR_INVALID_ARGUMENT);
    UNIQUE_BAD_RANGE(ubad.indirect_count = mgpu_range_slice(out, 0, 4), MGPU_ERROR_INVALID_ARGUMENT);
    UNIQUE_BAD_RANGE(ubad.overflow = mgpu_range_slice(count, 8, 4), MGPU_ERROR_INVALID_ARGUMENT);
    UNIQUE_BAD_RANGE(
        (ubad.indirect_count = mgpu_range_slice(count, 4, 4), ubad.overflow = mgpu_range_slice(count, 6, 4)),
        MGPU_ERROR_MISALIGNED);
    UNIQUE_BAD_RANGE((ubad.indirect_count = mgpu_range_slice(count, 4, 4), ubad.overflow = mgpu_range_slice(in, 0, 4)),
                     MGPU_ERROR_INVALID_ARGUMENT);
    /* rle: lengths required, too small, over the output; unique: lengths refused. */
    ubad = ugood;
    ubad.lengths = (mgpu_range){0};
    CHECK_RESULT_IN(ctx, mgpu_rle(ctx, &ubad, &got), MGPU_ERROR_INVALID_ARGUMENT);
    ubad.lengths = mgpu_range_slice(pos, 0, n * 4 - 4);
    CHECK_RESULT_IN(ctx, mgpu_rle(ctx, &ubad, &got), MGPU_ERROR_RANGE_TOO_SMALL);
    ubad.lengths = mgpu_range_slice(out, 0, n * 4);
    CHECK_RESULT_IN(ctx, mgpu_rle(ctx, &ubad, &got), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_unique(ctx, &ugood, &got), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_unique_get_requirements(ctx, &ugood, &req)); /* a range's fault: not looked at */
#undef SELECT_BAD_REQ
#undef UNIQUE_BAD_REQ
#undef SELECT_BAD
#undef SELECT_BAD_RANGE
#undef UNIQUE_BAD
#undef UNIQUE_BAD_RANGE
    CHECK(got == 77, "a refused call returned a count");
    CHECK_RESULT(mgpu_select(NULL, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_select(ctx, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_partition(ctx, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_unique(ctx, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_rle(ctx, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_select_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_rle_get_requirements(ctx, &ugood, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* A tile the device's shared memory cannot hold. */
    mgpu_device_info dev;
    mgpu_context_get_device_info(ctx, &dev);
    if (dev.max_workgroup_size >= 1024) {
        CHECK_OK(
            mgpu_context_set_tuning(ctx, MGPU_PRIM_COMPACT, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.nt = 1024, .vt = 32}));
        CHECK_RESULT_IN(ctx, mgpu_select(ctx, &good, NULL), MGPU_ERROR_UNSUPPORTED);
        CHECK_RESULT_IN(ctx, mgpu_rle_get_requirements(ctx, &ugood, &req), MGPU_ERROR_UNSUPPORTED);
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_COMPACT, MGPU_TYPE_MASK_ALL, NULL));
    }
    /* The recording tier: a null cmd, no out_count, too little scratch, scratch over an output, next. */
    CHECK_OK(mgpu_select_get_requirements(ctx, &good, &req));
    mgpu_range scratch;
    CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_RESULT_IN(ctx, mgpu_cmd_select(ctx, VK_NULL_HANDLE, &good, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_rle(ctx, VK_NULL_HANDLE, &ugood, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.out_count = (mgpu_range){0};
    CHECK_RESULT_IN(ctx, mgpu_cmd_select(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_partition(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    ubad = ugood;
    ubad.out_count = (mgpu_range){0};
    CHECK_RESULT_IN(ctx, mgpu_cmd_rle(ctx, cmd, &ubad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_cmd_select(ctx, cmd, &good, mgpu_range_slice(scratch, 0, req.scratch_size - 4)),
                    MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT_IN(ctx, mgpu_cmd_select(ctx, cmd, &good, mgpu_range_slice(out, 0, req.scratch_size)),
                    MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.next = &dummy;
    CHECK_RESULT_IN(ctx, mgpu_cmd_partition(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indirect_count = mgpu_range_slice(scratch, 0, 4); /* in the scratch */
    CHECK_RESULT_IN(ctx, mgpu_cmd_select(ctx, cmd, &bad, scratch), MGPU_ERROR_INVALID_ARGUMENT);
    bad.indirect_count = mgpu_range_slice(count, 6, 4);
    CHECK_RESULT_IN(ctx, mgpu_cmd_partition(ctx, cmd, &bad, scratch), MGPU_ERROR_MISALIGNED);
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK(compact_untouched(out, 0, n * 8) && compact_untouched(pos, 0, n * 4) && compact_untouched(count, 0, 16),
          "a refused compaction wrote its outputs");
    mgpu_range all[] = {in, flags, out, pos, count, scratch};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) mgpu_buffer_free(ctx, all[i]);
}

/* One tuning's covering design: every type with the operation and shape rotated, over several tiles. */
static void compact_cover(unsigned rotation) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        size_t tile = test_tile(MGPU_PRIM_COMPACT, type);
        for (int k = 0; k < 2; ++k) {
            compact_op op = (compact_op)(((unsigned)t + rotation + 2 * (unsigned)k) % OP_COUNT);
            compact_case c = {op,
                              type,
                              (compact_shape)(((unsigned)t + rotation + (unsigned)k) % SHAPE_COUNT),
                              1 + test_random_below(9 * (uint32_t)tile),
                              ((unsigned)t + rotation) % 2 == 0,
                              k == 1,
                              "cover",
                              false,
                              0,
                              false};
            compact_run(&c);
        }
    }
}

/* compact_indirect(), as test_each_grids' fn. */
static void compact_indirect_grids(void *unused) {
    (void)unused;
    compact_indirect();
}

void test_compact(void) {
    for (int op = 0; op < OP_COUNT; ++op)
        for (int t = 0; t < MGPU_TYPE_COUNT; ++t) compact_sweep((compact_op)op, (mgpu_type)t);
    compact_big();
    compact_recorded();
    test_each_grids(MGPU_PRIM_COMPACT, compact_indirect_grids, NULL);
    compact_misuse();
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    static const mgpu_tuning tunings[] = {
        {.subgroup = MGPU_SWITCH_OFF},
        {.nt = 32, .vt = 1, .subgroup = MGPU_SWITCH_ON, .groups = 3},
        {.nt = 32, .vt = 3, .subgroup = MGPU_SWITCH_OFF, .groups = 2},
        {.nt = 128, .vt = 4},
    };
    for (size_t p = 0; p < sizeof tunings / sizeof tunings[0]; ++p) {
        mgpu_tuning t = tunings[p];
        if (t.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) t.subgroup = MGPU_SWITCH_AUTO;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_COMPACT, MGPU_TYPE_MASK_ALL, &t));
        compact_cover((unsigned)p);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_COMPACT, MGPU_TYPE_MASK_ALL, NULL));
}

void test_compact_lookback(void) {
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    /* Each tuning by tiles (fold OFF), then by ranges of tiles (fold ON). */
    static const mgpu_tuning tunings[] = {
        {.lookback = MGPU_SWITCH_ON},
        {.nt = 32, .vt = 1, .subgroup = MGPU_SWITCH_ON, .lookback = MGPU_SWITCH_ON, .groups = 3},
        {.nt = 32, .vt = 3, .subgroup = MGPU_SWITCH_OFF, .lookback = MGPU_SWITCH_ON, .groups = 2},
        /* the ranges' tile (values_nt x values_vt) other than the tiles' */
        {.nt = 64, .vt = 3, .values_nt = 32, .values_vt = 4, .lookback = MGPU_SWITCH_ON},
    };
    const size_t count = sizeof tunings / sizeof tunings[0];
    for (size_t p = 0; p < 2 * count; ++p) {
        mgpu_tuning t = tunings[p % count];
        t.fold = p < count ? MGPU_SWITCH_OFF : MGPU_SWITCH_ON;
        if (t.subgroup == MGPU_SWITCH_ON && !info.subgroup_scans) t.subgroup = MGPU_SWITCH_AUTO;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_COMPACT, MGPU_TYPE_MASK_ALL, &t));
        mgpu_tuning resolved;
        CHECK_OK(mgpu_context_get_tuning(g_test.ctx, MGPU_PRIM_COMPACT, MGPU_TYPE_U32, &resolved));
        CHECK(resolved.lookback == MGPU_SWITCH_ON, "the look-back override did not take");
        compact_cover((unsigned)p);
        compact_recorded();
        if (p % count < 2) test_each_grids(MGPU_PRIM_COMPACT, compact_indirect_grids, NULL);
        if (p % count == 0) compact_big();
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_COMPACT, MGPU_TYPE_MASK_ALL, NULL));
}

/* ---- the mgpuvk subcommands ---- */

void test_compact_cli(void) {
    if (!test_cli_begin("compact_cli")) return;
    char args[4096], out[4096], err[4096];
    char in_npy[600], flags_npy[600], out_npy[600], pos_npy[600];
    test_cli_path(in_npy, sizeof in_npy, "in.npy");
    test_cli_path(flags_npy, sizeof flags_npy, "flags.npy");
    test_cli_path(out_npy, sizeof out_npy, "out.npy");
    test_cli_path(pos_npy, sizeof pos_npy, "pos.npy");
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (int op = 0; op < OP_COUNT; ++op) {
            mgpu_type type = (mgpu_type)t;
            size_t n = (t + op) % 5 == 0 ? 0 : 1 + test_random_below(3000);
            bool flagged = op <= OP_PARTITION, positions = op == OP_RLE || (op == OP_SELECT && t % 2 == 0);
            char *in = malloc(n * 8 + 8), *want = malloc(n * 8 + 8);
            int32_t *flags = malloc(n * 4 + 4), *want_pos = malloc(n * 4 + 4);
            compact_input((compact_op)op, type, (compact_shape)((t + op) % SHAPE_COUNT), n, 64, in, flags);
            size_t k = flagged ? ref_compact_select(type, op == OP_PARTITION, in, flags, n, want, want_pos)
                               : ref_compact_unique(type, in, n, want, op == OP_RLE ? want_pos : NULL);
            test_cli_write(in_npy, type, in, n);
            if (flagged) test_cli_write(flags_npy, t % 3 ? MGPU_TYPE_I32 : MGPU_TYPE_U32, flags, n);
            int at = snprintf(args, sizeof args, "%s '%s' -o '%s'", op_names[op], in_npy, out_npy);
            if (flagged) at += snprintf(args + at, sizeof args - (size_t)at, " --flags '%s'", flags_npy);
            if (positions)
                snprintf(args + at, sizeof args - (size_t)at, " %s '%s'",
                         op == OP_RLE ? "--counts-out" : "--indices-out", pos_npy);
            remove(out_npy);
            remove(pos_npy);
            int code = test_cli_run(args, out, sizeof out, err, sizeof err);
            CHECK(code == 0 && strtoull(out, NULL, 10) == k, "mgpuvk %s -> %d, printed %s (%zu expected): %s", args,
                  code, out, k, err);
            size_t written = op == OP_PARTITION ? n : k;
            test_cli_expect(out_npy, type, want, written, op_names[op]);
            if (positions)
                test_cli_expect(pos_npy, MGPU_TYPE_I32, want_pos, written, op == OP_RLE ? "rle counts" : "indices");
            free(in);
            free(want);
            free(flags);
            free(want_pos);
        }
    /* Bad input: flags of another length or dtype, missing flags or outputs, a missing file, an output over an
     * input of another role. */
    int32_t values[5] = {5, 6, 7, 8, 9}, flags4[4] = {1, 0, 1, 1};
    float fflags[5] = {1, 0, 1, 1, 0};
    test_cli_write(in_npy, MGPU_TYPE_I32, values, 5);
    test_cli_write(flags_npy, MGPU_TYPE_I32, flags4, 4);
    snprintf(args, sizeof args, "select '%s' --flags '%s' -o '%s'", in_npy, flags_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* 4 flags for 5 elements */
    snprintf(args, sizeof args, "partition '%s' --flags '%s' -o '%s'", in_npy, flags_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    test_cli_write(flags_npy, MGPU_TYPE_F32, fflags, 5);
    snprintf(args, sizeof args, "select '%s' --flags '%s' -o '%s'", in_npy, flags_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* <f4 flags */
    snprintf(args, sizeof args, "select '%s' -o '%s'", in_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* no --flags */
    snprintf(args, sizeof args, "unique '%s'", in_npy);
    test_cli_rejected(args, NULL, NULL, NULL); /* no -o */
    snprintf(args, sizeof args, "rle '%s' -o '%s'", in_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL); /* no --counts-out */
    snprintf(args, sizeof args, "rle '%s' -o '%s' --counts-out '%s'", in_npy, out_npy, out_npy);
    test_cli_rejected(args, out_npy, NULL, in_npy); /* two outputs, one file */
    snprintf(args, sizeof args, "unique '%s/missing.npy' -o '%s'", test_cli_dir(), out_npy);
    test_cli_rejected(args, out_npy, NULL, NULL);
    int32_t flags5[5] = {0, 3, 0, -1, 1}, want_select[3] = {6, 8, 9}, want_partition[5] = {6, 8, 9, 7, 5};
    test_cli_write(flags_npy, MGPU_TYPE_I32, flags5, 5);
    snprintf(args, sizeof args, "select '%s' --flags '%s' -o '%s' --indices-out '%s'", in_npy, flags_npy, flags_npy,
             pos_npy);
    test_cli_rejected(args, pos_npy, NULL, flags_npy); /* -o names F */
    /* -o may replace IN: partition in place, then select in place. */
    snprintf(args, sizeof args, "partition '%s' --flags '%s' -o '%s'", in_npy, flags_npy, in_npy);
    int code = test_cli_run(args, out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strtoull(out, NULL, 10) == 3, "mgpuvk %s -> %d, printed %s: %s", args, code, out, err);
    test_cli_expect(in_npy, MGPU_TYPE_I32, want_partition, 5, "partition in place");
    test_cli_write(in_npy, MGPU_TYPE_I32, values, 5);
    snprintf(args, sizeof args, "select '%s' --flags '%s' -o '%s'", in_npy, flags_npy, in_npy);
    code = test_cli_run(args, out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strtoull(out, NULL, 10) == 3, "mgpuvk %s -> %d, printed %s: %s", args, code, out, err);
    test_cli_expect(in_npy, MGPU_TYPE_I32, want_select, 3, "select in place");
    for (int op = 0; op < OP_COUNT; ++op) {
        snprintf(args, sizeof args, "%s --help", op_names[op]);
        code = test_cli_run(args, out, sizeof out, err, sizeof err);
        CHECK(code == 0 && !strncmp(out, "usage: mgpuvk ", 14) && strstr(out, op_names[op]), "mgpuvk %s -> %d: %s%s",
              args, code, out, err);
    }
    code = test_cli_run("--help", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strstr(out, "select IN.npy --flags F.npy") && strstr(out, "rle IN.npy -o KEYS.npy"),
          "mgpuvk --help lists the compaction commands: %s", out);
    test_cli_end();
}
