/*
 * Radix sort (LSD, 8-bit digits). Two ways to run a digit pass:
 * - one-sweep (where the look-back is safe): radix_histogram.comp counts the digits of every pass at once,
 *   then one radix_onesweep.comp dispatch per pass ranks each tile, finds its offsets by decoupled look-back
 *   over the tiles' digit counts and writes each digit's run;
 * - reduce-then-scan (elsewhere, and lavapipe): radix_count.comp writes every tile's digit counts digit-major,
 *   mgpu_cmd_scan turns them into every tile's first output per digit, and radix_scatter.comp sorts each tile
 *   by the digit in shared memory and writes each digit's run.
 * The passes ping-pong between the output and scratch, the last one landing in the output. The tuning's VT is
 * an upper bound: the plan takes the largest VT up to it whose shared memory (which grows with the keys' and
 * values' widths) fits the device.
 * Scratch: the counts (one-sweep: 256 per pass; else 256 per tile), the scan's scratch or the one-sweep status,
 * then count keys and count values (when there are values), asked for even where a single pass out of place
 * needs none of them, so that the size depends on sizes alone, and last the indirect grids (mgpu__indirect_setup).
 * An indirect count sizes by the real tiles the one-sweep passes (their tiles handed out by ticket: exactly the
 * real ones run, so none waits on a tile that never starts), the one-sweep histogram (at most its capacity's
 * workgroups) and the scatter passes. The reduce-then-scan count dispatch and the scan of the counts stay the
 * capacity's: the counts are laid out digit-major with the capacity's tiles as the stride, and the count
 * dispatch's tiles past the real ones write the zeros the scan adds up. The small path is one workgroup.
 */
#include "../mgpu_internal.h"
#include "kernels/radixsort/radixsort_pc.h"

/* The one-sweep look-back, where the look-back is not known to be safe (mgpu_device_info.lookback_safe false, the
 * one-sweep passes forced): round trips that find a predecessor silent before the walking thread recomputes its
 * digit count from the pass's input keys (radix_onesweep.comp). llvmpipe (lavapipe) ends every loop of an
 * invocation once its loops together have run 65535 iterations, so a wait without bound there is cut silently
 * (with more than one lavapipe thread, while the predecessor's thread is descheduled) and the walk takes the
 * unpublished word (0) for a count. 1024, as the segmented reduce's wait (segreduce.c), leaves the kernel's other
 * loops most of the budget. Where the look-back is safe, the walk waits without bound (0xffffffff: no recompute
 * in the pipeline); the scatter passes never wait (0, unused). */
#define MGPU_RADIX_LOOKBACK_WAIT 1024u

typedef struct mgpu_radix_plan {
    mgpu_tuning tuning;
    uint32_t tiles;
    uint32_t begin_bit, end_bit, passes;
    uint32_t value_words;      /* values moved (indices: 1) */
    bool copy_first;           /* in place with an odd number of passes: the input is copied to scratch first */
    bool onesweep;             /* one histogram pass, then look-back passes (else count, scan, scatter per pass) */
    bool small;                /* the whole sort in one workgroup and one dispatch (radix_small.comp) */
    bool chained;              /* one-sweep: every digit pass in one dispatch (MGPU_RADIX_CHAINED_TICKETS) */
    uint32_t histogram_groups; /* one-sweep: the histogram's workgroups (at most the capacity's) */
    uint32_t partials;         /* one-sweep: 0, or histogram_groups where each writes its own counts (no fill) */
    uint32_t small_nt;         /* its workgroup size (VT MGPU_RADIX_SMALL_VT) */
    mgpu_scan_info scan;       /* of the counts, in place (input and output set at record time) */
    /* scratch: counts (reduce-then-scan: per tile and digit; one-sweep: per pass and digit), then the scan's
     * scratch or the one-sweep status (per pass: a tile counter and a word per tile and digit), then keys and
     * values */
    VkDeviceSize counts_offset, scan_offset, status_stride, keys_offset, values_offset, args_offset, scratch_bytes;
} mgpu_radix_plan;

/* The indirect grids' rules (mgpu__indirect_setup): the tiles of a digit pass, the one-sweep histogram's
 * workgroups. */
enum { MGPU_RADIX_RULE_TILES, MGPU_RADIX_RULE_HISTOGRAM, MGPU_RADIX_RULES };

/* Subgroups per workgroup at the device's smallest subgroup size: the ranking's digit counters. */
static uint32_t mgpu_radix_warps(mgpu_context ctx, uint32_t nt) {
    uint32_t subgroup = ctx->info.min_subgroup_size ? ctx->info.min_subgroup_size : 1;
    return (nt + subgroup - 1) / subgroup;
}

/* Shared memory of a digit pass (radix_onesweep.comp, radix_scatter.comp: shaders/shared/constants.h). */
static uint32_t mgpu_radix_shared_bytes(bool onesweep, uint32_t nt, uint32_t vt, uint32_t key_words,
                                        uint32_t value_words, uint32_t warps) {
    uint32_t stage_words = key_words > value_words ? key_words : value_words;
    if (onesweep) return MGPU_SHARED_BYTES_RADIX_ONESWEEP(nt, vt, stage_words, warps);
    return MGPU_SHARED_BYTES_RADIX_SCATTER(nt, vt, key_words, warps);
}

