/* Reduce against the CPU reference: every type and op (max-index included) over sizes across tile boundaries
 * and past the pass-1 workgroups (1025 and up to 2048 tiles: workgroups looping over tiles), extreme values
 * and NaN, the device result location; misuse. Then the shared-memory workgroup path with a non-vector VT,
 * and another NT: a path is one body of code for every type and op, so these run a covering design rather
 * than the whole product: every type with two of the four ops per tuning, every type with every op over
 * the two tunings. Indirect counts on every path (one pass up to 8 tiles, two passes, workgroups looping) and
 * tuning, every type with a rotating op: real counts 0, 1, tile-1, tile, tile+1, random, the capacity and past
 * it (clamped), with the elements past the real count chosen to change the result if read, the overflow flag,
 * scratch in a caller's buffer without indirect usage; misuse. The grids an indirect count records, through
 * MGPU_PROFILE in a context of its own. */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(reduce, "slow")

static void reduce_case(mgpu_type type, mgpu_op op, const void *data, size_t n, double tolerance_scale) {
    mgpu_reduce_value expected = ref_reduce(type, op, data, n);
    mgpu_range in = test_upload(type, data, n);
    mgpu_range result;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, MGPU_REDUCE_RESULT_BYTES, &result));
    mgpu_reduce_value got;
    memset(&got, 0xcd, sizeof got);
    /* Half the cases also ask for the device location. */
    bool device_result = test_random_below(2);
    mgpu_reduce_info info = {.type = type, .op = op, .count = (uint32_t)n, .input = in};
    if (device_result) info.result = result;
    CHECK_OK(mgpu_reduce(g_test.ctx, &info, &got));
    char a[64], b[64];
    ref_format(type, got.value, a, sizeof a);
    ref_format(type, expected.value, b, sizeof b);
    bool ok = tolerance_scale > 0 ? ref_close(type, got.value, expected.value, tolerance_scale)
                                  : ref_equal(type, got.value, expected.value);
    CHECK(ok, "reduce %s op %d n=%zu: %s, expected %s", mgpu_type_name(type), (int)op, n, a, b);
    if (op == MGPU_OP_MAX_INDEX)
        CHECK(got.index == expected.index, "reduce %s max-index n=%zu: index %lld, expected %lld", mgpu_type_name(type),
              n, (long long)got.index, (long long)expected.index);
    if (device_result) {
        unsigned char bytes[MGPU_REDUCE_RESULT_BYTES];
        CHECK_OK(mgpu_buffer_download(g_test.ctx, result, bytes, sizeof bytes));
        CHECK(ref_equal(type, ref_get(type, bytes, 0), got.value),
              "reduce: the device result differs from the host one");
        if (op == MGPU_OP_MAX_INDEX) {
            int64_t index;
            memcpy(&index, bytes + 8, 8);
            CHECK(index == got.index, "reduce: device index %lld, host %lld", (long long)index, (long long)got.index);
        }
    }
    mgpu_buffer_free(g_test.ctx, in);
    mgpu_buffer_free(g_test.ctx, result);
}

/* Every type over the sizes, with every op (rotation < 0) or with ops t + rotation and t + rotation + 2 (mod 4). */
static void reduce_matrix(int rotation) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        size_t size = mgpu_type_size(type);
        uint32_t sizes[20];
        uint32_t tile = test_tile(MGPU_PRIM_REDUCE, type);
        size_t count = test_sizes(tile, sizes, 18);
        sizes[count++] = 1024 * tile + 17; /* more tiles than pass-1 workgroups */
        if (rotation < 0) {
            uint32_t more = 1024 * tile < (1u << 21) ? 1024 * tile : 1u << 21;
            sizes[count++] = 1024 * tile + 1 + test_random_below(more);
        }
        for (size_t s = 0; s < count; ++s) {
            size_t n = sizes[s];
            void *data = malloc(n * size + 1);
            for (int op = MGPU_OP_ADD; op <= MGPU_OP_MAX_INDEX; ++op) {
                if (rotation >= 0 && op != (t + rotation) % 4 && op != (t + rotation + 2) % 4) continue;
                if (op == MGPU_OP_ADD)
                    test_fill_random(type, data, n, ref_type(type)->is_signed ? -2 : 0, 2);
                else
                    test_fill_random(type, data, n, -50, 50 + (int64_t)(n % 7)); /* many duplicates of the max */
                reduce_case(type, (mgpu_op)op, data, n, 0);
            }
            free(data);
        }
    }
}

