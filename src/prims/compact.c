/*
 * Compaction (CUB's DeviceSelect, DevicePartition, Unique and RunLengthEncode): select and partition by flags,
 * unique and run-length encode, one kernel (shaders/kernels/compact/compact.comp) in one of two ways:
 *   - one pass, where the tuning's look-back is on (by default where ctx's look-back is safe: not lavapipe; rle:
 *     and the tiles are at most MGPU_COMPACT_RLE_ONEPASS_TILES), or the input is one tile: the look-back state (a
 *     ticket, then per tile a count word and, rle, a run-start word, MGPU_LOOKBACK_TILE_STRIDE words a tile)
 *     zeroed by a fill, then the one-pass dispatch: each tile finds its first output by decoupled look-back over
 *     its predecessors' counts and writes; the last tile writes the count (forced where the look-back is not
 *     known safe, a tile waits MGPU_COMPACT_LOOKBACK_WAIT reads for a silent predecessor, then recomputes it);
 *   - count, scan and write: the count dispatch (each tile's outputs and, rle, its last run start), the exclusive
 *     scan of the counts (mgpu_cmd_scan, u32 add; its total to out_count) and, rle, the exclusive max-scan of the
 *     run starts, then the write dispatch.
 * Scratch: the state ((1 + tiles) x MGPU_LOOKBACK_TILE_STRIDE uint32; the second way: 1 + 2 x tiles), then for
 * the second way the tile offsets, the run starts and their scan (tiles uint32 each) and the scan's scratch, each
 * 16-byte aligned.
 * An indirect count (the device uint32 at indirect_count, clamped to count) is read by the kernels: count is the
 * capacity that sizes the scratch and the dispatches; the count dispatch writes 0 for the capacity's tiles past the
 * real ones (so the scans and out_count see only the real tiles), the write dispatch skips them, and in the one
 * pass a workgroup that takes a ticket past them stops: exactly the real tiles publish, none waits on another.
 * The setup (mgpu__indirect_setup, its grids at the end of scratch) sizes the dispatches by the real tiles: the
 * one pass's and the count's and write's persistent workgroups min(real tiles, the capacity's workgroups) (the one
 * pass at least one, for ticket 0), and the scans of the counts take the real tiles' number as their indirect
 * count, so the count dispatch writes only the real tiles. With the capacity's grids (a scratch buffer without
 * indirect usage) everything is as above. The clear of the one pass's state stays the capacity's.
 * The four calls share one job (mgpu_compact_job): select and partition from mgpu_select_info, unique and rle
 * from mgpu_unique_info; the positions are the kept indices (select, partition) or the run lengths (rle).
 */
#include "../mgpu_internal.h"
#include "kernels/compact/compact_pc.h"

#include <string.h>

/* The one pass wherever the look-back is on, at every size, but for rle. Until the look-back states lay a cache
 * line apart it lost to count + scan + write past 1024 tiles (H200, select of u32 2^26: 485 against 352 us, eighth
 * session); since, it wins from 2^23 up (select 2^23 50.6 against 63.3 us, 2^26 340.8 against 355.8; partition
 * 2^26 381 against 424, unique 336 against 361: bench/RESULTS.md, eleventh session). rle keeps the one pass to
 * MGPU_COMPACT_RLE_ONEPASS_TILES: its tiles also walk back, one thread and one word a round trip, for the run open
 * at their start, and on long runs (few run starts) every walk reaches back to the last tile that finished its
 * own, so the walks grow with the tiles in flight. (Random keys gained from it at 2^23, 89.8 against 112.3 us, but
 * not at 2^26, 651 against 657.) */
#define MGPU_COMPACT_RLE_ONEPASS_TILES    1024u
/* The one pass by ranges of MGPU_COMPACT_RANGE_TILES tiles (compact.comp's MODE RANGES, one look-back state and
 * walk per range; its scratch and grid are the ranges'): mgpu_tuning.fold ON, or AUTO from this many tiles on, of
 * the ranges' own tile, values_nt x values_vt (rle: from MGPU_COMPACT_RLE_RANGES_MIN_TILES). The per-tile walk
 * waited on its predecessors for a third of the one pass's time at 2^26 (bench/RESULTS.md, seventeenth session); by
 * ranges (H200, eighteenth session) select u32 2^26 runs 330 -> 265 us, unique 314 -> 247, u64 select 583 -> 466.
 * With fewer ranges than the GPU has room for it loses: by ranges of 128 x 8 (u32) or 128 x 4 (u64) tiles, the
 * twenty-sixth session's row, select u32 2^22 25.2 -> 28.9 us but 2^23 48.3 -> 41.8, u64 2^21 24.3 -> 26.9 but
 * 2^22 46.7 -> 37.6: from 8192 tiles (1024 ranges) on. rle too: a range also publishes its last run start, and
 * walks back once for the run open at its start; its per-tile pass loses sooner (u32 2^22 36.9 -> 28.7 us by
 * ranges, 2^21 22.4 -> 25.4; u64 2^21 38.1 -> 28.9, 2^20 23.0 -> 24.9): from 4096 tiles on. */