uint32_t mgpu__radix_fit_vt(mgpu_context ctx, bool onesweep, uint32_t nt, uint32_t vt, uint32_t key_words,
                            uint32_t value_words) {
    uint32_t warps = mgpu_radix_warps(ctx, nt);
    while (vt > 0 &&
           mgpu_radix_shared_bytes(onesweep, nt, vt, key_words, value_words, warps) > ctx->info.shared_memory_bytes)
        --vt;
    return vt;
}

/* radix_histogram's shape, its own (not the digit passes'): H100, u32 keys at 2^26, 256 x 8 and 512 x 8 took
 * 180 and 172 us where the passes' 256 x 15 took 177 and 128 x 16 207; u64 256 x 8 290 us, 512 x 8 313
 * (bench/RESULTS.md). At most the device's workgroup size. */
#define MGPU_RADIX_HISTOGRAM_NT     256u
#define MGPU_RADIX_HISTOGRAM_VT     8u
#define MGPU_RADIX_HISTOGRAM_GROUPS 1024u /* at most, on CPU devices (the rows' `groups`; GPUs' rows 256) */
/* Up to this many histogram workgroups (2^15 keys at 256 x 8), each writes its own counts and zeroes a share of
 * the first pass's status, and tile 0 of each pass sums their counts: no fill dispatch and barrier before the
 * histogram. Not with an indirect count, whose grid may be sized on the device. H200, u32 keys, us without / with:
 * 2^14 30.4 / 28.5, 2^15 33.5 / 31.9, 2^16 (32 groups) 38.3 / 37.8, 2^17 (64) 40.3 / 43.1: summing 64 workgroups'
 * counts in every pass's tile 0 costs more than the fill (bench/RESULTS.md, fifteenth session). */
#define MGPU_RADIX_PARTIAL_GROUPS   16u

static uint32_t mgpu_radix_histogram_nt(mgpu_context ctx) {
    uint32_t max = ctx->info.max_workgroup_size;
    return max && max < MGPU_RADIX_HISTOGRAM_NT ? max : MGPU_RADIX_HISTOGRAM_NT;
}

/* Copies of radix_histogram's shared counters (4 KiB per pass of 8 bits each): one per 32 threads within 16
 * KiB (u32 keys 4, u64 keys 2). H100: 32 KiB (8 copies) made the u32 sort at 2^26 5% slower (3678 against
 * 3460 us); one copy was no slower than 4 (bench/RESULTS.md). */
static uint32_t mgpu_radix_histogram_copies(mgpu_context ctx, mgpu_type type, uint32_t nt) {
    uint32_t copy_bytes = MGPU_SHARED_BYTES_RADIX_HISTOGRAM(1u, (uint32_t)mgpu_type_size(type) / 4); /* 4 or 8 passes */
    uint32_t copies = nt / MGPU_RADIX_HISTOGRAM_COPY_THREADS ? nt / MGPU_RADIX_HISTOGRAM_COPY_THREADS : 1;
    uint32_t budget = ctx->info.shared_memory_bytes < 16384 ? ctx->info.shared_memory_bytes : 16384;
    while (copies > 1 && copies * copy_bytes > budget) --copies;
    return copies;
}

/* Frame-sized inputs (one-sweep): smaller tiles, so that more workgroups share the work of each pass; the
 * smallest of these VTs that makes at most its number of tiles, else the tuned one. H100, u32 keys at 256
 * threads, GPU us at 2^14 / 2^16 / 2^18: VT 15 46.7 / 48.9 / 55.3, VT 2 35.2 / 42.4 / 72.6, VT 4 35.8 / 40.4 /
 * 55.5, VT 8 39.1 / 42.6 / 51.0 (bench/RESULTS.md). VT 16 up to 256 tiles (2^20 keys of 256 threads): the tuned
 * tiles are sized for a full GPU, three workgroups an SM; with fewer tiles than that their length costs (H200,
 * twenty-fifth session: 256 x 23 against the former 256 x 17 at 2^19 / 2^20, u32 keys 58.8 / 68.4 against 53.6 /
 * 65.3 us, pairs 256 x 21 67.3 / 87.0 against 61.7 / 80.6). */
static const struct { uint32_t vt, tiles; } mgpu_radix_frame_vts[] = {{2, 128}, {4, 128}, {8, 128}, {16, 256}};

static uint32_t mgpu_radix_frame_vt(uint32_t nt, uint32_t vt, uint32_t count) {
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(mgpu_radix_frame_vts); ++i) {
        uint32_t vt_i = mgpu_radix_frame_vts[i].vt;
        if (vt_i < vt &&
            ((uint64_t)count + (uint64_t)nt * vt_i - 1) / ((uint64_t)nt * vt_i) <= mgpu_radix_frame_vts[i].tiles)
            return vt_i;
    }
    return vt;
}

/* Chained passes (radix_onesweep.comp's CHAINED; tuning `fold`): the one-sweep passes of an input of at most this
 * many tiles over all passes run in one dispatch, each tile of a pass waiting for the previous pass's tiles, instead
 * of a dispatch and a barrier per pass. AUTO: where the look-back is safe (the wait between passes is as safe as the
 * look-back's); ON: wherever the one-sweep passes run (a device that does not keep started workgroups progressing
 * may then hang; lavapipe with one thread runs the workgroups one after another, so none waits). H200, GPU us,
 * passes / chained (bench/RESULTS.md, nineteenth session): u32 keys 2^14 (128 tickets) 28.0 / 26.0, 2^15 31.7 /
 * 29.9, 2^16 (512) 38.1 / 37.6, 2^18 44.1 / 45.3; u64 keys 2^14 54.2 / 45.6, 2^15 59.0 / 52.4; u32 pairs 2^14 30.6
 * / 28.2, 2^17 42.6 / 47.0. A pass costs its few dependent round trips to memory either way (about 5 us at 2^14);
 * chaining saves the dispatch's, and loses from a few hundred tickets on, their workgroups polling one word. Reading
 * 8, 16 or 32 predecessors per round trip in the look-back instead of 4 was slower at every size. */
