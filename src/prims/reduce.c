/*
 * Reduce (the seeds' chapter 4). Pass 1: each of up to MGPU_REDUCE_GROUPS workgroups reduces a strided set
 * of tiles to a partial (value and, for max-index, index). Pass 2: one workgroup reduces the partials to the
 * result. An input of at most MGPU_REDUCE_SINGLE_TILES tiles takes only pass 2 (one dispatch, no scratch).
 * An indirect count (the device uint32 at indirect_count, clamped to count) is read by the input's pass: count is
 * the capacity that sizes the scratch; the setup (mgpu__indirect_setup) sizes pass 1 by the real tiles (at most
 * MGPU_REDUCE_GROUPS workgroups) and pass 2 reads as many partials (the rule's workgroups, from the args). With the
 * capacity's grid (a scratch buffer without indirect usage), a workgroup left without a real tile writes the
 * identity (index -1) as its partial, so pass 2 reads every partial.
 */
#include "../mgpu_internal.h"
#include "kernels/reduce/reduce_pc.h"

#include <string.h>

#define MGPU_REDUCE_GROUPS       1024u
/* Inputs of at most this many tiles take the single pass: one workgroup loops over them, one dispatch. H100,
 * GPU us, u32 at 2^14 / 2^15 (4 / 8 tiles of 256 x 16): 5.6 / 6.5 against 7.5 / 7.4 in two passes; at 16 tiles
 * 8.2 against 7.5 (bench/RESULTS.md). */
#define MGPU_REDUCE_SINGLE_TILES 8u

typedef struct mgpu_reduce_plan {
    mgpu_tuning tuning;
    uint32_t groups;           /* pass-1 workgroups; 0: a single pass */
    VkDeviceSize index_offset; /* of the partial indices in scratch */
    VkDeviceSize args_offset;  /* of the indirect grid (mgpu__indirect_setup) in scratch */
    VkDeviceSize scratch_bytes;
} mgpu_reduce_plan;

static mgpu_reduce_plan mgpu_reduce_make_plan(mgpu_context ctx, mgpu_type type, uint32_t count) {
    mgpu_reduce_plan plan = {.tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_REDUCE, type)};
    uint64_t tile = (uint64_t)plan.tuning.nt * plan.tuning.vt;
    uint64_t tiles = (count + tile - 1) / tile;
    if (tiles <= MGPU_REDUCE_SINGLE_TILES) return plan;
    plan.groups = tiles < MGPU_REDUCE_GROUPS ? (uint32_t)tiles : MGPU_REDUCE_GROUPS;
    plan.index_offset = ((VkDeviceSize)plan.groups * mgpu_type_size(type) + 15) & ~(VkDeviceSize)15;
    plan.args_offset = (plan.index_offset + (VkDeviceSize)plan.groups * 4 + 15) & ~(VkDeviceSize)15;
    plan.scratch_bytes = plan.args_offset + mgpu__indirect_args_bytes(1);
    return plan;
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_reduce_check(mgpu_context ctx, const mgpu_reduce_info *info, bool need_result,
                                     bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce: info->next must be NULL");
    mgpu_result r = mgpu__check_type(ctx, info->type);
    if (r != MGPU_SUCCESS) return r;
    if ((unsigned)info->op > MGPU_OP_MAX_INDEX)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce: op %d", (int)info->op);
    if (info->count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce: count %u > 2^31-1", info->count);
    if (!check_ranges) return MGPU_SUCCESS;
    size_t size = mgpu_type_size(info->type);
    if (info->count > 0)
        r = mgpu__check_range(ctx, "reduce input", info->input, (VkDeviceSize)info->count * size, size);
    if (r == MGPU_SUCCESS && (need_result || info->result.buffer))
        r = mgpu__check_range(ctx, "reduce result", info->result, MGPU_REDUCE_RESULT_BYTES, 8);
    if (r == MGPU_SUCCESS && info->indirect_count.buffer) {
        r = mgpu__check_range(ctx, "reduce indirect_count", info->indirect_count, 4, 4);
        if (r == MGPU_SUCCESS && info->result.buffer &&
            mgpu__ranges_overlap(info->indirect_count, 4, info->result, MGPU_REDUCE_RESULT_BYTES))
            r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce: indirect_count overlaps the result");
    }
    if (r == MGPU_SUCCESS) {
        mgpu_range_use uses[] = {{"the input", info->input, (VkDeviceSize)info->count * size},
                                 {"the result", info->result, info->result.buffer ? MGPU_REDUCE_RESULT_BYTES : 0}};
        r = mgpu__check_overflow(ctx, "reduce", info->overflow, info->indirect_count, uses, MGPU_ARRAY_COUNT(uses));
    }
    return r;
}

mgpu_result mgpu_reduce_get_requirements(mgpu_context ctx, const mgpu_reduce_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce: null requirements");
    mgpu_result r = mgpu_reduce_check(ctx, info, false, false);
    if (r != MGPU_SUCCESS) return r;
    *out = (mgpu_requirements){.scratch_size = mgpu_reduce_make_plan(ctx, info->type, info->count).scratch_bytes,
                               .scratch_alignment = 16,
                               .scratch_usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
                                                VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT};
    return MGPU_SUCCESS;
}

static mgpu_pipeline_key mgpu_reduce_key(mgpu_type type, mgpu_op op, const mgpu_tuning *t) {
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_REDUCE,
                               .type = type,
                               .subgroup = t->subgroup == MGPU_SWITCH_ON,
                               .spec = {[MGPU_SPEC_NT] = t->nt, [MGPU_SPEC_VT] = t->vt, [MGPU_SPEC_OP] = op}};
}

