/*
 * Multiset operations (the seeds' chapter 13): std::set_intersection, set_union, set_difference and
 * set_symmetric_difference of two sorted arrays, keys or pairs, in the two-phase idiom as a merge whose outputs
 * are kept or dropped (shaders/kernels/sets/sets.comp: each output's matches counted from its place in A and B,
 * so that no Balanced Path is needed), in the seeds' count, scan and write structure:
 *   1. the merge's Merge Path partitions (merge_partition, through a gathered sample array where they are one a
 *      thread: mgpu__dispatch_sampled_partitions);
 *   2. sets, MODE count: each tile's number of outputs;
 *   3. mgpu_cmd_scan (u32, exclusive, out of place): each tile's first output, and the total (the count) to
 *      out_count;
 *   4. sets, MODE write (the operation only): each tile again, its outputs compacted and stored from its first
 *      output, those below capacity, values gathered from their sources.
 * Where the tuning's look-back is on (by default where ctx's look-back is safe: not lavapipe), the recorded
 * operation is one pass instead of steps 2-4: sets, MODE one-pass, writes each tile's outputs from its first
 * output found by decoupled look-back, and the total to out_count; the inputs are read once (H200: count, scan and
 * write ran slower at every size and type, set_union u32 2^26 649.0 against 457.5 us, u64 pairs 1573.9 against
 * 1364.2: bench/RESULTS.md, twenty-eighth session). Its state (a ticket
 * and a word per tile, MGPU_LOOKBACK_TILE_STRIDE words apart, zeroed by a fill) takes the place of the counts
 * and their scan (and as much scratch after them as it needs). The counting calls and the blocking operation that
 * must check the capacity first keep the count, scan and write.
 * Scratch: the partitions (tiles + 1 uint32), the tile counts and their scan (tiles uint32 each) and the scan's
 * scratch, each 16-byte aligned, then the sample array where the partitions take one. The blocking operation keeps
 * the scratch across two submissions when it must know the count before it writes (capacity below the largest
 * possible result): steps 1-3 with the count to host memory, the capacity check, then step 4.
 */
#include "../mgpu_internal.h"
#include "kernels/merge/merge_pc.h"
#include "kernels/sets/sets_pc.h"

#include <string.h>

static VkDeviceSize mgpu_align16(VkDeviceSize x) { return (x + 15) & ~(VkDeviceSize)15; }

/* Shared memory of sets.comp: the tile's keys (NV + VT + 1), the outputs' sources (values only), the workgroup
 * sum, the halo (4 keys), two words. */
static uint64_t mgpu_sets_shared_bytes(uint32_t nt, uint32_t vt, size_t size, bool values) {
    uint64_t nv = (uint64_t)nt * vt;
    return (nv + vt + 1 + 4) * size + (values ? nv : 1) * 4 + (uint64_t)MGPU_CTA_SCAN_LENGTH(nt) * 4 + 8;
}

typedef struct mgpu_sets_plan {
    mgpu_tuning tuning;
    uint32_t tile, tiles;
    VkDeviceSize counts_offset, offsets_offset, scan_offset, scan_bytes, bytes;
    uint32_t sample_shift;       /* the partitions' sample array: stride 2^sample_shift (0: none; see below) */
    VkDeviceSize samples_offset; /* its offset in the scratch */
} mgpu_sets_plan;

static mgpu_scan_info mgpu_sets_scan_info(uint32_t tiles) {
    return (mgpu_scan_info){.type = MGPU_TYPE_U32, .op = MGPU_OP_ADD, .exclusive = true, .count = tiles};
}

/* The one pass's state (sets.comp): the ticket's block, then one block per tile, MGPU_LOOKBACK_TILE_STRIDE words
 * each. */
static VkDeviceSize mgpu_sets_state_bytes(uint32_t tiles) {
    return ((VkDeviceSize)tiles + 1) * MGPU_LOOKBACK_TILE_STRIDE * 4;
}

/* The tuning of set operations on `type` with values (`values`: their own tile, mgpu_tuning.values_nt x values_vt,
 * whose registers hold each output's source) or keys alone. The counting calls take the tile of the info's
 * operation (values where info->value_size is set), so that their scratch is the operation's. */
static mgpu_tuning mgpu_sets_tuning_for(mgpu_context ctx, mgpu_type type, bool values) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_SETS, type);
    if (values) {
        t.nt = t.values_nt;
        t.vt = t.values_vt;
    }
    return t;
}

