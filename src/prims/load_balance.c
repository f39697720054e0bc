/*
 * Load-balancing search (the seeds' chapter 10) and the interval operations on it (chapter 11), in the
 * two-phase idiom: partitions by Merge Path over the merge of work items with object starts, then one tile
 * per workgroup (lbs.comp, whose MODE selects the operation). Scratch: the partitions.
 */
#include "../mgpu_internal.h"
#include "kernels/load_balance/load_balance_pc.h"

static mgpu_tuning mgpu_lbs_tuning(mgpu_context ctx) {
    return mgpu__tuning_resolve(ctx, MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_I32);
}

static uint32_t mgpu_lbs_tiles(const mgpu_load_balance_info *info, const mgpu_tuning *t) {
    uint64_t total = (uint64_t)info->item_count + info->object_count, tile = (uint64_t)t->nt * t->vt;
    return (uint32_t)((total + tile - 1) / tile);
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_lbs_check(mgpu_context ctx, const mgpu_load_balance_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: info->next must be NULL");
    if ((uint64_t)info->item_count + info->object_count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: items + objects > 2^31-1");
    if (!check_ranges) return MGPU_SUCCESS;
    mgpu_result r = MGPU_SUCCESS;
    if (info->object_count)
        r = mgpu__check_range(ctx, "load balance object_starts", info->object_starts,
                              (VkDeviceSize)info->object_count * 4, 4);
    if (r == MGPU_SUCCESS && info->item_count)
        r = mgpu__check_range(ctx, "load balance out_objects", info->out_objects, (VkDeviceSize)info->item_count * 4,
                              4);
    if (r == MGPU_SUCCESS && mgpu__ranges_overlap(info->out_objects, (VkDeviceSize)info->item_count * 4,
                                                  info->object_starts, (VkDeviceSize)info->object_count * 4))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: out_objects overlaps object_starts");
    return r;
}

mgpu_requirements mgpu__lbs_requirements(mgpu_context ctx, uint32_t items, uint32_t objects) {
    mgpu_tuning t = mgpu_lbs_tuning(ctx);
    mgpu_load_balance_info sizes = {.item_count = items, .object_count = objects};
    uint32_t tiles = items ? mgpu_lbs_tiles(&sizes, &t) : 0;
    return (mgpu_requirements){.scratch_size = tiles ? (VkDeviceSize)(tiles + 1) * 4 : 0,
                               .scratch_alignment = 4,
                               .scratch_usage =
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
}

mgpu_result mgpu_load_balance_get_requirements(mgpu_context ctx, const mgpu_load_balance_info *info,
                                               mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: null requirements");
    mgpu_result r = mgpu_lbs_check(ctx, info, false);
    if (r != MGPU_SUCCESS) return r;
    *out = mgpu__lbs_requirements(ctx, info->item_count, info->object_count);
    return MGPU_SUCCESS;
}

static void mgpu_lbs_keys(const mgpu_tuning *t, uint32_t mode, uint32_t value_words, mgpu_pipeline_key *partition,
                          mgpu_pipeline_key *search) {
    *partition = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_LBS_PARTITION,
                                     .type = MGPU_TYPE_I32,
                                     .subgroup = t->subgroup == MGPU_SWITCH_ON,
                                     .spec = {[MGPU_SPEC_NT] = MGPU_PARTITION_NT, [MGPU_SPEC_VT] = t->nt * t->vt}};
    *search = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_LBS,
                                  .type = MGPU_TYPE_I32,
                                  .spec = {[MGPU_SPEC_NT] = t->nt,
                                           [MGPU_SPEC_VT] = t->vt,
                                           [MGPU_SPEC_MODE] = mode,
                                           [MGPU_SPEC_VALUE_WORDS] = value_words}};
}

mgpu_result mgpu__lbs_record(mgpu_context ctx, VkCommandBuffer cmd, mgpu_lbs_pc *pc, uint32_t mode,
                             uint32_t value_words, mgpu_range scratch, const mgpu_range_use *uses, size_t use_count) {
    mgpu_tuning t = mgpu_lbs_tuning(ctx);
    mgpu_load_balance_info sizes = {.item_count = pc->item_count, .object_count = pc->object_count};
    uint32_t tiles = mgpu_lbs_tiles(&sizes, &t);
    mgpu_result r = mgpu__check_scratch(ctx, "scratch", scratch, (VkDeviceSize)(tiles + 1) * 4, 4, uses, use_count);
    if (r != MGPU_SUCCESS) return r;
    pc->partitions = mgpu_range_address(ctx, scratch);
    mgpu_pipeline_key partition, search;
    mgpu_lbs_keys(&t, mode, value_words, &partition, &search);
    r = mgpu__dispatch_partitions(ctx, cmd, &partition, pc, sizeof *pc, tiles + 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    uint32_t x = mgpu__tile_groups(ctx, &t, tiles);
    pc->groups_x = x;
    return mgpu__dispatch(ctx, cmd, &search, pc, sizeof *pc, x, 1);
}

mgpu_result mgpu_cmd_load_balance(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_load_balance_info *info,
                                  mgpu_range scratch) {
    mgpu_result r = mgpu_lbs_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "load balance: null command buffer");
    if (info->item_count == 0) return MGPU_SUCCESS; /* nothing to write */
    mgpu_lbs_pc pc = {.starts = info->object_count ? mgpu_range_address(ctx, info->object_starts) : 0,
                      .objects = mgpu_range_address(ctx, info->out_objects),
                      .item_count = info->item_count,
                      .object_count = info->object_count};
    mgpu_range_use uses[] = {{"object_starts", info->object_starts, (VkDeviceSize)info->object_count * 4},
                             {"out_objects", info->out_objects, (VkDeviceSize)info->item_count * 4}};
    return mgpu__lbs_record(ctx, cmd, &pc, MGPU_INTERVAL_SEARCH, 1, scratch, uses, MGPU_ARRAY_COUNT(uses));
}

static mgpu_result mgpu_record_load_balance(mgpu_context ctx, VkCommandBuffer cmd, const void *info,
                                            mgpu_range scratch) {
    return mgpu_cmd_load_balance(ctx, cmd, info, scratch);
}

mgpu_result mgpu_load_balance(mgpu_context ctx, const mgpu_load_balance_info *info) {
    mgpu_result r = mgpu_lbs_check(ctx, info, true);
    if (r != MGPU_SUCCESS || info->item_count == 0) return r;
    mgpu_requirements req = mgpu__lbs_requirements(ctx, info->item_count, info->object_count);
    return mgpu__run_blocking(ctx, mgpu_record_load_balance, info, req.scratch_size, (mgpu_range){0}, (mgpu_range){0},
                              0);
}

static mgpu_result mgpu_load_balance_prepare(mgpu_context ctx) {
    mgpu_tuning t = mgpu_lbs_tuning(ctx);
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t mode = MGPU_INTERVAL_SEARCH; mode <= MGPU_BULK_REMOVE && r == MGPU_SUCCESS; ++mode)
        for (uint32_t words = 1; words <= (mode == MGPU_INTERVAL_SEARCH ? 1u : 2u) && r == MGPU_SUCCESS; ++words) {
            mgpu_pipeline_key partition, search;
            mgpu_lbs_keys(&t, mode, words, &partition, &search);
            VkPipeline p;
            r = mgpu__prepare_partitions(ctx, &partition);
            if (r == MGPU_SUCCESS) r = mgpu__pipeline_get(ctx, &search, &p);
        }
    return r;
}