mgpu_result mgpu_cmd_reduce(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_reduce_info *info, mgpu_range scratch) {
    mgpu_result r = mgpu_reduce_check(ctx, info, true, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce: null command buffer");
    mgpu_reduce_plan plan = mgpu_reduce_make_plan(ctx, info->type, info->count);
    if (plan.scratch_bytes) {
        mgpu_range_use uses[] = {{"the input", info->input, (VkDeviceSize)info->count * mgpu_type_size(info->type)},
                                 {"the result", info->result, MGPU_REDUCE_RESULT_BYTES},
                                 {"indirect_count", info->indirect_count, info->indirect_count.buffer ? 4 : 0},
                                 {"overflow", info->overflow, info->overflow.buffer ? 4 : 0}};
        r = mgpu__check_scratch(ctx, "reduce scratch", scratch, plan.scratch_bytes, 1, uses, MGPU_ARRAY_COUNT(uses));
        if (r == MGPU_SUCCESS && mgpu_range_address(ctx, scratch) % 16 != 0)
            r = mgpu__fail(ctx, MGPU_ERROR_MISALIGNED, "reduce scratch: address not a multiple of 16");
        if (r != MGPU_SUCCESS) return r;
    }
    size_t size = mgpu_type_size(info->type);
    VkDeviceAddress input = info->count ? mgpu_range_address(ctx, info->input) : 0;
    VkDeviceAddress result = mgpu_range_address(ctx, info->result);
    VkDeviceAddress count_address = info->indirect_count.buffer ? mgpu_range_address(ctx, info->indirect_count) : 0;
    uint32_t epv = 16u / (uint32_t)size;
    bool vt_vectors = plan.tuning.vt % epv == 0;
    uint32_t vector = (input % 16 == 0 && vt_vectors) ? MGPU_REDUCE_VEC4 : 0;
    mgpu_pipeline_key key = mgpu_reduce_key(info->type, info->op, &plan.tuning);
    /* Pass 1's workgroups: its real tiles, at most plan.groups (the single pass: the overflow flag only). */
    uint32_t tile = plan.tuning.nt * plan.tuning.vt;
    mgpu_indirect_rule rule = {.per_group = tile, .max_groups = plan.groups};
    mgpu_indirect grid;
    r = mgpu__indirect_setup(ctx, cmd, info->indirect_count, info->overflow, info->count, plan.tuning.grids,
                             plan.groups ? mgpu__subrange(scratch, plan.args_offset, mgpu__indirect_args_bytes(1))
                                         : (mgpu_range){0},
                             &rule, plan.groups ? 1 : 0, &grid);
    if (r != MGPU_SUCCESS) return r;
    mgpu_reduce_pc pc;
    if (plan.groups) {
        VkDeviceAddress partials = mgpu_range_address(ctx, scratch);
        pc = (mgpu_reduce_pc){.src = input,
                              .dst = partials,
                              .dst_index = partials + plan.index_offset,
                              .count = info->count,
                              .flags = vector,
                              .count_address = count_address};
        r = mgpu__dispatch_sized(ctx, cmd, &key, &pc, sizeof pc, &grid, 0, plan.groups, 1);
        if (r != MGPU_SUCCESS) return r;
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        pc = (mgpu_reduce_pc){.src = partials,
                              .src_index = info->op == MGPU_OP_MAX_INDEX ? partials + plan.index_offset : 0,
                              .dst = result,
                              .dst_index = result + 8,
                              .count = plan.groups,
                              .flags = MGPU_REDUCE_INDEX64 | (vt_vectors ? MGPU_REDUCE_VEC4 : 0),
                              .count_address = mgpu__indirect_groups_address(&grid, 0)};
        return mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, 1, 1);
    }
    pc = (mgpu_reduce_pc){.src = input,
                          .dst = result,
                          .dst_index = result + 8,
                          .count = info->count,
                          .flags = MGPU_REDUCE_INDEX64 | vector,
                          .count_address = count_address};
    return mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, 1, 1);
}

