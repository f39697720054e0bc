/*
 * Segmented reduce and reduce-by-key (moderngpu's segmented reduction over CSR starts, on the load-balancing
 * search of the seeds' chapter 10), in the two-phase idiom. The value positions are merged with the segments'
 * starts and one closing start at count (shaders/kernels/segreduce/segreduce.glsl), so that a tile of NT x VT merge
 * positions holds a bounded number of values and starts whatever the segment lengths:
 *   1. segreduce_partition: Merge Path partitions at the tile boundaries;
 *   2. segreduce: each tile reduces its values in shared memory and registers, writes every segment that ends
 *      in it (complete, save the part earlier tiles hold), and its carry-out;
 *   3. segreduce_spine (several tiles only): one workgroup scans the carries, segmented, and adds each tile's
 *      carry-in to the segment its first start closes.
 * Scratch: the partitions (tiles + 1 uint32), the carries' flags (tiles uint32) and values (tiles values), each
 * 16-byte aligned.
 * Where the look-back is safe (tuning `lookback`, AUTO: mgpu_device_info.lookback_safe), one pass instead:
 *   1. segreduce_clear: zeroes the ranges' look-back states and the counter;
 *   2. segreduce_lookback: each workgroup reduces a range of consecutive tiles of NT x VT values (at most
 *      MGPU_SEGREDUCE_RANGE_THREADS threads in all), finding the range's first start by a search and each
 *      tile's starts from there, writing the segments their starts close, and takes the carry of earlier ranges
 *      by decoupled look-back (a range holding a start publishes its carry-out as complete at once, so the walk
 *      is short).
 *   Values are read once, with no merge search and no carry pass (H200, 2^26 u32 of mean segment 100: 752 -> 131
 *   us; bench/RESULTS.md, fourteenth and fifteenth sessions). Scratch: the counter (16 bytes) and the states
 *   (MGPU_LOOKBACK_TILE_STRIDE words per range).
 * Reduce-by-key: segreduce_keys counts the run heads of each tile of keys, mgpu_cmd_scan turns the counts into
 * each tile's first run (its total is the run count, written to the caller's run_count), segreduce_keys writes
 * each run's start and key, and the segmented reduce runs over those starts, sized for count runs and reading
 * the run count from run_count when it executes. The keys are read twice and nothing n-sized is written but the
 * starts (H200, 2^26 u32 keys and values of mean run 100: heads 229 + scan of the flags 161 + scatter 258 us
 * with a flag per key, bench/RESULTS.md, fifteenth session). Scratch: the tiles' counts, the starts (count
 * int32), the scan's scratch and the segmented reduce's, 16-byte aligned.
 * Indirect counts (device uint32s, clamped to count and segment_count, which are then the capacities that size the
 * scratch and the dispatches): every kernel reads them when it executes (segreduce_pc.h's count_address and
 * segment_count_address); reduce-by-key passes its indirect count to every dispatch (its scan covers the
 * capacity's tiles, those past the count holding no head) and writes the overflow flag itself.
 */
#include "../mgpu_internal.h"
#include "kernels/segreduce/segreduce_pc.h"

#include <string.h>

/* Tiles per round of the carry workgroup's loop: NT x this (H100 tiles at 2^26 u32: 22k, 3 rounds at NT 256). */
#define MGPU_SEGREDUCE_SPINE_VT      32u
/* The one pass: at most this many threads in all (tuning `groups` overrides the workgroups, NT of them each),
 * each workgroup reducing a range of consecutive tiles, so that it loads its next tile while it reduces one and
 * looks back once per range. H200, mean segment 100 / 10000 at 2^26, us (bench/RESULTS.md, fourteenth and
 * fifteenth sessions): u32 256 x 16 at 256 / 512 / 1024 workgroups 169.7 / 172.5 / 175.0 (mean 100); 128 x 16 at
 * 512 / 1024 / 2048 160.1 / 161.9 / 164.4 (117.9 / 120.7 / 123.9 at mean 10000); 64 x 16 at 1024 / 2048 / 4096
 * 160.4 / 165.0 / 163.7; u64 128 x 16 at 512 234.5, 64 x 16 at 1024 / 2048 222.7 / 226.7 (188.1 / 190.7). */
#define MGPU_SEGREDUCE_RANGE_THREADS 65536u
/* The one pass's look-back, where the look-back is not known to be safe (mgpu_device_info.lookback_safe false, the
 * one pass forced): flag reads before a range recomputes a silent predecessor's carry from its values and its
 * last start. llvmpipe (lavapipe) ends every loop of an invocation once its loops together have run 65535
 * iterations (record.c), so a wait without bound there is cut silently, and the walk then takes a predecessor's
 * unpublished state (zeros) for its carry: wrong values for segments crossing a range boundary with more than one
 * lavapipe thread. A read is about 4 iterations of the walk's loops there (a walk cut after about 16 300 reads);
 * 1024 reads, as the scan's default wait, leave the rest of the kernel's loops most of the budget. Where the
 * look-back is safe, the walk waits without bound (0xffffffff). */
