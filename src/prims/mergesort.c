/*
 * Mergesort (the seeds' chapter 7): the blocksort dispatch sorts each tile of NT * F * VT keys (F the tuning's
 * blocksort factor for keys alone, 1 with values or indices: a workgroup of NT * F threads, F halved while the
 * device cannot hold it); then merge pass k merges the sorted runs of that tile * 2^k keys pairwise (Merge Path
 * partitions, then the merge kernel of merge.c in its mergesort mode, on its own tiles of NT * VT: a run is a
 * whole number of merge tiles, as merge_path.glsl needs) until one run remains. A larger blocksort tile saves
 * log2(F) merge passes. The passes ping-pong between the output and scratch; the blocksort writes to whichever of
 * the two makes the last pass land in the output. Indices are sorted as
 * 32-bit values that the blocksort creates.
 * An indirect count (the device uint32 at indirect_count, clamped to count) is read by every kernel: count is the
 * capacity that plans the passes, sizes the scratch and the dispatches; the tiles past the real count return at
 * once, and the passes whose runs already cover the real count copy it to the other buffer, so the last pass
 * still lands in the output.
 * Float keys are merged as their order bits (keys.glsl's mgpu_order_bits: unsigned integers in ascending order,
 * either order of the sort) whenever there are passes: the blocksort writes order bits, the passes run the u32 or
 * u64 kernels ascending, and the last pass writes the keys back. Each pass then compares with one unsigned
 * compare and converts nothing: on an H200 f32 keys at 2^26 sorted in 3716 us instead of 4060 (u32 3615), f64 in
 * 7685 instead of 8032, pairs 2-3% faster (bench/RESULTS.md, twenty-third session). Signed keys stay as they are
 * (their compare is one instruction already; over order bits they were 1-2% slower at 2^16).
 * The passes' partitions search a sample array first (every S-th key and the key before every S-th, S the largest
 * power of two up to 64 that divides the merge tile): each pass but the last writes it from its outputs, and
 * each pass's partitions after the first find the S-wide window of their answer in it (merge_path.glsl's
 * mgpu_path_search_sampled), where neighbouring partitions share cache lines, before the last steps in the keys.
 * Scratch: the merge passes' partitions ((merge tiles + 1) uint), then count keys, then count values (when there
 * are values), then the sample array (2 * ceil(count / S) keys, with two passes or more).
 */
#include "../mgpu_internal.h"
#include "kernels/mergesort/mergesort_pc.h"

typedef struct mgpu_mergesort_plan {
    mgpu_tuning tuning;
    uint32_t tile;                              /* a merge pass's tile: NT * VT */
    uint32_t tiles;                             /* the merge passes' tiles */
    uint32_t block_nt, block_tile, block_tiles; /* the blocksort's workgroup, tile (block_nt * VT) and tiles */
    uint32_t passes;                            /* merge passes after the blocksort */
    uint32_t value_words;                       /* 32-bit words per value moved (indices: 1) */
    uint32_t order_bits;   /* passes over order bits: the last pass's MGPU_ORDER_BITS_DECODE_* flags (else 0) */
    mgpu_type pass_type;   /* the passes' key type: the keys', or u32 / u64 over order bits */
    uint32_t sample_shift; /* the sample array's stride S = 2^sample_shift (0: none) */
    VkDeviceSize keys_offset, values_offset, samples_offset, scratch_bytes;
} mgpu_mergesort_plan;

static VkDeviceSize mgpu_align_up(VkDeviceSize x, VkDeviceSize a) { return (x + a - 1) / a * a; }

/* The blocksort's workgroup: for keys alone, NT * the tuning's blocksort factor, halved while it exceeds the
 * device's workgroup size or its shared memory; with values or indices (tagged: the tags double the blocksort's
 * shared memory) NT. H200, u32 at 2^26, factor 2 against 1: keys 4270 against 4357 us and 2-7% faster at every
 * size from 2^14, pairs 7940 against 7740 (slower from 2^19 up; bench/RESULTS.md, eleventh session). */
static uint32_t mgpu_blocksort_nt(mgpu_context ctx, const mgpu_tuning *tuning, mgpu_type type, bool tagged) {
    if (tagged) return tuning->nt;
    uint32_t nt = tuning->nt * tuning->blocksort, size = (uint32_t)mgpu_type_size(type);
    while (nt > tuning->nt && (nt > ctx->info.max_workgroup_size ||
                               MGPU_SHARED_BYTES_MERGESORT_KEYS(nt, tuning->vt, size) > ctx->info.shared_memory_bytes))
        nt /= 2;
    return nt;
}