static mgpu_sets_plan mgpu_sets_make_plan(mgpu_context ctx, const mgpu_set_info *info) {
    mgpu_sets_plan plan = {.tuning = mgpu_sets_tuning_for(ctx, info->key_type, info->value_size != 0)};
    plan.tile = plan.tuning.nt * plan.tuning.vt;
    uint64_t total = (uint64_t)info->a_count + info->b_count;
    plan.tiles = (uint32_t)((total + plan.tile - 1) / plan.tile);
    if (plan.tiles == 0) return plan;
    mgpu_scan_info scan = mgpu_sets_scan_info(plan.tiles);
    VkDeviceSize words = mgpu_align16((VkDeviceSize)plan.tiles * 4);
    plan.counts_offset = mgpu_align16((VkDeviceSize)(plan.tiles + 1) * 4);
    plan.offsets_offset = plan.counts_offset + words;
    plan.scan_offset = plan.offsets_offset + words;
    plan.scan_bytes = mgpu_align16(mgpu__scan_scratch_bytes(ctx, &scan));
    plan.bytes = plan.scan_offset + plan.scan_bytes;
    VkDeviceSize onepass_end = plan.counts_offset + mgpu_sets_state_bytes(plan.tiles); /* the one pass's state */
    if (plan.bytes < onepass_end) plan.bytes = onepass_end;
    if (mgpu__partitions_sampled(plan.tuning, plan.tiles + 1)) plan.sample_shift = mgpu__merge_sample_shift(plan.tile);
    if (plan.sample_shift) { /* after everything else */
        plan.samples_offset = mgpu_align16(plan.bytes);
        plan.bytes = plan.samples_offset + mgpu__merge_samples(info->a_count, info->b_count, plan.sample_shift) *
                                               mgpu_type_size(info->key_type);
    }
    return plan;
}

/* The ranges of a set operation and the bytes it touches in each (the counting calls: the keys and out_count). */
enum { MGPU_SETS_USES = 7 };
static void mgpu_sets_uses(const mgpu_set_info *info, bool operation, mgpu_range_use uses[MGPU_SETS_USES]) {
    VkDeviceSize key = mgpu_type_size(info->key_type), value = operation ? info->value_size : 0;
    VkDeviceSize capacity = operation ? info->capacity : 0;
    uses[0] = (mgpu_range_use){"a_keys", info->a_keys, info->a_count * key};
    uses[1] = (mgpu_range_use){"b_keys", info->b_keys, info->b_count * key};
    uses[2] = (mgpu_range_use){"a_values", info->a_values, info->a_count * value};
    uses[3] = (mgpu_range_use){"b_values", info->b_values, info->b_count * value};
    uses[4] = (mgpu_range_use){"out_keys", info->out_keys, capacity * key};
    uses[5] = (mgpu_range_use){"out_values", info->out_values, capacity * value};
    uses[6] = (mgpu_range_use){"out_count", info->out_count, info->out_count.buffer ? 4 : 0};
}

