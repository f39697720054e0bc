/*
 * Segmented sort and locality sort (the seeds' chapter 8). The blocksort (segsort_block) sorts each tile of
 * NT * VT keys within its segments straight into the output and records each tile's first and last segment head.
 * With segments, segsort_straddle then merges, at once for every tile boundary, each segment that straddles one
 * boundary and holds at most a tile of keys (short ones by a subgroup each), and the passes' plans skip those:
 * at short segments nearly every boundary cuts one, and the passes found them one level at a time (H200, 2^26
 * u32 keys of mean segment 100: 1954 -> 1429 us, of which the passes had taken 690; bench/RESULTS.md, sixteenth
 * session). Merge pass k then merges runs of tile * 2^k keys pairwise in place in
 * the output: only the segment straddling each pair's interface can change (shaders/kernels/segsort/segsort.glsl),
 * and of it only the tiles whose keys move, less the keys at either end of such a tile that stay where they are
 * (A's before B's first key, B's after A's last: on nearly sorted keys most of the tile).
 * A pass walks lists of the tiles it concerns, so that the tiles already in place, most of them once the
 * segments are sorted, cost it nothing: a thread per tile lists the tiles in their pair's active region and
 * builds the next level of run heads (segsort_plan for the first pass, then each pass's segsort_prep for the
 * next: a plan needs only the heads); segsort_prep, walking that list, copies the moving tiles' keys and values
 * to scratch and lists them; segsort_merge, walking the second list, merges them back. The walking dispatches
 * are a fixed grid of MGPU_SEGSORT_LIST_GROUPS workgroups (or the tuning's groups, where fewer). The locality sort is
 * the same without segments.
 * Indices are values the blocksort creates.
 * Indirect counts (the device uint32s at indirect_count and, for heads, indirect_head_count, clamped to count and
 * head_count) are read by every kernel: count and head_count are the capacities that plan the passes, lay out the
 * scratch and size the dispatches; the tiles, runs and lists are the real count's, so the tiles past it are never
 * listed, and the passes whose runs already cover it list nothing (the passes merge in place: no parity). The
 * overflow flag: one setup dispatch after the passes (mgpu__write_overflow, both counts).
 * Scratch (when there are merge passes): count keys, count values, four words a tile (tile_info), the lists
 * (two counters a pass, three words a tile), and with segments the runs' heads, a word pair per run of every
 * level 0 .. passes.
 */
#include "../mgpu_internal.h"
#include "kernels/segsort/segsort_pc.h"

/* What both sorts record: a segmented sort, or a locality sort (source MGPU_SEGSORT_UNSEGMENTED). */
typedef struct mgpu_segsort_job {
    mgpu_type key_type;
    uint32_t value_size;
    bool indices, descending;
    uint32_t count;
    mgpu_range keys_in, keys_out, values_in, values_out;
    uint32_t source; /* MGPU_SEGSORT_UNSEGMENTED, _FLAGS or _HEADS */
    uint32_t head_count;
    mgpu_range segments;
    mgpu_range indirect_count, indirect_head_count; /* optional */
    mgpu_range overflow;                            /* optional: refused in the scratch, written by the callers */
} mgpu_segsort_job;

typedef struct mgpu_segsort_plan {
    mgpu_tuning tuning;
    uint32_t tile, tiles, passes;
    uint32_t value_words; /* 32-bit words per value moved (indices: 1) */
    VkDeviceSize keys_offset, values_offset, info_offset, lists_offset, ranges_offset, scratch_bytes;
} mgpu_segsort_plan;

static VkDeviceSize mgpu_align_up(VkDeviceSize x, VkDeviceSize a) { return (x + a - 1) / a * a; }

static uint32_t mgpu_ceil_div(uint64_t x, uint64_t y) { return (uint32_t)((x + y - 1) / y); }

/* The tuning of job's sort: keys alone nt x vt, with values or indices values_nt x values_vt (their registers and
 * shared memory hold a value per key, so their best tile is smaller). */
static mgpu_tuning mgpu_segsort_tuning_of(mgpu_context ctx, const mgpu_segsort_job *job) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_SEGSORT, job->key_type);
    if (job->indices || job->value_size) {
        t.nt = t.values_nt;
        t.vt = t.values_vt;
    }
    return t;
}

