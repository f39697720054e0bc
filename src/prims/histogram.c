/*
 * Histogram (CUB's DeviceHistogram::HistogramEven; mgpuvk.h, mgpu_histogram_info): a fill zeroes the counts (and
 * the number counted), then one dispatch of workgroups that loop over the input's tiles, each binning into a
 * private histogram in shared memory and adding it to the counts with one atomic per nonzero bin. Histograms of
 * more bins than a shared histogram holds count with global atomics directly. An indirect count (the device uint32
 * at indirect_count, clamped to count) is read by the counting dispatch: count is the capacity that sizes the
 * workgroups, and the values past the real count are neither read nor counted. The setup (mgpu__indirect_setup, its
 * grid in the 16 bytes of scratch) sizes the counting dispatch by the real tiles (at most the capacity's
 * workgroups); without scratch, or in a buffer without indirect usage, the capacity's workgroups run, those left
 * without a real tile adding nothing.
 */
#include "../mgpu_internal.h"
#include "kernels/histogram/histogram_pc.h"

#include <math.h>
#include <string.h>

/* Workgroups at most: each adds up to `bins` atomics at its end, so no more than fill a large GPU. */
#define MGPU_HISTOGRAM_GROUPS 1024u

/* The bounds as the kernel takes them (histogram_pc.h): lower, upper or the width, and the scale. */
typedef struct mgpu_histogram_bounds {
    uint64_t lower, upper_or_width, scale;
} mgpu_histogram_bounds;

static uint64_t mgpu_float_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint64_t mgpu_double_bits(double d) {
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

/* Checks lower < upper (and, for floats, finite bounds, width and scale) and gives the kernel's bounds. */
static mgpu_result mgpu_histogram_bounds_make(mgpu_context ctx, const mgpu_histogram_info *info,
                                              mgpu_histogram_bounds *out) {
    mgpu_scalar lo = info->lower, hi = info->upper;
    bool ordered = true, finite = true;
    uint64_t width = 0;
    switch (info->type) {
        case MGPU_TYPE_U32:
            ordered = lo.u32 < hi.u32;
            width = (uint32_t)(hi.u32 - lo.u32);
            *out = (mgpu_histogram_bounds){.lower = lo.u32};
            break;
        case MGPU_TYPE_I32:
            ordered = lo.i32 < hi.i32;
            width = (uint32_t)((uint32_t)hi.i32 - (uint32_t)lo.i32);
            *out = (mgpu_histogram_bounds){.lower = (uint32_t)lo.i32};
            break;
        case MGPU_TYPE_U64:
            ordered = lo.u64 < hi.u64;
            width = hi.u64 - lo.u64;
            *out = (mgpu_histogram_bounds){.lower = lo.u64};
            break;
        case MGPU_TYPE_I64:
            ordered = lo.i64 < hi.i64;
            width = (uint64_t)hi.i64 - (uint64_t)lo.i64;
            *out = (mgpu_histogram_bounds){.lower = (uint64_t)lo.i64};
            break;
        case MGPU_TYPE_F32: {
            /* The scale as tests/ref/ref_histogram.h computes it: in float. */
            float w = hi.f32 - lo.f32, scale = (float)info->bins / w;
            finite = isfinite(lo.f32) && isfinite(hi.f32) && isfinite(w) && isfinite(scale);
            ordered = lo.f32 < hi.f32;
            *out = (mgpu_histogram_bounds){.lower = mgpu_float_bits(lo.f32),
                                           .upper_or_width = mgpu_float_bits(hi.f32),
                                           .scale = mgpu_float_bits(scale)};
            break;
        }
        default: {
            double w = hi.f64 - lo.f64, scale = (double)info->bins / w;
            finite = isfinite(lo.f64) && isfinite(hi.f64) && isfinite(w) && isfinite(scale);
            ordered = lo.f64 < hi.f64;
            *out = (mgpu_histogram_bounds){.lower = mgpu_double_bits(lo.f64),
                                           .upper_or_width = mgpu_double_bits(hi.f64),
                                           .scale = mgpu_double_bits(scale)};
            break;
        }
    }
    if (!finite)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                          "histogram: a bound, upper - lower or bins / (upper - lower) is not finite in %s",
                          mgpu_type_name(info->type));
    if (!ordered) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: lower is not below upper");
    if (info->type != MGPU_TYPE_F32 && info->type != MGPU_TYPE_F64) {
        /* An estimate of bins / width that the kernel corrects exactly (histogram_bin.glsl). */
        out->upper_or_width = width;
        out->scale = mgpu_float_bits((float)((double)info->bins / (double)width));
    }
    return MGPU_SUCCESS;
}