static mgpu_mergesort_plan mgpu_mergesort_make_plan(mgpu_context ctx, const mgpu_sort_info *info) {
    mgpu_mergesort_plan plan = {.tuning = mgpu__tuning_resolve(ctx, MGPU_PRIM_MERGESORT, info->key_type)};
    plan.value_words = info->indices ? 1 : info->value_size / 4;
    if (plan.value_words) { /* with values or indices: their own tile (mgpu_tuning.values_nt, values_vt) */
        plan.tuning.nt = plan.tuning.values_nt;
        plan.tuning.vt = plan.tuning.values_vt;
    }
    plan.tile = plan.tuning.nt * plan.tuning.vt;
    plan.tiles = (uint32_t)(((uint64_t)info->count + plan.tile - 1) / plan.tile);
    plan.block_nt = mgpu_blocksort_nt(ctx, &plan.tuning, info->key_type, plan.value_words > 0);
    plan.block_tile = plan.block_nt * plan.tuning.vt;
    plan.block_tiles = (uint32_t)(((uint64_t)info->count + plan.block_tile - 1) / plan.block_tile);
    for (uint64_t run = plan.block_tile; run < info->count; run *= 2) ++plan.passes;
    plan.pass_type = info->key_type;
    if (plan.passes && (info->key_type == MGPU_TYPE_F32 || info->key_type == MGPU_TYPE_F64)) {
        plan.pass_type = info->key_type == MGPU_TYPE_F32 ? MGPU_TYPE_U32 : MGPU_TYPE_U64;
        plan.order_bits = MGPU_ORDER_BITS_DECODE_FLOAT | (info->descending ? MGPU_ORDER_BITS_DECODE_DESCENDING : 0);
    }
    if (plan.passes) {
        VkDeviceSize key_size = mgpu_type_size(info->key_type);
        plan.keys_offset = mgpu_align_up((VkDeviceSize)(plan.tiles + 1) * 4, 16);
        plan.values_offset = mgpu_align_up(plan.keys_offset + (VkDeviceSize)info->count * key_size, 16);
        plan.samples_offset = mgpu_align_up(plan.values_offset + (VkDeviceSize)info->count * plan.value_words * 4, 16);
        plan.scratch_bytes = plan.samples_offset;
        uint32_t shift = mgpu__merge_sample_shift(plan.tile);
        if (plan.passes >= 2 && shift) {
            plan.sample_shift = shift;
            plan.scratch_bytes += mgpu__merge_samples(info->count, info->count, shift) * key_size;
        }
    }
    return plan;
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_mergesort_check(mgpu_context ctx, const mgpu_sort_info *info, bool check_ranges) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: info->next must be NULL");
    if (info->begin_bit || info->end_bit)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mergesort: bit ranges are the radix sort's");
    mgpu_result r = mgpu__sort_check(ctx, info, check_ranges);
    if (r == MGPU_SUCCESS && check_ranges)
        r = mgpu__sort_check_indirect(ctx, info, "sort indirect_count", info->indirect_count);
    if (r == MGPU_SUCCESS && check_ranges) r = mgpu__sort_check_overflow(ctx, info);
    return r;
}

mgpu_result mgpu__sort_check_indirect(mgpu_context ctx, const mgpu_sort_info *info, const char *name,
                                      mgpu_range count) {
    if (!count.buffer) return MGPU_SUCCESS;
    mgpu_result r = mgpu__check_range(ctx, name, count, 4, 4);
    VkDeviceSize n = info->count, out_value = info->indices ? 4 : info->value_size;
    if (r == MGPU_SUCCESS && (mgpu__ranges_overlap(count, 4, info->keys_out, n * mgpu_type_size(info->key_type)) ||
                              mgpu__ranges_overlap(count, 4, info->values_out, n * out_value)))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps an output", name);
    return r;
}

mgpu_result mgpu__sort_check_overflow(mgpu_context ctx, const mgpu_sort_info *info) {
    mgpu_range_use uses[5];
    mgpu__sort_uses(info, uses);
    return mgpu__check_overflow(ctx, "sort", info->overflow, info->indirect_count, uses, 4);
}

mgpu_result mgpu__sort_write_overflow(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_sort_info *info) {
    return mgpu__write_overflow(ctx, cmd, info->overflow, info->indirect_count, info->count, (mgpu_range){0}, 0);
}