#define MGPU_SEGREDUCE_LOOKBACK_WAIT 1024u
/* Threads of a segreduce_keys workgroup (a grid-stride loop). */
#define MGPU_SEGREDUCE_KEYS_NT       256u

static VkDeviceSize mgpu_align16(VkDeviceSize x) { return (x + 15) & ~(VkDeviceSize)15; }

/* Shared memory of the tile kernel at NT x VT: segreduce.comp (the merge passes) a value and a start per tile
 * position; segreduce_lookback.comp (the one pass) a start index and a bit per position and a few words; both
 * the segmented scan's values and flags (MGPU_CTA_SCAN_LENGTH each). */
static uint64_t mgpu_segreduce_shared_bytes(bool lookback, uint32_t nt, uint32_t vt, size_t size) {
    uint64_t nv = (uint64_t)nt * vt, scan = (uint64_t)MGPU_CTA_SCAN_LENGTH(nt) * (size + 4);
    return lookback ? nv * 4 + (nv + 31) / 32 * 4 + scan + 16 + size : nv * (size + 4) + scan;
}

/* The tile kernel's shape: the tuning's nt x vt for the one pass, values_nt x values_vt for the merge passes
 * (their tiles hold values and starts in shared memory, so they are smaller). */
static void mgpu_segreduce_shape(const mgpu_tuning *t, uint32_t *nt, uint32_t *vt) {
    bool lookback = t->lookback == MGPU_SWITCH_ON;
    *nt = lookback ? t->nt : t->values_nt;
    *vt = lookback ? t->vt : t->values_vt;
}

typedef struct mgpu_segreduce_plan {
    mgpu_tuning tuning;
    bool lookback;                             /* the one pass (tuning.lookback) */
    uint32_t tile;                             /* merge positions per tile: NT x VT (the one pass: values) */
    uint32_t tiles;                            /* for the largest counts */
    uint32_t range_tiles, ranges;              /* the one pass: tiles per workgroup, and the workgroups */
    VkDeviceSize flags_offset, carries_offset; /* the merge passes */
    VkDeviceSize counter_offset, state_offset; /* the one pass */
    VkDeviceSize bytes;
} mgpu_segreduce_plan;

/* The plan of a segmented reduce of count values of type in at most max_segments segments (none: no work). */
static mgpu_segreduce_plan mgpu_segreduce_make_plan(mgpu_context ctx, mgpu_type type, uint32_t count,
                                                    uint32_t max_segments) {
    mgpu_segreduce_plan plan = {.tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_SEGREDUCE, type)};
    uint32_t nt, vt;
    mgpu_segreduce_shape(&plan.tuning, &nt, &vt);
    plan.tile = nt * vt;
    plan.lookback = plan.tuning.lookback == MGPU_SWITCH_ON;
    if (max_segments == 0) return plan;
    if (plan.lookback) { /* at least one tile: it writes the segments of no values */
        plan.tiles = count ? (uint32_t)(((uint64_t)count + plan.tile - 1) / plan.tile) : 1;
        uint32_t groups = ctx->tuning_override[MGPU_PRIM_SEGREDUCE][type].groups;
        if (!groups) groups = MGPU_SEGREDUCE_RANGE_THREADS / nt;
        /* At most MGPU_TILES_PER_GROUP_MAX tiles a workgroup: llvmpipe cuts longer loops (record.c). */
        uint32_t least = (plan.tiles + MGPU_TILES_PER_GROUP_MAX - 1) / MGPU_TILES_PER_GROUP_MAX;
        if (groups < least) groups = least;
        plan.range_tiles = (plan.tiles + groups - 1) / groups;
        plan.ranges = (plan.tiles + plan.range_tiles - 1) / plan.range_tiles;
        plan.counter_offset = 0;
        plan.state_offset = 16;
        plan.bytes = plan.state_offset + (VkDeviceSize)plan.ranges * MGPU_LOOKBACK_TILE_STRIDE * 4;
        return plan;
    }
    uint64_t total = (uint64_t)count + max_segments + 1;
    plan.tiles = (uint32_t)((total + plan.tile - 1) / plan.tile);
    plan.flags_offset = mgpu_align16((VkDeviceSize)(plan.tiles + 1) * 4);
    plan.carries_offset = plan.flags_offset + mgpu_align16((VkDeviceSize)plan.tiles * 4);
    plan.bytes = plan.carries_offset + mgpu_align16((VkDeviceSize)plan.tiles * mgpu_type_size(type));
    return plan;
}