/* ---- interval operations ---- */

/* The ranges of an interval operation and the bytes it touches in each: starts, gather, scatter, input, output. */
static void mgpu_interval_uses(const mgpu_interval_info *info, mgpu_range_use ranges[5]) {
    bool gathers = info->op == MGPU_INTERVAL_OP_GATHER || info->op == MGPU_INTERVAL_OP_MOVE;
    bool scatters = info->op == MGPU_INTERVAL_OP_SCATTER || info->op == MGPU_INTERVAL_OP_MOVE;
    uint64_t input = info->op == MGPU_INTERVAL_OP_EXPAND    ? info->interval_count
                     : info->op == MGPU_INTERVAL_OP_SCATTER ? info->item_count
                                                            : info->input_count;
    uint64_t output = scatters ? info->output_count : info->item_count;
    uint64_t n = info->interval_count, vs = info->value_size;
    ranges[0] = (mgpu_range_use){"interval starts", info->interval_starts, n * 4};
    ranges[1] = (mgpu_range_use){"interval gather", info->gather, gathers ? n * 4 : 0};
    ranges[2] = (mgpu_range_use){"interval scatter", info->scatter, scatters ? n * 4 : 0};
    ranges[3] = (mgpu_range_use){"interval input", info->input, info->item_count ? input * vs : 0};
    ranges[4] = (mgpu_range_use){"interval output", info->output, info->item_count ? output * vs : 0};
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_interval_check(mgpu_context ctx, const mgpu_interval_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "interval: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "interval: info->next must be NULL");
    if ((unsigned)info->op > MGPU_INTERVAL_OP_MOVE)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "interval: op %d", (int)info->op);
    if (info->value_size != 4 && info->value_size != 8)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "interval: value_size %u (4 or 8)", info->value_size);
    if ((uint64_t)info->item_count + info->interval_count > MGPU_MAX_COUNT || info->input_count > MGPU_MAX_COUNT ||
        info->output_count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "interval: counts above 2^31-1");
    if (!check_ranges) return MGPU_SUCCESS;
    mgpu_range_use uses[5];
    mgpu_interval_uses(info, uses);
    uint32_t align[5] = {4, 4, 4, info->value_size, info->value_size};
    mgpu_result r = MGPU_SUCCESS;
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(uses) && r == MGPU_SUCCESS; ++i)
        if (uses[i].bytes) r = mgpu__check_range(ctx, uses[i].name, uses[i].range, uses[i].bytes, align[i]);
    for (size_t i = 0; i < 4 && r == MGPU_SUCCESS; ++i)
        if (mgpu__ranges_overlap(info->output, uses[4].bytes, uses[i].range, uses[i].bytes))
            r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "interval output overlaps %s", uses[i].name);
    return r;
}