/* The info's checks; `check_ranges` false skips those of its ranges (get_requirements answers from sizes alone). */
static mgpu_result mgpu_histogram_check(mgpu_context ctx, const mgpu_histogram_info *info, bool need_counts,
                                        bool check_ranges, mgpu_histogram_bounds *bounds) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: null info");
    if (info->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: info->next must be NULL");
    mgpu_result r = mgpu__check_type(ctx, info->type);
    if (r != MGPU_SUCCESS) return r;
    if (info->bins == 0 || info->bins > MGPU_HISTOGRAM_MAX_BINS)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: bins %u outside 1..%u", info->bins,
                          MGPU_HISTOGRAM_MAX_BINS);
    if (info->count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: count %u > 2^31-1", info->count);
    r = mgpu_histogram_bounds_make(ctx, info, bounds);
    if (r != MGPU_SUCCESS || !check_ranges) return r;
    size_t size = mgpu_type_size(info->type);
    VkDeviceSize in_bytes = (VkDeviceSize)info->count * size, count_bytes = (VkDeviceSize)info->bins * 4;
    if (info->count > 0) r = mgpu__check_range(ctx, "histogram input", info->input, in_bytes, size);
    if (r == MGPU_SUCCESS && (need_counts || info->counts.buffer))
        r = mgpu__check_range(ctx, "histogram counts", info->counts, count_bytes, 4);
    if (r == MGPU_SUCCESS && info->counted.buffer) r = mgpu__check_range(ctx, "histogram counted", info->counted, 4, 4);
    if (r != MGPU_SUCCESS) return r;
    if (info->count > 0 && mgpu__ranges_overlap(info->counts, count_bytes, info->input, in_bytes))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: counts overlap the input");
    if (info->counted.buffer && ((info->count > 0 && mgpu__ranges_overlap(info->counted, 4, info->input, in_bytes)) ||
                                 mgpu__ranges_overlap(info->counted, 4, info->counts, count_bytes)))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: counted overlaps the input or the counts");
    if (info->indirect_count.buffer) {
        r = mgpu__check_range(ctx, "histogram indirect_count", info->indirect_count, 4, 4);
        if (r != MGPU_SUCCESS) return r;
        if (mgpu__ranges_overlap(info->indirect_count, 4, info->counts, count_bytes) ||
            (info->counted.buffer && mgpu__ranges_overlap(info->indirect_count, 4, info->counted, 4)))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: indirect_count overlaps an output");
    }
    mgpu_range_use uses[] = {{"the input", info->input, in_bytes},
                             {"the counts", info->counts, info->counts.buffer ? count_bytes : 0},
                             {"counted", info->counted, info->counted.buffer ? 4 : 0}};
    return mgpu__check_overflow(ctx, "histogram", info->overflow, info->indirect_count, uses, MGPU_ARRAY_COUNT(uses));
}

/* The scratch: the counting dispatch's indirect grid (mgpu__indirect_setup), when there is one. */
static VkDeviceSize mgpu_histogram_scratch_bytes(const mgpu_histogram_info *info) {
    return info->count ? mgpu__indirect_args_bytes(1) : 0;
}