/* op ADD, MIN or MAX, and a tile the device's shared memory holds. */
static mgpu_result mgpu_segreduce_check_op(mgpu_context ctx, const char *what, mgpu_type type, mgpu_op op) {
    if ((unsigned)op > MGPU_OP_MAX)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: op %d (add, min or max)", what, (int)op);
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_SEGREDUCE, type);
    uint32_t nt, vt;
    mgpu_segreduce_shape(&t, &nt, &vt);
    if (mgpu_segreduce_shared_bytes(t.lookback == MGPU_SWITCH_ON, nt, vt, mgpu_type_size(type)) >
        ctx->info.shared_memory_bytes)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED,
                          "%s: a tile of %u x %u needs more than the device's %u bytes of "
                          "shared memory",
                          what, nt, vt, ctx->info.shared_memory_bytes);
    return MGPU_SUCCESS;
}

/* The ranges of a segmented reduce and the bytes it touches in each: values, starts, output, the indirect counts,
 * the overflow flag. */
#define MGPU_SEGREDUCE_USES 6
static void mgpu_segreduce_uses(const mgpu_segreduce_info *info, mgpu_range_use uses[MGPU_SEGREDUCE_USES]) {
    size_t size = mgpu_type_size(info->type);
    uses[0] = (mgpu_range_use){"the values", info->values, (VkDeviceSize)info->count * size};
    uses[1] = (mgpu_range_use){"the starts", info->starts, (VkDeviceSize)info->segment_count * 4};
    uses[2] = (mgpu_range_use){"the output", info->output, (VkDeviceSize)info->segment_count * size};
    uses[3] = (mgpu_range_use){"indirect_count", info->indirect_count, info->indirect_count.buffer ? 4 : 0};
    uses[4] = (mgpu_range_use){"indirect_segment_count", info->indirect_segment_count,
                               info->indirect_segment_count.buffer ? 4 : 0};
    uses[5] = (mgpu_range_use){"overflow", info->overflow, info->overflow.buffer ? 4 : 0};
}

/* mgpu__check_overflow against the ranges but the flag; either indirect count may be given alone. */
static mgpu_result mgpu_segreduce_check_overflow(mgpu_context ctx, const mgpu_segreduce_info *info) {
    mgpu_range_use uses[MGPU_SEGREDUCE_USES];
    mgpu_segreduce_uses(info, uses);
    return mgpu__check_overflow(ctx, "segreduce", info->overflow,
                                info->indirect_count.buffer ? info->indirect_count : info->indirect_segment_count, uses,
                                MGPU_SEGREDUCE_USES - 1);
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_segreduce_check(mgpu_context ctx, const mgpu_segreduce_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segreduce: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segreduce: info->next must be NULL");
    mgpu_result r = mgpu__check_type(ctx, info->type);
    if (r == MGPU_SUCCESS) r = mgpu_segreduce_check_op(ctx, "segreduce", info->type, info->op);
    if (r != MGPU_SUCCESS) return r;
    if ((uint64_t)info->count + info->segment_count > MGPU_MAX_COUNT - 1)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segreduce: count %u + segment_count %u > 2^31-2",
                          info->count, info->segment_count);
    if (!check_ranges) return MGPU_SUCCESS;
    size_t size = mgpu_type_size(info->type);
    VkDeviceSize value_bytes = (VkDeviceSize)info->count * size;
    VkDeviceSize start_bytes = (VkDeviceSize)info->segment_count * 4,
                 out_bytes = (VkDeviceSize)info->segment_count * size;
    if (info->count) r = mgpu__check_range(ctx, "segreduce values", info->values, value_bytes, size);
    if (r != MGPU_SUCCESS) return r;
    static const char *const names[2] = {"segreduce indirect_count", "segreduce indirect_segment_count"};
    const mgpu_range counts[2] = {info->indirect_count, info->indirect_segment_count};
    if (!info->segment_count) { /* nothing is read but the counts, and only for the overflow flag */
        for (int i = 0; i < 2 && r == MGPU_SUCCESS && info->overflow.buffer; ++i)
            if (counts[i].buffer) r = mgpu__check_range(ctx, names[i], counts[i], 4, 4);
        return r == MGPU_SUCCESS ? mgpu_segreduce_check_overflow(ctx, info) : r;
    }
    r = mgpu__check_range(ctx, "segreduce starts", info->starts, start_bytes, 4);
    if (r == MGPU_SUCCESS) r = mgpu__check_range(ctx, "segreduce output", info->output, out_bytes, size);
    if (r != MGPU_SUCCESS) return r;
    if (mgpu__ranges_overlap(info->output, out_bytes, info->values, value_bytes))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segreduce: the output overlaps the values");
    if (mgpu__ranges_overlap(info->output, out_bytes, info->starts, start_bytes))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segreduce: the output overlaps the starts");
    for (int i = 0; i < 2; ++i) {
        if (!counts[i].buffer) continue;
        r = mgpu__check_range(ctx, names[i], counts[i], 4, 4);
        if (r != MGPU_SUCCESS) return r;
        if (mgpu__ranges_overlap(counts[i], 4, info->output, out_bytes))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps the output", names[i]);
    }
    return mgpu_segreduce_check_overflow(ctx, info);
}

