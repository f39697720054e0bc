/*
 * Scan (the seeds' chapter 4). Three ways, chosen by size and tuning:
 *   - one tile (count <= NT * VT): a single dispatch of scan_tiles, no scratch;
 *   - single pass (look-back on): clear the tile states and counter, one dispatch of scan_lookback;
 *   - reduce-then-scan (look-back off): upsweep writes tile reductions, the partials are scanned in place
 *     (recursively, the same three steps), downsweep scans each tile from its partial.
 * Scratch, look-back: counter (16 bytes), then the tile states (lookback.glsl: two 32-bit words per 32-bit word
 * of the element, per tile, MGPU_LOOKBACK_TILE_STRIDE words apart). Reduce-then-scan: the partials of every
 * level, each 16-byte aligned.
 * An indirect count (the device uint32 at indirect_count, clamped to count) is read by the kernels of the input's
 * level: count is the capacity that sizes the scratch. The setup (mgpu__indirect_setup; its grid at the end of
 * scratch) sizes the input level's dispatches by the real tiles (the look-back's at least one, whose group 0 writes
 * the total of an empty input), and the spine's levels (the capacity's tiles, few) read the real tiles' number
 * from the grid's workgroup word as their own indirect count. With the capacity's grids (a scratch buffer
 * without indirect usage) the look-back's groups past the real tiles return before taking a tile, and the
 * upsweep's write the identity to their partials, so the spine and the total see only the real tiles. The
 * look-back's clear (a fill) stays the capacity's: its states are MGPU_LOOKBACK_TILE_STRIDE words per tile.
 */
#include "../mgpu_internal.h"
#include "kernels/scan/scan_pc.h"

#include <string.h>

static VkDeviceSize mgpu_align16(VkDeviceSize x) { return (x + 15) & ~(VkDeviceSize)15; }

typedef struct mgpu_scan_plan {
    mgpu_type type;
    mgpu_op op;
    bool exclusive;
    bool in_place;
    mgpu_tuning tuning;
    uint32_t tile;
} mgpu_scan_plan;

static uint32_t mgpu_tiles(uint32_t count, uint32_t tile) { return (uint32_t)(((uint64_t)count + tile - 1) / tile); }

/* Scratch bytes of a reduce-then-scan of count elements. */
static VkDeviceSize mgpu_rts_scratch(const mgpu_scan_plan *plan, uint32_t count) {
    uint32_t tiles = mgpu_tiles(count, plan->tile);
    if (tiles <= 1) return 0;
    return mgpu_align16((VkDeviceSize)tiles * mgpu_type_size(plan->type)) + mgpu_rts_scratch(plan, tiles);
}

static VkDeviceSize mgpu_lookback_state_offset(void) { return 16; }
_Static_assert(MGPU_LOOKBACK_TILE_STRIDE >= MGPU_LOOKBACK_STATE_WORDS(2),
               "a tile's look-back state (two words per 32-bit word of a 64-bit element) fits its stride");

static VkDeviceSize mgpu_scan_scratch(const mgpu_scan_plan *plan, uint32_t count) {
    uint32_t tiles = mgpu_tiles(count, plan->tile);
    if (tiles <= 1) return 0;
    if (plan->tuning.lookback == MGPU_SWITCH_OFF) return mgpu_rts_scratch(plan, count);
    return mgpu_lookback_state_offset() + (VkDeviceSize)tiles * MGPU_LOOKBACK_TILE_STRIDE * 4;
}

static mgpu_scan_plan mgpu_scan_make_plan(mgpu_context ctx, const mgpu_scan_info *info) {
    mgpu_scan_plan plan = {.type = info->type,
                           .op = info->op,
                           .exclusive = info->exclusive,
                           .in_place =
                               info->input.buffer == info->output.buffer && info->input.offset == info->output.offset,
                           .tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_SCAN, info->type)};
    plan.tile = plan.tuning.nt * plan.tuning.vt;
    return plan;
}

/* The scratch of a call: its work (mgpu_scan_scratch), then the input level's indirect grid (one rule). */
static VkDeviceSize mgpu_scan_call_scratch(const mgpu_scan_plan *plan, uint32_t count) {
    VkDeviceSize work = mgpu_scan_scratch(plan, count);
    return work ? mgpu_align16(work) + mgpu__indirect_args_bytes(1) : 0;
}