void mgpu__sort_uses(const mgpu_sort_info *info, mgpu_range_use uses[5]) {
    VkDeviceSize key = mgpu_type_size(info->key_type), n = info->count,
                 out_value = info->indices ? 4 : info->value_size;
    uses[0] = (mgpu_range_use){"keys_in", info->keys_in, n * key};
    uses[1] = (mgpu_range_use){"keys_out", info->keys_out, n * key};
    uses[2] = (mgpu_range_use){"values_in", info->values_in, n * info->value_size};
    uses[3] = (mgpu_range_use){"values_out", info->values_out, n * out_value};
    uses[4] = (mgpu_range_use){"indirect_count", info->indirect_count, info->indirect_count.buffer ? 4 : 0};
}

mgpu_result mgpu__sort_check(mgpu_context ctx, const mgpu_sort_info *info, bool check_ranges) {
    mgpu_result r = mgpu__check_type(ctx, info->key_type);
    if (r != MGPU_SUCCESS) return r;
    if (info->value_size != 0 && info->value_size != 4 && info->value_size != 8)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: value_size %u (0, 4 or 8)", info->value_size);
    if (info->indices && info->value_size)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                          "sort: indices with value_size %u (0: the indices replace values)", info->value_size);
    if (info->count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: %u elements > 2^31-1", info->count);
    if (info->count == 0 || !check_ranges) return MGPU_SUCCESS;
    VkDeviceSize key = mgpu_type_size(info->key_type), n = info->count;
    VkDeviceSize out_value = info->indices ? 4 : info->value_size;
    struct {
        const char *name;
        mgpu_range range;
        VkDeviceSize size;
    } ranges[] = {
        {"sort keys_in", info->keys_in, key},
        {"sort keys_out", info->keys_out, key},
        {"sort values_in", info->values_in, info->value_size},
        {"sort values_out", info->values_out, out_value},
    };
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++i)
        if (ranges[i].size)
            r = mgpu__check_range(ctx, ranges[i].name, ranges[i].range, n * ranges[i].size, ranges[i].size);
    if (r != MGPU_SUCCESS) return r;
    /* In place (the very same range) or apart; nothing in between. */
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(ranges); ++i)
        for (size_t j = i + 1; j < MGPU_ARRAY_COUNT(ranges); ++j) {
            if (!ranges[i].size || !ranges[j].size) continue;
            bool same = ranges[i].range.buffer == ranges[j].range.buffer &&
                        ranges[i].range.offset == ranges[j].range.offset && ranges[i].size == ranges[j].size;
            bool in_place_pair = (i == 0 && j == 1) || (i == 2 && j == 3);
            if (same && in_place_pair) continue;
            if (mgpu__ranges_overlap(ranges[i].range, n * ranges[i].size, ranges[j].range, n * ranges[j].size))
                return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps %s", ranges[i].name, ranges[j].name);
        }
    return MGPU_SUCCESS;
}

mgpu_result mgpu_mergesort_get_requirements(mgpu_context ctx, const mgpu_sort_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: null requirements");
    mgpu_result r = mgpu_mergesort_check(ctx, info, false);
    if (r != MGPU_SUCCESS) return r;
    mgpu_mergesort_plan plan = mgpu_mergesort_make_plan(ctx, info);
    *out = (mgpu_requirements){.scratch_size = plan.scratch_bytes,
                               .scratch_alignment = 16,
                               .scratch_usage =
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
    return MGPU_SUCCESS;
}

static mgpu_pipeline_key mgpu_blocksort_key(const mgpu_mergesort_plan *plan, mgpu_type type, bool descending,
                                            bool indices, bool order_bits) {
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_MERGESORT_BLOCK,
                               .type = type,
                               .spec = {[MGPU_SPEC_NT] = plan->block_nt,
                                        [MGPU_SPEC_VT] = plan->tuning.vt,
                                        [MGPU_SPEC_DESCENDING] = descending,
                                        [MGPU_SPEC_VALUE_WORDS] = plan->value_words,
                                        [MGPU_SPEC_MODE] = indices ? MGPU_MERGESORT_INDICES : MGPU_MERGESORT_VALUES,
                                        [MGPU_SPEC_ORDER_BITS] = order_bits ? MGPU_ORDER_BITS_ENCODE : 0}};
}

