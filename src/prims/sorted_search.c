/*
 * Vectorized sorted search (the seeds' chapter 9), in the two-phase idiom of the merge: Merge Path partitions
 * of the merge of A and B (A's element first on ties for lower bounds, B's for upper bounds), then one tile
 * per workgroup that walks the merge and writes each element's bound and match flag (sorted_search.comp).
 * Both directions come from the same pass. Where the partitions are many (one thread each) they search a sample
 * array of A and B gathered first (mgpu__dispatch_sampled_partitions; the mergesort's passes write theirs as they
 * merge). Scratch: the partitions, then that sample array (ceil(a_count / S) + ceil(b_count / S) keys, 8-byte
 * aligned).
 * Indirect counts (indirect_a_count, indirect_b_count: device uint32s clamped to a_count and b_count) are read by
 * both kernels, as the merge's: a_count and b_count are the capacities that size the scratch and the dispatches.
 */
#include "../mgpu_internal.h"
#include "kernels/sorted_search/sorted_search_pc.h"

/* The ranges of a search and the bytes it touches in each: keys, outputs, the indirect counts, the overflow flag. */
#define MGPU_SEARCH_USES 9
static void mgpu_search_uses(const mgpu_sorted_search_info *info, mgpu_range_use uses[MGPU_SEARCH_USES]) {
    VkDeviceSize k = mgpu_type_size(info->key_type), an = info->a_count, bn = info->b_count;
    uses[0] = (mgpu_range_use){"a_keys", info->a_keys, an * k};
    uses[1] = (mgpu_range_use){"b_keys", info->b_keys, bn * k};
    uses[2] = (mgpu_range_use){"a_indices", info->a_indices, info->a_indices.buffer ? an * 4 : 0};
    uses[3] = (mgpu_range_use){"b_indices", info->b_indices, info->b_indices.buffer ? bn * 4 : 0};
    uses[4] = (mgpu_range_use){"a_matches", info->a_matches, info->a_matches.buffer ? an * 4 : 0};
    uses[5] = (mgpu_range_use){"b_matches", info->b_matches, info->b_matches.buffer ? bn * 4 : 0};
    uses[6] = (mgpu_range_use){"indirect_a_count", info->indirect_a_count, info->indirect_a_count.buffer ? 4 : 0};
    uses[7] = (mgpu_range_use){"indirect_b_count", info->indirect_b_count, info->indirect_b_count.buffer ? 4 : 0};
    uses[8] = (mgpu_range_use){"overflow", info->overflow, info->overflow.buffer ? 4 : 0};
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_search_check(mgpu_context ctx, const mgpu_sorted_search_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: info->next must be NULL");
    mgpu_result r = mgpu__check_type(ctx, info->key_type);
    if (r != MGPU_SUCCESS) return r;
    if ((unsigned)info->bounds > MGPU_BOUNDS_UPPER)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: bounds %d", (int)info->bounds);
    if (info->a_count > MGPU_MAX_COUNT || info->b_count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: counts above 2^31-1");
    if (!check_ranges) return MGPU_SUCCESS;
    size_t k = mgpu_type_size(info->key_type);
    struct {
        const char *name;
        mgpu_range range;
        uint64_t bytes;
        size_t align;
        bool optional;
    } ranges[] = {
        {"sorted search a_keys", info->a_keys, (uint64_t)info->a_count * k, k, false},
        {"sorted search b_keys", info->b_keys, (uint64_t)info->b_count * k, k, false},
        {"sorted search a_indices", info->a_indices, (uint64_t)info->a_count * 4, 4, true},
        {"sorted search b_indices", info->b_indices, (uint64_t)info->b_count * 4, 4, true},
        {"sorted search a_matches", info->a_matches, (uint64_t)info->a_count * 4, 4, true},
        {"sorted search b_matches", info->b_matches, (uint64_t)info->b_count * 4, 4, true},
    };
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++i) {
        if (!ranges[i].bytes || (ranges[i].optional && !ranges[i].range.buffer)) continue;
        r = mgpu__check_range(ctx, ranges[i].name, ranges[i].range, ranges[i].bytes, ranges[i].align);
    }
    for (size_t o = 2; o < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++o)
        for (size_t i = 0; i < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++i)
            if (i != o && (i < 2 || i > o) && ranges[o].range.buffer &&
                mgpu__ranges_overlap(ranges[o].range, ranges[o].bytes, ranges[i].range, ranges[i].bytes))
                r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps %s", ranges[o].name, ranges[i].name);
    const struct {
        const char *name;
        mgpu_range range;
    } counts[] = {{"sorted search indirect_a_count", info->indirect_a_count},
                  {"sorted search indirect_b_count", info->indirect_b_count}};
    for (size_t c = 0; c < MGPU_ARRAY_COUNT(counts) && r == MGPU_SUCCESS; ++c) {
        if (!counts[c].range.buffer) continue;
        r = mgpu__check_range(ctx, counts[c].name, counts[c].range, 4, 4);
        for (size_t o = 2; o < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++o)
            if (ranges[o].range.buffer && mgpu__ranges_overlap(counts[c].range, 4, ranges[o].range, ranges[o].bytes))
                r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps %s", counts[c].name, ranges[o].name);
    }
    mgpu_range_use uses[MGPU_SEARCH_USES];
    mgpu_search_uses(info, uses);
    if (r == MGPU_SUCCESS)
        r = mgpu__check_overflow(ctx, "sorted search", info->overflow,
                                 info->indirect_a_count.buffer ? info->indirect_a_count : info->indirect_b_count, uses,
                                 MGPU_SEARCH_USES - 1);
    return r;
}

typedef struct mgpu_search_plan {
    mgpu_tuning tuning;
    uint32_t tiles;                 /* of the merge of A and B: the scratch is sized from them, outputs or not */
    bool outputs;                   /* an output range is given: without one there is nothing to record */
    mgpu_partition_scratch scratch; /* the partitions and their sample array */
} mgpu_search_plan;

/* Its own tuning (the table below): the search is a merge of A and B that writes indices instead of keys. */
static mgpu_search_plan mgpu_search_make_plan(mgpu_context ctx, const mgpu_sorted_search_info *info) {
    mgpu_search_plan plan = {.tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_SORTED_SEARCH, info->key_type)};
    uint64_t tile = (uint64_t)plan.tuning.nt * plan.tuning.vt, total = (uint64_t)info->a_count + info->b_count;
    plan.outputs = info->a_indices.buffer || info->b_indices.buffer || info->a_matches.buffer || info->b_matches.buffer;
    plan.tiles = (uint32_t)((total + tile - 1) / tile);
    plan.scratch = mgpu__partition_scratch(plan.tiles, (uint32_t)tile, info->a_count, info->b_count,
                                           mgpu_type_size(info->key_type));
    return plan;
}