#define MGPU_RADIX_CHAINED_TICKETS 256u

/* Whether the tuning lets the one-sweep passes chain (the tuning's fold, ctx's look-back for AUTO). */
static bool mgpu_radix_chain_allowed(mgpu_context ctx, const mgpu_tuning *tuning) {
    return tuning->fold == MGPU_SWITCH_ON || (tuning->fold == MGPU_SWITCH_AUTO && ctx->info.lookback_safe);
}

/* The one-workgroup sort (radix_small.comp, tuning switch `single`, off unless asked for): up to NT *
 * MGPU_RADIX_SMALL_VT keys, NT the largest power of two up to 1024 (and the device's workgroup size) whose
 * subgroup counters, digit arrays and sum fit in shared memory; 0 where none does. H100, u32 keys, GPU us, one
 * workgroup against the digit passes: 256 keys 62.8 / 26.2, 4096 77.8 / 30.0, 16384 124.0 / 41.8 (one run at
 * lowered clocks; at 2^14 with raised clocks 87 against 34): a pass over the whole input costs a single
 * workgroup more than the passes' dispatches cost (bench/RESULTS.md). */
#define MGPU_RADIX_SMALL_VT 16u

static uint32_t mgpu_radix_small_nt(mgpu_context ctx) {
    uint32_t nt = 1024;
    while (nt > ctx->info.max_workgroup_size) nt /= 2;
    for (; nt >= 32; nt /= 2) {
        if (MGPU_SHARED_BYTES_RADIX_SMALL(nt, mgpu_radix_warps(ctx, nt)) <= ctx->info.shared_memory_bytes) return nt;
    }
    return 0;
}

static VkDeviceSize mgpu_align16(VkDeviceSize x) { return (x + 15) / 16 * 16; }

static bool mgpu_same_range(mgpu_range a, mgpu_range b) { return a.buffer == b.buffer && a.offset == b.offset; }

static mgpu_result mgpu_radix_make_plan(mgpu_context ctx, const mgpu_sort_info *info, mgpu_radix_plan *plan) {
    *plan = (mgpu_radix_plan){.tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_RADIXSORT, info->key_type)};
    uint32_t key_bits = (uint32_t)mgpu_type_size(info->key_type) * 8;
    plan->begin_bit = info->begin_bit;
    plan->end_bit = info->begin_bit == 0 && info->end_bit == 0 ? key_bits : info->end_bit;
    if (plan->end_bit > key_bits || plan->begin_bit > plan->end_bit)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "radix sort: bits %u:%u outside 0:%u", info->begin_bit,
                          info->end_bit, key_bits);
    plan->passes = (plan->end_bit - plan->begin_bit + MGPU_RADIX_BITS - 1) / MGPU_RADIX_BITS;
    if (plan->passes == 0 && info->indirect_count.buffer) {
        /* No bit to sort by, but only the device count's prefix may be written: one pass by a 0-bit digit. */
        plan->begin_bit = plan->end_bit = 0;
        plan->passes = 1;
    }
    plan->value_words = info->indices ? 1 : info->value_size / 4;
    if (plan->value_words) { /* pairs and index sorts: the row's values tile */
        plan->tuning.nt = plan->tuning.values_nt;
        plan->tuning.vt = plan->tuning.values_vt;
    }
    plan->onesweep = plan->tuning.lookback == MGPU_SWITCH_ON && plan->tuning.subgroup == MGPU_SWITCH_ON;
    plan->tuning.vt = mgpu__radix_fit_vt(ctx, plan->onesweep, plan->tuning.nt, plan->tuning.vt,
                                         (uint32_t)mgpu_type_size(info->key_type) / 4, plan->value_words);
    if (plan->tuning.vt == 0)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED,
                          "radix sort: %u threads need more shared memory than the device's %u bytes", plan->tuning.nt,
                          ctx->info.shared_memory_bytes);
    if (plan->onesweep) plan->tuning.vt = mgpu_radix_frame_vt(plan->tuning.nt, plan->tuning.vt, info->count);
    if (plan->tuning.subgroup == MGPU_SWITCH_ON && plan->tuning.single == MGPU_SWITCH_ON) {
        plan->small_nt = mgpu_radix_small_nt(ctx);
        plan->small = plan->small_nt && info->count <= (uint64_t)plan->small_nt * MGPU_RADIX_SMALL_VT;
    }
    uint64_t tile = (uint64_t)plan->tuning.nt * plan->tuning.vt;
    plan->tiles = (uint32_t)((info->count + tile - 1) / tile);
    plan->chained = plan->onesweep && !plan->small && plan->passes >= 2 &&
                    (uint64_t)plan->passes * plan->tiles <= MGPU_RADIX_CHAINED_TICKETS &&
                    mgpu_radix_chain_allowed(ctx, &plan->tuning);
    uint64_t histogram_tile = (uint64_t)mgpu_radix_histogram_nt(ctx) * MGPU_RADIX_HISTOGRAM_VT;
    uint64_t histogram_tiles = (info->count + histogram_tile - 1) / histogram_tile;
    plan->histogram_groups = mgpu__tile_groups(ctx, &plan->tuning, (uint32_t)histogram_tiles);
    plan->partials =
        plan->onesweep && !info->indirect_count.buffer && plan->histogram_groups <= MGPU_RADIX_PARTIAL_GROUPS
            ? plan->histogram_groups
            : 0;
    bool in_place = mgpu_same_range(info->keys_in, info->keys_out) ||
                    (info->value_size && mgpu_same_range(info->values_in, info->values_out));
    plan->copy_first = in_place && plan->passes % 2 == 1;
    if (info->count == 0) return MGPU_SUCCESS;
    if ((uint64_t)plan->tiles * MGPU_RADIX_DIGITS > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "radix sort: %u tiles of digit counts exceed 2^31-1",
                          plan->tiles);
    /* The scratch depends on sizes alone (get_requirements answers before the arrays exist), so it is the largest
     * the ranges may ask for: an empty bit range keeps room for the indirect count's 0-bit pass, and a single pass
     * room for the keys and values an in-place sort copies first (copy_first). */
    uint32_t sized_passes = plan->passes ? plan->passes : 1;
    plan->counts_offset = 0;
    if (plan->onesweep) {
        plan->scan_offset = (VkDeviceSize)sized_passes * (plan->partials ? plan->partials : 1) * MGPU_RADIX_DIGITS * 4;
        plan->status_stride = (MGPU_RADIX_STATUS_HEADER + (VkDeviceSize)plan->tiles * MGPU_RADIX_DIGITS) * 4;
        plan->keys_offset = mgpu_align16(plan->scan_offset + sized_passes * plan->status_stride);
    } else {
        plan->scan = (mgpu_scan_info){
            .type = MGPU_TYPE_U32, .op = MGPU_OP_ADD, .exclusive = true, .count = plan->tiles * MGPU_RADIX_DIGITS};
        plan->scan_offset = mgpu_align16((VkDeviceSize)plan->scan.count * 4);
        plan->keys_offset = mgpu_align16(plan->scan_offset + mgpu__scan_scratch_bytes(ctx, &plan->scan));
    }
    /* Temporary keys and values: for the passes before the last (passes > 1) or the in-place copy (an odd number),
     * so for every sized_passes. */
    plan->values_offset = mgpu_align16(plan->keys_offset + (VkDeviceSize)info->count * mgpu_type_size(info->key_type));
    plan->args_offset = mgpu_align16(plan->values_offset + (VkDeviceSize)info->count * plan->value_words * 4);
    plan->scratch_bytes = plan->args_offset + mgpu__indirect_args_bytes(MGPU_RADIX_RULES);
    return MGPU_SUCCESS;
}

