/*
 * Merge (the seeds' chapter 6), in the two-phase idiom: a partition dispatch finds, by Merge Path, where each
 * tile of NT * VT outputs starts in A and B; the merge dispatch merges each tile in shared memory. Where the
 * tiles are few (tuning `fold`), the merge dispatch alone: each workgroup searches its tile's bounds itself.
 * Scratch: the partitions, one uint per tile boundary (asked for either way, so that it depends on sizes only), and
 * a sample array of (a_count + b_count) / S keys (S: mgpu__merge_sample_shift's, up to 256). Where the partitions
 * are one a thread (mgpu__partitions_sampled), a dispatch gathers every S-th key of A and B into it first, and the
 * partitions search it before the keys (mgpu__dispatch_sampled_partitions; H200 at 2^26, bench/RESULTS.md,
 * twenty-fifth session: u32 200.8 -> 194.6 us, u64 416.4 -> 391.0).
 * Indirect counts (indirect_a_count, indirect_b_count: device uint32s clamped to a_count and b_count) are read by
 * both kernels, so the partitions are the real counts' and the merge takes only the real total's tiles: a_count
 * and b_count are the capacities that size the scratch and the dispatches. The overflow flag: one setup dispatch
 * (mgpu__write_overflow) that reads both counts.
 */
#include "../mgpu_internal.h"
#include "kernels/merge/merge_pc.h"

typedef struct mgpu_merge_plan {
    mgpu_tuning tuning;
    uint32_t tile;
    uint32_t tiles;
    uint32_t value_words;
    mgpu_partition_scratch scratch; /* the partitions and the gathered sample array */
} mgpu_merge_plan;

static mgpu_merge_plan mgpu_merge_make_plan(mgpu_context ctx, const mgpu_merge_info *info) {
    mgpu_merge_plan plan = {.tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_MERGE, info->key_type)};
    plan.tile = plan.tuning.nt * plan.tuning.vt;
    uint64_t total = (uint64_t)info->a_count + info->b_count;
    plan.tiles = (uint32_t)((total + plan.tile - 1) / plan.tile);
    plan.value_words = info->value_size / 4;
    plan.scratch =
        mgpu__partition_scratch(plan.tiles, plan.tile, info->a_count, info->b_count, mgpu_type_size(info->key_type));
    return plan;
}

static VkDeviceSize mgpu_merge_scratch(const mgpu_merge_plan *plan) { return plan->scratch.bytes; }

/* The ranges of a merge and the bytes it touches in each: inputs, outputs, the indirect counts, the overflow flag. */
#define MGPU_MERGE_USES 9
static void mgpu_merge_uses(const mgpu_merge_info *info, mgpu_range_use uses[MGPU_MERGE_USES]) {
    VkDeviceSize key = mgpu_type_size(info->key_type), vs = info->value_size;
    VkDeviceSize an = info->a_count, bn = info->b_count;
    uses[0] = (mgpu_range_use){"a_keys", info->a_keys, an * key};
    uses[1] = (mgpu_range_use){"b_keys", info->b_keys, bn * key};
    uses[2] = (mgpu_range_use){"a_values", info->a_values, an * vs};
    uses[3] = (mgpu_range_use){"b_values", info->b_values, bn * vs};
    uses[4] = (mgpu_range_use){"out_keys", info->out_keys, (an + bn) * key};
    uses[5] = (mgpu_range_use){"out_values", info->out_values, (an + bn) * vs};
    uses[6] = (mgpu_range_use){"indirect_a_count", info->indirect_a_count, info->indirect_a_count.buffer ? 4 : 0};
    uses[7] = (mgpu_range_use){"indirect_b_count", info->indirect_b_count, info->indirect_b_count.buffer ? 4 : 0};
    uses[8] = (mgpu_range_use){"overflow", info->overflow, info->overflow.buffer ? 4 : 0};
}