#define MGPU_COMPACT_RANGES_MIN_TILES     8192u
#define MGPU_COMPACT_RLE_RANGES_MIN_TILES 4096u
/* The one pass's look-back, where the look-back is not known to be safe (mgpu_device_info.lookback_safe false, the
 * one pass forced): reads that find a predecessor silent before the walk recomputes its count (rle: its last run
 * start) from the input (compact.comp). llvmpipe (lavapipe) ends every loop of an invocation once its loops
 * together have run 65535 iterations, so a wait without bound there is cut silently (with more than one lavapipe
 * thread, while the predecessor's thread is descheduled) and the walk takes the unpublished word (0) for a count.
 * 1024, as the radix one-sweep's and the segmented reduce's waits, leaves the kernel's other loops most of the
 * budget. Where the look-back is safe, the walks wait without bound (0xffffffff: no recompute in the pipeline);
 * the count and write dispatches never wait (0, unused). */
#define MGPU_COMPACT_LOOKBACK_WAIT        1024u

static VkDeviceSize mgpu_align16(VkDeviceSize x) { return (x + 15) & ~(VkDeviceSize)15; }

/* Shared memory of compact.comp: the tile's outputs and their positions, the workgroup sum, three words. */
static uint64_t mgpu_compact_shared_bytes(uint32_t nt, uint32_t vt, size_t size) {
    uint64_t nv = (uint64_t)nt * vt;
    return nv * size + nv * 4 + (uint64_t)MGPU_CTA_SCAN_LENGTH(nt) * 4 + 12;
}

typedef struct mgpu_compact_job {
    const char *what;
    uint32_t op; /* MGPU_COMPACT_* */
    mgpu_type type;
    uint32_t count;
    mgpu_range input, flags, output, positions, out_count, indirect_count, overflow;
} mgpu_compact_job;

static const char *const mgpu_compact_names[4] = {"select", "partition", "unique", "rle"};

static mgpu_compact_job mgpu_select_job(const mgpu_select_info *info, uint32_t op) {
    return (mgpu_compact_job){.what = mgpu_compact_names[op],
                              .op = op,
                              .type = info->type,
                              .count = info->count,
                              .input = info->input,
                              .flags = info->flags,
                              .output = info->output,
                              .positions = info->indices,
                              .out_count = info->out_count,
                              .indirect_count = info->indirect_count,
                              .overflow = info->overflow};
}

static mgpu_compact_job mgpu_unique_job(const mgpu_unique_info *info, uint32_t op) {
    return (mgpu_compact_job){.what = mgpu_compact_names[op],
                              .op = op,
                              .type = info->type,
                              .count = info->count,
                              .input = info->input,
                              .output = info->output,
                              .positions = info->lengths,
                              .out_count = info->out_count,
                              .indirect_count = info->indirect_count,
                              .overflow = info->overflow};
}

typedef struct mgpu_compact_plan {
    mgpu_tuning tuning;
    uint32_t nt, vt; /* the tile's shape: the tuning's nt x vt, or by ranges its values_nt x values_vt */
    uint32_t tile, tiles;
    bool onepass;
    bool ranges;     /* the one pass by ranges of tiles (MGPU_COMPACT_RANGES) */
    uint32_t states; /* the one pass's look-back states: its tiles, or its ranges */
    VkDeviceSize offsets_offset, heads_offset, head_scan_offset, scan_offset, scan_bytes, args_offset, bytes;
} mgpu_compact_plan;

static mgpu_scan_info mgpu_compact_scan_info(uint32_t tiles, mgpu_op op) {
    return (mgpu_scan_info){.type = MGPU_TYPE_U32, .op = op, .exclusive = true, .count = tiles};
}

/* The one pass's state (compact.comp): the ticket's block, then one block per tile. */
static VkDeviceSize mgpu_compact_state_words(uint32_t tiles) {
    return ((VkDeviceSize)tiles + 1) * MGPU_LOOKBACK_TILE_STRIDE;
}

