/*
 * Relational joins (the seeds' chapter 12): the sort-merge join of two sorted key arrays, inner, left, right or
 * outer, as rows (a_index, b_index). Recorded as one sequence with no host round trip:
 *   1. merge_partition (the sorted search's Merge Path partitions, lower bounds) and join_search: each A element's
 *      lower bound in B with a match bit, and its rows (the equal B keys; at least 1 for left and outer joins);
 *      for right and outer joins each search tile's B elements without an equal key in A, listed in B order, and
 *      their number as one more object after A's elements;
 *   2. the exclusive scan (mgpu_cmd_scan, u32) of those row counts: the objects' starts, and the row count as
 *      its total;
 *   3. join_partition: the row count to row_count, and the load-balancing search partitions of the rows (at most
 *      capacity) over the starts; join_rows writes every row (the count alone: join_partition's FINISH flag).
 * Where a_count and b_count allow more than 2^31-1 rows, the search also adds each tile's rows (saturated at
 * 2^31) to two words with their carries, which tell such a join (MGPU_JOIN_OVERFLOW) from the scan's total
 * modulo 2^32. The blocking join submits steps 1-2 with the count written to host-visible memory, checks it
 * against the capacity, and submits step 3 with the same scratch.
 * Scratch, each part 16-byte aligned: 4 words (the scan's total, the checked sum and its carries), the search's
 * partitions, the lower bounds (a_count), the row counts and their scan (objects each), the unmatched B elements
 * (b_count; right and outer), the scan's scratch, the search partitions' sample array where they are sampled
 * (mgpu__dispatch_sampled_partitions, as the sorted search's), and for the join the rows' partitions, then
 * their own sample array of every S-th object start where they are sampled (join_partition.comp's GATHER and
 * SAMPLED modes; H200, u32 inner join of 2^26 keys: rows partitions 75 -> 36 us, 935.8 -> 897.7 us in all;
 * bench/RESULTS.md, thirty-first session).
 */
#include "../mgpu_internal.h"
#include "kernels/join/join_pc.h"
#include "kernels/merge/merge_pc.h"

#include <string.h>

/* The rows' partitions are sampled only above this many (with the subgroup search on; the tests force them with it
 * off): the gather's dispatch cost the joins of 2^21..2^23 keys 1-3% and gained 1-4% from 2^24 (H200, u32 and u64;
 * 2^24 keys make about 43700 partitions). */
#define MGPU_JOIN_ROWS_SAMPLED_MIN 32768u

static VkDeviceSize mgpu_align16(VkDeviceSize x) { return (x + 15) & ~(VkDeviceSize)15; }

typedef struct mgpu_join_plan {
    mgpu_tuning search;   /* the join search's tiles (mgpu_join_search_tuning), for the key type */
    mgpu_tuning rows;     /* the load-balancing search's tiles */
    uint32_t search_tile; /* merge positions per search tile */
    uint32_t search_tiles;
    uint32_t rows_tile;    /* merge positions (rows and objects) per rows tile */
    uint32_t flags;        /* MGPU_JOIN_FLAG_* */
    uint32_t objects;      /* A's elements, then (right, outer) one per search tile; 0: no row can exist */
    uint32_t sample_shift; /* the search partitions' sample array: stride 2^sample_shift (0: none) */
    VkDeviceSize partitions, lower, counts, starts, unmatched, scan, scan_bytes, samples, count_bytes;
} mgpu_join_plan;

static mgpu_scan_info mgpu_join_scan_info(uint32_t objects) {
    return (mgpu_scan_info){.type = MGPU_TYPE_U32, .op = MGPU_OP_ADD, .exclusive = true, .count = objects};
}

/* The join's search tile: the sorted search's second shape, values_nt x values_vt (which follow its nt x vt where
 * they are not set), so that the join's search (a walk and its replay a tile, and a workgroup sum) and the sorted
 * search (one walk) are tuned apart. */
static mgpu_tuning mgpu_join_search_tuning(mgpu_context ctx, mgpu_type type) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_SORTED_SEARCH, type);
    t.nt = t.values_nt;
    t.vt = t.values_vt;
    return t;
}