/* The info's checks; `check_ranges` false skips those of its ranges and their overlaps (get_requirements answers from
 * sizes alone). */
static mgpu_result mgpu_merge_check(mgpu_context ctx, const mgpu_merge_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "merge: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "merge: info->next must be NULL");
    mgpu_result r = mgpu__check_type(ctx, info->key_type);
    if (r != MGPU_SUCCESS) return r;
    if (info->value_size != 0 && info->value_size != 4 && info->value_size != 8)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "merge: value_size %u (0, 4 or 8)", info->value_size);
    uint64_t total = (uint64_t)info->a_count + info->b_count;
    if (total > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "merge: %llu elements > 2^31-1", (unsigned long long)total);
    if (!check_ranges) return MGPU_SUCCESS;
    size_t key = mgpu_type_size(info->key_type);
    struct {
        const char *name;
        mgpu_range range;
        uint64_t count;
        size_t size;
    } ranges[] = {
        {"merge a_keys", info->a_keys, info->a_count, key},
        {"merge b_keys", info->b_keys, info->b_count, key},
        {"merge out_keys", info->out_keys, total, key},
        {"merge a_values", info->a_values, info->value_size ? info->a_count : 0, info->value_size},
        {"merge b_values", info->b_values, info->value_size ? info->b_count : 0, info->value_size},
        {"merge out_values", info->out_values, info->value_size ? total : 0, info->value_size},
    };
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++i)
        if (ranges[i].count)
            r = mgpu__check_range(ctx, ranges[i].name, ranges[i].range, ranges[i].count * ranges[i].size,
                                  ranges[i].size);
    if (r != MGPU_SUCCESS) return r;
    /* An output may not overlap any input (the merge reads inputs after other tiles wrote outputs). */
    for (size_t o = 2; o < MGPU_ARRAY_COUNT(ranges); o += 3)
        for (size_t i = 0; i < MGPU_ARRAY_COUNT(ranges); ++i) {
            if (i == 2 || i == 5) continue;
            if (mgpu__ranges_overlap(ranges[o].range, ranges[o].count * ranges[o].size, ranges[i].range,
                                     ranges[i].count * ranges[i].size))
                return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps %s", ranges[o].name, ranges[i].name);
        }
    if (info->value_size &&
        mgpu__ranges_overlap(info->out_keys, total * key, info->out_values, total * info->value_size))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "merge: out_keys overlaps out_values");
    const struct {
        const char *name;
        mgpu_range range;
    } counts[] = {{"merge indirect_a_count", info->indirect_a_count},
                  {"merge indirect_b_count", info->indirect_b_count}};
    for (size_t c = 0; c < MGPU_ARRAY_COUNT(counts); ++c) {
        if (!counts[c].range.buffer) continue;
        r = mgpu__check_range(ctx, counts[c].name, counts[c].range, 4, 4);
        if (r != MGPU_SUCCESS) return r;
        if (mgpu__ranges_overlap(counts[c].range, 4, info->out_keys, total * key) ||
            (info->value_size && mgpu__ranges_overlap(counts[c].range, 4, info->out_values, total * info->value_size)))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps an output", counts[c].name);
    }
    mgpu_range_use uses[MGPU_MERGE_USES];
    mgpu_merge_uses(info, uses);
    return mgpu__check_overflow(ctx, "merge", info->overflow,
                                info->indirect_a_count.buffer ? info->indirect_a_count : info->indirect_b_count, uses,
                                MGPU_MERGE_USES - 1);
}

mgpu_result mgpu_merge_get_requirements(mgpu_context ctx, const mgpu_merge_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "merge: null requirements");
    mgpu_result r = mgpu_merge_check(ctx, info, false);
    if (r != MGPU_SUCCESS) return r;
    mgpu_merge_plan plan = mgpu_merge_make_plan(ctx, info);
    *out = (mgpu_requirements){.scratch_size = mgpu_merge_scratch(&plan),
                               .scratch_alignment = 4,
                               .scratch_usage =
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
    return MGPU_SUCCESS;
}