static mgpu_segsort_plan mgpu_segsort_make_plan(mgpu_context ctx, const mgpu_segsort_job *job) {
    mgpu_segsort_plan plan = {.tuning = mgpu_segsort_tuning_of(ctx, job)};
    plan.tile = plan.tuning.nt * plan.tuning.vt;
    plan.tiles = mgpu_ceil_div(job->count, plan.tile);
    for (uint64_t run = plan.tile; run < job->count; run *= 2) ++plan.passes;
    assert(plan.passes <= MGPU_SEGSORT_MAX_PASSES); /* count < 2^31, tiles of at least 2 keys */
    plan.value_words = job->indices ? 1 : job->value_size / 4;
    if (plan.passes) {
        plan.values_offset = mgpu_align_up((VkDeviceSize)job->count * mgpu_type_size(job->key_type), 16);
        plan.info_offset = mgpu_align_up(plan.values_offset + (VkDeviceSize)job->count * plan.value_words * 4, 16);
        plan.lists_offset = plan.info_offset + (VkDeviceSize)plan.tiles * 16;
        plan.ranges_offset =
            mgpu_align_up(plan.lists_offset + (2 * MGPU_SEGSORT_MAX_PASSES + 3 * (VkDeviceSize)plan.tiles) * 4, 8);
        VkDeviceSize runs = 0;
        if (job->source != MGPU_SEGSORT_UNSEGMENTED)
            for (uint32_t level = 0; level <= plan.passes; ++level) runs += mgpu_ceil_div(plan.tiles, 1ull << level);
        plan.scratch_bytes = plan.ranges_offset + runs * 8;
    }
    return plan;
}

/* The blocksort's shared memory (segsort_block.comp's arrays) fits the device, with VT + 1 keys more: the merge's
 * (segsort_merge.comp: a key and a word per tile element, and the keys' slack) then fits too. */
static mgpu_result mgpu_segsort_check_shared(mgpu_context ctx, const mgpu_segsort_job *job) {
    mgpu_tuning t = mgpu_segsort_tuning_of(ctx, job);
    uint64_t nv = (uint64_t)t.nt * t.vt, key_size = mgpu_type_size(job->key_type);
    uint64_t bytes = nv * (key_size + 4) + nv / 32 * 8 + 16 + (t.vt + 1) * key_size;
    if (bytes > ctx->info.shared_memory_bytes)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED,
                          "segsort: a tile of %u x %u needs %llu bytes of shared memory, the device has %u", t.nt, t.vt,
                          (unsigned long long)bytes, ctx->info.shared_memory_bytes);
    return MGPU_SUCCESS;
}

static mgpu_sort_info mgpu_job_sort_info(const mgpu_segsort_job *job) {
    return (mgpu_sort_info){.key_type = job->key_type,
                            .value_size = job->value_size,
                            .indices = job->indices,
                            .descending = job->descending,
                            .count = job->count,
                            .keys_in = job->keys_in,
                            .keys_out = job->keys_out,
                            .values_in = job->values_in,
                            .values_out = job->values_out,
                            .indirect_count = job->indirect_count};
}

/* The overflow checks of a segmented sort: mgpu__check_overflow against its keys, values, segments and the indirect
 * count not passed as indirect_count (either may be given alone). */
static mgpu_result mgpu_segsort_check_overflow(mgpu_context ctx, const mgpu_segsort_info *info,
                                               const mgpu_sort_info *sort) {
    mgpu_range_use uses[7];
    mgpu__sort_uses(sort, uses); /* uses[4]: indirect_count */
    VkDeviceSize segment_bytes = info->segments_kind == MGPU_SEGMENTS_FLAGS
                                     ? (VkDeviceSize)mgpu_ceil_div(info->count, 32) * 4
                                     : (VkDeviceSize)info->head_count * 4;
    uses[5] = (mgpu_range_use){"segments", info->segments, segment_bytes};
    uses[6] =
        (mgpu_range_use){"indirect_head_count", info->indirect_head_count, info->indirect_head_count.buffer ? 4 : 0};
    return mgpu__check_overflow(ctx, "segsort", info->overflow,
                                info->indirect_count.buffer ? info->indirect_count : info->indirect_head_count, uses,
                                7);
}