/* The checks of the counting calls (operation false) or of the operation; need_count: out_count is required;
 * check_ranges false skips the checks of the ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_sets_check(mgpu_context ctx, const mgpu_set_info *info, bool operation, bool need_count,
                                   bool check_ranges) {
    const char *what = operation ? "set operation" : "set count";
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null info", what);
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: info->next must be NULL", what);
    mgpu_result r = mgpu__check_type(ctx, info->key_type);
    if (r != MGPU_SUCCESS) return r;
    if ((unsigned)info->op > MGPU_SET_SYMMETRIC_DIFFERENCE)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: op %d", what, (int)info->op);
    if (operation && info->value_size != 0 && info->value_size != 4 && info->value_size != 8)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: value_size %u (0, 4 or 8)", what, info->value_size);
    uint64_t total = (uint64_t)info->a_count + info->b_count;
    if (total > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: %llu elements > 2^31-1", what,
                          (unsigned long long)total);
    if (operation && info->capacity > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: capacity %u > 2^31-1", what, info->capacity);
    size_t key = mgpu_type_size(info->key_type);
    mgpu_tuning t = mgpu_sets_tuning_for(ctx, info->key_type, info->value_size != 0);
    if (mgpu_sets_shared_bytes(t.nt, t.vt, key, operation && info->value_size) > ctx->info.shared_memory_bytes)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED,
                          "%s: a tile of %u x %u needs more than the device's %u bytes of shared memory", what, t.nt,
                          t.vt, ctx->info.shared_memory_bytes);
    if (!check_ranges) return MGPU_SUCCESS;
    mgpu_range_use uses[MGPU_SETS_USES];
    mgpu_sets_uses(info, operation, uses);
    static const char *const names[2][MGPU_SETS_USES] = {
        {"set count a_keys", "set count b_keys", "", "", "", "", "set count out_count"},
        {"set operation a_keys", "set operation b_keys", "set operation a_values", "set operation b_values",
         "set operation out_keys", "set operation out_values", "set operation out_count"}};
    size_t sizes[MGPU_SETS_USES] = {key, key, info->value_size, info->value_size, key, info->value_size, 4};
    for (int i = 0; i < MGPU_SETS_USES - 1 && r == MGPU_SUCCESS; ++i)
        if (uses[i].bytes) r = mgpu__check_range(ctx, names[operation][i], uses[i].range, uses[i].bytes, sizes[i]);
    if (r == MGPU_SUCCESS && (need_count || info->out_count.buffer))
        r = mgpu__check_range(ctx, names[operation][6], info->out_count, 4, 4);
    if (r != MGPU_SUCCESS) return r;
    /* Every output (out_keys, out_values, out_count) shares no byte with any other range. */
    for (int o = 4; o < MGPU_SETS_USES; ++o)
        for (int i = 0; i < MGPU_SETS_USES; ++i)
            if (i != o && mgpu__ranges_overlap(uses[o].range, uses[o].bytes, uses[i].range, uses[i].bytes))
                return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: %s overlaps %s", what, uses[o].name,
                                  uses[i].name);
    return MGPU_SUCCESS;
}

static mgpu_requirements mgpu_sets_requirements(VkDeviceSize bytes) {
    return (mgpu_requirements){.scratch_size = bytes,
                               .scratch_alignment = 16,
                               .scratch_usage =
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
}

mgpu_result mgpu_set_count_get_requirements(mgpu_context ctx, const mgpu_set_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "set count: null requirements");
    mgpu_result r = mgpu_sets_check(ctx, info, false, false, false);
    if (r == MGPU_SUCCESS) *out = mgpu_sets_requirements(mgpu_sets_make_plan(ctx, info).bytes);
    return r;
}

mgpu_result mgpu_set_operation_get_requirements(mgpu_context ctx, const mgpu_set_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "set operation: null requirements");
    mgpu_result r = mgpu_sets_check(ctx, info, true, false, false);
    if (r == MGPU_SUCCESS) *out = mgpu_sets_requirements(mgpu_sets_make_plan(ctx, info).bytes);
    return r;
}

/* The pipelines: the merge's partitions, and the tile kernel counting or writing (with values of value_words
 * words). */
static mgpu_pipeline_key mgpu_sets_partition_key(const mgpu_tuning *t, mgpu_type type, bool descending) {
    return (mgpu_pipeline_key){
        .kernel = MGPU_KERNEL_MERGE_PARTITION,
        .type = type,
        .subgroup = t->subgroup == MGPU_SWITCH_ON,
        .spec = {
            [MGPU_SPEC_NT] = MGPU_PARTITION_NT, [MGPU_SPEC_VT] = t->nt * t->vt, [MGPU_SPEC_DESCENDING] = descending}};
}

static mgpu_pipeline_key mgpu_sets_tile_key(const mgpu_tuning *t, mgpu_type type, mgpu_set_op op, bool descending,
                                            uint32_t mode, uint32_t value_words) {
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_SETS,
                               .type = type,
                               .subgroup = t->subgroup == MGPU_SWITCH_ON,
                               .spec = {[MGPU_SPEC_NT] = t->nt,
                                        [MGPU_SPEC_VT] = t->vt,
                                        [MGPU_SPEC_DESCENDING] = descending,
                                        [MGPU_SPEC_OP] = op,
                                        [MGPU_SPEC_MODE] = mode,
                                        [MGPU_SPEC_VALUE_WORDS] = value_words}};
}