/* The info's checks and the plan; `check_ranges` false skips the checks of its ranges (get_requirements answers from
 * sizes alone). */
static mgpu_result mgpu_radix_check(mgpu_context ctx, const mgpu_sort_info *info, bool check_ranges,
                                    mgpu_radix_plan *plan) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: info->next must be NULL");
    mgpu_result r = mgpu__sort_check(ctx, info, check_ranges);
    if (r == MGPU_SUCCESS && check_ranges)
        r = mgpu__sort_check_indirect(ctx, info, "sort indirect_count", info->indirect_count);
    if (r == MGPU_SUCCESS && check_ranges) r = mgpu__sort_check_overflow(ctx, info);
    return r == MGPU_SUCCESS ? mgpu_radix_make_plan(ctx, info, plan) : r;
}

mgpu_result mgpu_radixsort_get_requirements(mgpu_context ctx, const mgpu_sort_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: null requirements");
    mgpu_radix_plan plan;
    mgpu_result r = mgpu_radix_check(ctx, info, false, &plan);
    if (r != MGPU_SUCCESS) return r;
    *out = (mgpu_requirements){.scratch_size = plan.scratch_bytes,
                               .scratch_alignment = 16,
                               .scratch_usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
                                                VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT};
    return MGPU_SUCCESS;
}

static mgpu_pipeline_key mgpu_radix_small_key(mgpu_context ctx, const mgpu_radix_plan *plan, mgpu_type type,
                                              bool descending) {
    return (mgpu_pipeline_key){
        .kernel = MGPU_KERNEL_RADIX_SMALL,
        .type = type,
        .subgroup = true,
        .spec = {[MGPU_SPEC_NT] = plan->small_nt,
                 [MGPU_SPEC_VT] = MGPU_RADIX_SMALL_VT,
                 [MGPU_SPEC_DESCENDING] = descending,
                 [MGPU_SPEC_VALUE_WORDS] = plan->value_words,
                 [MGPU_SPEC_WARPS] = mgpu_radix_warps(ctx, plan->small_nt),
                 [MGPU_SPEC_MAX_SUBGROUP] = ctx->info.max_subgroup_size ? ctx->info.max_subgroup_size : 128}};
}