static mgpu_join_plan mgpu_join_make_plan(mgpu_context ctx, const mgpu_join_info *info) {
    mgpu_join_plan plan = {.search = mgpu_join_search_tuning(ctx, info->key_type),
                           .rows = mgpu__tuning_resolve(ctx, MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_I32)};
    plan.search_tile = plan.search.nt * plan.search.vt;
    plan.rows_tile = plan.rows.nt * plan.rows.vt;
    uint64_t total = (uint64_t)info->a_count + info->b_count;
    plan.search_tiles = (uint32_t)((total + plan.search_tile - 1) / plan.search_tile);
    bool left = info->kind == MGPU_JOIN_LEFT || info->kind == MGPU_JOIN_OUTER;
    bool right = info->kind == MGPU_JOIN_RIGHT || info->kind == MGPU_JOIN_OUTER;
    /* Each A element has at most b_count rows (1 in a left join without B), whatever the keys. */
    uint64_t most =
        (uint64_t)info->a_count * (left && info->b_count == 0 ? 1 : info->b_count) + (right ? info->b_count : 0);
    plan.flags = (left ? MGPU_JOIN_FLAG_LEFT : 0) | (right ? MGPU_JOIN_FLAG_RIGHT : 0) |
                 (most > MGPU_MAX_COUNT ? MGPU_JOIN_FLAG_CHECKED : 0);
    plan.objects = info->a_count + (right ? plan.search_tiles : 0);
    if (plan.objects == 0) return plan;
    VkDeviceSize objects = (VkDeviceSize)plan.objects * 4;
    mgpu_scan_info scan = mgpu_join_scan_info(plan.objects);
    plan.partitions = 16;
    plan.lower = plan.partitions + mgpu_align16((VkDeviceSize)(plan.search_tiles + 1) * 4);
    plan.counts = plan.lower + mgpu_align16((VkDeviceSize)info->a_count * 4);
    plan.starts = plan.counts + mgpu_align16(objects);
    plan.unmatched = plan.starts + mgpu_align16(objects);
    plan.scan = plan.unmatched + (right ? mgpu_align16((VkDeviceSize)info->b_count * 4) : 0);
    plan.scan_bytes = mgpu_align16(mgpu__scan_scratch_bytes(ctx, &scan));
    plan.samples = plan.count_bytes = plan.scan + plan.scan_bytes;
    if (mgpu__partitions_sampled(plan.search, plan.search_tiles + 1))
        plan.sample_shift = mgpu__merge_sample_shift(plan.search_tile);
    if (plan.sample_shift)
        plan.count_bytes =
            mgpu_align16(plan.samples + mgpu__merge_samples(info->a_count, info->b_count, plan.sample_shift) *
                                            mgpu_type_size(info->key_type));
    return plan;
}

/* The rows kernel's tiles for items rows. */
static uint32_t mgpu_join_rows_tiles(const mgpu_join_plan *plan, uint32_t items) {
    return (uint32_t)(((uint64_t)items + plan->objects + plan->rows_tile - 1) / plan->rows_tile);
}

/* The rows' partitions' sample stride's log2 (0: none) for items rows (join_partition.comp's sample array of the
 * objects' starts, after the partitions): where the partitions are one a thread and, with the subgroup search on,
 * more than MGPU_JOIN_ROWS_SAMPLED_MIN (below it the gather's dispatch costs more than it saves). */
static uint32_t mgpu_join_rows_sample_shift(const mgpu_join_plan *plan, uint32_t items) {
    uint32_t partitions = mgpu_join_rows_tiles(plan, items) + 1;
    bool sampled = mgpu__partitions_sampled(plan->rows, partitions) &&
                   (plan->rows.subgroup != MGPU_SWITCH_ON || partitions > MGPU_JOIN_ROWS_SAMPLED_MIN);
    return sampled ? mgpu__merge_sample_shift(plan->rows_tile) : 0;
}

/* The scratch of the count, and of the join of capacity rows (the rows' partitions after the count's, then their
 * sample array where they have one: a join of fewer rows places it earlier, within this). */
static VkDeviceSize mgpu_join_bytes(const mgpu_join_plan *plan, uint32_t capacity) {
    if (!plan->objects || !capacity) return plan->count_bytes;
    uint32_t shift = mgpu_join_rows_sample_shift(plan, capacity);
    VkDeviceSize samples = shift ? mgpu__merge_samples(0, plan->objects, shift) * 4 : 0;
    return plan->count_bytes + mgpu_align16((VkDeviceSize)(mgpu_join_rows_tiles(plan, capacity) + 1) * 4 + samples);
}

