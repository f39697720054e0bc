/*
 * Bulk remove and bulk insert (the seeds' chapter 5), on the load-balancing search of load_balance.c: the merge of the
 * input's positions (the items) with the sorted indices (the starts) decides every output, Merge Path
 * partitions give each workgroup an exact tile of it, and the tile moves its values coalesced (lbs.comp,
 * modes MGPU_BULK_INSERT and MGPU_BULK_REMOVE). Scratch: the partitions.
 */
#include "../mgpu_internal.h"
#include "kernels/load_balance/load_balance_pc.h"

static mgpu_result mgpu_bulk_check_value_size(mgpu_context ctx, uint32_t value_size) {
    if (value_size != 4 && value_size != 8)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk: value_size %u (4 or 8)", value_size);
    return MGPU_SUCCESS;
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_remove_check(mgpu_context ctx, const mgpu_bulk_remove_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: info->next must be NULL");
    mgpu_result r = mgpu_bulk_check_value_size(ctx, info->value_size);
    if (r != MGPU_SUCCESS) return r;
    if (info->count > MGPU_MAX_COUNT || info->index_count > info->count)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: %u indices for %u elements",
                          info->index_count, info->count);
    if (!check_ranges) return MGPU_SUCCESS;
    VkDeviceSize vs = info->value_size, out = (VkDeviceSize)(info->count - info->index_count) * vs;
    if (info->count) r = mgpu__check_range(ctx, "bulk remove input", info->input, info->count * vs, vs);
    if (r == MGPU_SUCCESS && info->index_count)
        r = mgpu__check_range(ctx, "bulk remove indices", info->indices, info->index_count * 4ull, 4);
    if (r == MGPU_SUCCESS && out) r = mgpu__check_range(ctx, "bulk remove output", info->output, out, vs);
    if (r == MGPU_SUCCESS && (mgpu__ranges_overlap(info->output, out, info->input, info->count * vs) ||
                              mgpu__ranges_overlap(info->output, out, info->indices, info->index_count * 4ull)))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: output overlaps an input");
    return r;
}

mgpu_result mgpu_bulk_remove_get_requirements(mgpu_context ctx, const mgpu_bulk_remove_info *info,
                                              mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: null requirements");
    mgpu_result r = mgpu_remove_check(ctx, info, false);
    if (r == MGPU_SUCCESS) *out = mgpu__lbs_requirements(ctx, info->count, info->index_count);
    return r;
}

mgpu_result mgpu_cmd_bulk_remove(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_bulk_remove_info *info,
                                 mgpu_range scratch) {
    mgpu_result r = mgpu_remove_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk remove: null command buffer");
    if (info->count == info->index_count) return MGPU_SUCCESS; /* nothing to write */
    mgpu_lbs_pc pc = {.starts = info->index_count ? mgpu_range_address(ctx, info->indices) : 0,
                      .objects = mgpu_range_address(ctx, info->output),
                      .values = mgpu_range_address(ctx, info->input),
                      .item_count = info->count,
                      .object_count = info->index_count};
    VkDeviceSize vs = info->value_size;
    mgpu_range_use uses[] = {{"the input", info->input, info->count * vs},
                             {"the indices", info->indices, info->index_count * 4ull},
                             {"the output", info->output, (VkDeviceSize)(info->count - info->index_count) * vs}};
    return mgpu__lbs_record(ctx, cmd, &pc, MGPU_BULK_REMOVE, info->value_size / 4, scratch, uses,
                            MGPU_ARRAY_COUNT(uses));
}

static mgpu_result mgpu_record_remove(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_bulk_remove(ctx, cmd, info, scratch);
}