static void mgpu_radix_keys(mgpu_context ctx, const mgpu_radix_plan *plan, mgpu_type type, bool descending,
                            mgpu_pipeline_key *count, mgpu_pipeline_key *scatter, mgpu_pipeline_key *histogram) {
    /* The subgroup ranking keeps a counter per subgroup and digit: room for the subgroups at the device's smallest
     * size (radix_scatter also falls back to splits if it gets more). */
    *count = (mgpu_pipeline_key){
        .kernel = MGPU_KERNEL_RADIX_COUNT,
        .type = type,
        .spec = {
            [MGPU_SPEC_NT] = plan->tuning.nt, [MGPU_SPEC_VT] = plan->tuning.vt, [MGPU_SPEC_DESCENDING] = descending}};
    *scatter = (mgpu_pipeline_key){
        .kernel = plan->onesweep ? MGPU_KERNEL_RADIX_ONESWEEP : MGPU_KERNEL_RADIX_SCATTER,
        .type = type,
        .subgroup = plan->tuning.subgroup == MGPU_SWITCH_ON,
        .spec = {[MGPU_SPEC_NT] = plan->tuning.nt,
                 [MGPU_SPEC_VT] = plan->tuning.vt,
                 [MGPU_SPEC_DESCENDING] = descending,
                 [MGPU_SPEC_VALUE_WORDS] = plan->value_words,
                 [MGPU_SPEC_WARPS] = mgpu_radix_warps(ctx, plan->tuning.nt),
                 [MGPU_SPEC_MAX_SUBGROUP] = ctx->info.max_subgroup_size ? ctx->info.max_subgroup_size : 128,
                 [MGPU_SPEC_LOOKBACK_WAIT] = !plan->onesweep           ? 0
                                             : ctx->info.lookback_safe ? UINT32_MAX
                                                                       : MGPU_RADIX_LOOKBACK_WAIT,
                 [MGPU_SPEC_MODE] = plan->onesweep && plan->chained}};
    uint32_t histogram_nt = mgpu_radix_histogram_nt(ctx);
    *histogram = (mgpu_pipeline_key){
        .kernel = MGPU_KERNEL_RADIX_HISTOGRAM,
        .type = type,
        .spec = {[MGPU_SPEC_NT] = histogram_nt,
                 [MGPU_SPEC_VT] = MGPU_RADIX_HISTOGRAM_VT,
                 [MGPU_SPEC_DESCENDING] = descending,
                 [MGPU_SPEC_WARPS] = mgpu_radix_histogram_copies(ctx, type, histogram_nt),
                 [MGPU_SPEC_MODE] = plan->begin_bit == 0 && plan->end_bit == mgpu_type_size(type) * 8,
                 [MGPU_SPEC_VALUE_WORDS] = plan->partials > 0}};
}

/* Copies count elements of `size` bytes (a no-op for the same range). */
static mgpu_result mgpu_radix_copy(mgpu_context ctx, VkCommandBuffer cmd, mgpu_range src, mgpu_range dst,
                                   VkDeviceSize bytes) {
    if (mgpu_same_range(src, dst) || bytes == 0) return MGPU_SUCCESS;
    return mgpu_cmd_copy(ctx, cmd, &(mgpu_copy_info){.src = src, .dst = dst, .bytes = bytes});
}

/* No digit to sort by: the output is the input (and the identity permutation). */
static mgpu_result mgpu_radix_no_passes(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_sort_info *info) {
    VkDeviceSize n = info->count;
    mgpu_result r = mgpu_radix_copy(ctx, cmd, info->keys_in, info->keys_out, n * mgpu_type_size(info->key_type));
    if (r == MGPU_SUCCESS && info->value_size)
        r = mgpu_radix_copy(ctx, cmd, info->values_in, info->values_out, n * info->value_size);
    if (r == MGPU_SUCCESS && info->indices)
        r = mgpu_cmd_fill(ctx, cmd,
                          &(mgpu_fill_info){.type = MGPU_TYPE_I32,
                                            .mode = MGPU_FILL_ASCENDING,
                                            .count = info->count,
                                            .output = info->values_out,
                                            .b.i32 = 1});
    return r;
}