/* The tiles of `count` elements at nt x vt. */
static uint32_t mgpu_compact_tiles(uint64_t count, uint32_t nt, uint32_t vt) {
    return (uint32_t)((count + (uint64_t)nt * vt - 1) / ((uint64_t)nt * vt));
}

static mgpu_compact_plan mgpu_compact_make_plan(mgpu_context ctx, const mgpu_compact_job *job) {
    mgpu_compact_plan plan = {.tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_COMPACT, job->type)};
    plan.nt = plan.tuning.nt;
    plan.vt = plan.tuning.vt;
    plan.tile = plan.nt * plan.vt;
    plan.tiles = mgpu_compact_tiles(job->count, plan.nt, plan.vt);
    if (plan.tiles == 0) return plan;
    uint32_t ranges_from =
        job->op == MGPU_COMPACT_RLE ? MGPU_COMPACT_RLE_RANGES_MIN_TILES : MGPU_COMPACT_RANGES_MIN_TILES;
    bool ranges = plan.tuning.fold == MGPU_SWITCH_ON ||
                  (plan.tuning.fold == MGPU_SWITCH_AUTO &&
                   mgpu_compact_tiles(job->count, plan.tuning.values_nt, plan.tuning.values_vt) >= ranges_from);
    bool onepass_size = job->op != MGPU_COMPACT_RLE || plan.tiles <= MGPU_COMPACT_RLE_ONEPASS_TILES || ranges;
    plan.onepass = (plan.tuning.lookback == MGPU_SWITCH_ON && onepass_size) || plan.tiles == 1;
    plan.ranges = plan.onepass && ranges;
    if (plan.ranges) { /* the ranges' own tile */
        plan.nt = plan.tuning.values_nt;
        plan.vt = plan.tuning.values_vt;
        plan.tile = plan.nt * plan.vt;
        plan.tiles = mgpu_compact_tiles(job->count, plan.nt, plan.vt);
    }
    plan.states = plan.ranges ? (plan.tiles + MGPU_COMPACT_RANGE_TILES - 1) / MGPU_COMPACT_RANGE_TILES : plan.tiles;
    VkDeviceSize words = mgpu_align16((VkDeviceSize)plan.tiles * 4);
    plan.offsets_offset =
        mgpu_align16((plan.onepass ? mgpu_compact_state_words(plan.states) : (VkDeviceSize)plan.tiles * 2 + 1) * 4);
    if (plan.onepass) {
        plan.args_offset = plan.offsets_offset;
        plan.bytes = plan.args_offset + mgpu__indirect_args_bytes(1);
        return plan;
    }
    bool rle = job->op == MGPU_COMPACT_RLE;
    plan.heads_offset = plan.offsets_offset + words;
    plan.head_scan_offset = plan.heads_offset + (rle ? words : 0);
    plan.scan_offset = plan.head_scan_offset + (rle ? words : 0);
    mgpu_scan_info scan = mgpu_compact_scan_info(plan.tiles, MGPU_OP_ADD);
    plan.scan_bytes = mgpu_align16(mgpu__scan_scratch_bytes(ctx, &scan));
    plan.args_offset = plan.scan_offset + plan.scan_bytes;
    plan.bytes = plan.args_offset + mgpu__indirect_args_bytes(2);
    return plan;
}

/* The ranges of a job and the bytes it touches in each: the inputs, the outputs (MGPU_COMPACT_OUTPUTS from
 * index 2), then indirect_count. */
enum { MGPU_COMPACT_USES = 6, MGPU_COMPACT_OUTPUTS = 3 };
static void mgpu_compact_uses(const mgpu_compact_job *job, mgpu_range_use uses[MGPU_COMPACT_USES]) {
    VkDeviceSize n = job->count, size = mgpu_type_size(job->type);
    bool flagged = job->op <= MGPU_COMPACT_PARTITION;
    uses[0] = (mgpu_range_use){"input", job->input, n * size};
    uses[1] = (mgpu_range_use){"flags", job->flags, flagged ? n * 4 : 0};
    uses[2] = (mgpu_range_use){"output", job->output, n * size};
    uses[3] = (mgpu_range_use){job->op == MGPU_COMPACT_RLE ? "lengths" : "indices", job->positions,
                               job->positions.buffer ? n * 4 : 0};
    uses[4] = (mgpu_range_use){"out_count", job->out_count, job->out_count.buffer ? 4 : 0};
    uses[5] = (mgpu_range_use){"indirect_count", job->indirect_count, job->indirect_count.buffer ? 4 : 0};
}