/* Shared memory of join_search.comp: keys (the bounds over them once read) and counts per tile element, the
 * workgroup sum's array, a key and five words. */
static uint64_t mgpu_join_search_shared(uint32_t nt, uint32_t vt, size_t size) {
    return (uint64_t)nt * vt * (size + 4) + (uint64_t)MGPU_CTA_SCAN_LENGTH(nt) * 4 + size + 20;
}

/* The ranges of a join and the bytes it touches in each (the outputs only for the join). */
static void mgpu_join_uses(const mgpu_join_info *info, bool join, mgpu_range_use uses[5]) {
    size_t size = mgpu_type_size(info->key_type);
    VkDeviceSize out = join ? (VkDeviceSize)info->capacity * 4 : 0;
    uses[0] = (mgpu_range_use){"join a_keys", info->a_keys, (VkDeviceSize)info->a_count * size};
    uses[1] = (mgpu_range_use){"join b_keys", info->b_keys, (VkDeviceSize)info->b_count * size};
    uses[2] = (mgpu_range_use){"join a_indices", info->a_indices, out};
    uses[3] = (mgpu_range_use){"join b_indices", info->b_indices, out};
    uses[4] = (mgpu_range_use){"join row_count", info->row_count, info->row_count.buffer ? 4 : 0};
}

/* The checks of the count (join false) and of the join; need_count: row_count is required (recording); check_ranges
 * false skips the checks of the ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_join_check(mgpu_context ctx, const mgpu_join_info *info, bool join, bool need_count,
                                   bool check_ranges) {
    const char *what = join ? "join" : "join count";
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null info", what);
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: info->next must be NULL", what);
    mgpu_result r = mgpu__check_type(ctx, info->key_type);
    if (r != MGPU_SUCCESS) return r;
    if ((unsigned)info->kind > MGPU_JOIN_OUTER)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: kind %d", what, (int)info->kind);
    uint64_t keys = (uint64_t)info->a_count + info->b_count;
    if (keys > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: a_count %u + b_count %u > 2^31-1", what, info->a_count,
                          info->b_count);
    if (join && keys + info->capacity > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "join: capacity %u + a_count + b_count > 2^31-1",
                          info->capacity);
    mgpu_tuning t = mgpu_join_search_tuning(ctx, info->key_type);
    if (mgpu_join_search_shared(t.nt, t.vt, mgpu_type_size(info->key_type)) > ctx->info.shared_memory_bytes)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED,
                          "%s: a sorted search tile of %u x %u (its values_nt x values_vt, the join's) needs more "
                          "than the device's %u bytes of shared memory",
                          what, t.nt, t.vt, ctx->info.shared_memory_bytes);
    if (!check_ranges) return MGPU_SUCCESS;
    mgpu_range_use uses[5];
    mgpu_join_uses(info, join, uses);
    size_t size = mgpu_type_size(info->key_type);
    VkDeviceSize align[5] = {size, size, 4, 4, 4};
    for (int i = 0; i < 4 && r == MGPU_SUCCESS; ++i)
        if (uses[i].bytes) r = mgpu__check_range(ctx, uses[i].name, uses[i].range, uses[i].bytes, align[i]);
    if (r == MGPU_SUCCESS && (need_count || info->row_count.buffer))
        r = mgpu__check_range(ctx, uses[4].name, info->row_count, 4, 4);
    if (r != MGPU_SUCCESS) return r;
    /* Every output shares no byte with any other range. */
    for (int i = 2; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            if (j != i && mgpu__ranges_overlap(uses[i].range, uses[i].bytes, uses[j].range, uses[j].bytes))
                return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: %s overlaps %s", what, uses[i].name,
                                  uses[j].name);
    return MGPU_SUCCESS;
}

