/*
 * Fill: a range of one type filled on the GPU, ascending, with random values, with sorted random values or with
 * one constant (the seeds' FillAscending, GenRandom, SortRandom; fill.comp): one grid-stride dispatch.
 */
#include "../mgpu_internal.h"
#include "kernels/fill/fill_pc.h"

#include <string.h>

/* The bits of one scalar of `type`, low word first. */
static uint64_t mgpu_scalar_bits(mgpu_type type, mgpu_scalar s) {
    switch (type) {
        case MGPU_TYPE_U32: return s.u32;
        case MGPU_TYPE_I32: return (uint32_t)s.i32;
        case MGPU_TYPE_F32: {
            uint32_t u;
            memcpy(&u, &s.f32, 4);
            return u;
        }
        default: return s.u64;
    }
}

static mgpu_result mgpu_check_fill(mgpu_context ctx, const mgpu_fill_info *info) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "fill: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "fill: info->next must be NULL");
    mgpu_result r = mgpu__check_type(ctx, info->type);
    if (r != MGPU_SUCCESS) return r;
    if ((unsigned)info->mode > MGPU_FILL_CONSTANT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "fill mode %d", (int)info->mode);
    if (info->count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "count %u > 2^31-1", info->count);
    size_t size = mgpu_type_size(info->type);
    if (info->count == 0) return MGPU_SUCCESS;
    return mgpu__check_range(ctx, "fill output", info->output, (VkDeviceSize)info->count * size, size);
}

mgpu_result mgpu_cmd_fill(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_fill_info *info) {
    mgpu_result r = mgpu_check_fill(ctx, info);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "fill: null command buffer");
    if (info->count == 0) return MGPU_SUCCESS;
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_FILL, info->type);
    mgpu_fill_pc pc = {.dst = mgpu_range_address(ctx, info->output),
                       .a = mgpu_scalar_bits(info->type, info->a),
                       .b = mgpu_scalar_bits(info->type, info->b),
                       .seed = info->seed,
                       .count = info->count,
                       .mode = (uint32_t)info->mode};
    uint32_t groups = (info->count + t.nt - 1) / t.nt;
    if (groups > 65535u) groups = 65535u; /* grid-stride beyond */
    mgpu_pipeline_key key = {
        .kernel = MGPU_KERNEL_FILL, .type = info->type, .spec = {[MGPU_SPEC_NT] = t.nt, [MGPU_SPEC_VT] = 1}};
    return mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, groups, 1);
}

static mgpu_result mgpu_record_fill(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    (void)scratch;
    return mgpu_cmd_fill(ctx, cmd, info);
}

mgpu_result mgpu_fill(mgpu_context ctx, const mgpu_fill_info *info) {
    mgpu_result r = mgpu_check_fill(ctx, info);
    if (r != MGPU_SUCCESS || info->count == 0) return r;
    return mgpu__run_blocking(ctx, mgpu_record_fill, info, 0, (mgpu_range){0}, (mgpu_range){0}, 0);
}
mgpu_result mgpu__fill_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_FILL, type);
    mgpu_pipeline_key key = {
        .kernel = MGPU_KERNEL_FILL, .type = type, .spec = {[MGPU_SPEC_NT] = t.nt, [MGPU_SPEC_VT] = 1}};
    VkPipeline p;
    return mgpu__pipeline_get(ctx, &key, &p);
}

static const mgpu_tuning_row mgpu_fill_tuning[] = {
    {MGPU_TYPE_MASK_ALL, MGPU_VENDOR_ANY, 256, 1, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
};

const mgpu_family_def mgpu__fill_family = {
    .prepare = mgpu__fill_prepare, .tuning = mgpu_fill_tuning, .tuning_count = MGPU_ARRAY_COUNT(mgpu_fill_tuning)};