/* Merge passes of at most this many tiles search their partitions in the merge kernel (tuning `fold` AUTO):
 * one dispatch instead of two and a barrier, but every tile waits for its own search (a few global read
 * latencies), which costs more than the partition dispatch once the tiles are many (bench/RESULTS.md). */
#define MGPU_MERGE_FOLD_TILES 512u

/* The pipelines of a merge pass: its partitions (MGPU_PARTITION_MODE_* flags partition_mode) and its merge kernel
 * (MGPU_MERGE_MODE_* flags merge_mode). */
static void mgpu_merge_keys(mgpu_tuning tuning, mgpu_type type, bool descending, uint32_t value_words,
                            uint32_t partition_mode, uint32_t merge_mode, uint32_t order_bits,
                            mgpu_pipeline_key *partition, mgpu_pipeline_key *merge) {
    *partition = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_MERGE_PARTITION,
                                     .type = type,
                                     .subgroup = tuning.subgroup == MGPU_SWITCH_ON,
                                     .spec = {[MGPU_SPEC_NT] = MGPU_PARTITION_NT,
                                              [MGPU_SPEC_VT] = tuning.nt * tuning.vt,
                                              [MGPU_SPEC_DESCENDING] = descending,
                                              [MGPU_SPEC_MODE] = partition_mode}};
    *merge = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_MERGE,
                                 .type = type,
                                 .spec = {[MGPU_SPEC_NT] = tuning.nt,
                                          [MGPU_SPEC_VT] = tuning.vt,
                                          [MGPU_SPEC_DESCENDING] = descending,
                                          [MGPU_SPEC_VALUE_WORDS] = value_words,
                                          [MGPU_SPEC_MODE] = merge_mode,
                                          [MGPU_SPEC_ORDER_BITS] = order_bits}};
}

mgpu_result mgpu__record_merge_pass(mgpu_context ctx, VkCommandBuffer cmd, mgpu_type type, bool descending,
                                    mgpu_tuning tuning, uint32_t value_words, uint32_t order_bits, uint32_t samples,
                                    mgpu_merge_pc *pc) {
    uint32_t total = pc->run ? pc->a_count : pc->a_count + pc->b_count;
    uint32_t tile = tuning.nt * tuning.vt;
    uint32_t tiles = (uint32_t)(((uint64_t)total + tile - 1) / tile);
    bool fold = tuning.fold == MGPU_SWITCH_ON || (tuning.fold == MGPU_SWITCH_AUTO && tiles <= MGPU_MERGE_FOLD_TILES);
    if (fold || !mgpu__partitions_sampled(tuning, tiles + 1) || !pc->run || !pc->samples) samples = 0;
    uint32_t partition_mode = samples & MGPU_PASS_SAMPLES_READ ? MGPU_PARTITION_MODE_SAMPLED : 0u;
    uint32_t merge_mode = (fold ? MGPU_MERGE_MODE_SEARCHED : 0u) | (pc->run ? MGPU_MERGE_MODE_ONE_ARRAY : 0u) |
                          (samples & MGPU_PASS_SAMPLES_WRITE ? MGPU_MERGE_MODE_SAMPLES : 0u);
    mgpu_pipeline_key partition, merge;
    mgpu_merge_keys(tuning, type, descending, value_words, partition_mode, merge_mode, order_bits, &partition, &merge);
    bool gather = !fold && !pc->run && pc->samples && mgpu__partitions_sampled(tuning, tiles + 1);
    if (!fold) {
        mgpu_result r = gather ? mgpu__dispatch_sampled_partitions(ctx, cmd, &partition, pc, sizeof *pc, tiles + 1,
                                                                   pc->a_count, pc->b_count, pc->sample_shift)
                               : mgpu__dispatch_partitions(ctx, cmd, &partition, pc, sizeof *pc, tiles + 1);
        if (r != MGPU_SUCCESS) return r;
        mgpu__barrier_compute_write_to_read(ctx, cmd);
    }
    uint32_t x = mgpu__tile_groups(ctx, &tuning, tiles);
    pc->groups_x = x;
    return mgpu__dispatch(ctx, cmd, &merge, pc, sizeof *pc, x, 1);
}

