/* Bulk remove and bulk insert (the seeds' chapter 5): one dispatch each (bulk.comp), no scratch. */
#include "../mgpu_internal.h"

#define MGPU_BULK_NT 256u

static mgpu_pipeline_key mgpu_bulk_key(uint32_t mode, uint32_t value_size) {
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_BULK, .type = MGPU_TYPE_I32,
                               .spec = {[MGPU_SPEC_NT] = MGPU_BULK_NT, [MGPU_SPEC_MODE] = mode,
                                        [MGPU_SPEC_VALUE_WORDS] = value_size / 4}};
}

static mgpu_result mgpu_bulk_dispatch(mgpu_context ctx, VkCommandBuffer cmd, uint32_t mode, uint32_t value_size,
                                      mgpu_bulk_pc *pc) {
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk: null command buffer");
    if (pc->out_count == 0) return MGPU_SUCCESS;
    mgpu_pipeline_key key = mgpu_bulk_key(mode, value_size);
    uint32_t groups = (pc->out_count + MGPU_BULK_NT - 1) / MGPU_BULK_NT;
    return mgpu__dispatch(ctx, cmd, &key, pc, sizeof *pc, groups > 65535 ? 65535 : groups, 1);
}

static mgpu_result mgpu_bulk_check_value_size(mgpu_context ctx, uint32_t value_size) {
    if (value_size != 4 && value_size != 8)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk: value_size %u (4 or 8)", value_size);
    return MGPU_SUCCESS;
}

static mgpu_result mgpu_remove_check(mgpu_context ctx, const mgpu_bulk_remove_info *info) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: null info");
    mgpu_result r = mgpu_bulk_check_value_size(ctx, info->value_size);
    if (r != MGPU_SUCCESS) return r;
    if (info->count > MGPU_MAX_COUNT || info->index_count > info->count)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: %u indices for %u elements", info->index_count, info->count);
    VkDeviceSize vs = info->value_size, out = (VkDeviceSize)(info->count - info->index_count) * vs;
    if (info->count) r = mgpu__check_range(ctx, "bulk remove input", info->input, info->count * vs, vs);
    if (r == MGPU_SUCCESS && info->index_count) r = mgpu__check_range(ctx, "bulk remove indices", info->indices, info->index_count * 4ull, 4);
    if (r == MGPU_SUCCESS && out) r = mgpu__check_range(ctx, "bulk remove output", info->output, out, vs);
    if (r == MGPU_SUCCESS && (mgpu__ranges_overlap(info->output, out, info->input, info->count * vs) ||
                              mgpu__ranges_overlap(info->output, out, info->indices, info->index_count * 4ull)))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: output overlaps an input");
    return r;
}

mgpu_result mgpu_cmd_bulk_remove(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_bulk_remove_info *info) {
    mgpu_result r = mgpu_remove_check(ctx, info);
    if (r != MGPU_SUCCESS) return r;
    mgpu_bulk_pc pc = {.source = info->count ? mgpu_range_address(ctx, info->input) : 0,
                       .indices = info->index_count ? mgpu_range_address(ctx, info->indices) : 0,
                       .index_count = info->index_count,
                       .out_count = info->count - info->index_count};
    if (pc.out_count) pc.dst = mgpu_range_address(ctx, info->output);
    return mgpu_bulk_dispatch(ctx, cmd, 0, info->value_size, &pc);
}

static mgpu_result mgpu_record_remove(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    (void)scratch;
    return mgpu_cmd_bulk_remove(ctx, cmd, info);
}

mgpu_result mgpu_bulk_remove(mgpu_context ctx, const mgpu_bulk_remove_info *info) {
    mgpu_result r = mgpu_remove_check(ctx, info);
    if (r != MGPU_SUCCESS || info->count == info->index_count) return r;
    return mgpu__run_blocking(ctx, mgpu_record_remove, info, 0, (mgpu_range){0}, (mgpu_range){0}, 0);
}

static mgpu_result mgpu_insert_check(mgpu_context ctx, const mgpu_bulk_insert_info *info) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: null info");
    mgpu_result r = mgpu_bulk_check_value_size(ctx, info->value_size);
    if (r != MGPU_SUCCESS) return r;
    if ((uint64_t)info->a_count + info->b_count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: more than 2^31-1 elements");
    VkDeviceSize vs = info->value_size, out = ((VkDeviceSize)info->a_count + info->b_count) * vs;
    if (info->b_count) r = mgpu__check_range(ctx, "bulk insert b", info->b, info->b_count * vs, vs);
    if (r == MGPU_SUCCESS && info->a_count) r = mgpu__check_range(ctx, "bulk insert insert", info->insert, info->a_count * vs, vs);
    if (r == MGPU_SUCCESS && info->a_count) r = mgpu__check_range(ctx, "bulk insert indices", info->indices, info->a_count * 4ull, 4);
    if (r == MGPU_SUCCESS && out) r = mgpu__check_range(ctx, "bulk insert output", info->output, out, vs);
    if (r == MGPU_SUCCESS && (mgpu__ranges_overlap(info->output, out, info->b, info->b_count * vs) ||
                              mgpu__ranges_overlap(info->output, out, info->insert, info->a_count * vs) ||
                              mgpu__ranges_overlap(info->output, out, info->indices, info->a_count * 4ull)))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: output overlaps an input");
    return r;
}

mgpu_result mgpu_cmd_bulk_insert(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_bulk_insert_info *info) {
    mgpu_result r = mgpu_insert_check(ctx, info);
    if (r != MGPU_SUCCESS) return r;
    mgpu_bulk_pc pc = {.source = info->b_count ? mgpu_range_address(ctx, info->b) : 0,
                       .insert = info->a_count ? mgpu_range_address(ctx, info->insert) : 0,
                       .indices = info->a_count ? mgpu_range_address(ctx, info->indices) : 0,
                       .index_count = info->a_count,
                       .out_count = info->a_count + info->b_count};
    if (pc.out_count) pc.dst = mgpu_range_address(ctx, info->output);
    return mgpu_bulk_dispatch(ctx, cmd, 1, info->value_size, &pc);
}

static mgpu_result mgpu_record_insert(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    (void)scratch;
    return mgpu_cmd_bulk_insert(ctx, cmd, info);
}

mgpu_result mgpu_bulk_insert(mgpu_context ctx, const mgpu_bulk_insert_info *info) {
    mgpu_result r = mgpu_insert_check(ctx, info);
    if (r != MGPU_SUCCESS || info->a_count + info->b_count == 0) return r;
    return mgpu__run_blocking(ctx, mgpu_record_insert, info, 0, (mgpu_range){0}, (mgpu_range){0}, 0);
}

mgpu_result mgpu__bulk_prepare(mgpu_context ctx) {
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t mode = 0; mode < 2 && r == MGPU_SUCCESS; ++mode)
        for (uint32_t value_size = 4; value_size <= 8 && r == MGPU_SUCCESS; value_size += 4) {
            mgpu_pipeline_key key = mgpu_bulk_key(mode, value_size);
            VkPipeline p;
            r = mgpu__pipeline_get(ctx, &key, &p);
        }
    return r;
}
