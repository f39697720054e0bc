/*
 * Load-balancing search (the seeds' chapter 10), in the two-phase idiom: partitions by Merge Path over the
 * merge of work items with object starts, then one tile per workgroup (lbs.comp). Scratch: the partitions.
 */
#include "../mgpu_internal.h"

#define MGPU_PARTITION_NT 128u

static mgpu_tuning mgpu_lbs_tuning(mgpu_context ctx) { return mgpu__tuning_resolve(ctx, MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_I32); }

static uint32_t mgpu_lbs_tiles(const mgpu_load_balance_info *info, const mgpu_tuning *t) {
    uint64_t total = (uint64_t)info->item_count + info->object_count, tile = (uint64_t)t->nt * t->vt;
    return (uint32_t)((total + tile - 1) / tile);
}

static mgpu_result mgpu_lbs_check(mgpu_context ctx, const mgpu_load_balance_info *info) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: null info");
    if ((uint64_t)info->item_count + info->object_count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: items + objects > 2^31-1");
    mgpu_result r = MGPU_SUCCESS;
    if (info->object_count)
        r = mgpu__check_range(ctx, "load balance object_starts", info->object_starts, (VkDeviceSize)info->object_count * 4, 4);
    if (r == MGPU_SUCCESS && info->item_count)
        r = mgpu__check_range(ctx, "load balance out_objects", info->out_objects, (VkDeviceSize)info->item_count * 4, 4);
    if (r == MGPU_SUCCESS && mgpu__ranges_overlap(info->out_objects, (VkDeviceSize)info->item_count * 4, info->object_starts,
                                                  (VkDeviceSize)info->object_count * 4))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: out_objects overlaps object_starts");
    return r;
}

mgpu_result mgpu_load_balance_get_requirements(mgpu_context ctx, const mgpu_load_balance_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: null requirements");
    mgpu_result r = mgpu_lbs_check(ctx, info);
    if (r != MGPU_SUCCESS) return r;
    mgpu_tuning t = mgpu_lbs_tuning(ctx);
    uint32_t tiles = info->item_count ? mgpu_lbs_tiles(info, &t) : 0;
    *out = (mgpu_requirements){.scratch_size = tiles ? (VkDeviceSize)(tiles + 1) * 4 : 0,
                               .scratch_alignment = 4,
                               .scratch_usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
    return MGPU_SUCCESS;
}

static void mgpu_lbs_keys(const mgpu_tuning *t, mgpu_pipeline_key *partition, mgpu_pipeline_key *search) {
    *partition = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_LBS_PARTITION, .type = MGPU_TYPE_I32,
                                     .spec = {[MGPU_SPEC_NT] = MGPU_PARTITION_NT, [MGPU_SPEC_VT] = t->nt * t->vt}};
    *search = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_LBS, .type = MGPU_TYPE_I32,
                                  .spec = {[MGPU_SPEC_NT] = t->nt, [MGPU_SPEC_VT] = t->vt}};
}

mgpu_result mgpu_cmd_load_balance(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_load_balance_info *info, mgpu_range scratch) {
    mgpu_result r = mgpu_lbs_check(ctx, info);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: null command buffer");
    if (info->item_count == 0) return MGPU_SUCCESS; /* nothing to write */
    mgpu_tuning t = mgpu_lbs_tuning(ctx);
    uint32_t tiles = mgpu_lbs_tiles(info, &t);
    r = mgpu__check_range(ctx, "load balance scratch", scratch, (VkDeviceSize)(tiles + 1) * 4, 4);
    if (r != MGPU_SUCCESS) return r;
    mgpu_lbs_pc pc = {.starts = info->object_count ? mgpu_range_address(ctx, info->object_starts) : 0,
                      .objects = mgpu_range_address(ctx, info->out_objects),
                      .partitions = mgpu_range_address(ctx, scratch),
                      .item_count = info->item_count,
                      .object_count = info->object_count};
    mgpu_pipeline_key partition, search;
    mgpu_lbs_keys(&t, &partition, &search);
    r = mgpu__dispatch(ctx, cmd, &partition, &pc, sizeof pc, (tiles + 1 + MGPU_PARTITION_NT - 1) / MGPU_PARTITION_NT, 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    uint32_t x, y;
    mgpu__fold_grid(ctx, tiles, &x, &y);
    pc.groups_x = x;
    return mgpu__dispatch(ctx, cmd, &search, &pc, sizeof pc, x, y);
}

static mgpu_result mgpu_record_load_balance(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_load_balance(ctx, cmd, info, scratch);
}

mgpu_result mgpu_load_balance(mgpu_context ctx, const mgpu_load_balance_info *info) {
    mgpu_requirements req;
    mgpu_result r = mgpu_load_balance_get_requirements(ctx, info, &req);
    if (r != MGPU_SUCCESS || info->item_count == 0) return r;
    return mgpu__run_blocking(ctx, mgpu_record_load_balance, info, req.scratch_size, (mgpu_range){0}, (mgpu_range){0}, 0);
}

mgpu_result mgpu__load_balance_prepare(mgpu_context ctx) {
    mgpu_tuning t = mgpu_lbs_tuning(ctx);
    mgpu_pipeline_key partition, search;
    mgpu_lbs_keys(&t, &partition, &search);
    VkPipeline p;
    mgpu_result r = mgpu__pipeline_get(ctx, &partition, &p);
    return r == MGPU_SUCCESS ? mgpu__pipeline_get(ctx, &search, &p) : r;
}