mgpu_result mgpu_cmd_mergesort(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_sort_info *info, mgpu_range scratch) {
    mgpu_result r = mgpu_mergesort_check(ctx, info, true);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: null command buffer");
    mgpu_mergesort_plan plan = mgpu_mergesort_make_plan(ctx, info);
    if (info->count && plan.passes) {
        mgpu_range_use uses[6];
        mgpu__sort_uses(info, uses);
        uses[5] = (mgpu_range_use){"overflow", info->overflow, info->overflow.buffer ? 4 : 0};
        r = mgpu__check_scratch(ctx, "sort scratch", scratch, plan.scratch_bytes, 16, uses, 6);
        if (r != MGPU_SUCCESS) return r;
    }
    /* The flag only (after every check: a refused call writes nothing): the passes are planned for the capacity. */
    r = mgpu__sort_write_overflow(ctx, cmd, info);
    if (r != MGPU_SUCCESS || info->count == 0) return r;
    bool values = plan.value_words > 0;
    VkDeviceAddress out_keys = mgpu_range_address(ctx, info->keys_out);
    VkDeviceAddress out_values = values ? mgpu_range_address(ctx, info->values_out) : 0;
    VkDeviceAddress base = plan.passes ? mgpu_range_address(ctx, scratch) : 0;
    VkDeviceAddress tmp_keys = base ? base + plan.keys_offset : 0,
                    tmp_values = base && values ? base + plan.values_offset : 0;
    VkDeviceAddress count_address = info->indirect_count.buffer ? mgpu_range_address(ctx, info->indirect_count) : 0;
    /* After the blocksort, pass k reads what pass k-1 wrote; the last one writes the output. */
    bool blocksort_to_tmp = plan.passes % 2 == 1;
    mgpu_merge_pc pc = {.a_keys = mgpu_range_address(ctx, info->keys_in),
                        .a_values = info->value_size ? mgpu_range_address(ctx, info->values_in) : 0,
                        .out_keys = blocksort_to_tmp ? tmp_keys : out_keys,
                        .out_values = blocksort_to_tmp ? tmp_values : out_values,
                        .a_count = info->count,
                        .a_count_address = count_address};
    uint32_t x = mgpu__tile_groups(ctx, &plan.tuning, plan.block_tiles);
    pc.groups_x = x;
    mgpu_pipeline_key blocksort =
        mgpu_blocksort_key(&plan, info->key_type, info->descending, info->indices, plan.order_bits != 0);
    r = mgpu__dispatch(ctx, cmd, &blocksort, &pc, sizeof pc, x, 1);
    uint64_t run = plan.block_tile;
    for (uint32_t pass = 0; pass < plan.passes && r == MGPU_SUCCESS; ++pass, run *= 2) {
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        bool from_tmp = (plan.passes - pass) % 2 == 1;
        pc = (mgpu_merge_pc){.a_keys = from_tmp ? tmp_keys : out_keys,
                             .b_keys = from_tmp ? tmp_keys : out_keys,
                             .a_values = from_tmp ? tmp_values : out_values,
                             .b_values = from_tmp ? tmp_values : out_values,
                             .out_keys = from_tmp ? out_keys : tmp_keys,
                             .out_values = from_tmp ? out_values : tmp_values,
                             .partitions = base,
                             .a_count = info->count,
                             .run = (uint32_t)run,
                             .a_count_address = count_address,
                             .samples = plan.sample_shift ? base + plan.samples_offset : 0,
                             .sample_shift = plan.sample_shift};
        bool last = pass + 1 == plan.passes;
        uint32_t samples = (pass > 0 ? MGPU_PASS_SAMPLES_READ : 0u) | (last ? 0u : MGPU_PASS_SAMPLES_WRITE);
        r = mgpu__record_merge_pass(ctx, cmd, plan.pass_type, plan.order_bits ? false : info->descending, plan.tuning,
                                    plan.value_words, last ? plan.order_bits : 0, samples, &pc);
    }
    return r;
}

static mgpu_result mgpu_record_mergesort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_mergesort(ctx, cmd, info, scratch);
}

mgpu_result mgpu_mergesort(mgpu_context ctx, const mgpu_sort_info *info) {
    mgpu_result r = mgpu_mergesort_check(ctx, info, true);
    if (r != MGPU_SUCCESS || (info->count == 0 && !info->overflow.buffer)) return r;
    mgpu_mergesort_plan plan = mgpu_mergesort_make_plan(ctx, info);
    return mgpu__run_blocking(ctx, mgpu_record_mergesort, info, plan.scratch_bytes, (mgpu_range){0}, (mgpu_range){0},
                              0);
}