static mgpu_requirements mgpu_join_requirements(VkDeviceSize bytes) {
    return (mgpu_requirements){.scratch_size = bytes,
                               .scratch_alignment = 16,
                               .scratch_usage =
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
}

static mgpu_result mgpu_join_check_scratch(mgpu_context ctx, const mgpu_join_info *info, bool join, mgpu_range scratch,
                                           VkDeviceSize bytes) {
    mgpu_range_use uses[5];
    mgpu_join_uses(info, join, uses);
    const char *name = join ? "join scratch" : "join count scratch";
    mgpu_result r = mgpu__check_scratch(ctx, name, scratch, bytes, 1, uses, MGPU_ARRAY_COUNT(uses));
    if (r == MGPU_SUCCESS && mgpu_range_address(ctx, scratch) % 16 != 0)
        r = mgpu__fail(ctx, MGPU_ERROR_MISALIGNED, "%s: address not a multiple of 16", name);
    return r;
}

/* The pipelines: the search's partitions (the sorted search's, lower bounds) and tiles; the rows' partitions
 * (also the count's finish) and tiles. */
static void mgpu_join_search_keys(const mgpu_tuning *t, mgpu_type type, bool descending, mgpu_pipeline_key *partition,
                                  mgpu_pipeline_key *search) {
    bool subgroup = t->subgroup == MGPU_SWITCH_ON;
    *partition = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_MERGE_PARTITION,
                                     .type = type,
                                     .subgroup = subgroup,
                                     .spec = {[MGPU_SPEC_NT] = MGPU_PARTITION_NT,
                                              [MGPU_SPEC_VT] = t->nt * t->vt,
                                              [MGPU_SPEC_DESCENDING] = descending,
                                              [MGPU_SPEC_MODE] = 0}};
    *search = (mgpu_pipeline_key){
        .kernel = MGPU_KERNEL_JOIN_SEARCH,
        .type = type,
        .subgroup = subgroup,
        .spec = {[MGPU_SPEC_NT] = t->nt, [MGPU_SPEC_VT] = t->vt, [MGPU_SPEC_DESCENDING] = descending}};
}

static void mgpu_join_rows_keys(const mgpu_tuning *t, mgpu_pipeline_key *partition, mgpu_pipeline_key *rows) {
    *partition = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_JOIN_PARTITION,
                                     .type = MGPU_TYPE_I32,
                                     .subgroup = t->subgroup == MGPU_SWITCH_ON,
                                     .spec = {[MGPU_SPEC_NT] = MGPU_PARTITION_NT, [MGPU_SPEC_VT] = t->nt * t->vt}};
    *rows = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_JOIN_ROWS,
                                .type = MGPU_TYPE_I32,
                                .spec = {[MGPU_SPEC_NT] = t->nt, [MGPU_SPEC_VT] = t->vt}};
}

/* pc of the join's kernels for a plan with objects, its scratch at base. */
static mgpu_join_pc mgpu_join_make_pc(mgpu_context ctx, const mgpu_join_info *info, const mgpu_join_plan *plan,
                                      VkDeviceAddress base) {
    bool right = (plan->flags & MGPU_JOIN_FLAG_RIGHT) != 0;
    return (mgpu_join_pc){.a_keys = info->a_count ? mgpu_range_address(ctx, info->a_keys) : 0,
                          .b_keys = info->b_count ? mgpu_range_address(ctx, info->b_keys) : 0,
                          .partitions = base + plan->partitions,
                          .lower = base + plan->lower,
                          .counts = base + plan->counts,
                          .unmatched = right && info->b_count ? base + plan->unmatched : 0,
                          .words = base,
                          .search_partitions = base + plan->partitions,
                          .a_count = info->a_count,
                          .b_count = info->b_count,
                          .objects = plan->objects,
                          .search_tile = plan->search_tile,
                          .flags = plan->flags};
}