mgpu_result mgpu_bulk_remove(mgpu_context ctx, const mgpu_bulk_remove_info *info) {
    mgpu_result r = mgpu_remove_check(ctx, info, true);
    if (r != MGPU_SUCCESS || info->count == info->index_count) return r;
    mgpu_requirements req = mgpu__lbs_requirements(ctx, info->count, info->index_count);
    return mgpu__run_blocking(ctx, mgpu_record_remove, info, req.scratch_size, (mgpu_range){0}, (mgpu_range){0}, 0);
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_insert_check(mgpu_context ctx, const mgpu_bulk_insert_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: info->next must be NULL");
    mgpu_result r = mgpu_bulk_check_value_size(ctx, info->value_size);
    if (r != MGPU_SUCCESS) return r;
    if ((uint64_t)info->a_count + info->b_count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: more than 2^31-1 elements");
    if (!check_ranges) return MGPU_SUCCESS;
    VkDeviceSize vs = info->value_size, out = ((VkDeviceSize)info->a_count + info->b_count) * vs;
    if (info->b_count) r = mgpu__check_range(ctx, "bulk insert b", info->b, info->b_count * vs, vs);
    if (r == MGPU_SUCCESS && info->a_count)
        r = mgpu__check_range(ctx, "bulk insert insert", info->insert, info->a_count * vs, vs);
    if (r == MGPU_SUCCESS && info->a_count)
        r = mgpu__check_range(ctx, "bulk insert indices", info->indices, info->a_count * 4ull, 4);
    if (r == MGPU_SUCCESS && out) r = mgpu__check_range(ctx, "bulk insert output", info->output, out, vs);
    if (r == MGPU_SUCCESS && (mgpu__ranges_overlap(info->output, out, info->b, info->b_count * vs) ||
                              mgpu__ranges_overlap(info->output, out, info->insert, info->a_count * vs) ||
                              mgpu__ranges_overlap(info->output, out, info->indices, info->a_count * 4ull)))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: output overlaps an input");
    return r;
}

/* The tiles cover a_count + b_count merge positions; the sizes are passed as items only because the scratch
 * helper gives no partitions for a search without items, while inserts into an empty B still need them. */
mgpu_result mgpu_bulk_insert_get_requirements(mgpu_context ctx, const mgpu_bulk_insert_info *info,
                                              mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: null requirements");
    mgpu_result r = mgpu_insert_check(ctx, info, false);
    if (r == MGPU_SUCCESS) *out = mgpu__lbs_requirements(ctx, info->b_count + info->a_count, 0);
    return r;
}

mgpu_result mgpu_cmd_bulk_insert(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_bulk_insert_info *info,
                                 mgpu_range scratch) {
    mgpu_result r = mgpu_insert_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "bulk insert: null command buffer");
    if (info->a_count + info->b_count == 0) return MGPU_SUCCESS;
    mgpu_lbs_pc pc = {.starts = info->a_count ? mgpu_range_address(ctx, info->indices) : 0,
                      .objects = mgpu_range_address(ctx, info->output),
                      .values = info->b_count ? mgpu_range_address(ctx, info->b) : 0,
                      .gather = info->a_count ? mgpu_range_address(ctx, info->insert) : 0,
                      .item_count = info->b_count,
                      .object_count = info->a_count};
    VkDeviceSize vs = info->value_size;
    mgpu_range_use uses[] = {{"b", info->b, info->b_count * vs},
                             {"the inserted values", info->insert, info->a_count * vs},
                             {"the indices", info->indices, info->a_count * 4ull},
                             {"the output", info->output, ((VkDeviceSize)info->a_count + info->b_count) * vs}};
    return mgpu__lbs_record(ctx, cmd, &pc, MGPU_BULK_INSERT, info->value_size / 4, scratch, uses,
                            MGPU_ARRAY_COUNT(uses));
}

static mgpu_result mgpu_record_insert(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_bulk_insert(ctx, cmd, info, scratch);
}

mgpu_result mgpu_bulk_insert(mgpu_context ctx, const mgpu_bulk_insert_info *info) {
    mgpu_result r = mgpu_insert_check(ctx, info, true);
    if (r != MGPU_SUCCESS || info->a_count + info->b_count == 0) return r;
    mgpu_requirements req = mgpu__lbs_requirements(ctx, info->b_count + info->a_count, 0);
    return mgpu__run_blocking(ctx, mgpu_record_insert, info, req.scratch_size, (mgpu_range){0}, (mgpu_range){0}, 0);
}

/* Its pipelines are the load-balancing search's (load_balance.c builds them), its tiles that family's. */
const mgpu_family_def mgpu__bulk_family = {0};