/* A reduce of `capacity` elements whose count is the device uint32 `real` (indirect_count), against the
 * reference over min(real, capacity) elements; the elements past them are the type's maximum (min: minimum), so
 * that reading one changes the result. Half the blocking cases (tier 0) also check the device result; tier 1
 * records with the requirements' scratch from the pool (sized grids), tier 2 with scratch in a caller's buffer
 * without indirect usage (the capacity's grids). The overflow flag, asked for in every case, is 1 exactly when
 * real > capacity. Returns failures. */
static uint64_t reduce_indirect_case(mgpu_type type, mgpu_op op, uint32_t capacity, uint32_t real, int tier) {
    uint64_t before = g_test.failures;
    mgpu_context ctx = g_test.ctx;
    const ref_type_info *t = ref_type(type);
    size_t size = mgpu_type_size(type), n = real < capacity ? real : capacity;
    char *data = malloc((size_t)capacity * size + 1);
    if (op == MGPU_OP_ADD)
        test_fill_random(type, data, capacity, t->is_signed ? -2 : 0, 2);
    else
        test_fill_random(type, data, capacity, -50, 50);
    for (size_t i = n; i < capacity; ++i) ref_set(type, data, i, t->extreme(op != MGPU_OP_MIN));
    mgpu_reduce_value expected = ref_reduce(type, op, data, n), got;
    mgpu_range in = test_upload(type, data, capacity), result, count;
    CHECK_OK(mgpu_buffer_alloc(ctx, MGPU_REDUCE_RESULT_BYTES, &result));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &count));
    uint32_t words[4] = {real, 0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u}; /* the overflow flag at byte 8 */
    CHECK_OK(mgpu_buffer_upload(ctx, count, words, sizeof words));
    memset(&got, 0xcd, sizeof got);
    bool device_result = tier > 0 || test_random_below(2);
    mgpu_reduce_info info = {.type = type,
                             .op = op,
                             .count = capacity,
                             .input = in,
                             .indirect_count = mgpu_range_slice(count, 0, 4),
                             .overflow = mgpu_range_slice(count, 8, 4)};
    if (device_result) info.result = result;
    if (tier == 0) {
        CHECK_OK(mgpu_reduce(ctx, &info, &got));
    } else {
        mgpu_requirements req;
        CHECK_OK(mgpu_reduce_get_requirements(ctx, &info, &req));
        CHECK(req.scratch_usage & VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, "reduce requirements: usage 0x%x",
              (unsigned)req.scratch_usage);
        mgpu_range pooled = {0};
        test_caller_scratch caller = {0};
        if (tier == 1 && req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &pooled));
        if (tier == 2 && req.scratch_size) caller = test_caller_scratch_create(req.scratch_size);
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_reduce(ctx, cmd, &info, tier == 2 ? caller.range : pooled));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        mgpu_buffer_free(ctx, pooled);
        test_caller_scratch_destroy(&caller);
        unsigned char bytes[MGPU_REDUCE_RESULT_BYTES];
        CHECK_OK(mgpu_buffer_download(ctx, result, bytes, sizeof bytes));
        memset(&got, 0, sizeof got);
        memcpy(&got.value, bytes, size);
        got.index = -1;
        if (op == MGPU_OP_MAX_INDEX) memcpy(&got.index, bytes + 8, 8);
    }
    CHECK_OK(mgpu_buffer_download(ctx, count, words, sizeof words));
    CHECK(words[2] == (real > capacity) && words[1] == 0xa5a5a5a5u && words[3] == 0xa5a5a5a5u,
          "indirect reduce %s capacity %u count %u tier %d: overflow %08x (%08x %08x around it)", mgpu_type_name(type),
          capacity, real, tier, words[2], words[1], words[3]);
    char a[64], b[64];
    ref_format(type, got.value, a, sizeof a);
    ref_format(type, expected.value, b, sizeof b);
    CHECK(ref_equal(type, got.value, expected.value), "indirect reduce %s op %d capacity %u count %u: %s, expected %s",
          mgpu_type_name(type), (int)op, capacity, real, a, b);
    if (op == MGPU_OP_MAX_INDEX)
        CHECK(got.index == expected.index,
              "indirect reduce %s max-index capacity %u count %u: index %lld, expected %lld", mgpu_type_name(type),
              capacity, real, (long long)got.index, (long long)expected.index);
    if (device_result) {
        unsigned char bytes[MGPU_REDUCE_RESULT_BYTES];
        CHECK_OK(mgpu_buffer_download(ctx, result, bytes, sizeof bytes));
        CHECK(ref_equal(type, ref_get(type, bytes, 0), got.value), "indirect reduce: the device result differs");
    }
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, result);
    mgpu_buffer_free(ctx, count);
    free(data);
    return g_test.failures - before;
}