/* The info's checks and its job; `check_ranges` false skips the checks of its ranges (get_requirements answers from
 * sizes alone: the scratch depends on type, value size, count and segments kind). */
static mgpu_result mgpu_segsort_job_from(mgpu_context ctx, const mgpu_segsort_info *info, bool check_ranges,
                                         mgpu_segsort_job *job) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segsort: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segsort: info->next must be NULL");
    *job = (mgpu_segsort_job){.key_type = info->key_type,
                              .value_size = info->value_size,
                              .indices = info->indices,
                              .descending = info->descending,
                              .count = info->count,
                              .keys_in = info->keys_in,
                              .keys_out = info->keys_out,
                              .values_in = info->values_in,
                              .values_out = info->values_out,
                              .source =
                                  info->segments_kind == MGPU_SEGMENTS_FLAGS ? MGPU_SEGSORT_FLAGS : MGPU_SEGSORT_HEADS,
                              .head_count = info->head_count,
                              .segments = info->segments,
                              .indirect_count = info->indirect_count,
                              .indirect_head_count = info->indirect_head_count,
                              .overflow = info->overflow};
    mgpu_sort_info sort = mgpu_job_sort_info(job);
    mgpu_result r = mgpu__sort_check(ctx, &sort, check_ranges);
    if (r != MGPU_SUCCESS) return r;
    if ((unsigned)info->segments_kind > MGPU_SEGMENTS_FLAGS)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segsort: segments_kind %d (heads or flags)",
                          (int)info->segments_kind);
    if (info->segments_kind == MGPU_SEGMENTS_HEADS && info->head_count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segsort: %u heads > 2^31-1", info->head_count);
    if (info->segments_kind == MGPU_SEGMENTS_FLAGS && info->indirect_head_count.buffer)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segsort: indirect_head_count with head flags");
    if (check_ranges) {
        r = mgpu__sort_check_indirect(ctx, &sort, "segsort indirect_count", info->indirect_count);
        if (r == MGPU_SUCCESS)
            r = mgpu__sort_check_indirect(ctx, &sort, "segsort indirect_head_count", info->indirect_head_count);
        if (r == MGPU_SUCCESS) r = mgpu_segsort_check_overflow(ctx, info, &sort);
        if (r != MGPU_SUCCESS) return r;
    }
    if (info->count == 0) return MGPU_SUCCESS;
    VkDeviceSize bytes = info->segments_kind == MGPU_SEGMENTS_FLAGS ? (VkDeviceSize)mgpu_ceil_div(info->count, 32) * 4
                                                                    : (VkDeviceSize)info->head_count * 4;
    if (bytes && check_ranges) {
        r = mgpu__check_range(ctx, "segsort segments", info->segments, bytes, 4);
        if (r != MGPU_SUCCESS) return r;
        VkDeviceSize out_value = info->indices ? 4 : info->value_size;
        if (mgpu__ranges_overlap(info->segments, bytes, info->keys_out,
                                 (VkDeviceSize)info->count * mgpu_type_size(info->key_type)) ||
            (out_value &&
             mgpu__ranges_overlap(info->segments, bytes, info->values_out, (VkDeviceSize)info->count * out_value)))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segsort: segments overlaps an output");
    } else if (!bytes) {
        job->source = MGPU_SEGSORT_HEADS; /* no head: one segment, which the heads' path finds */
    }
    return mgpu_segsort_check_shared(ctx, job);
}

/* The info's checks and its job; `check_ranges` as for mgpu_segsort_job_from. */
static mgpu_result mgpu_locality_job_from(mgpu_context ctx, const mgpu_sort_info *info, bool check_ranges,
                                          mgpu_segsort_job *job) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: info->next must be NULL");
    if (info->begin_bit || info->end_bit)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "localitysort: bit ranges are the radix sort's");
    mgpu_result r = mgpu__sort_check(ctx, info, check_ranges);
    if (r == MGPU_SUCCESS && check_ranges)
        r = mgpu__sort_check_indirect(ctx, info, "localitysort indirect_count", info->indirect_count);
    if (r == MGPU_SUCCESS && check_ranges) r = mgpu__sort_check_overflow(ctx, info);
    if (r != MGPU_SUCCESS) return r;
    *job = (mgpu_segsort_job){.key_type = info->key_type,
                              .value_size = info->value_size,
                              .indices = info->indices,
                              .descending = info->descending,
                              .count = info->count,
                              .keys_in = info->keys_in,
                              .keys_out = info->keys_out,
                              .values_in = info->values_in,
                              .values_out = info->values_out,
                              .source = MGPU_SEGSORT_UNSEGMENTED,
                              .indirect_count = info->indirect_count,
                              .overflow = info->overflow};
    return mgpu_segsort_check_shared(ctx, job);
}