VkDeviceSize mgpu__scan_scratch_bytes(mgpu_context ctx, const mgpu_scan_info *info) {
    mgpu_scan_plan plan = mgpu_scan_make_plan(ctx, info);
    return mgpu_scan_call_scratch(&plan, info->count);
}

/* The info's checks; `check_ranges` false skips those of its ranges and their overlaps (get_requirements answers from
 * sizes alone: the scratch depends on type, op and count, not on where the arrays lie). */
static mgpu_result mgpu_scan_check(mgpu_context ctx, const mgpu_scan_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "scan: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "scan: info->next must be NULL");
    mgpu_result r = mgpu__check_type(ctx, info->type);
    if (r != MGPU_SUCCESS) return r;
    if ((unsigned)info->op > MGPU_OP_MAX)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "scan: op %d (add, min or max)", (int)info->op);
    if (info->count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "scan: count %u > 2^31-1", info->count);
    if (!check_ranges) return MGPU_SUCCESS;
    size_t size = mgpu_type_size(info->type);
    VkDeviceSize bytes = (VkDeviceSize)info->count * size;
    if (info->count > 0) {
        r = mgpu__check_range(ctx, "scan input", info->input, bytes, size);
        if (r == MGPU_SUCCESS) r = mgpu__check_range(ctx, "scan output", info->output, bytes, size);
        if (r != MGPU_SUCCESS) return r;
        bool in_place = info->input.buffer == info->output.buffer && info->input.offset == info->output.offset;
        if (!in_place && mgpu__ranges_overlap(info->input, bytes, info->output, bytes))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                              "scan: input and output overlap without being the same");
    }
    if (info->indirect_count.buffer) {
        r = mgpu__check_range(ctx, "scan indirect_count", info->indirect_count, 4, 4);
        if (r != MGPU_SUCCESS) return r;
        if (mgpu__ranges_overlap(info->indirect_count, 4, info->output, bytes) ||
            (info->total.buffer && mgpu__ranges_overlap(info->indirect_count, 4, info->total, size)))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "scan: indirect_count overlaps an output");
    }
    mgpu_range_use uses[] = {{"the input", info->input, bytes},
                             {"the output", info->output, bytes},
                             {"the total", info->total, info->total.buffer ? size : 0}};
    r = mgpu__check_overflow(ctx, "scan", info->overflow, info->indirect_count, uses, MGPU_ARRAY_COUNT(uses));
    if (r != MGPU_SUCCESS) return r;
    if (!info->total.buffer) return MGPU_SUCCESS;
    r = mgpu__check_range(ctx, "scan total", info->total, size, size);
    /* Tiles write the total while others still read the input and write the output: like every output, it
     * may share no byte with them. */
    if (r == MGPU_SUCCESS && (mgpu__ranges_overlap(info->total, size, info->input, bytes) ||
                              mgpu__ranges_overlap(info->total, size, info->output, bytes)))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "scan: total overlaps the %s",
                       mgpu__ranges_overlap(info->total, size, info->input, bytes) ? "input" : "output");
    return r;
}

mgpu_result mgpu_scan_get_requirements(mgpu_context ctx, const mgpu_scan_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "scan: null requirements");
    mgpu_result r = mgpu_scan_check(ctx, info, false);
    if (r != MGPU_SUCCESS) return r;
    mgpu_scan_plan plan = mgpu_scan_make_plan(ctx, info);
    *out = (mgpu_requirements){.scratch_size = mgpu_scan_call_scratch(&plan, info->count),
                               .scratch_alignment = 16,
                               .scratch_usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
                                                VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT};
    return MGPU_SUCCESS;
}

/* Flag reads before a look-back tile reduces a silent predecessor from the input itself. An in-place scan
 * waits instead: the predecessor may already have overwritten its input with outputs. */
static uint32_t mgpu_lookback_wait(const mgpu_scan_plan *plan) {
    if (plan->in_place) return UINT32_MAX;
    return plan->tuning.lookback_wait == MGPU_LOOKBACK_WAIT_NEVER ? 0 : plan->tuning.lookback_wait;
}