static mgpu_result mgpu_mergesort_prepare_variant(mgpu_context ctx, mgpu_type type, uint32_t words_mask,
                                                  uint32_t order_mask) {
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t words = 0; words <= 2 && r == MGPU_SUCCESS; ++words) {
        if (!(words_mask & (1u << words))) continue;
        for (int descending = 0; descending < 2 && r == MGPU_SUCCESS; ++descending) {
            if (!(order_mask & (1u << descending))) continue;
            /* the plan of a call with `words` words per value (one: indices too) and merge passes, for its tuning
             * and its passes' keys; the blocksort alone (no passes) writes keys, not order bits */
            mgpu_sort_info info = {
                .key_type = type, .value_size = words * 4, .descending = descending, .count = MGPU_MAX_COUNT};
            mgpu_mergesort_plan plan = mgpu_mergesort_make_plan(ctx, &info);
            uint32_t pass_order = plan.order_bits ? 1u : 1u << descending;
            r = mgpu__merge_pass_prepare(ctx, plan.pass_type, plan.tuning, true, 1u << words, pass_order, 0);
            if (r == MGPU_SUCCESS && plan.order_bits)
                r = mgpu__merge_pass_prepare(ctx, plan.pass_type, plan.tuning, true, 1u << words, 1u, plan.order_bits);
            for (int mode = 0; mode < (words == 1 ? 2 : 1) && r == MGPU_SUCCESS; ++mode)
                for (int bits = 0; bits < (plan.order_bits ? 2 : 1) && r == MGPU_SUCCESS; ++bits) {
                    mgpu_pipeline_key key = mgpu_blocksort_key(&plan, type, descending, mode == 1, bits == 1);
                    VkPipeline p;
                    r = mgpu__pipeline_get(ctx, &key, &p);
                }
        }
    }
    return r == MGPU_SUCCESS ? mgpu__indirect_prepare(ctx) : r; /* the overflow flag's setup */
}

static const mgpu_tuning_row mgpu_mergesort_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small (blocksort 1; the tests set
     * larger ones). */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 32, 5, MGPU_SWITCH_AUTO, 1, 0, 0, 0},
    /* GPUs: keys alone NT x VT, then with values or indices values_nt x values_vt (their registers hold a value
     * per key). H200 2026-11-27 (bench/RESULTS.md, twelfth session), GPU us at 2^26, keys / pairs: u32 256 x 11
     * 3831 / 8499, 256 x 7 (the row before) 4270 / 7740, 128 x 11 3868 / 7822, 256 x 9 4092 / 8707, 256 x 13 4357,
     * 512 x 7 4992; pairs 128 x 9 7162, 128 x 7 7506, 256 x 5 7809. u64 keys 128 x 9 7054 against 256 x 5 7884,
     * 256 x 7 7696; pairs 256 x 5 12714 against 128 x 5 13096, 128 x 9 13713. Keys alone at 2^14..2^18 within
     * 0.7 us of the row before (u64 within 1.3), ahead from 2^19. Blocksort (keys alone) 2: at 2^14..2^26 it beat
     * 1 by 2-7% (256 x 7); at 256 x 11, 4 was level with 2 from 2^20 up and slower at 2^16. Workgroups (H200
     * 2026-11-28, twentieth session, u32 keys / pairs us at 2^24, 2^25, 2^26): 16384 1004 / 1867, 1926 / 3552, 3726
     * / 7060; 8192 1005 / 1781, 1866 / 3461, 3617 / 7019; 4096 976 / 1770, 1824 / 3517, 3637 / 7196. */
    {MGPU_32, MGPU_VENDOR_ANY, 256, 11, MGPU_SWITCH_AUTO, 2, 128, 9, 8192},
    {MGPU_64, MGPU_VENDOR_ANY, 128, 9, MGPU_SWITCH_AUTO, 2, 256, 5, 0},
};

static mgpu_result mgpu_mergesort_prepare(mgpu_context ctx, mgpu_type type) {
    return mgpu_mergesort_prepare_variant(ctx, type, MGPU_VALUE_WORDS_ALL, MGPU_ORDERS_ALL);
}

const mgpu_family_def mgpu__mergesort_family = {.prepare = mgpu_mergesort_prepare,
                                                .prepare_variant = mgpu_mergesort_prepare_variant,
                                                .tuning = mgpu_mergesort_tuning,
                                                .tuning_count = MGPU_ARRAY_COUNT(mgpu_mergesort_tuning)};