static mgpu_requirements mgpu_segsort_requirements(const mgpu_segsort_plan *plan) {
    return (mgpu_requirements){.scratch_size = plan->scratch_bytes,
                               .scratch_alignment = 16,
                               .scratch_usage =
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
}

static mgpu_pipeline_key mgpu_segsort_key(const mgpu_segsort_plan *plan, uint32_t kernel, mgpu_type type,
                                          bool descending, bool indices, bool segmented) {
    uint32_t mode = kernel == MGPU_KERNEL_SEGSORT_BLOCK ? (indices ? MGPU_SEGSORT_INDICES : MGPU_SEGSORT_VALUES) |
                                                              (segmented ? MGPU_SEGSORT_SEGMENTED : 0)
                                                        : 0;
    return (mgpu_pipeline_key){.kernel = kernel,
                               .type = type,
                               .spec = {[MGPU_SPEC_NT] = plan->tuning.nt,
                                        [MGPU_SPEC_VT] = plan->tuning.vt,
                                        [MGPU_SPEC_DESCENDING] = descending,
                                        [MGPU_SPEC_VALUE_WORDS] = plan->value_words,
                                        [MGPU_SPEC_MODE] = mode}};
}

static mgpu_result mgpu_segsort_record(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_segsort_job *job,
                                       mgpu_range scratch) {
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segsort: null command buffer");
    if (job->count == 0) return MGPU_SUCCESS;
    mgpu_segsort_plan plan = mgpu_segsort_make_plan(ctx, job);
    if (plan.passes) {
        mgpu_range_use uses[8];
        mgpu_sort_info sort = mgpu_job_sort_info(job);
        mgpu__sort_uses(&sort, uses); /* uses[4]: indirect_count */
        VkDeviceSize segment_bytes = job->source == MGPU_SEGSORT_FLAGS ? (VkDeviceSize)mgpu_ceil_div(job->count, 32) * 4
                                     : job->source == MGPU_SEGSORT_HEADS ? (VkDeviceSize)job->head_count * 4
                                                                         : 0;
        uses[5] = (mgpu_range_use){"segments", job->segments, segment_bytes};
        uses[6] =
            (mgpu_range_use){"indirect_head_count", job->indirect_head_count, job->indirect_head_count.buffer ? 4 : 0};
        uses[7] = (mgpu_range_use){"overflow", job->overflow, job->overflow.buffer ? 4 : 0};
        mgpu_result r = mgpu__check_scratch(ctx, "segsort scratch", scratch, plan.scratch_bytes, 16, uses, 8);
        if (r != MGPU_SUCCESS) return r;
    }
    bool segmented = job->source != MGPU_SEGSORT_UNSEGMENTED, values = plan.value_words > 0;
    VkDeviceAddress out_keys = mgpu_range_address(ctx, job->keys_out);
    VkDeviceAddress out_values = values ? mgpu_range_address(ctx, job->values_out) : 0;
    VkDeviceAddress base = plan.passes ? mgpu_range_address(ctx, scratch) : 0;
    VkDeviceAddress tmp_keys = base, tmp_values = base && values ? base + plan.values_offset : 0;
    VkDeviceAddress info = base ? base + plan.info_offset : 0,
                    ranges = base && segmented ? base + plan.ranges_offset : 0;
    uint32_t x = mgpu__tile_groups(ctx, &plan.tuning, plan.tiles);
    VkDeviceAddress count_address = job->indirect_count.buffer ? mgpu_range_address(ctx, job->indirect_count) : 0;
    VkDeviceAddress head_count_address = job->indirect_head_count.buffer && job->source == MGPU_SEGSORT_HEADS
                                             ? mgpu_range_address(ctx, job->indirect_head_count)
                                             : 0;
    VkDeviceAddress lists = base ? base + plan.lists_offset : 0;
    /* The list walks' workgroups: at most the tuning's groups (the tests' loops over many tiles a workgroup), never
     * so few that one walks over MGPU_TILES_PER_GROUP_MAX tiles (as mgpu__tile_groups). */
    uint32_t list_groups =
        plan.tuning.groups < MGPU_SEGSORT_LIST_GROUPS ? plan.tuning.groups : MGPU_SEGSORT_LIST_GROUPS;
    uint32_t least_groups = mgpu_ceil_div(plan.tiles, MGPU_TILES_PER_GROUP_MAX);
    list_groups = list_groups > least_groups ? list_groups : least_groups;
    list_groups = plan.tiles < list_groups ? plan.tiles : list_groups;
    /* The planning workgroups, a tile per thread (as segsort_prep counts them). */
    uint32_t plan_groups = mgpu_ceil_div(plan.tiles, plan.tuning.nt);
    plan_groups = plan_groups < MGPU_SEGSORT_LIST_GROUPS ? plan_groups : MGPU_SEGSORT_LIST_GROUPS;
    mgpu_segsort_pc pc = {.keys_in = mgpu_range_address(ctx, job->keys_in),
                          .keys_out = out_keys,
                          .values_in = job->value_size ? mgpu_range_address(ctx, job->values_in) : 0,
                          .values_out = out_values,
                          .segments = segmented && job->head_count + (job->source == MGPU_SEGSORT_FLAGS)
                                          ? mgpu_range_address(ctx, job->segments)
                                          : 0,
                          .ranges_out = ranges,
                          .lists = lists,
                          .count = job->count,
                          .head_count = job->source == MGPU_SEGSORT_HEADS ? job->head_count : 0,
                          .groups_x = x,
                          .source = job->source,
                          .count_address = count_address,
                          .head_count_address = head_count_address};
    mgpu_pipeline_key block =
        mgpu_segsort_key(&plan, MGPU_KERNEL_SEGSORT_BLOCK, job->key_type, job->descending, job->indices, segmented);
    mgpu_result r = MGPU_SUCCESS;
    if (plan.passes && job->source == MGPU_SEGSORT_HEADS && job->head_count) {
        /* Each tile's range of heads, found once by segsort_heads in tile_info (free until the passes). */
        pc.tile_info = info;
        mgpu_pipeline_key heads =
            mgpu_segsort_key(&plan, MGPU_KERNEL_SEGSORT_HEADS, MGPU_TYPE_U32, false, false, false);
        r = mgpu__dispatch(ctx, cmd, &heads, &pc, sizeof pc, plan_groups, 1);
        mgpu__barrier_compute_write_to_read(ctx, cmd);
    }
    if (r == MGPU_SUCCESS) r = mgpu__dispatch(ctx, cmd, &block, &pc, sizeof pc, x, 1);
    if (r == MGPU_SUCCESS && plan.passes && segmented) { /* the segments across one boundary, merged at once */
        mgpu_pipeline_key straddle =
            mgpu_segsort_key(&plan, MGPU_KERNEL_SEGSORT_STRADDLE, job->key_type, job->descending, false, false);
        straddle.subgroup = plan.tuning.subgroup == MGPU_SWITCH_ON; /* short segments: a subgroup each */
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        pc = (mgpu_segsort_pc){.keys_out = out_keys,
                               .values_out = out_values,
                               .ranges_in = ranges,
                               .count = job->count,
                               .count_address = count_address};
        r = mgpu__dispatch(ctx, cmd, &straddle, &pc, sizeof pc, list_groups, 1);
    }
    mgpu_pipeline_key planner = mgpu_segsort_key(&plan, MGPU_KERNEL_SEGSORT_PLAN, MGPU_TYPE_U32, false, false, false);
    mgpu_pipeline_key prep =
        mgpu_segsort_key(&plan, MGPU_KERNEL_SEGSORT_PREP, job->key_type, job->descending, false, false);
    mgpu_pipeline_key merge =
        mgpu_segsort_key(&plan, MGPU_KERNEL_SEGSORT_MERGE, job->key_type, job->descending, false, false);
    VkDeviceAddress level = ranges;
    uint64_t run = plan.tile;
    for (uint32_t pass = 0; pass < plan.passes && r == MGPU_SUCCESS; ++pass, run *= 2) {
        VkDeviceAddress next_level = ranges ? level + (VkDeviceAddress)mgpu_ceil_div(job->count, run) * 8 : 0;
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        pc = (mgpu_segsort_pc){.keys_in = out_keys,
                               .keys_out = tmp_keys,
                               .values_in = out_values,
                               .values_out = tmp_values,
                               .ranges_in = level,
                               .ranges_out = next_level,
                               .tile_info = info,
                               .lists = lists,
                               .count = job->count,
                               .run = (uint32_t)run,
                               .pass = pass,
                               .count_address = count_address};
        if (pass == 0) { /* each pass's prep plans the next */
            r = mgpu__dispatch(ctx, cmd, &planner, &pc, sizeof pc, plan_groups, 1);
            if (r != MGPU_SUCCESS) break;
            mgpu__barrier_compute_write_to_read(ctx, cmd);
        }
        uint32_t planners = pass + 1 < plan.passes ? plan_groups : 0;
        r = mgpu__dispatch(ctx, cmd, &prep, &pc, sizeof pc, planners + list_groups, 1);
        if (r != MGPU_SUCCESS) break;
        mgpu__barrier_compute_write_to_read(ctx, cmd);
        pc.keys_in = tmp_keys;
        pc.keys_out = out_keys;
        pc.values_in = tmp_values;
        pc.values_out = out_values;
        pc.ranges_out = 0;
        r = mgpu__dispatch(ctx, cmd, &merge, &pc, sizeof pc, list_groups, 1);
        level = next_level;
    }
    return r;
}

mgpu_result mgpu_segsort_get_requirements(mgpu_context ctx, const mgpu_segsort_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "segsort: null requirements");
    mgpu_segsort_job job;
    mgpu_result r = mgpu_segsort_job_from(ctx, info, false, &job);
    if (r != MGPU_SUCCESS) return r;
    mgpu_segsort_plan plan = mgpu_segsort_make_plan(ctx, &job);
    *out = mgpu_segsort_requirements(&plan);
    return MGPU_SUCCESS;
}