/* Steps 1 and 2: the search and the scan, leaving the total (and the checked sum) in the words. */
static mgpu_result mgpu_join_record_count(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_join_info *info,
                                          const mgpu_join_plan *plan, mgpu_range scratch) {
    mgpu_result r = MGPU_SUCCESS;
    if (plan->flags & MGPU_JOIN_FLAG_CHECKED) /* the checked sum adds up from zero */
        r = mgpu_cmd_fill(ctx, cmd,
                          &(mgpu_fill_info){.type = MGPU_TYPE_U32,
                                            .mode = MGPU_FILL_CONSTANT,
                                            .count = 4,
                                            .output = mgpu__subrange(scratch, 0, 16)});
    if (r != MGPU_SUCCESS) return r;
    VkDeviceAddress base = mgpu_range_address(ctx, scratch);
    mgpu_join_pc pc = mgpu_join_make_pc(ctx, info, plan, base);
    mgpu_merge_pc merge = {.a_keys = pc.a_keys,
                           .b_keys = pc.b_keys,
                           .partitions = pc.partitions,
                           .samples = plan->sample_shift ? base + plan->samples : 0,
                           .sample_shift = plan->sample_shift,
                           .a_count = info->a_count,
                           .b_count = info->b_count};
    mgpu_pipeline_key partition, search;
    mgpu_join_search_keys(&plan->search, info->key_type, info->descending, &partition, &search);
    if (plan->sample_shift)
        r = mgpu__dispatch_sampled_partitions(ctx, cmd, &partition, &merge, sizeof merge, plan->search_tiles + 1,
                                              info->a_count, info->b_count, plan->sample_shift);
    else
        r = mgpu__dispatch_partitions(ctx, cmd, &partition, &merge, sizeof merge, plan->search_tiles + 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    pc.groups_x = mgpu__tile_groups(ctx, &plan->search, plan->search_tiles);
    r = mgpu__dispatch(ctx, cmd, &search, &pc, sizeof pc, pc.groups_x, 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    VkDeviceSize objects = (VkDeviceSize)plan->objects * 4;
    mgpu_scan_info scan = mgpu_join_scan_info(plan->objects);
    scan.input = mgpu__subrange(scratch, plan->counts, objects);
    scan.output = mgpu__subrange(scratch, plan->starts, objects);
    scan.total = mgpu__subrange(scratch, 0, 4);
    r = mgpu_cmd_scan(ctx, cmd, &scan,
                      plan->scan_bytes ? mgpu__subrange(scratch, plan->scan, plan->scan_bytes) : (mgpu_range){0});
    if (r == MGPU_SUCCESS) mgpu__barrier_compute_write_to_read(ctx, cmd);
    return r;
}

/* Step 3 after the count: row_count (an address, or 0) and the first `items` rows (none: the count alone). */
static mgpu_result mgpu_join_record_rows(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_join_info *info,
                                         const mgpu_join_plan *plan, mgpu_range scratch, uint32_t items,
                                         VkDeviceAddress row_count) {
    VkDeviceAddress base = mgpu_range_address(ctx, scratch);
    mgpu_join_pc pc = mgpu_join_make_pc(ctx, info, plan, base);
    pc.counts = base + plan->starts; /* the objects' starts */
    pc.row_count = row_count;
    pc.capacity = items;
    mgpu_pipeline_key partition, rows;
    mgpu_join_rows_keys(&plan->rows, &partition, &rows);
    if (items == 0) {
        if (!row_count) return MGPU_SUCCESS;
        pc.flags |= MGPU_JOIN_FLAG_FINISH;
        partition.subgroup = 0;
        return mgpu__dispatch(ctx, cmd, &partition, &pc, sizeof pc, 1, 1);
    }
    uint32_t tiles = mgpu_join_rows_tiles(plan, items);
    pc.partitions = base + plan->count_bytes;
    pc.a_out = mgpu_range_address(ctx, info->a_indices);
    pc.b_out = mgpu_range_address(ctx, info->b_indices);
    pc.sample_shift = mgpu_join_rows_sample_shift(plan, items);
    mgpu_result r = pc.sample_shift ? mgpu__dispatch_sampled_partitions(ctx, cmd, &partition, &pc, sizeof pc, tiles + 1,
                                                                        0, plan->objects, pc.sample_shift)
                                    : mgpu__dispatch_partitions(ctx, cmd, &partition, &pc, sizeof pc, tiles + 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    pc.groups_x = mgpu__tile_groups(ctx, &plan->rows, tiles);
    return mgpu__dispatch(ctx, cmd, &rows, &pc, sizeof pc, pc.groups_x, 1);
}

/* No object, no row: row_count is 0. */
static mgpu_result mgpu_join_record_empty(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_join_info *info) {
    return mgpu_cmd_fill(
        ctx, cmd,
        &(mgpu_fill_info){.type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = 1, .output = info->row_count});
}

/* ---- the count ----------------------------------------------------------------------------------------- */

mgpu_result mgpu_join_count_get_requirements(mgpu_context ctx, const mgpu_join_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "join count: null requirements");
    mgpu_result r = mgpu_join_check(ctx, info, false, false, false);
    if (r != MGPU_SUCCESS) return r;
    mgpu_join_plan plan = mgpu_join_make_plan(ctx, info);
    *out = mgpu_join_requirements(plan.count_bytes);
    return MGPU_SUCCESS;
}

mgpu_result mgpu_cmd_join_count(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_join_info *info, mgpu_range scratch) {
    mgpu_result r = mgpu_join_check(ctx, info, false, true, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "join count: null command buffer");
    mgpu_join_plan plan = mgpu_join_make_plan(ctx, info);
    if (!plan.objects) return mgpu_join_record_empty(ctx, cmd, info);
    r = mgpu_join_check_scratch(ctx, info, false, scratch, plan.count_bytes);
    if (r == MGPU_SUCCESS) r = mgpu_join_record_count(ctx, cmd, info, &plan, scratch);
    if (r == MGPU_SUCCESS)
        r = mgpu_join_record_rows(ctx, cmd, info, &plan, scratch, 0, mgpu_range_address(ctx, info->row_count));
    return r;
}

static mgpu_result mgpu_record_join_count(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_join_count(ctx, cmd, info, scratch);
}

/* The count in the host range the blocking calls read; MGPU_ERROR_INVALID_ARGUMENT past 2^31-1 rows. */
static mgpu_result mgpu_join_read_count(mgpu_context ctx, mgpu_range host, const char *what, uint32_t *count) {
    memcpy(count, mgpu__pool_mapped(ctx, host), 4);
    if (*count == MGPU_JOIN_OVERFLOW)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: more than 2^31-1 rows", what);
    return MGPU_SUCCESS;
}

mgpu_result mgpu_join_count(mgpu_context ctx, const mgpu_join_info *info, uint32_t *rows) {
    mgpu_result r = mgpu_join_check(ctx, info, false, false, true);
    if (r != MGPU_SUCCESS) return r;
    mgpu_join_plan plan = mgpu_join_make_plan(ctx, info);
    mgpu_range host = {0};
    r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, 16, &host);
    mgpu_join_info run = *info;
    if (!run.row_count.buffer) run.row_count = host; /* the kernel writes straight into host-visible memory */
    if (r == MGPU_SUCCESS)
        r = mgpu__run_blocking(ctx, mgpu_record_join_count, &run, plan.count_bytes, run.row_count, host, 4);
    uint32_t count = 0;
    if (r == MGPU_SUCCESS) r = mgpu_join_read_count(ctx, host, "join count", &count);
    if ((r == MGPU_SUCCESS || count == MGPU_JOIN_OVERFLOW) && rows) *rows = count;
    mgpu_buffer_free(ctx, host);
    return r;
}

/* ---- the join ------------------------------------------------------------------------------------------ */

mgpu_result mgpu_join_get_requirements(mgpu_context ctx, const mgpu_join_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "join: null requirements");
    mgpu_result r = mgpu_join_check(ctx, info, true, false, false);
    if (r != MGPU_SUCCESS) return r;
    mgpu_join_plan plan = mgpu_join_make_plan(ctx, info);
    *out = mgpu_join_requirements(mgpu_join_bytes(&plan, info->capacity));
    return MGPU_SUCCESS;
}