/* The job's checks after those of its info (null, next); need_count: out_count is required; check_ranges false
 * skips the checks of the ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_compact_check(mgpu_context ctx, const mgpu_compact_job *job, bool need_count,
                                      bool check_ranges) {
    const char *what = job->what;
    mgpu_result r = mgpu__check_type(ctx, job->type);
    if (r != MGPU_SUCCESS) return r;
    if (job->count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: count %u > 2^31-1", what, job->count);
    size_t size = mgpu_type_size(job->type);
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_COMPACT, job->type);
    if (mgpu_compact_shared_bytes(t.nt, t.vt, size) > ctx->info.shared_memory_bytes)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED,
                          "%s: a tile of %u x %u needs more than the device's %u bytes of shared memory", what, t.nt,
                          t.vt, ctx->info.shared_memory_bytes);
    if (!check_ranges) return MGPU_SUCCESS;
    if (job->op == MGPU_COMPACT_UNIQUE && job->positions.buffer)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "unique: lengths given (rle writes them)");
    if (job->op == MGPU_COMPACT_RLE && job->count > 0 && !job->positions.buffer)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "rle: lengths: null VkBuffer");
    mgpu_range_use uses[MGPU_COMPACT_USES];
    mgpu_compact_uses(job, uses);
    size_t sizes[MGPU_COMPACT_USES] = {size, 4, size, 4, 4, 4};
    char name[64];
    for (int i = 0; i < 4 && r == MGPU_SUCCESS; ++i)
        if (uses[i].bytes) {
            snprintf(name, sizeof name, "%s %s", what, uses[i].name);
            r = mgpu__check_range(ctx, name, uses[i].range, uses[i].bytes, sizes[i]);
        }
    if (r == MGPU_SUCCESS && (need_count || job->out_count.buffer)) {
        snprintf(name, sizeof name, "%s out_count", what);
        r = mgpu__check_range(ctx, name, job->out_count, 4, 4);
    }
    if (r == MGPU_SUCCESS && job->indirect_count.buffer) { /* 4 bytes, offset a multiple of 4 */
        snprintf(name, sizeof name, "%s indirect_count", what);
        r = mgpu__check_range(ctx, name, job->indirect_count, 4, 4);
    }
    if (r != MGPU_SUCCESS) return r;
    /* Every output (output, positions, out_count) shares no byte with any other range (indirect_count included):
     * no call runs in place. */
    for (int o = 2; o < 2 + MGPU_COMPACT_OUTPUTS; ++o)
        for (int i = 0; i < MGPU_COMPACT_USES; ++i)
            if (i != o && mgpu__ranges_overlap(uses[o].range, uses[o].bytes, uses[i].range, uses[i].bytes))
                return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: %s overlaps %s", what, uses[o].name,
                                  uses[i].name);
    return mgpu__check_overflow(ctx, what, job->overflow, job->indirect_count, uses, MGPU_COMPACT_USES - 1);
}

/* The kernel's pipeline in `mode`, at the tuning's nt x vt (MODE RANGES: at its values_nt x values_vt); the one
 * pass's wait follows the device (MGPU_COMPACT_LOOKBACK_WAIT). */
static mgpu_pipeline_key mgpu_compact_key(mgpu_context ctx, const mgpu_tuning *t, mgpu_type type, uint32_t op,
                                          uint32_t mode, bool positions) {
    bool ranges = mode == MGPU_COMPACT_RANGES;
    uint32_t wait = mode != MGPU_COMPACT_ONEPASS && mode != MGPU_COMPACT_RANGES ? 0
                    : ctx->info.lookback_safe                                   ? UINT32_MAX
                                                                                : MGPU_COMPACT_LOOKBACK_WAIT;
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_COMPACT,
                               .type = type,
                               .subgroup = t->subgroup == MGPU_SWITCH_ON,
                               .spec = {[MGPU_SPEC_NT] = ranges ? t->values_nt : t->nt,
                                        [MGPU_SPEC_VT] = ranges ? t->values_vt : t->vt,
                                        [MGPU_SPEC_OP] = op,
                                        [MGPU_SPEC_MODE] = mode,
                                        [MGPU_SPEC_VALUE_WORDS] = positions,
                                        [MGPU_SPEC_LOOKBACK_WAIT] = wait}};
}