mgpu_result mgpu_cmd_segsort(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_segsort_info *info, mgpu_range scratch) {
    mgpu_segsort_job job;
    mgpu_result r = mgpu_segsort_job_from(ctx, info, true, &job);
    if (r == MGPU_SUCCESS) r = mgpu_segsort_record(ctx, cmd, &job, scratch);
    if (r != MGPU_SUCCESS) return r;
    return mgpu__write_overflow(ctx, cmd, info->overflow, info->indirect_count, info->count, info->indirect_head_count,
                                info->head_count);
}

static mgpu_result mgpu_record_segsort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_segsort(ctx, cmd, info, scratch);
}

mgpu_result mgpu_segsort(mgpu_context ctx, const mgpu_segsort_info *info) {
    mgpu_segsort_job job;
    mgpu_result r = mgpu_segsort_job_from(ctx, info, true, &job);
    if (r != MGPU_SUCCESS || (info->count == 0 && !info->overflow.buffer)) return r;
    mgpu_segsort_plan plan = mgpu_segsort_make_plan(ctx, &job);
    return mgpu__run_blocking(ctx, mgpu_record_segsort, info, plan.scratch_bytes, (mgpu_range){0}, (mgpu_range){0}, 0);
}

mgpu_result mgpu_localitysort_get_requirements(mgpu_context ctx, const mgpu_sort_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sort: null requirements");
    mgpu_segsort_job job;
    mgpu_result r = mgpu_locality_job_from(ctx, info, false, &job);
    if (r != MGPU_SUCCESS) return r;
    mgpu_segsort_plan plan = mgpu_segsort_make_plan(ctx, &job);
    *out = mgpu_segsort_requirements(&plan);
    return MGPU_SUCCESS;
}