mgpu_result mgpu_sorted_search_get_requirements(mgpu_context ctx, const mgpu_sorted_search_info *info,
                                                mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: null requirements");
    mgpu_result r = mgpu_search_check(ctx, info, false);
    if (r != MGPU_SUCCESS) return r;
    mgpu_search_plan plan = mgpu_search_make_plan(ctx, info);
    *out = (mgpu_requirements){.scratch_size = plan.scratch.bytes,
                               .scratch_alignment = 4,
                               .scratch_usage =
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
    return MGPU_SUCCESS;
}

static void mgpu_search_keys(mgpu_tuning t, mgpu_type type, bool upper, bool descending, mgpu_pipeline_key *partition,
                             mgpu_pipeline_key *search) {
    *partition = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_MERGE_PARTITION,
                                     .type = type,
                                     .subgroup = t.subgroup == MGPU_SWITCH_ON,
                                     .spec = {[MGPU_SPEC_NT] = MGPU_PARTITION_NT,
                                              [MGPU_SPEC_VT] = t.nt * t.vt,
                                              [MGPU_SPEC_DESCENDING] = descending,
                                              [MGPU_SPEC_MODE] = upper ? MGPU_PARTITION_MODE_B_FIRST : 0u}};
    *search = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_SORTED_SEARCH,
                                  .type = type,
                                  .spec = {[MGPU_SPEC_NT] = t.nt,
                                           [MGPU_SPEC_VT] = t.vt,
                                           [MGPU_SPEC_MODE] = upper,
                                           [MGPU_SPEC_DESCENDING] = descending}};
}