static mgpu_pipeline_key mgpu_scan_key(const mgpu_scan_plan *plan, mgpu_kernel kernel, bool exclusive, uint32_t mode) {
    return (mgpu_pipeline_key){
        .kernel = kernel,
        .type = plan->type,
        .subgroup = plan->tuning.subgroup == MGPU_SWITCH_ON,
        .spec = {[MGPU_SPEC_NT] = plan->tuning.nt,
                 [MGPU_SPEC_VT] = plan->tuning.vt,
                 [MGPU_SPEC_OP] = plan->op,
                 [MGPU_SPEC_EXCLUSIVE] = exclusive,
                 [MGPU_SPEC_MODE] = mode,
                 [MGPU_SPEC_LOOKBACK_WAIT] = kernel == MGPU_KERNEL_SCAN_LOOKBACK ? mgpu_lookback_wait(plan) : 0}};
}

/* One dispatch over every tile of pc->count elements, folded into 2D when there are many tiles; with grid (the
 * input level of a call with an indirect count), sized by its rule 0 instead. */
static mgpu_result mgpu_scan_dispatch(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_scan_plan *plan,
                                      const mgpu_pipeline_key *key, mgpu_scan_pc *pc, const mgpu_indirect *grid) {
    uint32_t tiles = mgpu_tiles(pc->count, plan->tile);
    uint32_t x, y;
    mgpu__fold_grid(ctx, tiles ? tiles : 1, &x, &y);
    pc->groups_x = x;
    uint32_t epv = 16u / (uint32_t)mgpu_type_size(plan->type);
    pc->vectorized = pc->src % 16 == 0 && pc->dst % 16 == 0 && plan->tuning.vt % epv == 0;
    return mgpu__dispatch_sized(ctx, cmd, key, pc, sizeof *pc, grid, 0, x, y);
}

/* Reduce-then-scan of count elements from src to dst (may be equal), scratch at `scratch`; grid: the input level's
 * (NULL for the spine's levels, whose count_address may be the grid's workgroup word). */
static mgpu_result mgpu_record_rts(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_scan_plan *plan, bool exclusive,
                                   VkDeviceAddress src, VkDeviceAddress dst, uint32_t count,
                                   VkDeviceAddress count_address, VkDeviceAddress total, VkDeviceAddress scratch,
                                   const mgpu_indirect *grid) {
    uint32_t tiles = mgpu_tiles(count, plan->tile);
    mgpu_pipeline_key down = mgpu_scan_key(plan, MGPU_KERNEL_SCAN_TILES, exclusive, MGPU_SCAN_MODE_DOWNSWEEP);
    if (tiles <= 1) {
        mgpu_scan_pc pc = {.src = src, .dst = dst, .total = total, .count = count, .count_address = count_address};
        return mgpu_scan_dispatch(ctx, cmd, plan, &down, &pc, NULL);
    }
    VkDeviceAddress partials = scratch;
    mgpu_pipeline_key up = mgpu_scan_key(plan, MGPU_KERNEL_SCAN_TILES, false, MGPU_SCAN_MODE_UPSWEEP);
    mgpu_scan_pc pc = {.src = src, .dst = dst, .partials = partials, .count = count, .count_address = count_address};
    mgpu_result r = mgpu_scan_dispatch(ctx, cmd, plan, &up, &pc, grid);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    VkDeviceAddress next = scratch + mgpu_align16((VkDeviceSize)tiles * mgpu_type_size(plan->type));
    /* The spine: the capacity's tiles; with sized grids only the real ones (the upsweep's workgroups, a device
     * count), else those past the real count hold the identity. */
    VkDeviceAddress spine_count = grid ? mgpu__indirect_groups_address(grid, 0) : 0;
    r = mgpu_record_rts(ctx, cmd, plan, true, partials, partials, tiles, spine_count, total, next, NULL);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    pc = (mgpu_scan_pc){.src = src, .dst = dst, .partials = partials, .count = count, .count_address = count_address};
    return mgpu_scan_dispatch(ctx, cmd, plan, &down, &pc, grid);
}