mgpu_result mgpu_cmd_radixsort(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_sort_info *info, mgpu_range scratch) {
    mgpu_radix_plan plan;
    mgpu_result r = mgpu_radix_check(ctx, info, true, &plan);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: null command buffer");
    mgpu_indirect grid;
    if (info->count == 0) /* the overflow flag only */
        return mgpu__indirect_setup(ctx, cmd, info->indirect_count, info->overflow, 0, MGPU_SWITCH_AUTO,
                                    (mgpu_range){0}, NULL, 0, &grid);
    /* The scratch the requirements asked for is checked even when no pass needs it: one contract. */
    mgpu_range_use uses[6];
    mgpu__sort_uses(info, uses);
    uses[5] = (mgpu_range_use){"overflow", info->overflow, info->overflow.buffer ? 4 : 0};
    if (plan.scratch_bytes) r = mgpu__check_scratch(ctx, "sort scratch", scratch, plan.scratch_bytes, 16, uses, 6);
    if (r != MGPU_SUCCESS) return r;
    /* The grids: a digit pass's real tiles, the one-sweep histogram's workgroups (at most the capacity's). */
    uint64_t histogram_tile = (uint64_t)mgpu_radix_histogram_nt(ctx) * MGPU_RADIX_HISTOGRAM_VT;
    uint32_t histogram_groups = plan.histogram_groups;
    mgpu_indirect_rule rules[MGPU_RADIX_RULES] = {
        [MGPU_RADIX_RULE_TILES] = {.per_group = plan.tuning.nt * plan.tuning.vt, .max_groups = plan.tiles},
        [MGPU_RADIX_RULE_HISTOGRAM] = {.per_group = (uint32_t)histogram_tile, .max_groups = histogram_groups}};
    bool sized = plan.passes > 0 && !plan.small;
    r = mgpu__indirect_setup(
        ctx, cmd, info->indirect_count, info->overflow, info->count, plan.tuning.grids,
        sized ? mgpu__subrange(scratch, plan.args_offset, mgpu__indirect_args_bytes(MGPU_RADIX_RULES))
              : (mgpu_range){0},
        rules, sized ? MGPU_RADIX_RULES : 0, &grid);
    if (r != MGPU_SUCCESS) return r;
    if (plan.passes == 0) return mgpu_radix_no_passes(ctx, cmd, info);
    VkDeviceSize n = info->count, key_bytes = n * mgpu_type_size(info->key_type),
                 value_bytes = n * plan.value_words * 4;
    mgpu_range counts = mgpu__subrange(scratch, plan.counts_offset, plan.scan_offset - plan.counts_offset);
    mgpu_range scan_scratch = mgpu__subrange(scratch, plan.scan_offset, plan.keys_offset - plan.scan_offset);
    mgpu_range tmp_keys = mgpu__subrange(scratch, plan.keys_offset, key_bytes);
    mgpu_range tmp_values = mgpu__subrange(scratch, plan.values_offset, value_bytes);
    bool values = plan.value_words > 0, tmp = plan.passes > 1 || plan.copy_first;
    VkDeviceAddress out_keys = mgpu_range_address(ctx, info->keys_out);
    VkDeviceAddress out_values = values ? mgpu_range_address(ctx, info->values_out) : 0;
    VkDeviceAddress scratch_keys = tmp ? mgpu_range_address(ctx, tmp_keys) : 0;
    VkDeviceAddress scratch_values = tmp && values ? mgpu_range_address(ctx, tmp_values) : 0;
    VkDeviceAddress src_keys = mgpu_range_address(ctx, info->keys_in);
    VkDeviceAddress src_values = info->value_size ? mgpu_range_address(ctx, info->values_in) : 0;
    if (plan.copy_first) { /* in place with an odd number of passes: read the input from scratch */
        r = mgpu_radix_copy(ctx, cmd, info->keys_in, tmp_keys, key_bytes);
        if (r == MGPU_SUCCESS && info->value_size)
            r = mgpu_radix_copy(ctx, cmd, info->values_in, tmp_values, value_bytes);
        if (r != MGPU_SUCCESS) return r;
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        src_keys = scratch_keys;
        src_values = info->value_size ? scratch_values : 0;
    }
    VkDeviceAddress count_address = info->indirect_count.buffer ? mgpu_range_address(ctx, info->indirect_count) : 0;
    if (plan.small) { /* one dispatch; counts and status carry the scratch keys and values, tiles the passes */
        mgpu_pipeline_key key = mgpu_radix_small_key(ctx, &plan, info->key_type, info->descending);
        mgpu_radix_pc pc = {.keys_in = src_keys,
                            .keys_out = out_keys,
                            .values_in = src_values,
                            .values_out = out_values,
                            .counts = scratch_keys,
                            .status = scratch_values,
                            .count_address = count_address,
                            .count = info->count,
                            .shift = plan.begin_bit,
                            .end_bit = plan.end_bit,
                            .tiles = plan.passes,
                            .groups_x = 1,
                            .flags = info->indices ? MGPU_RADIX_INDICES : 0};
        return mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, 1, 1);
    }
    mgpu_pipeline_key count_key, scatter_key, histogram_key;
    mgpu_radix_keys(ctx, &plan, info->key_type, info->descending, &count_key, &scatter_key, &histogram_key);
    uint32_t x, y;
    mgpu__fold_grid(ctx, plan.tiles, &x, &y);
    mgpu_scan_info scan = plan.scan;
    scan.input = scan.output = counts;
    if (plan.onesweep) { /* zero the histogram and the first pass's status (each pass zeroes the next one's), then
                          * count every pass's digits; with partials the histogram's workgroups do both */
        VkDeviceSize status_bytes = (plan.chained ? plan.passes : 1) * plan.status_stride;
        if (!plan.partials) {
            VkDeviceSize words = (plan.scan_offset + status_bytes - plan.counts_offset) / 4;
            r = mgpu_cmd_fill(ctx, cmd,
                              &(mgpu_fill_info){.type = MGPU_TYPE_U32,
                                                .mode = MGPU_FILL_CONSTANT,
                                                .count = (uint32_t)words,
                                                .output = mgpu__subrange(scratch, plan.counts_offset, words * 4)});
            mgpu__barrier_compute_write_to_read(ctx, cmd);
        }
        uint32_t groups = histogram_groups;
        mgpu_radix_pc pc = {.keys_in = src_keys,
                            .counts = mgpu_range_address(ctx, counts),
                            .count_address = count_address,
                            .status = mgpu_range_address(ctx, scratch) + plan.scan_offset,
                            .count = info->count,
                            .shift = plan.begin_bit,
                            .end_bit = plan.end_bit,
                            .tiles = plan.tiles,
                            .groups_x = groups,
                            .partials = plan.partials,
                            .status_words = (uint32_t)(status_bytes / 4)};
        if (r == MGPU_SUCCESS)
            r = mgpu__dispatch_sized(ctx, cmd, &histogram_key, &pc, sizeof pc, &grid, MGPU_RADIX_RULE_HISTOGRAM, groups,
                                     1);
        mgpu__barrier_compute_write_to_read(ctx, cmd);
    }
    if (plan.chained && r == MGPU_SUCCESS) { /* every pass in one dispatch, a workgroup per pass and tile */
        mgpu_radix_pc pc = {.keys_in = src_keys,
                            .keys_out = out_keys,
                            .values_in = src_values,
                            .values_out = out_values,
                            .scratch_keys = scratch_keys,
                            .scratch_values = scratch_values,
                            .counts = mgpu_range_address(ctx, counts),
                            .count_address = count_address,
                            .status = mgpu_range_address(ctx, scratch) + plan.scan_offset,
                            .count = info->count,
                            .shift = plan.begin_bit,
                            .end_bit = plan.end_bit,
                            .tiles = plan.tiles,
                            .groups_x = plan.passes * plan.tiles,
                            .flags = info->indices ? MGPU_RADIX_INDICES : 0,
                            .partials = plan.partials};
        return mgpu__dispatch(ctx, cmd, &scatter_key, &pc, sizeof pc, plan.passes * plan.tiles, 1);
    }
    for (uint32_t pass = 0; pass < plan.passes && r == MGPU_SUCCESS; ++pass) {
        bool to_out = (plan.passes - pass) % 2 == 1; /* the last pass writes the output */
        uint32_t shift = plan.begin_bit + pass * MGPU_RADIX_BITS;
        mgpu_radix_pc pc = {
            .keys_in = src_keys,
            .keys_out = to_out ? out_keys : scratch_keys,
            .values_in = src_values,
            .values_out = to_out ? out_values : scratch_values,
            .counts =
                mgpu_range_address(ctx, counts) +
                (plan.onesweep ? (VkDeviceSize)pass * (plan.partials ? plan.partials : 1) * MGPU_RADIX_DIGITS * 4 : 0),
            .count_address = count_address,
            .status =
                plan.onesweep ? mgpu_range_address(ctx, scratch) + plan.scan_offset + pass * plan.status_stride : 0,
            .next_status = plan.onesweep && pass + 1 < plan.passes
                               ? mgpu_range_address(ctx, scratch) + plan.scan_offset + (pass + 1) * plan.status_stride
                               : 0,
            .count = info->count,
            .shift = shift,
            .bits = plan.end_bit - shift < MGPU_RADIX_BITS ? plan.end_bit - shift : MGPU_RADIX_BITS,
            .tiles = plan.tiles,
            .groups_x = x,
            .flags = info->indices && pass == 0 ? MGPU_RADIX_INDICES : 0,
            .partials = plan.partials};
        if (pass > 0) mgpu__barrier_compute_write_to_read(ctx, cmd);
        if (plan.onesweep) {
            r = mgpu__dispatch_sized(ctx, cmd, &scatter_key, &pc, sizeof pc, &grid, MGPU_RADIX_RULE_TILES, x, y);
            src_keys = pc.keys_out;
            src_values = pc.values_out;
            continue;
        }
        r = mgpu__dispatch(ctx, cmd, &count_key, &pc, sizeof pc, x, y);
        if (r == MGPU_SUCCESS) {
            mgpu__barrier_compute_write_to_read(ctx, cmd);
            r = mgpu_cmd_scan(ctx, cmd, &scan, scan_scratch);
        }
        if (r == MGPU_SUCCESS) {
            mgpu__barrier_compute_write_to_read(ctx, cmd);
            r = mgpu__dispatch_sized(ctx, cmd, &scatter_key, &pc, sizeof pc, &grid, MGPU_RADIX_RULE_TILES, x, y);
        }
        src_keys = pc.keys_out;
        src_values = pc.values_out;
    }
    return r;
}