static mgpu_requirements mgpu_segreduce_requirements(VkDeviceSize bytes) {
    return (mgpu_requirements){.scratch_size = bytes,
                               .scratch_alignment = 16,
                               .scratch_usage =
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
}

mgpu_result mgpu_segreduce_get_requirements(mgpu_context ctx, const mgpu_segreduce_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segreduce: null requirements");
    mgpu_result r = mgpu_segreduce_check(ctx, info, false);
    if (r != MGPU_SUCCESS) return r;
    *out =
        mgpu_segreduce_requirements(mgpu_segreduce_make_plan(ctx, info->type, info->count, info->segment_count).bytes);
    return MGPU_SUCCESS;
}

/* The pipelines of the three dispatches (the one pass: its two, the clear in partition, and tile; spine unused). */
static void mgpu_segreduce_keys(mgpu_context ctx, mgpu_type type, mgpu_op op, const mgpu_tuning *t,
                                mgpu_pipeline_key *partition, mgpu_pipeline_key *tile, mgpu_pipeline_key *spine) {
    bool subgroup = t->subgroup == MGPU_SWITCH_ON;
    uint32_t nt, vt;
    mgpu_segreduce_shape(t, &nt, &vt);
    if (t->lookback == MGPU_SWITCH_ON) {
        *partition = (mgpu_pipeline_key){
            .kernel = MGPU_KERNEL_SEGREDUCE_CLEAR, .type = MGPU_TYPE_I32, .spec = {[MGPU_SPEC_NT] = MGPU_PARTITION_NT}};
        uint32_t wait = ctx->info.lookback_safe ? UINT32_MAX : MGPU_SEGREDUCE_LOOKBACK_WAIT;
        *tile = (mgpu_pipeline_key){
            .kernel = MGPU_KERNEL_SEGREDUCE_LOOKBACK,
            .type = type,
            .subgroup = subgroup,
            .spec = {[MGPU_SPEC_NT] = nt, [MGPU_SPEC_VT] = vt, [MGPU_SPEC_OP] = op, [MGPU_SPEC_LOOKBACK_WAIT] = wait}};
        *spine = *tile;
        return;
    }
    *partition = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_SEGREDUCE_PARTITION,
                                     .type = MGPU_TYPE_I32,
                                     .subgroup = subgroup,
                                     .spec = {[MGPU_SPEC_NT] = MGPU_PARTITION_NT}};
    *tile = (mgpu_pipeline_key){.kernel = MGPU_KERNEL_SEGREDUCE,
                                .type = type,
                                .subgroup = subgroup,
                                .spec = {[MGPU_SPEC_NT] = nt, [MGPU_SPEC_VT] = vt, [MGPU_SPEC_OP] = op}};
    *spine = (mgpu_pipeline_key){
        .kernel = MGPU_KERNEL_SEGREDUCE_SPINE,
        .type = type,
        .subgroup = subgroup,
        .spec = {[MGPU_SPEC_NT] = nt, [MGPU_SPEC_VT] = MGPU_SEGREDUCE_SPINE_VT, [MGPU_SPEC_OP] = op}};
}

/* Records the three dispatches with pc's addresses of the values, starts, output and (optional) device segment
 * count set, and pc->count and pc->segment_count (the largest count, with a device count). The scratch range
 * has been checked against plan->bytes. */