mgpu_result mgpu_cmd_join(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_join_info *info, mgpu_range scratch) {
    mgpu_result r = mgpu_join_check(ctx, info, true, true, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "join: null command buffer");
    mgpu_join_plan plan = mgpu_join_make_plan(ctx, info);
    if (!plan.objects) return mgpu_join_record_empty(ctx, cmd, info);
    r = mgpu_join_check_scratch(ctx, info, true, scratch, mgpu_join_bytes(&plan, info->capacity));
    if (r == MGPU_SUCCESS) r = mgpu_join_record_count(ctx, cmd, info, &plan, scratch);
    if (r == MGPU_SUCCESS)
        r = mgpu_join_record_rows(ctx, cmd, info, &plan, scratch, info->capacity,
                                  mgpu_range_address(ctx, info->row_count));
    return r;
}

/* The blocking join's second submit: the rows (count of them) and row_count when given. */
static mgpu_result mgpu_join_submit_rows(mgpu_context ctx, const mgpu_join_info *info, const mgpu_join_plan *plan,
                                         mgpu_range scratch, uint32_t count) {
    VkDeviceAddress row_count = info->row_count.buffer ? mgpu_range_address(ctx, info->row_count) : 0;
    if (!count && !row_count) return MGPU_SUCCESS;
    VkCommandBuffer cmd;
    mgpu_result r = mgpu__commands_begin(ctx, &cmd);
    if (r != MGPU_SUCCESS) return r;
    r = mgpu_join_record_rows(ctx, cmd, info, plan, scratch, count, row_count);
    if (r != MGPU_SUCCESS) {
        mgpu__commands_abandon(ctx);
        return r;
    }
    return mgpu__commands_submit(ctx, NULL);
}