mgpu_result mgpu_cmd_localitysort(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_sort_info *info,
                                  mgpu_range scratch) {
    mgpu_segsort_job job;
    mgpu_result r = mgpu_locality_job_from(ctx, info, true, &job);
    if (r == MGPU_SUCCESS) r = mgpu_segsort_record(ctx, cmd, &job, scratch);
    return r == MGPU_SUCCESS ? mgpu__sort_write_overflow(ctx, cmd, info) : r;
}

static mgpu_result mgpu_record_localitysort(mgpu_context ctx, VkCommandBuffer cmd, const void *info,
                                            mgpu_range scratch) {
    return mgpu_cmd_localitysort(ctx, cmd, info, scratch);
}

mgpu_result mgpu_localitysort(mgpu_context ctx, const mgpu_sort_info *info) {
    mgpu_segsort_job job;
    mgpu_result r = mgpu_locality_job_from(ctx, info, true, &job);
    if (r != MGPU_SUCCESS || (info->count == 0 && !info->overflow.buffer)) return r;
    mgpu_segsort_plan plan = mgpu_segsort_make_plan(ctx, &job);
    return mgpu__run_blocking(ctx, mgpu_record_localitysort, info, plan.scratch_bytes, (mgpu_range){0}, (mgpu_range){0},
                              0);
}