/* The push constants of info's inputs and outputs with the scratch's partitions. */
static mgpu_sets_pc mgpu_sets_make_pc(mgpu_context ctx, const mgpu_set_info *info, bool operation,
                                      const mgpu_sets_plan *plan, mgpu_range scratch) {
    bool pairs = operation && info->value_size;
    return (mgpu_sets_pc){.a_keys = info->a_count ? mgpu_range_address(ctx, info->a_keys) : 0,
                          .b_keys = info->b_count ? mgpu_range_address(ctx, info->b_keys) : 0,
                          .a_values = pairs && info->a_count ? mgpu_range_address(ctx, info->a_values) : 0,
                          .b_values = pairs && info->b_count ? mgpu_range_address(ctx, info->b_values) : 0,
                          .out_keys = operation && info->capacity ? mgpu_range_address(ctx, info->out_keys) : 0,
                          .out_values = pairs && info->capacity ? mgpu_range_address(ctx, info->out_values) : 0,
                          .partitions = mgpu_range_address(ctx, scratch),
                          .counts = mgpu_range_address(ctx, scratch) + plan->counts_offset,
                          .a_count = info->a_count,
                          .b_count = info->b_count,
                          .capacity = operation ? info->capacity : 0};
}

/* Step 1, the merge's partitions (merge_pc.h's push constants): searched one a subgroup or a thread, or, with a
 * sample array, through it (mgpu__dispatch_sampled_partitions). */
static mgpu_result mgpu_sets_record_partitions(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_set_info *info,
                                               const mgpu_sets_plan *plan, mgpu_sets_pc *pc, mgpu_range scratch) {
    mgpu_pipeline_key partition = mgpu_sets_partition_key(&plan->tuning, info->key_type, info->descending);
    mgpu_merge_pc merge = {.a_keys = pc->a_keys,
                           .b_keys = pc->b_keys,
                           .partitions = pc->partitions,
                           .a_count = info->a_count,
                           .b_count = info->b_count};
    if (!plan->sample_shift)
        return mgpu__dispatch_partitions(ctx, cmd, &partition, &merge, sizeof merge, plan->tiles + 1);
    merge.samples = mgpu_range_address(ctx, scratch) + plan->samples_offset;
    merge.sample_shift = plan->sample_shift;
    return mgpu__dispatch_sampled_partitions(ctx, cmd, &partition, &merge, sizeof merge, plan->tiles + 1, info->a_count,
                                             info->b_count, plan->sample_shift);
}