static mgpu_result mgpu_fill_words(mgpu_context ctx, VkCommandBuffer cmd, mgpu_range range, uint32_t count,
                                   uint32_t value) {
    return mgpu_cmd_fill(
        ctx, cmd,
        &(mgpu_fill_info){
            .type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = count, .output = range, .a.u32 = value});
}

/* Records a checked job with its scratch (checked here): the fill of out_count for no elements, else one pass or
 * count, scan and write. */
static mgpu_result mgpu_compact_record(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_compact_job *job,
                                       mgpu_range scratch) {
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null command buffer", job->what);
    mgpu_compact_plan plan = mgpu_compact_make_plan(ctx, job);
    mgpu_indirect grid;
    if (plan.tiles == 0) { /* the overflow flag, then out_count 0 */
        mgpu_result r = mgpu__indirect_setup(ctx, cmd, job->indirect_count, job->overflow, 0, MGPU_SWITCH_AUTO,
                                             (mgpu_range){0}, NULL, 0, &grid);
        return r == MGPU_SUCCESS ? mgpu_fill_words(ctx, cmd, job->out_count, 1, 0) : r;
    }
    mgpu_range_use uses[MGPU_COMPACT_USES + 1];
    mgpu_compact_uses(job, uses);
    uses[MGPU_COMPACT_USES] = (mgpu_range_use){"overflow", job->overflow, job->overflow.buffer ? 4 : 0};
    char name[64];
    snprintf(name, sizeof name, "%s scratch", job->what);
    mgpu_result r = mgpu__check_scratch(ctx, name, scratch, plan.bytes, 1, uses, MGPU_COMPACT_USES + 1);
    if (r == MGPU_SUCCESS && mgpu_range_address(ctx, scratch) % 16 != 0)
        r = mgpu__fail(ctx, MGPU_ERROR_MISALIGNED, "%s scratch: address not a multiple of 16", job->what);
    if (r != MGPU_SUCCESS) return r;
    bool flagged = job->op <= MGPU_COMPACT_PARTITION, rle = job->op == MGPU_COMPACT_RLE;
    bool positions = job->positions.buffer != VK_NULL_HANDLE;
    VkDeviceAddress base = mgpu_range_address(ctx, scratch);
    mgpu_compact_pc pc = {.src = mgpu_range_address(ctx, job->input),
                          .flags = flagged ? mgpu_range_address(ctx, job->flags) : 0,
                          .dst = mgpu_range_address(ctx, job->output),
                          .positions = positions ? mgpu_range_address(ctx, job->positions) : 0,
                          .out_count = job->out_count.buffer ? mgpu_range_address(ctx, job->out_count) : 0,
                          .count_address =
                              job->indirect_count.buffer ? mgpu_range_address(ctx, job->indirect_count) : 0,
                          .count = job->count};
    uint32_t epv = 16u / (uint32_t)mgpu_type_size(job->type);
    pc.vectorized = pc.src % 16 == 0 && pc.flags % 16 == 0 && plan.vt % epv == 0;
    /* Rule 0: the persistent workgroups, min(real tiles, the capacity's); rule 1 (count, scan, write): the real
     * tiles, which the scans read as their count. */
    uint32_t groups = mgpu__tile_groups(ctx, &plan.tuning, plan.onepass ? plan.states : plan.tiles);
    uint32_t per_group = plan.ranges ? plan.tile * MGPU_COMPACT_RANGE_TILES : plan.tile; /* elements */
    mgpu_indirect_rule rules[2] = {{.per_group = per_group, .min_groups = plan.onepass ? 1 : 0, .max_groups = groups},
                                   {.per_group = plan.tile, .max_groups = plan.tiles}};
    uint32_t rule_count = plan.onepass ? 1 : 2;
    r = mgpu__indirect_setup(ctx, cmd, job->indirect_count, job->overflow, job->count, plan.tuning.grids,
                             mgpu__subrange(scratch, plan.args_offset, mgpu__indirect_args_bytes(rule_count)), rules,
                             rule_count, &grid);
    if (r != MGPU_SUCCESS) return r;
    if (plan.onepass) {
        VkDeviceSize state_words = mgpu_compact_state_words(plan.states);
        r = mgpu_fill_words(ctx, cmd, mgpu__subrange(scratch, 0, state_words * 4), (uint32_t)state_words, 0);
        if (r != MGPU_SUCCESS) return r;
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        pc.state = base;
        pc.groups_x = groups;
        uint32_t mode = plan.ranges ? MGPU_COMPACT_RANGES : MGPU_COMPACT_ONEPASS;
        mgpu_pipeline_key key = mgpu_compact_key(ctx, &plan.tuning, job->type, job->op, mode, positions);
        return mgpu__dispatch_sized(ctx, cmd, &key, &pc, sizeof pc, &grid, 0, groups, 1);
    }
    VkDeviceSize words = (VkDeviceSize)plan.tiles * 4;
    pc.counts = base;
    pc.heads = rle ? base + plan.heads_offset : 0;
    pc.groups_x = groups;
    mgpu_range real_tiles = mgpu__indirect_groups_range(&grid, 1);
    pc.real_tiles = real_tiles.buffer != VK_NULL_HANDLE;
    mgpu_pipeline_key count = mgpu_compact_key(ctx, &plan.tuning, job->type, job->op, MGPU_COMPACT_COUNT, false);
    r = mgpu__dispatch_sized(ctx, cmd, &count, &pc, sizeof pc, &grid, 0, groups, 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    mgpu_range scan_scratch =
        plan.scan_bytes ? mgpu__subrange(scratch, plan.scan_offset, plan.scan_bytes) : (mgpu_range){0};
    mgpu_scan_info scan = mgpu_compact_scan_info(plan.tiles, MGPU_OP_ADD);
    scan.input = mgpu__subrange(scratch, 0, words);
    scan.output = mgpu__subrange(scratch, plan.offsets_offset, words);
    scan.total = job->out_count;
    scan.indirect_count = real_tiles;
    r = mgpu_cmd_scan(ctx, cmd, &scan, scan_scratch);
    if (r == MGPU_SUCCESS && rle) { /* the last run start before each tile: a max-scan, after the first scan */
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        scan = mgpu_compact_scan_info(plan.tiles, MGPU_OP_MAX);
        scan.input = mgpu__subrange(scratch, plan.heads_offset, words);
        scan.output = mgpu__subrange(scratch, plan.head_scan_offset, words);
        scan.indirect_count = real_tiles;
        r = mgpu_cmd_scan(ctx, cmd, &scan, scan_scratch);
    }
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    pc.counts = base + plan.offsets_offset;
    pc.heads = rle ? base + plan.head_scan_offset : 0;
    mgpu_pipeline_key write = mgpu_compact_key(ctx, &plan.tuning, job->type, job->op, MGPU_COMPACT_WRITE, positions);
    pc.real_tiles = 0;
    return mgpu__dispatch_sized(ctx, cmd, &write, &pc, sizeof pc, &grid, 0, groups, 1);
}

static mgpu_result mgpu_record_job(mgpu_context ctx, VkCommandBuffer cmd, const void *job, mgpu_range scratch) {
    return mgpu_compact_record(ctx, cmd, job, scratch);
}

/* The blocking tier of a checked job in one submission: record (with out_count, or host memory when the caller
 * gave none), then the count to the host. */
static mgpu_result mgpu_compact_run(mgpu_context ctx, const mgpu_compact_job *job, uint32_t *count) {
    mgpu_range host = {0};
    mgpu_result r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, 16, &host);
    mgpu_compact_job run = *job;
    if (!run.out_count.buffer) run.out_count = host; /* the kernel (or the scan) writes it straight to the host */
    if (r == MGPU_SUCCESS)
        r = mgpu__run_blocking(ctx, mgpu_record_job, &run, mgpu_compact_make_plan(ctx, job).bytes, run.out_count, host,
                               4);
    if (r == MGPU_SUCCESS && count) memcpy(count, mgpu__pool_mapped(ctx, host), 4);
    mgpu_buffer_free(ctx, host);
    return r;
}