mgpu_result mgpu__merge_pass_prepare(mgpu_context ctx, mgpu_type type, mgpu_tuning tuning, bool passes,
                                     uint32_t words_mask, uint32_t order_mask, uint32_t order_bits) {
    mgpu_result r = MGPU_SUCCESS;
    uint32_t one_array = passes ? MGPU_MERGE_MODE_ONE_ARRAY : 0u;
    for (uint32_t words = 0; words <= 2 && r == MGPU_SUCCESS; ++words)
        for (int descending = 0; descending < 2 && r == MGPU_SUCCESS; ++descending) {
            if (!(words_mask & (1u << words)) || !(order_mask & (1u << descending))) continue;
            /* the partitions and merge kernels a pass may record: with samples (passes: read, written) or not,
             * and the folded kernel */
            for (uint32_t samples = 0; samples < (passes ? 2u : 1u) && r == MGPU_SUCCESS; ++samples) {
                mgpu_pipeline_key partition, merge;
                mgpu_merge_keys(tuning, type, descending, words, samples ? MGPU_PARTITION_MODE_SAMPLED : 0u,
                                one_array | (samples ? MGPU_MERGE_MODE_SAMPLES : 0u), order_bits, &partition, &merge);
                VkPipeline p;
                r = mgpu__prepare_partitions(ctx, &partition);
                if (r == MGPU_SUCCESS) r = mgpu__pipeline_get(ctx, &merge, &p);
                if (r == MGPU_SUCCESS && !passes) r = mgpu__prepare_sampled_partitions(ctx, &partition);
            }
            mgpu_pipeline_key partition, folded;
            mgpu_merge_keys(tuning, type, descending, words, 0u, MGPU_MERGE_MODE_SEARCHED | one_array, order_bits,
                            &partition, &folded);
            VkPipeline p;
            if (r == MGPU_SUCCESS) r = mgpu__pipeline_get(ctx, &folded, &p);
        }
    return r;
}

static mgpu_result mgpu_merge_write_overflow(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_merge_info *info) {
    return mgpu__write_overflow(ctx, cmd, info->overflow, info->indirect_a_count, info->a_count, info->indirect_b_count,
                                info->b_count);
}

mgpu_result mgpu_cmd_merge(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_merge_info *info, mgpu_range scratch) {
    mgpu_result r = mgpu_merge_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "merge: null command buffer");
    mgpu_merge_plan plan = mgpu_merge_make_plan(ctx, info);
    if (plan.tiles == 0) return mgpu_merge_write_overflow(ctx, cmd, info);
    mgpu_range_use uses[MGPU_MERGE_USES];
    mgpu_merge_uses(info, uses);
    r = mgpu__check_scratch(ctx, "merge scratch", scratch, mgpu_merge_scratch(&plan), 4, uses, MGPU_MERGE_USES);
    if (r == MGPU_SUCCESS) r = mgpu_merge_write_overflow(ctx, cmd, info);
    if (r != MGPU_SUCCESS) return r;
    mgpu_merge_pc pc = {
        .a_keys = info->a_count ? mgpu_range_address(ctx, info->a_keys) : 0,
        .b_keys = info->b_count ? mgpu_range_address(ctx, info->b_keys) : 0,
        .a_values = info->value_size && info->a_count ? mgpu_range_address(ctx, info->a_values) : 0,
        .b_values = info->value_size && info->b_count ? mgpu_range_address(ctx, info->b_values) : 0,
        .out_keys = mgpu_range_address(ctx, info->out_keys),
        .out_values = info->value_size ? mgpu_range_address(ctx, info->out_values) : 0,
        .partitions = mgpu_range_address(ctx, scratch),
        .samples = mgpu__partition_samples(&plan.scratch, mgpu_range_address(ctx, scratch)),
        .sample_shift = plan.scratch.shift,
        .a_count = info->a_count,
        .b_count = info->b_count,
        .a_count_address = info->indirect_a_count.buffer ? mgpu_range_address(ctx, info->indirect_a_count) : 0,
        .b_count_address = info->indirect_b_count.buffer ? mgpu_range_address(ctx, info->indirect_b_count) : 0};
    return mgpu__record_merge_pass(ctx, cmd, info->key_type, info->descending, plan.tuning, plan.value_words, 0, 0,
                                   &pc);
}