/* Steps 1-3: the partition and count dispatches and the scan of the counts, its total to `total`. */
static mgpu_result mgpu_sets_record_count(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_set_info *info,
                                          const mgpu_sets_plan *plan, mgpu_sets_pc *pc, mgpu_range scratch,
                                          mgpu_range total) {
    mgpu_result r = mgpu_sets_record_partitions(ctx, cmd, info, plan, pc, scratch);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    mgpu_pipeline_key count =
        mgpu_sets_tile_key(&plan->tuning, info->key_type, info->op, info->descending, MGPU_SETS_COUNT, 0);
    pc->groups_x = mgpu__tile_groups(ctx, &plan->tuning, plan->tiles);
    r = mgpu__dispatch(ctx, cmd, &count, pc, sizeof *pc, pc->groups_x, 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    mgpu_scan_info scan = mgpu_sets_scan_info(plan->tiles);
    VkDeviceSize words = (VkDeviceSize)plan->tiles * 4;
    scan.input = mgpu__subrange(scratch, plan->counts_offset, words);
    scan.output = mgpu__subrange(scratch, plan->offsets_offset, words);
    scan.total = total;
    return mgpu_cmd_scan(ctx, cmd, &scan,
                         plan->scan_bytes ? mgpu__subrange(scratch, plan->scan_offset, plan->scan_bytes)
                                          : (mgpu_range){0});
}

/* Step 4: the write dispatch, after the scan (the caller's barrier). */
static mgpu_result mgpu_sets_record_write(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_set_info *info,
                                          const mgpu_sets_plan *plan, mgpu_sets_pc *pc, mgpu_range scratch) {
    pc->counts = mgpu_range_address(ctx, scratch) + plan->offsets_offset;
    pc->groups_x = mgpu__tile_groups(ctx, &plan->tuning, plan->tiles);
    mgpu_pipeline_key write = mgpu_sets_tile_key(&plan->tuning, info->key_type, info->op, info->descending,
                                                 MGPU_SETS_WRITE, info->value_size / 4);
    return mgpu__dispatch(ctx, cmd, &write, pc, sizeof *pc, pc->groups_x, 1);
}

/* Steps 2-4 in one pass (the look-back): the state zeroed, the partitions, then the one-pass dispatch. */
static mgpu_result mgpu_sets_record_onepass(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_set_info *info,
                                            const mgpu_sets_plan *plan, mgpu_sets_pc *pc, mgpu_range scratch) {
    VkDeviceSize state_bytes = mgpu_sets_state_bytes(plan->tiles);
    mgpu_range state = mgpu__subrange(scratch, plan->counts_offset, state_bytes);
    mgpu_result r = mgpu_cmd_fill(
        ctx, cmd,
        &(mgpu_fill_info){
            .type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = (uint32_t)(state_bytes / 4), .output = state});
    if (r == MGPU_SUCCESS) r = mgpu_sets_record_partitions(ctx, cmd, info, plan, pc, scratch);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    pc->state = mgpu_range_address(ctx, state);
    pc->out_count = info->out_count.buffer ? mgpu_range_address(ctx, info->out_count) : 0;
    pc->groups_x = mgpu__tile_groups(ctx, &plan->tuning, plan->tiles);
    mgpu_pipeline_key write = mgpu_sets_tile_key(&plan->tuning, info->key_type, info->op, info->descending,
                                                 MGPU_SETS_ONEPASS, info->value_size / 4);
    return mgpu__dispatch(ctx, cmd, &write, pc, sizeof *pc, pc->groups_x, 1);
}

static mgpu_result mgpu_fill_count(mgpu_context ctx, VkCommandBuffer cmd, mgpu_range out_count, uint32_t value) {
    return mgpu_cmd_fill(
        ctx, cmd,
        &(mgpu_fill_info){
            .type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = 1, .output = out_count, .a.u32 = value});
}

/* The recording tiers after their checks: the scratch check, then steps 1-3 (and 4 for the operation). */
static mgpu_result mgpu_sets_record(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_set_info *info, bool operation,
                                    mgpu_range scratch) {
    const char *what = operation ? "set operation" : "set count";
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null command buffer", what);
    mgpu_sets_plan plan = mgpu_sets_make_plan(ctx, info);
    if (plan.tiles == 0) return mgpu_fill_count(ctx, cmd, info->out_count, 0); /* no elements, no outputs */
    mgpu_range_use uses[MGPU_SETS_USES];
    mgpu_sets_uses(info, operation, uses);
    mgpu_result r = mgpu__check_scratch(ctx, operation ? "set operation scratch" : "set count scratch", scratch,
                                        plan.bytes, 1, uses, MGPU_SETS_USES);
    if (r == MGPU_SUCCESS && mgpu_range_address(ctx, scratch) % 16 != 0)
        r = mgpu__fail(ctx, MGPU_ERROR_MISALIGNED, "%s scratch: address not a multiple of 16", what);
    if (r != MGPU_SUCCESS) return r;
    mgpu_sets_pc pc = mgpu_sets_make_pc(ctx, info, operation, &plan, scratch);
    if (operation && plan.tuning.lookback == MGPU_SWITCH_ON)
        return mgpu_sets_record_onepass(ctx, cmd, info, &plan, &pc, scratch);
    r = mgpu_sets_record_count(ctx, cmd, info, &plan, &pc, scratch, info->out_count);
    if (r != MGPU_SUCCESS || !operation) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    return mgpu_sets_record_write(ctx, cmd, info, &plan, &pc, scratch);
}

mgpu_result mgpu_cmd_set_count(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_set_info *info, mgpu_range scratch) {
    mgpu_result r = mgpu_sets_check(ctx, info, false, true, true);
    return r == MGPU_SUCCESS ? mgpu_sets_record(ctx, cmd, info, false, scratch) : r;
}

mgpu_result mgpu_cmd_set_operation(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_set_info *info,
                                   mgpu_range scratch) {
    mgpu_result r = mgpu_sets_check(ctx, info, true, true, true);
    return r == MGPU_SUCCESS ? mgpu_sets_record(ctx, cmd, info, true, scratch) : r;
}

static mgpu_result mgpu_record_set_count(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_set_count(ctx, cmd, info, scratch);
}

static mgpu_result mgpu_record_set_operation(mgpu_context ctx, VkCommandBuffer cmd, const void *info,
                                             mgpu_range scratch) {
    return mgpu_cmd_set_operation(ctx, cmd, info, scratch);
}

/* The blocking tiers in one submission: record (with out_count, or host memory when the caller gave none), then
 * the count to the host. */
static mgpu_result mgpu_sets_run_once(mgpu_context ctx, const mgpu_set_info *info, mgpu__record_fn record,
                                      VkDeviceSize scratch_bytes, uint32_t *count) {
    mgpu_range host = {0};
    mgpu_result r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, 16, &host);
    mgpu_set_info run = *info;
    if (!run.out_count.buffer) run.out_count = host; /* the scan writes its total straight into host memory */
    if (r == MGPU_SUCCESS) r = mgpu__run_blocking(ctx, record, &run, scratch_bytes, run.out_count, host, 4);
    if (r == MGPU_SUCCESS && count) memcpy(count, mgpu__pool_mapped(ctx, host), 4);
    mgpu_buffer_free(ctx, host);
    return r;
}