static mgpu_requirements mgpu_compact_requirements(VkDeviceSize bytes) {
    return (mgpu_requirements){.scratch_size = bytes,
                               .scratch_alignment = 16,
                               .scratch_usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
                                                VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT};
}

/* The info checks every call starts with: a context, an info, no extension. */
static mgpu_result mgpu_compact_check_info(mgpu_context ctx, const void *info, const void *next, uint32_t op) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null info", mgpu_compact_names[op]);
    if (next)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: info->next must be NULL", mgpu_compact_names[op]);
    return MGPU_SUCCESS;
}

/* The three tiers of a job: `tier` 0 get_requirements, 1 mgpu_cmd_*, 2 blocking. */
static mgpu_result mgpu_compact_call(mgpu_context ctx, const mgpu_compact_job *job, int tier, VkCommandBuffer cmd,
                                     mgpu_range scratch, mgpu_requirements *req, uint32_t *count) {
    mgpu_result r = mgpu_compact_check(ctx, job, tier == 1, tier != 0);
    if (r != MGPU_SUCCESS) return r;
    if (tier == 0) {
        *req = mgpu_compact_requirements(mgpu_compact_make_plan(ctx, job).bytes);
        return MGPU_SUCCESS;
    }
    return tier == 1 ? mgpu_compact_record(ctx, cmd, job, scratch) : mgpu_compact_run(ctx, job, count);
}