static VkDeviceAddress mgpu_optional_address(mgpu_context ctx, mgpu_range range, uint32_t count) {
    return range.buffer && count ? mgpu_range_address(ctx, range) : 0;
}

static mgpu_result mgpu_search_write_overflow(mgpu_context ctx, VkCommandBuffer cmd,
                                              const mgpu_sorted_search_info *info) {
    return mgpu__write_overflow(ctx, cmd, info->overflow, info->indirect_a_count, info->a_count, info->indirect_b_count,
                                info->b_count);
}

mgpu_result mgpu_cmd_sorted_search(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_sorted_search_info *info,
                                   mgpu_range scratch) {
    mgpu_result r = mgpu_search_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: null command buffer");
    mgpu_search_plan plan = mgpu_search_make_plan(ctx, info);
    if (plan.tiles == 0 || !plan.outputs) return mgpu_search_write_overflow(ctx, cmd, info);
    mgpu_range_use uses[MGPU_SEARCH_USES];
    mgpu_search_uses(info, uses);
    r = mgpu__check_scratch(ctx, "sorted search scratch", scratch, plan.scratch.bytes, 4, uses, MGPU_SEARCH_USES);
    if (r == MGPU_SUCCESS) r = mgpu_search_write_overflow(ctx, cmd, info);
    if (r != MGPU_SUCCESS) return r;
    mgpu_search_pc pc = {
        .a_keys = mgpu_optional_address(ctx, info->a_keys, info->a_count),
        .b_keys = mgpu_optional_address(ctx, info->b_keys, info->b_count),
        .a_indices = mgpu_optional_address(ctx, info->a_indices, info->a_count),
        .b_indices = mgpu_optional_address(ctx, info->b_indices, info->b_count),
        .a_matches = mgpu_optional_address(ctx, info->a_matches, info->a_count),
        .b_matches = mgpu_optional_address(ctx, info->b_matches, info->b_count),
        .partitions = mgpu_range_address(ctx, scratch),
        .samples = mgpu__partition_samples(&plan.scratch, mgpu_range_address(ctx, scratch)),
        .sample_shift = plan.scratch.shift,
        .a_count = info->a_count,
        .b_count = info->b_count,
        .a_count_address = info->indirect_a_count.buffer ? mgpu_range_address(ctx, info->indirect_a_count) : 0,
        .b_count_address = info->indirect_b_count.buffer ? mgpu_range_address(ctx, info->indirect_b_count) : 0};
    mgpu_pipeline_key partition, search;
    mgpu_search_keys(plan.tuning, info->key_type, info->bounds == MGPU_BOUNDS_UPPER, info->descending, &partition,
                     &search);
    if (plan.scratch.shift && mgpu__partitions_sampled(plan.tuning, plan.tiles + 1))
        r = mgpu__dispatch_sampled_partitions(ctx, cmd, &partition, &pc, sizeof pc, plan.tiles + 1, info->a_count,
                                              info->b_count, plan.scratch.shift);
    else
        r = mgpu__dispatch_partitions(ctx, cmd, &partition, &pc, sizeof pc, plan.tiles + 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    uint32_t x = mgpu__tile_groups(ctx, &plan.tuning, plan.tiles);
    pc.groups_x = x;
    return mgpu__dispatch(ctx, cmd, &search, &pc, sizeof pc, x, 1);
}

static mgpu_result mgpu_record_search(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_sorted_search(ctx, cmd, info, scratch);
}

/* The number of ones among count int32 flags, or among the first min(*indirect_count, count) of them. */
static mgpu_result mgpu_count_flags(mgpu_context ctx, mgpu_range flags, uint32_t count, mgpu_range indirect_count,
                                    uint32_t *out) {
    *out = 0;
    if (!flags.buffer || !count) return MGPU_SUCCESS;
    mgpu_reduce_value v;
    mgpu_result r = mgpu_reduce(
        ctx,
        &(mgpu_reduce_info){.type = MGPU_TYPE_U32, .count = count, .input = flags, .indirect_count = indirect_count},
        &v);
    if (r == MGPU_SUCCESS) *out = v.value.u32;
    return r;
}

mgpu_result mgpu_sorted_search(mgpu_context ctx, const mgpu_sorted_search_info *info, uint32_t *a_match_count,
                               uint32_t *b_match_count) {
    mgpu_result r = mgpu_search_check(ctx, info, true);
    mgpu_search_plan plan = r == MGPU_SUCCESS ? mgpu_search_make_plan(ctx, info) : (mgpu_search_plan){0};
    if (r == MGPU_SUCCESS && ((plan.tiles && plan.outputs) || info->overflow.buffer))
        r = mgpu__run_blocking(ctx, mgpu_record_search, info, plan.tiles && plan.outputs ? plan.scratch.bytes : 0,
                               (mgpu_range){0}, (mgpu_range){0}, 0);
    uint32_t a = 0, b = 0;
    if (r == MGPU_SUCCESS && a_match_count)
        r = mgpu_count_flags(ctx, info->a_matches, info->a_count, info->indirect_a_count, &a);
    if (r == MGPU_SUCCESS && b_match_count)
        r = mgpu_count_flags(ctx, info->b_matches, info->b_count, info->indirect_b_count, &b);
    if (r == MGPU_SUCCESS && a_match_count) *a_match_count = a;
    if (r == MGPU_SUCCESS && b_match_count) *b_match_count = b;
    return r;
}

static mgpu_result mgpu_sorted_search_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_SORTED_SEARCH, type);
    mgpu_result r = MGPU_SUCCESS;
    for (int upper = 0; upper < 2 && r == MGPU_SUCCESS; ++upper)
        for (int descending = 0; descending < 2 && r == MGPU_SUCCESS; ++descending) {
            mgpu_pipeline_key partition, search;
            mgpu_search_keys(t, type, upper, descending, &partition, &search);
            VkPipeline p;
            r = mgpu__prepare_partitions(ctx, &partition);
            if (r == MGPU_SUCCESS) r = mgpu__prepare_sampled_partitions(ctx, &partition);
            if (r == MGPU_SUCCESS) r = mgpu__pipeline_get(ctx, &search, &p);
        }
    return r == MGPU_SUCCESS ? mgpu__indirect_prepare(ctx) : r; /* the overflow flag's setup */
}