static mgpu_result mgpu_record_reduce(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_reduce(ctx, cmd, info, scratch);
}

mgpu_result mgpu_reduce(mgpu_context ctx, const mgpu_reduce_info *info, mgpu_reduce_value *out) {
    mgpu_result r = mgpu_reduce_check(ctx, info, false, true);
    if (r != MGPU_SUCCESS) return r;
    mgpu_reduce_plan plan = mgpu_reduce_make_plan(ctx, info->type, info->count);
    mgpu_range host = {0};
    r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, MGPU_REDUCE_RESULT_BYTES, &host);
    mgpu_reduce_info run = *info;
    if (!run.result.buffer) run.result = host; /* shaders write straight into host-visible memory */
    if (r == MGPU_SUCCESS)
        r = mgpu__run_blocking(ctx, mgpu_record_reduce, &run, plan.scratch_bytes, run.result, host,
                               MGPU_REDUCE_RESULT_BYTES);
    if (r == MGPU_SUCCESS && out) {
        const char *p = mgpu__pool_mapped(ctx, host);
        memset(out, 0, sizeof *out);
        memcpy(&out->value, p, mgpu_type_size(info->type));
        out->index = -1;
        if (info->op == MGPU_OP_MAX_INDEX) memcpy(&out->index, p + 8, 8);
    }
    mgpu_buffer_free(ctx, host);
    return r;
}

static mgpu_result mgpu_reduce_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_REDUCE, type);
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t op = MGPU_OP_ADD; op <= MGPU_OP_MAX_INDEX && r == MGPU_SUCCESS; ++op) {
        mgpu_pipeline_key key = mgpu_reduce_key(type, (mgpu_op)op, &t);
        VkPipeline p;
        r = mgpu__pipeline_get(ctx, &key, &p);
    }
    return r == MGPU_SUCCESS ? mgpu__indirect_prepare(ctx) : r;
}

static const mgpu_tuning_row mgpu_reduce_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 8, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* GPUs: 0.99 of copy at 2^26 on an H100 (bench/RESULTS.md). */
    {MGPU_32, MGPU_VENDOR_ANY, 256, 16, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    {MGPU_64, MGPU_VENDOR_ANY, 256, 8, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
};

const mgpu_family_def mgpu__reduce_family = {
    .prepare = mgpu_reduce_prepare, .tuning = mgpu_reduce_tuning, .tuning_count = MGPU_ARRAY_COUNT(mgpu_reduce_tuning)};