static mgpu_result mgpu_select_call(mgpu_context ctx, const mgpu_select_info *info, uint32_t op, int tier,
                                    VkCommandBuffer cmd, mgpu_range scratch, mgpu_requirements *req, uint32_t *count) {
    if (tier == 0 && !req)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null requirements", mgpu_compact_names[op]);
    mgpu_result r = mgpu_compact_check_info(ctx, info, info ? info->next : NULL, op);
    if (r != MGPU_SUCCESS) return r;
    mgpu_compact_job job = mgpu_select_job(info, op);
    return mgpu_compact_call(ctx, &job, tier, cmd, scratch, req, count);
}

static mgpu_result mgpu_unique_call(mgpu_context ctx, const mgpu_unique_info *info, uint32_t op, int tier,
                                    VkCommandBuffer cmd, mgpu_range scratch, mgpu_requirements *req, uint32_t *count) {
    if (tier == 0 && !req)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null requirements", mgpu_compact_names[op]);
    mgpu_result r = mgpu_compact_check_info(ctx, info, info ? info->next : NULL, op);
    if (r != MGPU_SUCCESS) return r;
    mgpu_compact_job job = mgpu_unique_job(info, op);
    return mgpu_compact_call(ctx, &job, tier, cmd, scratch, req, count);
}

mgpu_result mgpu_select_get_requirements(mgpu_context ctx, const mgpu_select_info *info, mgpu_requirements *out) {
    return mgpu_select_call(ctx, info, MGPU_COMPACT_SELECT, 0, VK_NULL_HANDLE, (mgpu_range){0}, out, NULL);
}
mgpu_result mgpu_cmd_select(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_select_info *info, mgpu_range scratch) {
    return mgpu_select_call(ctx, info, MGPU_COMPACT_SELECT, 1, cmd, scratch, NULL, NULL);
}
mgpu_result mgpu_select(mgpu_context ctx, const mgpu_select_info *info, uint32_t *count) {
    return mgpu_select_call(ctx, info, MGPU_COMPACT_SELECT, 2, VK_NULL_HANDLE, (mgpu_range){0}, NULL, count);
}

mgpu_result mgpu_partition_get_requirements(mgpu_context ctx, const mgpu_select_info *info, mgpu_requirements *out) {
    return mgpu_select_call(ctx, info, MGPU_COMPACT_PARTITION, 0, VK_NULL_HANDLE, (mgpu_range){0}, out, NULL);
}
mgpu_result mgpu_cmd_partition(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_select_info *info,
                               mgpu_range scratch) {
    return mgpu_select_call(ctx, info, MGPU_COMPACT_PARTITION, 1, cmd, scratch, NULL, NULL);
}
mgpu_result mgpu_partition(mgpu_context ctx, const mgpu_select_info *info, uint32_t *count) {
    return mgpu_select_call(ctx, info, MGPU_COMPACT_PARTITION, 2, VK_NULL_HANDLE, (mgpu_range){0}, NULL, count);
}

mgpu_result mgpu_unique_get_requirements(mgpu_context ctx, const mgpu_unique_info *info, mgpu_requirements *out) {
    return mgpu_unique_call(ctx, info, MGPU_COMPACT_UNIQUE, 0, VK_NULL_HANDLE, (mgpu_range){0}, out, NULL);
}
mgpu_result mgpu_cmd_unique(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_unique_info *info, mgpu_range scratch) {
    return mgpu_unique_call(ctx, info, MGPU_COMPACT_UNIQUE, 1, cmd, scratch, NULL, NULL);
}
mgpu_result mgpu_unique(mgpu_context ctx, const mgpu_unique_info *info, uint32_t *count) {
    return mgpu_unique_call(ctx, info, MGPU_COMPACT_UNIQUE, 2, VK_NULL_HANDLE, (mgpu_range){0}, NULL, count);
}