mgpu_result mgpu_set_count(mgpu_context ctx, const mgpu_set_info *info, uint32_t *count) {
    mgpu_result r = mgpu_sets_check(ctx, info, false, false, true);
    if (r != MGPU_SUCCESS) return r;
    return mgpu_sets_run_once(ctx, info, mgpu_record_set_count, mgpu_sets_make_plan(ctx, info).bytes, count);
}

/* The most outputs the operation can have. */
static uint64_t mgpu_sets_bound(const mgpu_set_info *info) {
    switch (info->op) {
        case MGPU_SET_INTERSECTION: return info->a_count < info->b_count ? info->a_count : info->b_count;
        case MGPU_SET_DIFFERENCE: return info->a_count;
        default: return (uint64_t)info->a_count + info->b_count;
    }
}

/* The operation in two submissions: the count to host memory, the capacity check, then the write (and the count
 * to out_count), with one scratch. */
static mgpu_result mgpu_sets_run_checked(mgpu_context ctx, const mgpu_set_info *info, uint32_t *count) {
    mgpu_sets_plan plan = mgpu_sets_make_plan(ctx, info);
    mgpu_range host = {0}, scratch = {0};
    mgpu_result r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, 16, &host);
    if (r == MGPU_SUCCESS) r = mgpu__pool_alloc(ctx, MGPU_MEMORY_DEVICE, plan.bytes, &scratch);
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if (r == MGPU_SUCCESS) r = mgpu__commands_begin(ctx, &cmd);
    mgpu_sets_pc pc = {0};
    if (r == MGPU_SUCCESS) {
        pc = mgpu_sets_make_pc(ctx, info, true, &plan, scratch);
        r = mgpu_sets_record_count(ctx, cmd, info, &plan, &pc, scratch, host);
        if (r == MGPU_SUCCESS) {
            mgpu__barrier_compute_write_to_host_read(ctx, cmd);
            r = mgpu__commands_submit(ctx, NULL);
        } else {
            mgpu__commands_abandon(ctx);
        }
    }
    uint32_t n = 0;
    if (r == MGPU_SUCCESS) {
        memcpy(&n, mgpu__pool_mapped(ctx, host), 4);
        if (count) *count = n;
        if (n > info->capacity)
            r = mgpu__fail(ctx, MGPU_ERROR_RANGE_TOO_SMALL, "set operation: %u outputs, room for %u (capacity)", n,
                           info->capacity);
    }
    if (r == MGPU_SUCCESS) r = mgpu__commands_begin(ctx, &cmd);
    if (r == MGPU_SUCCESS) {
        r = mgpu_sets_record_write(ctx, cmd, info, &plan, &pc, scratch);
        if (r == MGPU_SUCCESS && info->out_count.buffer) r = mgpu_fill_count(ctx, cmd, info->out_count, n);
        if (r == MGPU_SUCCESS)
            r = mgpu__commands_submit(ctx, NULL);
        else
            mgpu__commands_abandon(ctx);
    }
    mgpu_buffer_free(ctx, scratch);
    mgpu_buffer_free(ctx, host);
    return r;
}

mgpu_result mgpu_set_operation(mgpu_context ctx, const mgpu_set_info *info, uint32_t *count) {
    mgpu_result r = mgpu_sets_check(ctx, info, true, false, true);
    if (r != MGPU_SUCCESS) return r;
    mgpu_sets_plan plan = mgpu_sets_make_plan(ctx, info);
    if (plan.tiles == 0 || info->capacity >= mgpu_sets_bound(info)) /* no output can be cut: one submission */
        return mgpu_sets_run_once(ctx, info, mgpu_record_set_operation, plan.bytes, count);
    return mgpu_sets_run_checked(ctx, info, count);
}