static mgpu_result mgpu_record_lookback(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_scan_plan *plan,
                                        VkDeviceAddress src, VkDeviceAddress dst, uint32_t count,
                                        VkDeviceAddress count_address, VkDeviceAddress total, mgpu_range scratch,
                                        const mgpu_indirect *grid) {
    VkDeviceAddress base = mgpu_range_address(ctx, scratch);
    VkDeviceSize bytes = mgpu_scan_scratch(plan, count);
    /* Clear the counter and the tile states: scratch is never assumed to be zero. */
    mgpu_fill_info clear = {.type = MGPU_TYPE_U32,
                            .mode = MGPU_FILL_CONSTANT,
                            .count = (uint32_t)(bytes / 4),
                            .output = mgpu__subrange(scratch, 0, bytes)};
    mgpu_result r = mgpu_cmd_fill(ctx, cmd, &clear);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    mgpu_pipeline_key key = mgpu_scan_key(plan, MGPU_KERNEL_SCAN_LOOKBACK, plan->exclusive, MGPU_SCAN_MODE_DOWNSWEEP);
    mgpu_scan_pc pc = {.src = src,
                       .dst = dst,
                       .counter = base,
                       .tile_state = base + mgpu_lookback_state_offset(),
                       .total = total,
                       .count = count,
                       .count_address = count_address};
    return mgpu_scan_dispatch(ctx, cmd, plan, &key, &pc, grid);
}

mgpu_result mgpu_cmd_scan(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_scan_info *info, mgpu_range scratch) {
    mgpu_result r = mgpu_scan_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "scan: null command buffer");
    mgpu_scan_plan plan = mgpu_scan_make_plan(ctx, info);
    VkDeviceSize work_bytes = mgpu_scan_scratch(&plan, info->count);
    VkDeviceSize scratch_bytes = mgpu_scan_call_scratch(&plan, info->count);
    if (scratch_bytes) {
        VkDeviceSize size = mgpu_type_size(info->type), bytes = (VkDeviceSize)info->count * size;
        mgpu_range_use uses[] = {{"the input", info->input, bytes},
                                 {"the output", info->output, bytes},
                                 {"the total", info->total, info->total.buffer ? size : 0},
                                 {"indirect_count", info->indirect_count, info->indirect_count.buffer ? 4 : 0},
                                 {"overflow", info->overflow, info->overflow.buffer ? 4 : 0}};
        r = mgpu__check_scratch(ctx, "scan scratch", scratch, scratch_bytes, 1, uses, MGPU_ARRAY_COUNT(uses));
        if (r == MGPU_SUCCESS && mgpu_range_address(ctx, scratch) % 16 != 0)
            r = mgpu__fail(ctx, MGPU_ERROR_MISALIGNED, "scan scratch: address not a multiple of 16");
        if (r != MGPU_SUCCESS) return r;
    }
    VkDeviceAddress src = info->count ? mgpu_range_address(ctx, info->input) : 0;
    VkDeviceAddress dst = info->count ? mgpu_range_address(ctx, info->output) : 0;
    VkDeviceAddress total = info->total.buffer ? mgpu_range_address(ctx, info->total) : 0;
    VkDeviceAddress count_address = info->indirect_count.buffer ? mgpu_range_address(ctx, info->indirect_count) : 0;
    /* The input level's grid: its real tiles (the look-back's at least one); one tile: the overflow flag only. */
    bool lookback = scratch_bytes && plan.tuning.lookback == MGPU_SWITCH_ON;
    mgpu_indirect_rule rule = {
        .per_group = plan.tile, .min_groups = lookback ? 1 : 0, .max_groups = mgpu_tiles(info->count, plan.tile)};
    mgpu_indirect grid;
    r = mgpu__indirect_setup(ctx, cmd, info->indirect_count, info->overflow, info->count, plan.tuning.grids,
                             scratch_bytes
                                 ? mgpu__subrange(scratch, mgpu_align16(work_bytes), mgpu__indirect_args_bytes(1))
                                 : (mgpu_range){0},
                             &rule, scratch_bytes ? 1 : 0, &grid);
    if (r != MGPU_SUCCESS) return r;
    if (lookback)
        return mgpu_record_lookback(ctx, cmd, &plan, src, dst, info->count, count_address, total, scratch, &grid);
    VkDeviceAddress scratch_address = scratch_bytes ? mgpu_range_address(ctx, scratch) : 0;
    return mgpu_record_rts(ctx, cmd, &plan, info->exclusive, src, dst, info->count, count_address, total,
                           scratch_address, &grid);
}