/* The searches' tiles (MGPU_PRIM_SORTED_SEARCH; the join's search, join.c, takes them too), apart from the merge's
 * since H200 2026-11-26 (bench/RESULTS.md, eighth session): the merge's 256 x 9 made the searches slower (sorted
 * search 804 -> 952 us, inner join 1399 -> 2064 at 2^26 u32), so they keep the rows the merge had. */
static const mgpu_tuning_row mgpu_sorted_search_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 7, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* H100, 2026-11-22 (bench/RESULTS.md): 256 x 7 beat 64..256 x 5..17 for u32 (swept with the merge); the 64-bit
     * row keeps the shared memory of the 32-bit one (not swept). Workgroups (H200, 2026-11-28, twentieth session,
     * sorted search u32 2^22 / 2^23 / 2^24 / 2^26 us): 16384 60.2 / 103.6 / 182.9 / 598.1, 4096 58.9 / 95.7 / 166.2 /
     * 598.8; u64 76.1 / 129.9 / 222.1 / 776.5 against 71.7 / 117.4 / 208.8 / 783.2; the join's search level to 2.5%
     * faster. values_nt x values_vt: the join's search tile (src/prims/join.c), the same shapes, stated so that the
     * two are tuned apart (H200, 2026-11-28, twenty-first session, inner join u32 / u64 at 2^26 us, the join's
     * tile: u32 256 x 7 1197, 512 x 7 1214, 128 x 15 1410, 256 x 15 1415, 256 x 11 1493, 128 x 11 1500, 256 x 9
     * 1649; u64 256 x 5 1415, 256 x 11 1670, 256 x 9 1735, 128 x 9 1755, 256 x 7 1882, 128 x 13 2588). Since the
     * join's bounds are written over its keys (twenty-second session, same sizes, tree -> that change at the
     * tile): u32 256 x 7 1195 -> 1237, 256 x 9 1648 -> 1167, 512 x 7 1215 -> 1260, 256 x 11 1493 -> 1553; u64 256 x
     * 5 1416 -> 1462, 256 x 7 1882 -> 1320, 512 x 5 1446 -> 1496, 256 x 9 1732 -> 1796; every kind at the new
     * tiles 2-3% (u32) and 5-7% (u64) faster from 2^22, level at 2^20..2^21, 1.1-1.7 us slower up to 2^18. Then
     * (call 5, two rounds) 32-bit 256 x 10 against 256 x 9: inner and outer joins of u32 and f32 2^23..2^26 1.5-2.8%
     * faster (u32 inner 2^26 1166 -> 1136), 2^14..2^22 0.2-1.0 us slower (1-3%): the row took 256 x 10. Then
     * (twenty-fifth session, call 9, a residency probe: workgroups an SM) 256 x 10 held 2 workgroups an SM by its
     * shared memory (22556 bytes; registers allow 3), as 256 x 8 and x 7 do, and 256 x 6 (14364 bytes) 3: inner /
     * outer join u32 us at 2^24 / 2^26, x 10 325.8 / 1144.4 and 362.9 / 1285.8, x 8 340.8 / 1205.7, x 7 351.1 /
     * 1254.6, x 6 308.7 / 1107.5 and 347.5 / 1254.0, x 5 324.3 / 1160.8: the row takes 256 x 6. At every size
     * (twenty-sixth session, call 1, two rounds): u32 inner join x 6 against x 10 -2.5..-9% from 2^14 to 2^26
     * (2^26 1137.9 -> 1098.8), outer -2.4..-9.1%. On the one-walk search (thirtieth session, call 2, inner join,
     * two rounds, 2^20 / 2^24 / 2^26 us): u32 256 x 6 37.6 / 266.6 / 967.4, 256 x 10 39.2 / 271.9 / 963.4, 128 x 8
     * 38.8 / 268.1 / 975.6, 256 x 5 +5%, 256 x 8 +1..7%, 256 x 7 +9..11%, 128 x 12 +6..10%, 512 x 6 +9..20%;
     * u64 256 x 7 44.7 / 319.5 / 1143.7, 128 x 7 44.5 / 317.4 / 1164.2, 256 x 4 42.3 / 318.5 / 1168.6, 256 x 6
     * +3..5%, 256 x 5 +0..11%, 128 x 10 +9..27%: the rows stay. */
    {MGPU_32, MGPU_VENDOR_ANY, 256, 7, MGPU_SWITCH_AUTO, 0, 256, 6, 4096},
    {MGPU_64, MGPU_VENDOR_ANY, 256, 5, MGPU_SWITCH_AUTO, 0, 256, 7, 4096},
};

const mgpu_family_def mgpu__sorted_search_family = {.prepare = mgpu_sorted_search_prepare,
                                                    .tuning = mgpu_sorted_search_tuning,
                                                    .tuning_count = MGPU_ARRAY_COUNT(mgpu_sorted_search_tuning)};