mgpu_result mgpu_join(mgpu_context ctx, const mgpu_join_info *info, uint32_t *rows) {
    mgpu_result r = mgpu_join_check(ctx, info, true, false, true);
    if (r != MGPU_SUCCESS) return r;
    mgpu_join_plan plan = mgpu_join_make_plan(ctx, info);
    if (!plan.objects) { /* no row */
        if (rows) *rows = 0;
        if (!info->row_count.buffer) return MGPU_SUCCESS;
        return mgpu_fill(ctx,
                         &(mgpu_fill_info){
                             .type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = 1, .output = info->row_count});
    }
    mgpu_range scratch = {0}, host = {0};
    r = mgpu__pool_alloc(ctx, MGPU_MEMORY_DEVICE, mgpu_join_bytes(&plan, info->capacity), &scratch);
    if (r == MGPU_SUCCESS) r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, 16, &host);
    /* 1. The count, into host-visible memory. */
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if (r == MGPU_SUCCESS) r = mgpu__commands_begin(ctx, &cmd);
    if (r == MGPU_SUCCESS) {
        r = mgpu_join_record_count(ctx, cmd, info, &plan, scratch);
        if (r == MGPU_SUCCESS)
            r = mgpu_join_record_rows(ctx, cmd, info, &plan, scratch, 0, mgpu_range_address(ctx, host));
        if (r == MGPU_SUCCESS) {
            mgpu__barrier_compute_write_to_host_read(ctx, cmd);
            r = mgpu__commands_submit(ctx, NULL);
        } else {
            mgpu__commands_abandon(ctx);
        }
    }
    /* 2. The rows, when they fit. */
    uint32_t count = 0;
    if (r == MGPU_SUCCESS) r = mgpu_join_read_count(ctx, host, "join", &count);
    if ((r == MGPU_SUCCESS || count == MGPU_JOIN_OVERFLOW) && rows) *rows = count;
    if (r == MGPU_SUCCESS && count > info->capacity)
        r = mgpu__fail(ctx, MGPU_ERROR_RANGE_TOO_SMALL, "join: %u rows, capacity %u", count, info->capacity);
    if (r == MGPU_SUCCESS) r = mgpu_join_submit_rows(ctx, info, &plan, scratch, count);
    mgpu_buffer_free(ctx, host);
    mgpu_buffer_free(ctx, scratch);
    return r;
}

/* ---- the family ---------------------------------------------------------------------------------------- */

static mgpu_result mgpu_join_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_tuning t = mgpu_join_search_tuning(ctx, type);
    mgpu_result r = MGPU_SUCCESS;
    for (int descending = 0; descending < 2 && r == MGPU_SUCCESS; ++descending) {
        mgpu_pipeline_key partition, search;
        mgpu_join_search_keys(&t, type, descending, &partition, &search);
        VkPipeline p;
        r = mgpu__prepare_partitions(ctx, &partition);
        if (r == MGPU_SUCCESS) r = mgpu__prepare_sampled_partitions(ctx, &partition);
        if (r == MGPU_SUCCESS) r = mgpu__pipeline_get(ctx, &search, &p);
    }
    return r;
}

/* The rows' kernels (int32, whatever the key type) and the fill of the checked sum and of empty joins; the scan
 * is the scan's (MGPU_PRIM_SCAN, u32). */
static mgpu_result mgpu_join_prepare_once(mgpu_context ctx) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_I32);
    mgpu_pipeline_key partition, rows;
    mgpu_join_rows_keys(&t, &partition, &rows);
    VkPipeline p;
    mgpu_result r = mgpu__prepare_partitions(ctx, &partition);
    if (r == MGPU_SUCCESS) r = mgpu__prepare_sampled_partitions(ctx, &partition);
    if (r == MGPU_SUCCESS) r = mgpu__pipeline_get(ctx, &rows, &p);
    if (r == MGPU_SUCCESS) r = mgpu__fill_prepare(ctx, MGPU_TYPE_U32);
    return r;
}

/* Built with the sorted search (MGPU_PRIM_SORTED_SEARCH), whose second shape (values_nt x values_vt) its search
 * takes; its rows take the load-balancing search's. */
const mgpu_family_def mgpu__join_family = {.prepare = mgpu_join_prepare, .prepare_once = mgpu_join_prepare_once};