static mgpu_result mgpu_record_radixsort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_radixsort(ctx, cmd, info, scratch);
}

mgpu_result mgpu_radixsort(mgpu_context ctx, const mgpu_sort_info *info) {
    mgpu_radix_plan plan;
    mgpu_result r = mgpu_radix_check(ctx, info, true, &plan);
    if (r != MGPU_SUCCESS || (info->count == 0 && !info->overflow.buffer)) return r;
    return mgpu__run_blocking(ctx, mgpu_record_radixsort, info, plan.scratch_bytes, (mgpu_range){0}, (mgpu_range){0},
                              0);
}

static mgpu_result mgpu_radixsort_prepare_variant(mgpu_context ctx, mgpu_type type, uint32_t words_mask,
                                                  uint32_t order_mask) {
    mgpu_sort_info info = {.key_type = type};
    mgpu_radix_plan plan;
    mgpu_result r = mgpu_radix_make_plan(ctx, &info, &plan);
    mgpu_tuning tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_RADIXSORT, type);
    bool chainable = plan.onesweep && mgpu_radix_chain_allowed(ctx, &plan.tuning);
    for (uint32_t words = 0; words <= 2 && r == MGPU_SUCCESS; ++words)
        for (int descending = 0; descending < 2 && r == MGPU_SUCCESS; ++descending) {
            if (!(words_mask & (1u << words)) || !(order_mask & (1u << descending))) continue;
            plan.value_words = words;
            plan.tuning.nt = words ? tuning.values_nt : tuning.nt; /* mgpu_radix_make_plan's tiles */
            uint32_t vt = words ? tuning.values_vt : tuning.vt;
            uint32_t fitted =
                mgpu__radix_fit_vt(ctx, plan.onesweep, plan.tuning.nt, vt, (uint32_t)mgpu_type_size(type) / 4, words);
            /* the tuned VT, then (one-sweep) the smaller ones of frame-sized inputs */
            for (size_t level = 0;
                 level <= (plan.onesweep ? MGPU_ARRAY_COUNT(mgpu_radix_frame_vts) : 0) && r == MGPU_SUCCESS; ++level) {
                plan.tuning.vt = level == 0 ? fitted : mgpu_radix_frame_vts[level - 1].vt;
                if (level > 0 && plan.tuning.vt >= fitted) break;
                mgpu_pipeline_key count, scatter, histogram;
                mgpu_radix_keys(ctx, &plan, type, descending, &count, &scatter, &histogram);
                VkPipeline p;
                if (level == 0) r = mgpu__pipeline_get(ctx, plan.onesweep ? &histogram : &count, &p);
                if (r == MGPU_SUCCESS && level == 0 && plan.onesweep) { /* the histogram of small inputs */
                    mgpu_radix_plan partial = plan;
                    partial.partials = 1;
                    mgpu_radix_keys(ctx, &partial, type, descending, &count, &scatter, &histogram);
                    r = mgpu__pipeline_get(ctx, &histogram, &p);
                    mgpu_radix_keys(ctx, &plan, type, descending, &count, &scatter, &histogram);
                }
                if (r == MGPU_SUCCESS) r = mgpu__pipeline_get(ctx, &scatter, &p);
                if (r == MGPU_SUCCESS && chainable) { /* the chained passes of small inputs */
                    mgpu_radix_plan chained = plan;
                    chained.chained = true;
                    mgpu_radix_keys(ctx, &chained, type, descending, &count, &scatter, &histogram);
                    r = mgpu__pipeline_get(ctx, &scatter, &p);
                }
                if (r == MGPU_SUCCESS && level == 0 && plan.small_nt) {
                    mgpu_pipeline_key small = mgpu_radix_small_key(ctx, &plan, type, descending);
                    r = mgpu__pipeline_get(ctx, &small, &p);
                }
            }
        }
    return r == MGPU_SUCCESS ? mgpu__indirect_prepare(ctx) : r;
}