/* ---- the family ---------------------------------------------------------------------------------------- */

/* The pipelines of `type` on one tile: keys alone (values false: value words 0) or with values of 1 or 2 words. */
static mgpu_result mgpu_sets_prepare_tile(mgpu_context ctx, mgpu_type type, bool values) {
    mgpu_tuning t = mgpu_sets_tuning_for(ctx, type, values);
    mgpu_result r = MGPU_SUCCESS;
    VkPipeline p;
    for (int descending = 0; descending < 2 && r == MGPU_SUCCESS; ++descending) {
        mgpu_pipeline_key partition = mgpu_sets_partition_key(&t, type, descending);
        r = mgpu__prepare_partitions(ctx, &partition);
        if (r == MGPU_SUCCESS && mgpu__merge_sample_shift(t.nt * t.vt))
            r = mgpu__prepare_sampled_partitions(ctx, &partition);
        for (uint32_t op = 0; op <= MGPU_SET_SYMMETRIC_DIFFERENCE && r == MGPU_SUCCESS; ++op) {
            mgpu_pipeline_key key = mgpu_sets_tile_key(&t, type, (mgpu_set_op)op, descending, MGPU_SETS_COUNT, 0);
            r = mgpu__pipeline_get(ctx, &key, &p);
            for (uint32_t words = values ? 1 : 0; words <= (values ? 2u : 0u) && r == MGPU_SUCCESS; ++words) {
                key = mgpu_sets_tile_key(&t, type, (mgpu_set_op)op, descending, MGPU_SETS_WRITE, words);
                r = mgpu__pipeline_get(ctx, &key, &p);
                if (r == MGPU_SUCCESS && t.lookback == MGPU_SWITCH_ON) { /* the one pass */
                    key = mgpu_sets_tile_key(&t, type, (mgpu_set_op)op, descending, MGPU_SETS_ONEPASS, words);
                    r = mgpu__pipeline_get(ctx, &key, &p);
                }
            }
        }
    }
    return r;
}

static mgpu_result mgpu_sets_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_result r = mgpu_sets_prepare_tile(ctx, type, false);
    return r == MGPU_SUCCESS ? mgpu_sets_prepare_tile(ctx, type, true) : r;
}

/* The scan of the tile counts is the scan's (MGPU_PRIM_SCAN, u32); the fill of the empty case is fill's. */
static mgpu_result mgpu_sets_prepare_once(mgpu_context ctx) { return mgpu__fill_prepare(ctx, MGPU_TYPE_U32); }

static const mgpu_tuning_row mgpu_sets_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 5, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* GPUs: keys alone NT x VT, with values values_nt x values_vt. H200, the one pass at 2^26, set_union /
     * set_intersection us (bench/RESULTS.md, twenty-ninth session): 32-bit keys 256 x 13 385.5 / 399.1, 256 x 9
     * 409.7 / 421.8, 128 x 13 396.1 / 411.2, 256 x 15 452.7, 128 x 17 434.1, 512 x 11 571.7; pairs 256 x 9 760.2 /
     * 751.9, 128 x 9 774.3 / 772.8, 128 x 11 848.6. 64-bit keys 256 x 9 720.3 / 723.8, 128 x 9 726.6 / 740.5, 128
     * x 7 739.9 / 748.1, 128 x 11 790.6; pairs 256 x 7 1041.5 / 985.4, 128 x 7 1050.5 / 1002.5, 128 x 9 1101.6.
     * Tiles that are multiples of 128 or 256 let the partitions gather samples (mgpu__merge_sample_shift). */
    {MGPU_32, MGPU_VENDOR_ANY, 256, 13, MGPU_SWITCH_AUTO, 0, 256, 9, 4096},
    {MGPU_64, MGPU_VENDOR_ANY, 256, 9, MGPU_SWITCH_AUTO, 0, 256, 7, 0},
};

const mgpu_family_def mgpu__sets_family = {.prepare = mgpu_sets_prepare,
                                           .prepare_once = mgpu_sets_prepare_once,
                                           .tuning = mgpu_sets_tuning,
                                           .tuning_count = MGPU_ARRAY_COUNT(mgpu_sets_tuning)};