static mgpu_result mgpu_segreduce_record(mgpu_context ctx, VkCommandBuffer cmd, mgpu_type type, mgpu_op op,
                                         const mgpu_segreduce_plan *plan, mgpu_segreduce_pc *pc, mgpu_range scratch) {
    VkDeviceAddress base = mgpu_range_address(ctx, scratch);
    pc->partitions = base;
    pc->tile_size = plan->tile;
    mgpu_pipeline_key partition, tile, spine;
    mgpu_segreduce_keys(ctx, type, op, &plan->tuning, &partition, &tile, &spine);
    if (plan->lookback) {
        pc->counter = base + plan->counter_offset;
        pc->tile_state = base + plan->state_offset;
        pc->vectorized = pc->values % 16 == 0;
        pc->range_tiles = plan->range_tiles;
        uint32_t words = plan->ranges * MGPU_LOOKBACK_STATE_WORDS(2u);
        mgpu_result r = mgpu__dispatch(ctx, cmd, &partition, pc, sizeof *pc,
                                       (words + MGPU_PARTITION_NT - 1) / MGPU_PARTITION_NT, 1);
        if (r != MGPU_SUCCESS) return r;
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        uint32_t x, y;
        mgpu__fold_grid(ctx, plan->ranges, &x, &y);
        pc->groups_x = x;
        return mgpu__dispatch(ctx, cmd, &tile, pc, sizeof *pc, x, y);
    }
    pc->carry_flags = base + plan->flags_offset;
    pc->carries = base + plan->carries_offset;
    mgpu_result r = mgpu__dispatch_partitions(ctx, cmd, &partition, pc, sizeof *pc, plan->tiles + 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    pc->groups_x = mgpu__tile_groups(ctx, &plan->tuning, plan->tiles);
    r = mgpu__dispatch(ctx, cmd, &tile, pc, sizeof *pc, pc->groups_x, 1);
    if (r != MGPU_SUCCESS || plan->tiles == 1) return r; /* one tile has no carries between tiles */
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    pc->groups_x = 1;
    return mgpu__dispatch(ctx, cmd, &spine, pc, sizeof *pc, 1, 1);
}

/* The device address of an optional range: 0 when it is absent. */
static VkDeviceAddress mgpu_optional_address(mgpu_context ctx, mgpu_range range) {
    return range.buffer ? mgpu_range_address(ctx, range) : 0;
}

static mgpu_result mgpu_scratch_check(mgpu_context ctx, const char *name, mgpu_range scratch, VkDeviceSize bytes,
                                      const mgpu_range_use *uses, size_t use_count) {
    mgpu_result r = mgpu__check_scratch(ctx, name, scratch, bytes, 1, uses, use_count);
    if (r == MGPU_SUCCESS && mgpu_range_address(ctx, scratch) % 16 != 0)
        r = mgpu__fail(ctx, MGPU_ERROR_MISALIGNED, "%s: address not a multiple of 16", name);
    return r;
}

mgpu_result mgpu_cmd_segreduce(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_segreduce_info *info,
                               mgpu_range scratch) {
    mgpu_result r = mgpu_segreduce_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segreduce: null command buffer");
    if (!info->segment_count) /* no output to write: the flag alone */
        return mgpu__write_overflow(ctx, cmd, info->overflow, info->indirect_count, info->count,
                                    info->indirect_segment_count, 0);
    mgpu_segreduce_plan plan = mgpu_segreduce_make_plan(ctx, info->type, info->count, info->segment_count);
    mgpu_range_use uses[MGPU_SEGREDUCE_USES];
    mgpu_segreduce_uses(info, uses);
    r = mgpu_scratch_check(ctx, "segreduce scratch", scratch, plan.bytes, uses, MGPU_SEGREDUCE_USES);
    if (r == MGPU_SUCCESS)
        r = mgpu__write_overflow(ctx, cmd, info->overflow, info->indirect_count, info->count,
                                 info->indirect_segment_count, info->segment_count);
    if (r != MGPU_SUCCESS) return r;
    mgpu_segreduce_pc pc = {.values = info->count ? mgpu_range_address(ctx, info->values) : 0,
                            .starts = mgpu_range_address(ctx, info->starts),
                            .results = mgpu_range_address(ctx, info->output),
                            .count = info->count,
                            .segment_count = info->segment_count,
                            .count_address = mgpu_optional_address(ctx, info->indirect_count),
                            .segment_count_address = mgpu_optional_address(ctx, info->indirect_segment_count)};
    return mgpu_segreduce_record(ctx, cmd, info->type, info->op, &plan, &pc, scratch);
}

static mgpu_result mgpu_record_segreduce(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_segreduce(ctx, cmd, info, scratch);
}

mgpu_result mgpu_segreduce(mgpu_context ctx, const mgpu_segreduce_info *info) {
    mgpu_result r = mgpu_segreduce_check(ctx, info, true);
    if (r != MGPU_SUCCESS || (info->segment_count == 0 && !info->overflow.buffer)) return r;
    VkDeviceSize bytes =
        info->segment_count ? mgpu_segreduce_make_plan(ctx, info->type, info->count, info->segment_count).bytes : 0;
    return mgpu__run_blocking(ctx, mgpu_record_segreduce, info, bytes, (mgpu_range){0}, (mgpu_range){0}, 0);
}

/* ---- reduce-by-key ------------------------------------------------------------------------------------- */

typedef struct mgpu_rbk_plan {
    mgpu_segreduce_plan segreduce; /* count values in up to count segments */
    uint32_t key_tiles;            /* segreduce_keys tiles of MGPU_SEGREDUCE_KEYS_NT x mgpu_rbk_keys_vt keys */
    VkDeviceSize starts_offset, scan_offset, scan_bytes, segreduce_offset, bytes;
} mgpu_rbk_plan;

/* Keys per segreduce_keys thread: 16 of 32 bits, 8 of 64. */
static uint32_t mgpu_rbk_keys_vt(size_t key_size) { return key_size == 8 ? 8u : 16u; }

static mgpu_scan_info mgpu_rbk_scan_info(uint32_t count) {
    return (mgpu_scan_info){.type = MGPU_TYPE_U32, .op = MGPU_OP_ADD, .exclusive = true, .count = count};
}

/* Scratch: the heads of each key tile (scanned in place into each tile's first run), the runs' starts (count
 * int32), the scan's scratch, the segmented reduce's. */
static mgpu_rbk_plan mgpu_rbk_make_plan(mgpu_context ctx, const mgpu_reduce_by_key_info *info) {
    mgpu_rbk_plan plan = {.segreduce = mgpu_segreduce_make_plan(ctx, info->value_type, info->count, info->count)};
    if (info->count == 0) return plan;
    uint32_t tile = MGPU_SEGREDUCE_KEYS_NT * mgpu_rbk_keys_vt(mgpu_type_size(info->key_type));
    plan.key_tiles = (uint32_t)(((uint64_t)info->count + tile - 1) / tile);
    mgpu_scan_info scan = mgpu_rbk_scan_info(plan.key_tiles);
    plan.starts_offset = mgpu_align16((VkDeviceSize)plan.key_tiles * 4);
    plan.scan_offset = plan.starts_offset + mgpu_align16((VkDeviceSize)info->count * 4);
    plan.scan_bytes = mgpu_align16(mgpu__scan_scratch_bytes(ctx, &scan));
    plan.segreduce_offset = plan.scan_offset + plan.scan_bytes;
    plan.bytes = plan.segreduce_offset + plan.segreduce.bytes;
    return plan;
}

/* The ranges of a reduce-by-key and the bytes it touches in each: the four arrays, run_count, indirect_count,
 * overflow. */
#define MGPU_RBK_USES 7
static void mgpu_rbk_uses(const mgpu_reduce_by_key_info *info, mgpu_range_use uses[MGPU_RBK_USES]) {
    VkDeviceSize keys = (VkDeviceSize)info->count * mgpu_type_size(info->key_type);
    VkDeviceSize values = (VkDeviceSize)info->count * mgpu_type_size(info->value_type);
    uses[0] = (mgpu_range_use){"keys_in", info->keys_in, keys};
    uses[1] = (mgpu_range_use){"values_in", info->values_in, values};
    uses[2] = (mgpu_range_use){"keys_out", info->keys_out, keys};
    uses[3] = (mgpu_range_use){"values_out", info->values_out, values};
    uses[4] = (mgpu_range_use){"run_count", info->run_count, info->run_count.buffer ? 4 : 0};
    uses[5] = (mgpu_range_use){"indirect_count", info->indirect_count, info->indirect_count.buffer ? 4 : 0};
    uses[6] = (mgpu_range_use){"overflow", info->overflow, info->overflow.buffer ? 4 : 0};
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_rbk_check(mgpu_context ctx, const mgpu_reduce_by_key_info *info, bool need_count,
                                  bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce by key: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce by key: info->next must be NULL");
    mgpu_result r = mgpu__check_type(ctx, info->key_type);
    if (r == MGPU_SUCCESS) r = mgpu__check_type(ctx, info->value_type);
    if (r == MGPU_SUCCESS) r = mgpu_segreduce_check_op(ctx, "reduce by key", info->value_type, info->op);
    if (r != MGPU_SUCCESS) return r;
    if (info->count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce by key: count %u > 2^31-1", info->count);
    if (!check_ranges) return MGPU_SUCCESS;
    mgpu_range_use uses[MGPU_RBK_USES];
    mgpu_rbk_uses(info, uses);
    size_t key_size = mgpu_type_size(info->key_type), value_size = mgpu_type_size(info->value_type);
    static const char *const names[4] = {"reduce by key keys_in", "reduce by key values_in", "reduce by key keys_out",
                                         "reduce by key values_out"};
    for (int i = 0; i < 4 && info->count && r == MGPU_SUCCESS; ++i)
        r = mgpu__check_range(ctx, names[i], uses[i].range, uses[i].bytes, i % 2 ? value_size : key_size);
    if (r == MGPU_SUCCESS && (need_count || info->run_count.buffer))
        r = mgpu__check_range(ctx, "reduce by key run_count", info->run_count, 4, 4);
    if (r == MGPU_SUCCESS && info->indirect_count.buffer)
        r = mgpu__check_range(ctx, "reduce by key indirect_count", info->indirect_count, 4, 4);
    if (r == MGPU_SUCCESS)
        r = mgpu__check_overflow(ctx, "reduce by key", info->overflow, info->indirect_count, uses, MGPU_RBK_USES - 1);
    if (r != MGPU_SUCCESS) return r;
    /* Every output (keys_out, values_out, run_count) shares no byte with any other range. */
    for (int i = 2; i < 5; ++i)
        for (int j = 0; j < MGPU_RBK_USES; ++j)
            if (j != i && mgpu__ranges_overlap(uses[i].range, uses[i].bytes, uses[j].range, uses[j].bytes))
                return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce by key: %s overlaps %s", uses[i].name,
                                  uses[j].name);
    return MGPU_SUCCESS;
}

mgpu_result mgpu_reduce_by_key_get_requirements(mgpu_context ctx, const mgpu_reduce_by_key_info *info,
                                                mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce by key: null requirements");
    mgpu_result r = mgpu_rbk_check(ctx, info, false, false);
    if (r != MGPU_SUCCESS) return r;
    *out = mgpu_segreduce_requirements(mgpu_rbk_make_plan(ctx, info).bytes);
    return MGPU_SUCCESS;
}

/* segreduce_keys in `mode` for keys of key_size bytes: the subgroup variant (its workgroup sums) where the 32-bit
 * segmented reduce's tuning has subgroups. */
static mgpu_pipeline_key mgpu_rbk_keys_key(mgpu_context ctx, uint32_t mode, size_t key_size) {
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_SEGREDUCE_KEYS,
                               .type = MGPU_TYPE_U32,
                               .subgroup = mgpu__tuning_resolve(ctx, MGPU_PRIM_SEGREDUCE, MGPU_TYPE_U32).subgroup ==
                                           MGPU_SWITCH_ON,
                               .spec = {[MGPU_SPEC_NT] = MGPU_SEGREDUCE_KEYS_NT,
                                        [MGPU_SPEC_VT] = mgpu_rbk_keys_vt(key_size),
                                        [MGPU_SPEC_MODE] = mode,
                                        [MGPU_SPEC_VALUE_WORDS] = (uint32_t)key_size / 4}};
}

mgpu_result mgpu_cmd_reduce_by_key(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_reduce_by_key_info *info,
                                   mgpu_range scratch) {
    mgpu_result r = mgpu_rbk_check(ctx, info, true, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "reduce by key: null command buffer");
    if (info->count == 0) { /* no runs */
        r = mgpu_cmd_fill(
            ctx, cmd,
            &(mgpu_fill_info){
                .type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = 1, .output = info->run_count});
        return r == MGPU_SUCCESS
                   ? mgpu__write_overflow(ctx, cmd, info->overflow, info->indirect_count, 0, (mgpu_range){0}, 0)
                   : r;
    }
    mgpu_rbk_plan plan = mgpu_rbk_make_plan(ctx, info);
    mgpu_range_use uses[MGPU_RBK_USES];
    mgpu_rbk_uses(info, uses);
    r = mgpu_scratch_check(ctx, "reduce by key scratch", scratch, plan.bytes, uses, MGPU_ARRAY_COUNT(uses));
    if (r != MGPU_SUCCESS) return r;
    size_t key_size = mgpu_type_size(info->key_type);
    mgpu_range tile_heads = mgpu__subrange(scratch, 0, (VkDeviceSize)plan.key_tiles * 4);
    VkDeviceAddress run_count = mgpu_range_address(ctx, info->run_count);
    VkDeviceAddress count_address = mgpu_optional_address(ctx, info->indirect_count);
    /* 1. Each key tile's run heads (tiles past a device count: 0). */
    mgpu_segreduce_pc pc = {.values = mgpu_range_address(ctx, info->keys_in),
                            .aux = mgpu_range_address(ctx, tile_heads),
                            .count = info->count,
                            .vectorized = mgpu_range_address(ctx, info->keys_in) % 16 == 0,
                            .count_address = count_address};
    uint32_t limit = ctx->info.max_workgroup_count_x ? ctx->info.max_workgroup_count_x : 65535u;
    uint32_t groups = plan.key_tiles < limit ? plan.key_tiles : limit; /* each strides over the tiles */
    mgpu_pipeline_key key = mgpu_rbk_keys_key(ctx, MGPU_SEGREDUCE_HEADS, key_size);
    r = mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, groups, 1);
    if (r == MGPU_SUCCESS)
        r = mgpu__write_overflow(ctx, cmd, info->overflow, info->indirect_count, info->count, (mgpu_range){0}, 0);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    /* 2. Each tile's first run, in place; the total is the run count. */
    mgpu_scan_info scan = mgpu_rbk_scan_info(plan.key_tiles);
    scan.input = scan.output = tile_heads;
    scan.total = info->run_count;
    r = mgpu_cmd_scan(ctx, cmd, &scan,
                      plan.scan_bytes ? mgpu__subrange(scratch, plan.scan_offset, plan.scan_bytes) : (mgpu_range){0});
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    /* 3. Each run's start and key. */
    pc.starts = mgpu_range_address(ctx, scratch) + plan.starts_offset;
    pc.results = mgpu_range_address(ctx, info->keys_out);
    key = mgpu_rbk_keys_key(ctx, MGPU_SEGREDUCE_SCATTER, key_size);
    r = mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, groups, 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    /* 4. The values reduced over the runs. */
    VkDeviceAddress starts = pc.starts;
    pc = (mgpu_segreduce_pc){.values = mgpu_range_address(ctx, info->values_in),
                             .starts = starts,
                             .results = mgpu_range_address(ctx, info->values_out),
                             .segment_count_address = run_count,
                             .count_address = count_address,
                             .count = info->count,
                             .segment_count = info->count};
    return mgpu_segreduce_record(ctx, cmd, info->value_type, info->op, &plan.segreduce, &pc,
                                 mgpu__subrange(scratch, plan.segreduce_offset, plan.segreduce.bytes));
}