static mgpu_result mgpu_record_scan(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_scan(ctx, cmd, info, scratch);
}

mgpu_result mgpu_scan(mgpu_context ctx, const mgpu_scan_info *info, mgpu_scalar *total) {
    mgpu_result r = mgpu_scan_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    mgpu_scan_plan plan = mgpu_scan_make_plan(ctx, info);
    size_t size = mgpu_type_size(info->type);
    mgpu_range host = {0};
    r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, 16, &host);
    mgpu_scan_info run = *info;
    if (!run.total.buffer) run.total = host; /* the shader writes the total straight into host-visible memory */
    if (r == MGPU_SUCCESS)
        r = mgpu__run_blocking(ctx, mgpu_record_scan, &run, mgpu_scan_call_scratch(&plan, info->count), run.total, host,
                               size);
    if (r == MGPU_SUCCESS && total) {
        memset(total, 0, sizeof *total);
        memcpy(total, mgpu__pool_mapped(ctx, host), size);
    }
    mgpu_buffer_free(ctx, host);
    return r;
}

static mgpu_result mgpu_scan_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_scan_info info = {.type = type};
    mgpu_scan_plan plan = mgpu_scan_make_plan(ctx, &info);
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t op = MGPU_OP_ADD; op <= MGPU_OP_MAX && r == MGPU_SUCCESS; ++op) {
        plan.op = (mgpu_op)op;
        for (uint32_t exclusive = 0; exclusive < 2 && r == MGPU_SUCCESS; ++exclusive) {
            mgpu_scan_plan in_place = plan;
            in_place.in_place = true;
            plan.exclusive = in_place.exclusive = exclusive;
            mgpu_pipeline_key keys[4] = {
                mgpu_scan_key(&plan, MGPU_KERNEL_SCAN_TILES, exclusive, MGPU_SCAN_MODE_DOWNSWEEP),
                mgpu_scan_key(&plan, MGPU_KERNEL_SCAN_TILES, false, MGPU_SCAN_MODE_UPSWEEP),
                mgpu_scan_key(&plan, MGPU_KERNEL_SCAN_LOOKBACK, exclusive, MGPU_SCAN_MODE_DOWNSWEEP),
                mgpu_scan_key(&in_place, MGPU_KERNEL_SCAN_LOOKBACK, exclusive, MGPU_SCAN_MODE_DOWNSWEEP)};
            size_t n = plan.tuning.lookback == MGPU_SWITCH_ON ? 4 : 2;
            for (size_t k = 0; k < n && r == MGPU_SUCCESS; ++k) {
                VkPipeline p;
                r = mgpu__pipeline_get(ctx, &keys[k], &p);
            }
        }
    }
    if (r == MGPU_SUCCESS) r = mgpu__fill_prepare(ctx, MGPU_TYPE_U32); /* the look-back scratch clear */
    if (r == MGPU_SUCCESS) r = mgpu__indirect_prepare(ctx);
    return r;
}

static const mgpu_tuning_row mgpu_scan_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 8, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* GPUs: the single-pass scan with 8 uvec4 (128 bytes) in registers per thread, 8192 32-bit or 4096 64-bit
     * elements per tile. H100 2026-11-25 (bench/RESULTS.md), 2^26: u32 256 x 32 0.78 of copy against 0.69
     * (512 x 16), 0.69 (256 x 16), 0.66 (128 x 16) and reduce-then-scan 0.61; u64 256 x 16 0.84 against
     * 0.74 (256 x 8), 0.72 (512 x 8) and 0.59. The same NT x VT in shared memory (scan_tiles: reduce-then-scan
     * where the look-back is off, single tiles) takes 35 KB. */
    {MGPU_32, MGPU_VENDOR_ANY, 256, 32, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    {MGPU_64, MGPU_VENDOR_ANY, 256, 16, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
};

const mgpu_family_def mgpu__scan_family = {
    .prepare = mgpu_scan_prepare, .tuning = mgpu_scan_tuning, .tuning_count = MGPU_ARRAY_COUNT(mgpu_scan_tuning)};