static mgpu_result mgpu_segsort_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_result r = MGPU_SUCCESS;
    VkPipeline p;
    for (uint32_t words = 0; words <= 2 && r == MGPU_SUCCESS; ++words)
        for (int descending = 0; descending < 2 && r == MGPU_SUCCESS; ++descending) {
            mgpu_segsort_job job = {.key_type = type, .value_size = words * 4};
            mgpu_segsort_plan plan = mgpu_segsort_make_plan(ctx, &job);
            uint32_t kernels[] = {MGPU_KERNEL_SEGSORT_PREP, MGPU_KERNEL_SEGSORT_MERGE, MGPU_KERNEL_SEGSORT_STRADDLE};
            for (size_t k = 0; k < MGPU_ARRAY_COUNT(kernels) && r == MGPU_SUCCESS; ++k) {
                mgpu_pipeline_key key = mgpu_segsort_key(&plan, kernels[k], type, descending, false, false);
                key.subgroup = kernels[k] == MGPU_KERNEL_SEGSORT_STRADDLE && plan.tuning.subgroup == MGPU_SWITCH_ON;
                r = mgpu__pipeline_get(ctx, &key, &p);
            }
            if (r == MGPU_SUCCESS && !descending) { /* per shape: keys alone, then with values */
                uint32_t planning[] = {MGPU_KERNEL_SEGSORT_PLAN, MGPU_KERNEL_SEGSORT_HEADS};
                for (size_t k = 0; k < MGPU_ARRAY_COUNT(planning) && r == MGPU_SUCCESS; ++k) {
                    mgpu_pipeline_key key = mgpu_segsort_key(&plan, planning[k], MGPU_TYPE_U32, false, false, false);
                    r = mgpu__pipeline_get(ctx, &key, &p);
                }
            }
            for (int mode = 0; mode < (words == 1 ? 2 : 1) && r == MGPU_SUCCESS; ++mode)
                for (int segmented = 0; segmented < 2 && r == MGPU_SUCCESS; ++segmented) {
                    mgpu_pipeline_key key =
                        mgpu_segsort_key(&plan, MGPU_KERNEL_SEGSORT_BLOCK, type, descending, mode == 1, segmented);
                    r = mgpu__pipeline_get(ctx, &key, &p);
                }
        }
    return r == MGPU_SUCCESS ? mgpu__indirect_prepare(ctx) : r; /* the overflow flag's setup */
}

static const mgpu_tuning_row mgpu_segsort_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 32, 5, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* GPUs: keys alone NT x VT, with values or indices values_nt x values_vt. H100 2026-11-28 (bench/RESULTS.md,
     * nineteenth session), u32 GPU us at 2^26, 256 x 9 / 256 x 7: keys mean 100 1158 / 1157, mean 10000 3119 / 3197,
     * locality noise 100 2760 / 2904, noise 10000 3533 / 3667; pairs mean 100 1978 / 1671, mean 10000 6433 / 5985.
     * 64-bit keys: the mergesort's tile (not swept for these sorts). */
    {MGPU_32, MGPU_VENDOR_ANY, 256, 9, MGPU_SWITCH_AUTO, 0, 256, 7, 0},
    {MGPU_64, MGPU_VENDOR_ANY, 256, 5, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
};

const mgpu_family_def mgpu__segsort_family = {.prepare = mgpu_segsort_prepare,
                                              .tuning = mgpu_segsort_tuning,
                                              .tuning_count = MGPU_ARRAY_COUNT(mgpu_segsort_tuning)};