static mgpu_result mgpu_record_reduce_by_key(mgpu_context ctx, VkCommandBuffer cmd, const void *info,
                                             mgpu_range scratch) {
    return mgpu_cmd_reduce_by_key(ctx, cmd, info, scratch);
}

mgpu_result mgpu_reduce_by_key(mgpu_context ctx, const mgpu_reduce_by_key_info *info, uint32_t *run_count) {
    mgpu_result r = mgpu_rbk_check(ctx, info, false, true);
    if (r != MGPU_SUCCESS) return r;
    mgpu_rbk_plan plan = mgpu_rbk_make_plan(ctx, info);
    mgpu_range host = {0};
    r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, 16, &host);
    mgpu_reduce_by_key_info run = *info;
    if (!run.run_count.buffer) run.run_count = host; /* the kernels write straight into host-visible memory */
    if (r == MGPU_SUCCESS)
        r = mgpu__run_blocking(ctx, mgpu_record_reduce_by_key, &run, plan.bytes, run.run_count, host, 4);
    if (r == MGPU_SUCCESS && run_count) memcpy(run_count, mgpu__pool_mapped(ctx, host), 4);
    mgpu_buffer_free(ctx, host);
    return r;
}

/* ---- the family ---------------------------------------------------------------------------------------- */

static mgpu_result mgpu_segreduce_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_SEGREDUCE, type);
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t op = MGPU_OP_ADD; op <= MGPU_OP_MAX && r == MGPU_SUCCESS; ++op) {
        mgpu_pipeline_key partition, tile, spine;
        mgpu_segreduce_keys(ctx, type, (mgpu_op)op, &t, &partition, &tile, &spine);
        VkPipeline p;
        r = mgpu__prepare_partitions(ctx, &partition);
        if (r == MGPU_SUCCESS) r = mgpu__pipeline_get(ctx, &tile, &p);
        if (r == MGPU_SUCCESS && t.lookback != MGPU_SWITCH_ON) r = mgpu__pipeline_get(ctx, &spine, &p);
    }
    return r;
}