mgpu_result mgpu_interval_get_requirements(mgpu_context ctx, const mgpu_interval_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "interval: null requirements");
    mgpu_result r = mgpu_interval_check(ctx, info, false);
    if (r != MGPU_SUCCESS) return r;
    *out = mgpu__lbs_requirements(ctx, info->item_count, info->interval_count);
    return MGPU_SUCCESS;
}

mgpu_result mgpu_cmd_interval(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_interval_info *info,
                              mgpu_range scratch) {
    mgpu_result r = mgpu_interval_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "interval: null command buffer");
    if (info->item_count == 0) return MGPU_SUCCESS;
    static const uint32_t modes[] = {MGPU_INTERVAL_EXPAND, MGPU_INTERVAL_GATHER, MGPU_INTERVAL_SCATTER,
                                     MGPU_INTERVAL_MOVE};
    bool gathers = info->op == MGPU_INTERVAL_OP_GATHER || info->op == MGPU_INTERVAL_OP_MOVE;
    bool scatters = info->op == MGPU_INTERVAL_OP_SCATTER || info->op == MGPU_INTERVAL_OP_MOVE;
    mgpu_lbs_pc pc = {.starts = mgpu_range_address(ctx, info->interval_starts),
                      .objects = mgpu_range_address(ctx, info->output),
                      .values = mgpu_range_address(ctx, info->input),
                      .gather = gathers ? mgpu_range_address(ctx, info->gather) : 0,
                      .scatter = scatters ? mgpu_range_address(ctx, info->scatter) : 0,
                      .item_count = info->item_count,
                      .object_count = info->interval_count};
    mgpu_range_use uses[5];
    mgpu_interval_uses(info, uses);
    return mgpu__lbs_record(ctx, cmd, &pc, modes[info->op], info->value_size / 4, scratch, uses, 5);
}

static mgpu_result mgpu_record_interval(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_interval(ctx, cmd, info, scratch);
}

mgpu_result mgpu_interval(mgpu_context ctx, const mgpu_interval_info *info) {
    mgpu_result r = mgpu_interval_check(ctx, info, true);
    if (r != MGPU_SUCCESS || info->item_count == 0) return r;
    mgpu_requirements req = mgpu__lbs_requirements(ctx, info->item_count, info->interval_count);
    return mgpu__run_blocking(ctx, mgpu_record_interval, info, req.scratch_size, (mgpu_range){0}, (mgpu_range){0}, 0);
}

/* The load-balancing search, the interval operations and the bulk operations (bulk.c) share these tiles. */
static const mgpu_tuning_row mgpu_load_balance_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 7, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* H100, 2026-11-22 (bench/RESULTS.md): small tiles, 128 x 3 beat 64..512 x 3..15. The join's rows (H200,
     * thirtieth session, u32 inner / outer join, 2^24 and 2^26 us): 128 x 3 266.6 / 304.7 and 966.8 / 1113.2,
     * 256 x 3 273.2 / 312.6 and 943.9 / 1095.5, 128 x 4 269.2 / 314.0 and 949.2 / 1124.7, 256 x 2 and 64 x 6 2-8%
     * slower: no shape faster at every size, the row stays. */
    {MGPU_TYPE_MASK_ALL, MGPU_VENDOR_ANY, 128, 3, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
};

/* Its pipelines (int32 offsets) are the same for every type: they are built once, with the bulk operations'. */
const mgpu_family_def mgpu__load_balance_family = {.prepare_once = mgpu_load_balance_prepare,
                                                   .tuning = mgpu_load_balance_tuning,
                                                   .tuning_count = MGPU_ARRAY_COUNT(mgpu_load_balance_tuning)};