mgpu_result mgpu_rle_get_requirements(mgpu_context ctx, const mgpu_unique_info *info, mgpu_requirements *out) {
    return mgpu_unique_call(ctx, info, MGPU_COMPACT_RLE, 0, VK_NULL_HANDLE, (mgpu_range){0}, out, NULL);
}
mgpu_result mgpu_cmd_rle(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_unique_info *info, mgpu_range scratch) {
    return mgpu_unique_call(ctx, info, MGPU_COMPACT_RLE, 1, cmd, scratch, NULL, NULL);
}
mgpu_result mgpu_rle(mgpu_context ctx, const mgpu_unique_info *info, uint32_t *count) {
    return mgpu_unique_call(ctx, info, MGPU_COMPACT_RLE, 2, VK_NULL_HANDLE, (mgpu_range){0}, NULL, count);
}

/* ---- the family ---------------------------------------------------------------------------------------- */

static mgpu_result mgpu_compact_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_COMPACT, type);
    mgpu_result r = MGPU_SUCCESS;
    VkPipeline p;
    for (uint32_t op = 0; op <= MGPU_COMPACT_RLE && r == MGPU_SUCCESS; ++op)
        for (uint32_t mode = 0; mode <= MGPU_COMPACT_RANGES && r == MGPU_SUCCESS; ++mode)
            for (int positions = 0; positions < 2 && r == MGPU_SUCCESS; ++positions) {
                /* which variants the calls use: count without positions; rle always with them, unique never */
                bool used = mode == MGPU_COMPACT_COUNT  ? !positions
                            : op == MGPU_COMPACT_RLE    ? positions
                            : op == MGPU_COMPACT_UNIQUE ? !positions
                                                        : true;
                if (mode == MGPU_COMPACT_RANGES && t.fold == MGPU_SWITCH_OFF) used = false;
                if (!used) continue;
                mgpu_pipeline_key key = mgpu_compact_key(ctx, &t, type, op, mode, positions);
                r = mgpu__pipeline_get(ctx, &key, &p);
            }
    return r;
}

/* The scans of the tile counts are the scan's (MGPU_PRIM_SCAN, u32); the fills of the state and of the empty case
 * are fill's. */
static mgpu_result mgpu_compact_prepare_once(mgpu_context ctx) {
    mgpu_result r = mgpu__fill_prepare(ctx, MGPU_TYPE_U32);
    return r == MGPU_SUCCESS ? mgpu__indirect_prepare(ctx) : r;
}

static const mgpu_tuning_row mgpu_compact_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 8, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* GPUs: 2 uvec4 of elements (32 bytes) in registers per thread, 4096 32-bit or 2048 64-bit elements per tile.
     * H200 2026-11-27 (bench/RESULTS.md, twelfth session), at 2^26, GPU us select / partition / unique / rle: u32
     * 512 x 8 326 / 343 / 309 / 554 against 256 x 16 343 / 383 / 338 / 659 and 128 x 32 390 / 494 / 420 / 927;
     * u64 512 x 4 567 / 598 / 590 against 256 x 8 602 / 635 / 657, and rle 851 against 718 GB/s (128 x 16, 1024
     * x 2 and 64 x 32 slower still). Tiles of 8192 32-bit elements need more shared memory than 48 KB with the
     * positions. The one pass by ranges (large inputs) on smaller tiles, values_nt x values_vt: H200 2026-11-28
     * (twenty-sixth session), ranges forced, 2^26 us select / partition / unique / rle: u32 128 x 8 227 / 279 / 218
     * / 314 against 512 x 8 262 / 315 / 243 / 412, 256 x 8 246 / 302 / 229 / 381, 64 x 8 234 / 288 / 220 / 315,
     * 128 x 4 255 / 301 / 229 / 301, 128 x 16 252 / 327 / 257 / 482; u64 128 x 4 411 / 484 / 532 / 591 against
     * 512 x 4 461 / 536 / 535 / 803, 256 x 4 433 / 507 / 526 / 599, 64 x 4 424 / 496 / 545 / 589, 128 x 2 434 /
     * 528 / 513 / 562. (A workgroup of 128 x 8 holds 5 KB of shared memory and 52 registers.) */
    {MGPU_32, MGPU_VENDOR_ANY, 512, 8, MGPU_SWITCH_AUTO, 0, 128, 8, 0},
    {MGPU_64, MGPU_VENDOR_ANY, 512, 4, MGPU_SWITCH_AUTO, 0, 128, 4, 0},
};

const mgpu_family_def mgpu__compact_family = {.prepare = mgpu_compact_prepare,
                                              .prepare_once = mgpu_compact_prepare_once,
                                              .tuning = mgpu_compact_tuning,
                                              .tuning_count = MGPU_ARRAY_COUNT(mgpu_compact_tuning)};