/* Reduce-by-key's own kernels, for both key widths, and the fill of its empty case; its scan is the scan's
 * (MGPU_PRIM_SCAN, u32). */
static mgpu_result mgpu_segreduce_prepare_once(mgpu_context ctx) {
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t mode = MGPU_SEGREDUCE_HEADS; mode <= MGPU_SEGREDUCE_SCATTER && r == MGPU_SUCCESS; ++mode)
        for (size_t size = 4; size <= 8 && r == MGPU_SUCCESS; size += 4) {
            mgpu_pipeline_key key = mgpu_rbk_keys_key(ctx, mode, size);
            VkPipeline p;
            r = mgpu__pipeline_get(ctx, &key, &p);
        }
    if (r == MGPU_SUCCESS) r = mgpu__fill_prepare(ctx, MGPU_TYPE_U32);
    if (r == MGPU_SUCCESS) r = mgpu__indirect_prepare(ctx); /* the overflow flag's setup */
    return r;
}

static const mgpu_tuning_row mgpu_segreduce_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 8, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* GPUs: the one pass at nt x vt (H200, 2^26 values of mean segment 100, us: u32 at 1024 ranges 256 x 16 176,
     * 256 x 8 210, 512 x 16 215, 128 x 32 236, 256 x 32 269, at 65536 threads of ranges 128 x 16 160, 64 x 16 160,
     * 128 x 12 188, 64 x 24 183; u64 at 1024 ranges 128 x 16 236, 256 x 8 251, 256 x 16 274, 128 x 8 278, at 65536
     * threads 64 x 16 223, 64 x 8 266, 32 x 16 222 (worse at mean 10000): bench/RESULTS.md, fourteenth and
     * fifteenth sessions; fewer subgroups per workgroup wait at each barrier). The Merge Path passes at
     * values_nt x values_vt, where the look-back is not safe: their tile kernel's time grows faster than its
     * tile (H100, 2^26 values of mean segment 100, GPU us of partition + tile + carry dispatches): u32 256 x 3
     * 10.7 + 485 + 346, 256 x 5 10.7 + 524 + 225 (kept), 256 x 7 10.7 + 706 + 166, 256 x 11 11 + 1270 + 105, 128 x
     * 5 10.7 + 497 + 666; u64 256 x 3 10.7 + 663 + 367 (kept), 256 x 5 10.7 + 809 + 237. */
    {MGPU_32, MGPU_VENDOR_ANY, 128, 16, MGPU_SWITCH_AUTO, 0, 256, 5, 0},
    {MGPU_64, MGPU_VENDOR_ANY, 64, 16, MGPU_SWITCH_AUTO, 0, 256, 3, 0},
};

const mgpu_family_def mgpu__segreduce_family = {.prepare = mgpu_segreduce_prepare,
                                                .prepare_once = mgpu_segreduce_prepare_once,
                                                .tuning = mgpu_segreduce_tuning,
                                                .tuning_count = MGPU_ARRAY_COUNT(mgpu_segreduce_tuning)};