mgpu_result mgpu_histogram_get_requirements(mgpu_context ctx, const mgpu_histogram_info *info, mgpu_requirements *out) {
    if (!out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: null requirements");
    mgpu_histogram_bounds bounds;
    mgpu_result r = mgpu_histogram_check(ctx, info, false, false, &bounds);
    if (r != MGPU_SUCCESS) return r;
    *out = (mgpu_requirements){.scratch_size = mgpu_histogram_scratch_bytes(info),
                               .scratch_alignment = 16,
                               .scratch_usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
                                                VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT};
    return MGPU_SUCCESS;
}

/* The words of the shared histogram this device holds: a power of two up to MGPU_HISTOGRAM_SHARED_BINS. */
static uint32_t mgpu_histogram_shared_capacity(mgpu_context ctx) {
    uint32_t words = MGPU_HISTOGRAM_SHARED_BINS;
    while (words > 1 && MGPU_SHARED_BYTES_HISTOGRAM(words) > ctx->info.shared_memory_bytes) words /= 2;
    return words;
}

/* The shared histogram's length for `bins` (a power of two from 256, to share pipelines), 0: global atomics. */
static uint32_t mgpu_histogram_shared_words(mgpu_context ctx, uint32_t bins) {
    uint32_t words = 256;
    while (words < bins) words *= 2;
    return words <= mgpu_histogram_shared_capacity(ctx) ? words : 0;
}

static mgpu_pipeline_key mgpu_histogram_key(mgpu_type type, uint32_t shared_words, const mgpu_tuning *t) {
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_HISTOGRAM,
                               .type = type,
                               .subgroup = t->subgroup == MGPU_SWITCH_ON,
                               .spec = {[MGPU_SPEC_NT] = t->nt,
                                        [MGPU_SPEC_VT] = t->vt,
                                        [MGPU_HISTOGRAM_SPEC_SHARED_BINS] = shared_words ? shared_words : 1}};
}

static mgpu_result mgpu_histogram_zero(mgpu_context ctx, VkCommandBuffer cmd, mgpu_range range, uint32_t count) {
    return mgpu_cmd_fill(
        ctx, cmd,
        &(mgpu_fill_info){.type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = count, .output = range});
}

mgpu_result mgpu_cmd_histogram(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_histogram_info *info,
                               mgpu_range scratch) {
    mgpu_histogram_bounds bounds;
    mgpu_result r = mgpu_histogram_check(ctx, info, true, true, &bounds);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "histogram: null command buffer");
    /* Scratch is optional (only the grid is kept there): given, it is checked as any call's. */
    VkDeviceSize scratch_bytes = scratch.buffer ? mgpu_histogram_scratch_bytes(info) : 0;
    if (scratch_bytes) {
        size_t size = mgpu_type_size(info->type);
        mgpu_range_use uses[] = {{"the input", info->input, (VkDeviceSize)info->count * size},
                                 {"the counts", info->counts, (VkDeviceSize)info->bins * 4},
                                 {"counted", info->counted, info->counted.buffer ? 4 : 0},
                                 {"indirect_count", info->indirect_count, info->indirect_count.buffer ? 4 : 0},
                                 {"overflow", info->overflow, info->overflow.buffer ? 4 : 0}};
        r = mgpu__check_scratch(ctx, "histogram scratch", scratch, scratch_bytes, 4, uses, MGPU_ARRAY_COUNT(uses));
        if (r != MGPU_SUCCESS) return r;
    }
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_HISTOGRAM, info->type);
    uint32_t tile = t.nt * t.vt;
    uint32_t tiles = (uint32_t)(((uint64_t)info->count + tile - 1) / tile);
    uint32_t groups = mgpu__tile_groups(ctx, &t, tiles);
    if (groups > MGPU_HISTOGRAM_GROUPS) groups = MGPU_HISTOGRAM_GROUPS;
    /* The counting workgroups: the real tiles, at most the capacity's workgroups. */
    mgpu_indirect_rule rule = {.per_group = tile, .max_groups = groups};
    mgpu_indirect grid;
    r = mgpu__indirect_setup(ctx, cmd, info->indirect_count, info->overflow, info->count, t.grids,
                             scratch_bytes ? mgpu__subrange(scratch, 0, scratch_bytes) : (mgpu_range){0}, &rule,
                             scratch_bytes ? 1 : 0, &grid);
    if (r == MGPU_SUCCESS) r = mgpu_histogram_zero(ctx, cmd, info->counts, info->bins);
    if (r == MGPU_SUCCESS && info->counted.buffer) r = mgpu_histogram_zero(ctx, cmd, info->counted, 1);
    if (r != MGPU_SUCCESS || info->count == 0) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    uint32_t shared_words = mgpu_histogram_shared_words(ctx, info->bins);
    VkDeviceAddress input = mgpu_range_address(ctx, info->input);
    uint32_t epv = 16u / (uint32_t)mgpu_type_size(info->type);
    mgpu_histogram_pc pc = {.src = input,
                            .counts = mgpu_range_address(ctx, info->counts),
                            .counted = info->counted.buffer ? mgpu_range_address(ctx, info->counted) : 0,
                            .lower = bounds.lower,
                            .upper_or_width = bounds.upper_or_width,
                            .scale = bounds.scale,
                            .count = info->count,
                            .bins = info->bins,
                            .flags = (input % 16 == 0 && t.vt % epv == 0 ? MGPU_HISTOGRAM_VEC4 : 0) |
                                     (shared_words ? 0 : MGPU_HISTOGRAM_GLOBAL),
                            .count_address =
                                info->indirect_count.buffer ? mgpu_range_address(ctx, info->indirect_count) : 0};
    mgpu_pipeline_key key = mgpu_histogram_key(info->type, shared_words, &t);
    return mgpu__dispatch_sized(ctx, cmd, &key, &pc, sizeof pc, &grid, 0, groups, 1);
}