/* Indirect counts on each path: capacities of one tile and 8 (one pass), 40 tiles (two passes, a partial per
 * tile) and, for u32, past the pass-1 workgroups (workgroups looping); every type with op t + rotation (mod 4). */
static void reduce_indirect(int rotation) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        mgpu_op op = (mgpu_op)((t + rotation) % 4);
        uint32_t tile = test_tile(MGPU_PRIM_REDUCE, type);
        uint32_t capacities[3] = {tile, 8 * tile, 40 * tile + 5};
        for (size_t c = 0; c < 3; ++c) {
            uint32_t cap = capacities[c];
            uint32_t reals[] = {0, 1, tile - 1, tile, tile + 1, test_random_below(cap + 1), cap, cap + 3, UINT32_MAX};
            for (size_t r = 0; r < sizeof reals / sizeof reals[0]; ++r)
                if (reduce_indirect_case(type, op, cap, reals[r], (int)((r + c + (size_t)rotation) % 3))) return;
        }
    }
    uint32_t tile = test_tile(MGPU_PRIM_REDUCE, MGPU_TYPE_U32), cap = 1030 * tile + 9;
    uint32_t reals[] = {3 * tile + 1, 1025 * tile + 2, cap};
    for (size_t r = 0; r < sizeof reals / sizeof reals[0]; ++r)
        reduce_indirect_case(MGPU_TYPE_U32, (mgpu_op)((r + (size_t)rotation + 4) % 4), cap, reals[r], (int)(r % 3));
    reduce_indirect_case(MGPU_TYPE_F32, MGPU_OP_ADD, 0, 5, rotation % 3); /* capacity 0: the overflow flag only */
}

/* Element `pick` of reduce_extremes: 0 and 1 the unsigned maximum and one less, the signed minimum and maximum,
 * -0.0 and +0.0; 2 for floats -inf; else pick. */
static mgpu_scalar reduce_extreme(const ref_type_info *t, uint32_t pick) {
    if (t->is_float)
        return pick < 2 ? t->from_double(pick == 0 ? -0.0 : 0.0) : pick == 2 ? t->extreme(false) : t->from_int(pick);
    if (pick < 2) return t->is_signed ? t->extreme(pick == 1) : t->from_int(-1 - (int64_t)pick);
    return t->from_int(pick);
}

static void reduce_extremes(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        const ref_type_info *info = ref_type(type);
        size_t size = mgpu_type_size(type);
        uint32_t n = 7 * test_tile(MGPU_PRIM_REDUCE, type) + 3;
        char *data = malloc(n * size);
        for (uint32_t i = 0; i < n; ++i) ref_set(type, data, i, reduce_extreme(info, test_random_below(5)));
        for (int op = MGPU_OP_ADD; op <= MGPU_OP_MAX_INDEX; ++op) reduce_case(type, (mgpu_op)op, data, n, 0);
        /* all equal: max-index is 0 */
        for (uint32_t i = 1; i < n; ++i) memcpy(data + i * size, data, size);
        for (int op = MGPU_OP_ADD; op <= MGPU_OP_MAX_INDEX; ++op) reduce_case(type, (mgpu_op)op, data, n, 0);
        if (info->is_float) {
            /* NaN: min/max/add become NaN; max-index finds the first NaN. */
            ref_set(type, data, n - 2, info->from_double(NAN));
            ref_set(type, data, n / 3, info->from_double(NAN));
            for (int op = MGPU_OP_ADD; op <= MGPU_OP_MAX_INDEX; ++op) reduce_case(type, (mgpu_op)op, data, n, 0);
            /* Real values: the sum is within a relative tolerance of the serial one. */
            double abs_sum = 0;
            for (uint32_t i = 0; i < n; ++i) {
                double x = (double)(test_random() >> 11) / 9007199254740992.0 * 200 - 100;
                abs_sum += fabs(x);
                ref_set(type, data, i, info->from_double(x));
            }
            reduce_case(type, MGPU_OP_ADD, data, n, abs_sum);
        }
        free(data);
    }
    /* Empty input: identities, index -1. */
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (int op = MGPU_OP_ADD; op <= MGPU_OP_MAX_INDEX; ++op) reduce_case((mgpu_type)t, (mgpu_op)op, NULL, 0, 0);
}