static const mgpu_tuning_row mgpu_radixsort_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 3, MGPU_SWITCH_AUTO, 0, 0, 0, MGPU_RADIX_HISTOGRAM_GROUPS},
    /* GPUs: the one-sweep pass where the look-back is safe (AUTO). VT shrinks per call to fit shared memory
     * (wider values, the reduce-then-scan pass). H100 2026-11-25 (bench/RESULTS.md), 2^26 full-range keys: u32
     * 256 x 15 3.51 ms against 512 x 15 3.56, 1024 x 7 3.56, 256 x 30 3.57, 256 x 20 4.86, and 50 us at 2^14
     * against 62; u64 512 x 10 8.06 ms against 256 x 16 9.31 and 256 x 20 8.59. H200 2026-11-27, once the
     * ranking held 72 registers a thread (three workgroups an SM): u32 keys / pairs 256 x 17 (79 registers)
     * 2.42 / 3.09 ms against 256 x 15 2.59 / 3.26, 256 x 19 (87: two an SM) 3.48 / 4.55, 256 x 21 3.32 / 4.35,
     * 512 x 9 3.43 / 4.25; u64 512 x 10 7.09 / 9.20 against 256 x 20 7.33 / 9.81, 512 x 8 8.01, 256 x 16 8.13.
     * `groups`: the one-sweep histogram's workgroups at most. H200 2026-11-28 (twenty-first session), u32 keys
     * us at 2^20 / 2^22 / 2^24 / 2^26 by groups: 1024 68.4 / 186.3 / 620.7 / 2313.9, 512 68.6 / 186.0 / 622.7 /
     * 2325.2, 256 65.2 / 182.4 / 617.6 / 2319.6, 128 64.3 / 187.1 / 637.5 / 2393.0, 16 75.7 / 272.4 / 783.9 /
     * 2393.2 (the histogram dispatch at 2^20 11.2 us with 1024, 7.8 with 128); u64 keys 2^21 / 2^22 256.9 /
     * 451.3 with 1024, 248.9 / 445.9 with 256. H200 2026-11-28 (twenty-fifth session), the tile staged in parts
     * (constants.h: three workgroups an SM where registers allow), us at 2^22 / 2^24 / 2^26: u32 keys 256 x 17
     * 165.0 / 526.1 / 1981.2, x 21 155.8 / 494.0 / 1828.2, x 23 159.5 / 485.0 / 1784.3, x 25 1970.5, x 31 1844.5;
     * u32 pairs (the values tile, values_nt x values_vt) x 17 2570.7 at 2^26, x 19 2477.3, x 21 212.5 / 659.8 /
     * 2413.1, x 23 (109 registers: two an SM) 2714.2; u64 keys / pairs in three parts 512 x 10 4803.3 / 6600.4,
     * 512 x 12 354.3 / 1194.8 / 4477.1 and 549.5 / 1727.5 / 6423.3, 512 x 14 4434.4 / 7830.6, 256 x 16
     * 4685.1 / 7477.1, 256 x 24 4712.5 / 6667.9. */
    {MGPU_32, MGPU_VENDOR_ANY, 256, 23, MGPU_SWITCH_AUTO, 0, 256, 21, 256},
    {MGPU_64, MGPU_VENDOR_ANY, 512, 12, MGPU_SWITCH_AUTO, 0, 0, 0, 256},
};

static mgpu_result mgpu_radixsort_prepare(mgpu_context ctx, mgpu_type type) {
    return mgpu_radixsort_prepare_variant(ctx, type, MGPU_VALUE_WORDS_ALL, MGPU_ORDERS_ALL);
}

const mgpu_family_def mgpu__radixsort_family = {.prepare = mgpu_radixsort_prepare,
                                                .prepare_variant = mgpu_radixsort_prepare_variant,
                                                .tuning = mgpu_radixsort_tuning,
                                                .tuning_count = MGPU_ARRAY_COUNT(mgpu_radixsort_tuning)};
