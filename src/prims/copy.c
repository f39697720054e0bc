/*
 * Copy: bytes from one range to another by the copy shader (copy.comp), in uvec4s where both addresses are
 * 16-byte aligned: one grid-stride dispatch, the bandwidth reference of every benchmark figure.
 */
#include "../mgpu_internal.h"
#include "kernels/copy/copy_pc.h"

mgpu_result mgpu_cmd_copy(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_copy_info *info) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "copy: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "copy: info->next must be NULL");
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "copy: null command buffer");
    if (info->bytes % 4 != 0 || info->bytes / 4 > UINT32_MAX)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "copy: bytes %llu not a multiple of 4 below 16 GiB",
                          (unsigned long long)info->bytes);
    if (info->bytes == 0) return MGPU_SUCCESS;
    mgpu_result r = mgpu__check_range(ctx, "copy src", info->src, info->bytes, 4);
    if (r == MGPU_SUCCESS) r = mgpu__check_range(ctx, "copy dst", info->dst, info->bytes, 4);
    if (r != MGPU_SUCCESS) return r;
    if (mgpu__ranges_overlap(info->src, info->bytes, info->dst, info->bytes))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "copy: source and destination overlap");
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_COPY, MGPU_TYPE_U32);
    mgpu_copy_pc pc = {.src = mgpu_range_address(ctx, info->src),
                       .dst = mgpu_range_address(ctx, info->dst),
                       .words = (uint32_t)(info->bytes / 4)};
    pc.vectorized = pc.src % 16 == 0 && pc.dst % 16 == 0;
    uint64_t per_group = (uint64_t)t.nt * (pc.vectorized ? 4u * t.vt : 1u);
    uint64_t groups = (pc.words + per_group - 1) / per_group;
    if (groups > 65535) groups = 65535; /* grid-stride beyond */
    mgpu_pipeline_key key = {
        .kernel = MGPU_KERNEL_COPY, .type = MGPU_TYPE_U32, .spec = {[MGPU_SPEC_NT] = t.nt, [MGPU_SPEC_VT] = t.vt}};
    return mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, (uint32_t)groups, 1);
}

static mgpu_result mgpu_copy_prepare(mgpu_context ctx) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_COPY, MGPU_TYPE_U32);
    mgpu_pipeline_key key = {
        .kernel = MGPU_KERNEL_COPY, .type = MGPU_TYPE_U32, .spec = {[MGPU_SPEC_NT] = t.nt, [MGPU_SPEC_VT] = t.vt}};
    VkPipeline p;
    return mgpu__pipeline_get(ctx, &key, &p);
}

static const mgpu_tuning_row mgpu_copy_tuning[] = {
    {MGPU_TYPE_MASK_ALL, MGPU_VENDOR_ANY, 256, 4, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
};

const mgpu_family_def mgpu__copy_family = {
    .prepare_once = mgpu_copy_prepare, .tuning = mgpu_copy_tuning, .tuning_count = MGPU_ARRAY_COUNT(mgpu_copy_tuning)};