static mgpu_result mgpu_record_histogram(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_histogram(ctx, cmd, info, scratch);
}

mgpu_result mgpu_histogram(mgpu_context ctx, const mgpu_histogram_info *info, uint32_t *counted) {
    mgpu_histogram_bounds bounds;
    mgpu_result r = mgpu_histogram_check(ctx, info, true, true, &bounds);
    if (r != MGPU_SUCCESS) return r;
    mgpu_histogram_info run = *info;
    mgpu_range host = {0};
    if (counted) {
        r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, 16, &host);
        if (!run.counted.buffer) run.counted = host; /* the kernel adds straight into host-visible memory */
    }
    if (r == MGPU_SUCCESS)
        r = mgpu__run_blocking(ctx, mgpu_record_histogram, &run, mgpu_histogram_scratch_bytes(info), run.counted, host,
                               counted ? 4 : 0);
    if (r == MGPU_SUCCESS && counted) memcpy(counted, mgpu__pool_mapped(ctx, host), 4);
    mgpu_buffer_free(ctx, host);
    return r;
}

/* Builds the shared-histogram pipelines of 256 bins and the global-atomics one, and the fill of the counts. */
static mgpu_result mgpu_histogram_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_tuning t = mgpu__tuning_resolve(ctx, MGPU_PRIM_HISTOGRAM, type);
    uint32_t shared[] = {mgpu_histogram_shared_words(ctx, 256), 0};
    mgpu_result r = MGPU_SUCCESS;
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(shared) && r == MGPU_SUCCESS; ++i) {
        mgpu_pipeline_key key = mgpu_histogram_key(type, shared[i], &t);
        VkPipeline p;
        r = mgpu__pipeline_get(ctx, &key, &p);
    }
    return r;
}

static mgpu_result mgpu_histogram_prepare_once(mgpu_context ctx) {
    mgpu_result r = mgpu__fill_prepare(ctx, MGPU_TYPE_U32);
    return r == MGPU_SUCCESS ? mgpu__indirect_prepare(ctx) : r;
}

static const mgpu_tuning_row mgpu_histogram_tuning[] = {
    /* CPU devices (lavapipe): small tiles keep the tests' tile-boundary sizes small. */
    {MGPU_TYPE_MASK_ALL, MGPU_CPU_DEVICE, 64, 8, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    /* GPUs: 8 values of 32 bits (2 uvec4 loads) or 4 of 64 per thread. H200 2026-11-27 (bench/RESULTS.md, twelfth
     * session), at 2^26, 256 bins, GPU us: u32 1024 x 8 97.5, 512 x 8 101.6, 256 x 8 113.4, 512 x 16 116.1, 256 x
     * 16 (the row before) 117.8, 128 x 32 167.5; u64 1024 x 4 137.0, 512 x 4 142.4, 512 x 8 150.2, 1024 x 8
     * 150.6, 256 x 8 (the row before) 154.9. */
    {MGPU_32, MGPU_VENDOR_ANY, 1024, 8, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
    {MGPU_64, MGPU_VENDOR_ANY, 1024, 4, MGPU_SWITCH_AUTO, 0, 0, 0, 0},
};

const mgpu_family_def mgpu__histogram_family = {.prepare = mgpu_histogram_prepare,
                                                .prepare_once = mgpu_histogram_prepare_once,
                                                .tuning = mgpu_histogram_tuning,
                                                .tuning_count = MGPU_ARRAY_COUNT(mgpu_histogram_tuning)};