static void reduce_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range in, result, small;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &in));
    CHECK_OK(mgpu_buffer_alloc(ctx, MGPU_REDUCE_RESULT_BYTES, &result));
    CHECK_OK(mgpu_buffer_alloc(ctx, 8, &small));
    unsigned char sentinel[MGPU_REDUCE_RESULT_BYTES];
    memset(sentinel, 0x5a, sizeof sentinel);
    CHECK_OK(mgpu_buffer_upload(ctx, result, sentinel, sizeof sentinel));
    mgpu_reduce_info good = {.type = MGPU_TYPE_I32, .op = MGPU_OP_MAX, .count = 100, .input = in, .result = result};
    mgpu_reduce_info bad;
    bad = good;
    bad.op = (mgpu_op)9;
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.type = MGPU_TYPE_COUNT;
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.count = 101;
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.result = small;
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.input.offset += 2;
    bad.input.size -= 2;
    bad.count = 10;
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.count = 0xffffffffu;
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* indirect_count: too small, misaligned, overlapping the result. */
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 0, 2);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 2, 4);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.indirect_count = mgpu_range_slice(result, 8, 4);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* overflow: without indirect_count, too small, misaligned, over indirect_count, the result or the input. */
    mgpu_range flag;
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &flag));
    bad = good;
    bad.overflow = mgpu_range_slice(flag, 8, 4);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad.indirect_count = mgpu_range_slice(flag, 0, 4);
    bad.overflow = mgpu_range_slice(flag, 8, 2);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    bad.overflow = mgpu_range_slice(flag, 6, 4);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_MISALIGNED);
    bad.overflow = mgpu_range_slice(flag, 0, 4);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad.overflow = mgpu_range_slice(result, 12, 4);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad.overflow = mgpu_range_slice(in, 40, 4);
    CHECK_RESULT(mgpu_reduce(ctx, &bad, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_buffer_free(ctx, flag);
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    bad = good;
    bad.result = (mgpu_range){0};
    CHECK_RESULT(mgpu_cmd_reduce(ctx, cmd, &bad, (mgpu_range){0}), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_reduce(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT); /* the context is recording */
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    unsigned char after[MGPU_REDUCE_RESULT_BYTES];
    CHECK_OK(mgpu_buffer_download(ctx, result, after, sizeof after));
    CHECK(memcmp(after, sentinel, sizeof after) == 0, "a rejected reduce wrote its result");
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, result);
    mgpu_buffer_free(ctx, small);
}

/* reduce_indirect(0), as test_each_grids' fn. */
static void reduce_indirect_grids(void *unused) {
    (void)unused;
    reduce_indirect(0);
}

/* The indirect setup's kernel number (shaders/kernels/fill/kernels.cmake), as MGPU_PROFILE names it. */
#define REDUCE_SETUP_KERNEL 32u

/* The dispatches of a two-pass reduce with an indirect count (submit 0) and with a host count (submit 1), seen
 * through MGPU_PROFILE in a context of its own: with the indirect count, the setup dispatch and pass 1 sized on
 * the device (its workgroups, unknown when recording, profiled as 0); with the host count neither. */
static void reduce_profiled_grids(void) {
    char path[512], saved[512] = "";
    snprintf(path, sizeof path, "%s/mgpuvk-profile-%llu-%ld.txt", g_test.temp_dir, (unsigned long long)g_test.seed,
             (long)getpid());
    remove(path);
    const char *before = getenv("MGPU_PROFILE");
    if (before) snprintf(saved, sizeof saved, "%s", before);
    setenv("MGPU_PROFILE", path, 1);
    mgpu_context ctx = NULL;
    mgpu_result created = mgpu_context_create(&(mgpu_context_desc){.validation = g_test.validation}, &ctx);
    if (before)
        setenv("MGPU_PROFILE", saved, 1);
    else
        unsetenv("MGPU_PROFILE");
    CHECK_OK(created);
    if (!ctx) return;
    CHECK_OK(
        mgpu_context_set_tuning(ctx, MGPU_PRIM_REDUCE, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.grids = MGPU_SWITCH_ON}));
    uint32_t tile = test_tile(MGPU_PRIM_REDUCE, MGPU_TYPE_U32), cap = 40 * tile, real = 9 * tile + 1; /* two passes */
    uint32_t *ones = malloc((size_t)cap * 4);
    for (uint32_t i = 0; i < cap; ++i) ones[i] = 1;
    mgpu_range in, count;
    CHECK_OK(mgpu_buffer_alloc(ctx, (VkDeviceSize)cap * 4, &in));
    CHECK_OK(mgpu_buffer_upload(ctx, in, ones, (VkDeviceSize)cap * 4));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &count));
    CHECK_OK(mgpu_buffer_upload(ctx, count, &real, 4));
    mgpu_reduce_info info = {.type = MGPU_TYPE_U32,
                             .op = MGPU_OP_ADD,
                             .count = cap,
                             .input = in,
                             .indirect_count = mgpu_range_slice(count, 0, 4)};
    mgpu_reduce_value v = {0};
    CHECK_OK(mgpu_reduce(ctx, &info, &v));
    CHECK(v.value.u32 == real, "profiled indirect reduce: %u, expected %u", v.value.u32, real);
    info.count = real;
    info.indirect_count = (mgpu_range){0};
    CHECK_OK(mgpu_reduce(ctx, &info, &v));
    CHECK(v.value.u32 == real, "profiled reduce: %u, expected %u", v.value.u32, real);
    CHECK(mgpu_context_validation_message_count(ctx) == 0, "validation messages in the profiled context");
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, count);
    mgpu_context_destroy(ctx);
    free(ones);
    /* Per submit: the setup dispatches, those profiled with 0 workgroups, and all of them. */
    unsigned setups[2] = {0}, device_sized[2] = {0}, dispatches[2] = {0};
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "MGPU_PROFILE wrote no %s", path);
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        unsigned submit, dispatch, kernel, groups;
        const char *at = strstr(line, "groups ");
        if (sscanf(line, "submit %u dispatch %u kernel %u", &submit, &dispatch, &kernel) != 3 || !at ||
            sscanf(at, "groups %u", &groups) != 1 || submit > 1)
            continue;
        ++dispatches[submit];
        setups[submit] += kernel == REDUCE_SETUP_KERNEL;
        device_sized[submit] += groups == 0;
    }
    if (f) fclose(f);
    remove(path);
    CHECK(setups[0] == 1 && device_sized[0] == 1 && dispatches[0] == 3,
          "indirect reduce: %u setup dispatches, %u sized on the device, %u in all (1, 1 and 3 expected)", setups[0],
          device_sized[0], dispatches[0]);
    CHECK(setups[1] == 0 && device_sized[1] == 0 && dispatches[1] == 2,
          "host-count reduce: %u setup dispatches, %u sized on the device, %u in all (0, 0 and 2 expected)", setups[1],
          device_sized[1], dispatches[1]);
}

void test_reduce(void) {
    reduce_matrix(-1);
    reduce_extremes();
    reduce_misuse();
    test_each_grids(MGPU_PRIM_REDUCE, reduce_indirect_grids, NULL);
    reduce_profiled_grids();
    /* The shared-memory workgroup path and a non-vector VT; another NT. */
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_REDUCE, MGPU_TYPE_MASK_ALL,
                                     &(mgpu_tuning){.subgroup = MGPU_SWITCH_OFF, .vt = 3}));
    reduce_matrix(0);
    reduce_indirect(1);
    CHECK_OK(
        mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_REDUCE, MGPU_TYPE_MASK_ALL, &(mgpu_tuning){.nt = 32, .vt = 4}));
    reduce_matrix(1);
    reduce_indirect(2);
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_REDUCE, MGPU_TYPE_MASK_ALL, NULL));
}