static mgpu_result mgpu_record_merge(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_merge(ctx, cmd, info, scratch);
}

mgpu_result mgpu_merge(mgpu_context ctx, const mgpu_merge_info *info) {
    mgpu_result r = mgpu_merge_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    mgpu_merge_plan plan = mgpu_merge_make_plan(ctx, info);
    if (plan.tiles == 0 && !info->overflow.buffer) return MGPU_SUCCESS;
    return mgpu__run_blocking(ctx, mgpu_record_merge, info, mgpu_merge_scratch(&plan), (mgpu_range){0}, (mgpu_range){0},
                              0);
}

static mgpu_result mgpu_merge_prepare_variant(mgpu_context ctx, mgpu_type type, uint32_t words_mask,
                                              uint32_t order_mask) {
    mgpu_result r = mgpu__merge_pass_prepare(ctx, type, mgpu__tuning_resolve(ctx, MGPU_PRIM_MERGE, type), false,
                                             words_mask, order_mask, 0);
    return r == MGPU_SUCCESS ? mgpu__indirect_prepare(ctx) : r; /* the overflow flag's setup */
}

static mgpu_result mgpu_merge_prepare(mgpu_context ctx, mgpu_type type) {
    return mgpu_merge_prepare_variant(ctx, type, MGPU_VALUE_WORDS_ALL, MGPU_ORDERS_ALL);
}

/* The merge's own tiles (the sorted search and the join's search have theirs, sorted_search.c; mergesort, its). */
static const mgpu_tuning_row mgpu_merge_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 7, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* Merge Path family (sweeps in bench/RESULTS.md; odd VT against shared-memory bank conflicts). H100,
     * 2026-11-22: 256 x 7 beat 64..256 x 5..17 for u32. H200, 2026-11-27, merge at 2^26 u32 (bench/RESULTS.md,
     * ninth session): 256 x 11 225 us (64 registers), 128 x 11 234, 256 x 9 240 (56), 256 x 7 242 (47), 512 x 7
     * 286. The 64-bit row keeps the shared memory of the H100's 32-bit one (not swept). Workgroups (H200,
     * 2026-11-28, twentieth session, u32 2^22 / 2^24 / 2^25 / 2^26 us): 16384 20.9 / 73.6 / 123.8 / 213.1, 4096
     * 21.2 / 71.8 / 115.5 / 203.1, 8192 21.1 / 73.7 / 118.4 / 202.9; u64 keeps 16384 (4096: 2^26 416 -> 440). */
    {MGPU_32, MGPU_VENDOR_ANY, 256, 11, MGPU_SWITCH_AUTO, 0, 0, 0, 4096},
    {MGPU_64, MGPU_VENDOR_ANY, 256, 5, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
};

const mgpu_family_def mgpu__merge_family = {.prepare = mgpu_merge_prepare,
                                            .prepare_variant = mgpu_merge_prepare_variant,
                                            .tuning = mgpu_merge_tuning,
                                            .tuning_count = MGPU_ARRAY_COUNT(mgpu_merge_tuning)};
