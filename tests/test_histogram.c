/* Histogram against the CPU reference (tests/ref/ref_histogram.h): every type over sizes across tile boundaries
 * and past a thousand tiles, bins 1, 2, 256, 1000 (shared histograms) and 10000 and 2^20 (above the shared limit:
 * global atomics); values at lower, just below upper, at upper, outside, NaN, +-inf, -0.0, all equal (one bin:
 * the contention case), integer extremes over the widest ranges (overflow); the counts overwritten whatever they
 * held, the number counted in device memory and on the host, the recording tier, an unaligned input (no vector
 * loads); misuse (specific codes, outputs untouched). Then the shared-memory-only path (subgroup off) with a
 * non-vector VT and three workgroups looping over the tiles, and another NT: a covering design (each type with
 * some bin counts per tuning), since a tuning is one body of code for every type. Indirect counts on both tunings,
 * every type with a rotating bin count (shared histogram or global atomics), in the blocking and the recording
 * tiers: real counts 0, 1, tile-1, tile, tile+1, random, the capacity and past it (clamped), with the values past
 * the real count in bins (so that reading one shows); misuse. And the mgpuvk tool. */
#include "common.h"
#include "ref/ref_histogram.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(histogram, "slow")
MGPU_TEST_FAMILY(histogram_cli, "cli")

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define GARBAGE     0xcdcdcdcdu /* what the counts hold before a call: the call must overwrite all of it */

/* One histogram of n values (at element `shift` of the uploaded range: 1 makes the input unaligned), checked
 * against the reference: counts, the number counted (host, and device when `device_counted`). */
static void histogram_case(mgpu_type type, const void *data, size_t n, uint32_t bins, mgpu_scalar lower,
                           mgpu_scalar upper, uint32_t shift, bool device_counted) {
    size_t size = mgpu_type_size(type);
    uint32_t *want = malloc((size_t)bins * 4), *got = malloc((size_t)bins * 4);
    uint64_t want_counted = ref_histogram(type, data, n, bins, lower, upper, want);
    char *shifted = calloc(n + shift + 1, size);
    if (n) memcpy(shifted + shift * size, data, n * size);
    mgpu_range all = test_upload(type, shifted, n + shift);
    mgpu_range in = mgpu_range_slice(all, shift * size, n * size);
    mgpu_range counts, counted;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (VkDeviceSize)bins * 4, &counts));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, 4, &counted));
    for (uint32_t b = 0; b < bins; ++b) got[b] = GARBAGE;
    CHECK_OK(mgpu_buffer_upload(g_test.ctx, counts, got, (VkDeviceSize)bins * 4));
    uint32_t garbage = GARBAGE;
    CHECK_OK(mgpu_buffer_upload(g_test.ctx, counted, &garbage, 4));
    mgpu_histogram_info info = {.type = type,
                                .count = (uint32_t)n,
                                .bins = bins,
                                .lower = lower,
                                .upper = upper,
                                .input = in,
                                .counts = counts};
    if (device_counted) info.counted = counted;
    uint32_t host_counted = GARBAGE;
    CHECK_OK(mgpu_histogram(g_test.ctx, &info, &host_counted));
    CHECK_OK(mgpu_buffer_download(g_test.ctx, counts, got, (VkDeviceSize)bins * 4));
    uint32_t first = bins;
    for (uint32_t b = 0; b < bins && first == bins; ++b)
        if (got[b] != want[b]) first = b;
    char lo[64], hi[64];
    ref_format(type, lower, lo, sizeof lo);
    ref_format(type, upper, hi, sizeof hi);
    CHECK(first == bins, "histogram %s n=%zu bins=%u [%s, %s) shift %u: bin %u holds %u, expected %u",
          mgpu_type_name(type), n, bins, lo, hi, shift, first, first < bins ? got[first] : 0,
          first < bins ? want[first] : 0);
    CHECK(host_counted == want_counted, "histogram %s n=%zu bins=%u: counted %u, expected %llu", mgpu_type_name(type),
          n, bins, host_counted, (unsigned long long)want_counted);
    if (device_counted) {
        uint32_t on_device = 0;
        CHECK_OK(mgpu_buffer_download(g_test.ctx, counted, &on_device, 4));
        CHECK(on_device == want_counted, "histogram %s n=%zu: device counted %u, expected %llu", mgpu_type_name(type),
              n, on_device, (unsigned long long)want_counted);
    }
    mgpu_buffer_free(g_test.ctx, all);
    mgpu_buffer_free(g_test.ctx, counts);
    mgpu_buffer_free(g_test.ctx, counted);
    free(shifted);
    free(want);
    free(got);
}

/* The range of the matrix for type: integers [lower, lower + span), floats [-3.25, 1000.5). */
static void histogram_range(mgpu_type type, int64_t span, mgpu_scalar *lower, mgpu_scalar *upper) {
    const ref_type_info *t = ref_type(type);
    if (t->is_float) {
        *lower = t->from_double(-3.25);
        *upper = t->from_double(1000.5);
    } else {
        int64_t lo = t->is_signed ? -span / 3 : 7;
        *lower = t->from_int(lo);
        *upper = t->from_int(lo + span);
    }
}

/* n values around [lower, upper): mostly inside, some outside on either side, for floats the specials too. */
static void histogram_values(mgpu_type type, void *data, size_t n, mgpu_scalar lower, mgpu_scalar upper) {
    const ref_type_info *t = ref_type(type);
    double lo = t->to_double(lower), hi = t->to_double(upper), margin = (hi - lo) / 8 + 2;
    for (size_t i = 0; i < n; ++i) {
        double x = lo - margin + (double)(test_random() >> 11) / 9007199254740992.0 * (hi - lo + 2 * margin);
        if (t->is_float)
            ref_set(type, data, i, t->from_double(x));
        else
            ref_set(type, data, i, t->from_int((int64_t)floor(x)));
    }
    if (n > 16) {
        ref_set(type, data, test_random_below((uint32_t)n), lower);
        ref_set(type, data, test_random_below((uint32_t)n), upper);
        if (t->is_float) {
            double specials[] = {NAN, -NAN, -0.0, 0.0, INFINITY, -INFINITY};
            for (size_t k = 0; k < 6; ++k)
                ref_set(type, data, test_random_below((uint32_t)n), t->from_double(specials[k]));
        }
    }
}

/* Every type over the sizes with the bins of `bin_set` (or, bin_set < 0, all bin counts). */
static void histogram_matrix(int bin_set, bool all_sizes) {
    static const uint32_t bin_counts[] = {1, 2, 256, 1000, 10000};
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t tile = test_tile(MGPU_PRIM_HISTOGRAM, type), sizes[20];
        size_t count = all_sizes ? test_sizes(tile, sizes, 18) : 0;
        if (!all_sizes) {
            sizes[count++] = tile - 1;
            sizes[count++] = 3 * tile + 5;
        }
        sizes[count++] = 1000 * tile + 17; /* past a thousand tiles: workgroups loop over tiles */
        for (size_t s = 0; s < count; ++s) {
            size_t n = sizes[s];
            void *data = malloc(n * mgpu_type_size(type) + 8);
            for (size_t b = 0; b < COUNT_OF(bin_counts); ++b) {
                if (bin_set >= 0 && b != (size_t)(t + bin_set) % 5 && b != (size_t)(t + bin_set + 2) % 5) continue;
                uint32_t bins = bin_counts[b];
                mgpu_scalar lower, upper;
                histogram_range(type, b % 2 ? 5000 : 3 * (int64_t)bins + 1, &lower, &upper);
                histogram_values(type, data, n, lower, upper);
                histogram_case(type, data, n, bins, lower, upper, 0, (s + b) % 2 == 0);
            }
            free(data);
        }
    }
}

/* The edges: lower, just below upper, upper, outside, the float specials, all equal; integer extremes over the
 * widest ranges; an unaligned input; the largest bin count. */
static void histogram_edges(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        const ref_type_info *info = ref_type(type);
        size_t size = mgpu_type_size(type), n = 7 * test_tile(MGPU_PRIM_HISTOGRAM, type) + 3;
        char *data = malloc(n * size + 8);
        mgpu_scalar lower, upper;
        histogram_range(type, 1000, &lower, &upper);
        /* The edges, each many times: lower (bin 0), just below upper (the last bin), upper and beyond (none). */
        mgpu_scalar below_upper = info->is_float
                                      ? info->from_double(type == MGPU_TYPE_F32 ? (double)nextafterf(upper.f32, 0.0f)
                                                                                : nextafter(upper.f64, 0.0))
                                      : info->add(upper, info->from_int(-1));
        mgpu_scalar edges[] = {lower,
                               below_upper,
                               upper,
                               info->add(lower, info->from_int(-1)),
                               info->add(upper, info->from_int(1)),
                               info->from_int(0),
                               info->extreme(false),
                               info->extreme(true)};
        for (size_t i = 0; i < n; ++i) ref_set(type, data, i, edges[test_random_below(COUNT_OF(edges))]);
        for (uint32_t bins = 1; bins <= 1000; bins = bins * 10 + 3)
            histogram_case(type, data, n, bins, lower, upper, 0, true);
        if (info->is_float) {
            /* NaN, -NaN, +-inf, -0.0 and +0.0 over a range that starts at 0.0 (and one that starts at -0.0). */
            double specials[] = {NAN, -NAN, INFINITY, -INFINITY, -0.0, 0.0, 1.0, 0.5};
            for (size_t i = 0; i < n; ++i) ref_set(type, data, i, info->from_double(specials[test_random_below(8)]));
            histogram_case(type, data, n, 4, info->from_double(0.0), info->from_double(2.0), 0, true);
            histogram_case(type, data, n, 3, info->from_double(-0.0), info->from_double(1.0), 0, true);
            /* The widest finite range whose width is finite, over values across it. */
            double wide = type == MGPU_TYPE_F32 ? 1e38 : 1e307;
            for (size_t i = 0; i < n; ++i)
                ref_set(type, data, i,
                        info->from_double(((double)(test_random() >> 11) / 9007199254740992.0 * 2.5 - 1.25) * wide));
            histogram_case(type, data, n, 1000, info->from_double(-wide), info->from_double(wide), 0, true);
        } else {
            /* The whole range of the type but its maximum, over values of every bit pattern. */
            for (size_t i = 0; i < n; ++i) {
                uint64_t bits = test_random();
                memcpy(data + i * size, &bits, size);
            }
            for (size_t i = 0; i < 8; ++i) ref_set(type, data, test_random_below((uint32_t)n), info->extreme(i % 2));
            uint32_t wide_bins[] = {1, 2, 256, 1000, 10000, 999983};
            for (size_t b = 0; b < COUNT_OF(wide_bins); ++b)
                histogram_case(type, data, n, wide_bins[b], info->extreme(false), info->extreme(true), 0, b % 2);
            /* The top of the range, and a range of width one at the bottom. */
            histogram_case(type, data, n, 7, info->add(info->extreme(true), info->from_int(-(int64_t)n)),
                           info->extreme(true), 0, true);
            for (size_t i = 0; i < n; i += 3) ref_set(type, data, i, info->extreme(false));
            histogram_case(type, data, n, 5, info->extreme(false), info->add(info->extreme(false), info->from_int(1)),
                           0, true);
        }
        /* All equal, inside (one bin takes every value: the contention case) and outside. */
        mgpu_scalar inside = info->from_int(3);
        for (size_t i = 0; i < n; ++i) ref_set(type, data, i, inside);
        histogram_case(type, data, n, 256, lower, upper, 0, true);
        histogram_case(type, data, n, 10000, lower, upper, 0, false);
        for (size_t i = 0; i < n; ++i) ref_set(type, data, i, upper);
        histogram_case(type, data, n, 2, lower, upper, 0, true);
        /* An unaligned input (no vector loads), and the largest bin count. */
        histogram_values(type, data, n, lower, upper);
        histogram_case(type, data, n, 256, lower, upper, 1, true);
        histogram_case(type, data, n, MGPU_HISTOGRAM_MAX_BINS, lower, upper, 0, true);
        free(data);
    }
}

/* Values on the bins' edges and beside them, where an estimate of the bin is most easily one off: integers, each
 * bin's first value (lower + ceil(k * width / bins)) and the one before, over ranges up to the type's whole range;
 * floats, the edges lower + k * (width / bins) in double and their neighbours in the type. */
static void histogram_bin_edges(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        const ref_type_info *info = ref_type(type);
        size_t size = mgpu_type_size(type);
        static const uint32_t edge_bins[] = {3, 256, 1000, 65521};
        for (size_t b = 0; b < COUNT_OF(edge_bins); ++b) {
            uint32_t bins = edge_bins[b];
            size_t n = (size_t)bins * 3;
            char *data = malloc(n * size + 8);
            mgpu_scalar lower, upper;
            if (info->is_float) {
                lower = info->from_double(-1000.0 / 3), upper = info->from_double(b % 2 ? 1e6 : 7.0);
                double lo = info->to_double(lower), width = info->to_double(upper) - lo;
                for (uint32_t k = 0; k < bins; ++k) {
                    double edge = lo + (double)k * (width / bins);
                    if (type == MGPU_TYPE_F32) {
                        float e = (float)edge;
                        float around[3] = {nextafterf(e, -INFINITY), e, nextafterf(e, INFINITY)};
                        memcpy(data + (size_t)k * 3 * size, around, sizeof around);
                    } else {
                        double around[3] = {nextafter(edge, -INFINITY), edge, nextafter(edge, INFINITY)};
                        memcpy(data + (size_t)k * 3 * size, around, sizeof around);
                    }
                }
            } else {
                /* The whole range but the maximum, or a range of a width that is no multiple of bins. */
                lower = b % 2 ? info->extreme(false) : info->from_int(info->is_signed ? -77777 : 5);
                upper = b % 2 ? info->extreme(true) : info->from_int(info->is_signed ? 1234567 : 2000003);
                uint64_t lo_bits = 0, hi_bits = 0;
                memcpy(&lo_bits, &lower, size);
                memcpy(&hi_bits, &upper, size);
                uint64_t width = (hi_bits - lo_bits) & (size == 4 ? 0xffffffffull : ~0ull);
                for (uint32_t k = 0; k < bins; ++k) {
                    /* ceil(k * width / bins), exactly */
                    uint64_t first = (uint64_t)(((ref_u128)k * width + bins - 1) / bins);
                    uint64_t around[3] = {lo_bits + first - 1, lo_bits + first, lo_bits + first + 1};
                    for (int j = 0; j < 3; ++j) memcpy(data + ((size_t)k * 3 + (size_t)j) * size, &around[j], size);
                }
            }
            histogram_case(type, data, n, bins, lower, upper, 0, true);
            free(data);
        }
    }
}

/* The recording tier: counts and counted of a recorded histogram, twice into the same counts (overwritten, never
 * accumulated), between the caller's own commands. */
static void histogram_recorded(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t n = 5000, bins = 300, values[5000], want[300], got[300], counted = 0;
    for (uint32_t i = 0; i < n; ++i) values[i] = test_random_below(4000);
    mgpu_scalar lower = {.u32 = 100}, upper = {.u32 = 3100};
    uint64_t want_counted = ref_histogram(MGPU_TYPE_U32, values, n, bins, lower, upper, want);
    mgpu_range in = test_upload(MGPU_TYPE_U32, values, n), counts, counted_range;
    CHECK_OK(mgpu_buffer_alloc(ctx, bins * 4, &counts));
    CHECK_OK(mgpu_buffer_alloc(ctx, 4, &counted_range));
    mgpu_histogram_info info = {.type = MGPU_TYPE_U32,
                                .count = n,
                                .bins = bins,
                                .lower = lower,
                                .upper = upper,
                                .input = in,
                                .counts = counts,
                                .counted = counted_range};
    mgpu_requirements req;
    CHECK_OK(mgpu_histogram_get_requirements(ctx, &info, &req));
    CHECK(req.scratch_size == 16 && (req.scratch_usage & VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT),
          "histogram asks for %llu bytes of scratch, usage 0x%x", (unsigned long long)req.scratch_size,
          (unsigned)req.scratch_usage);
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_OK(mgpu_cmd_histogram(ctx, cmd, &info, (mgpu_range){0}));
    mgpu_cmd_barrier(ctx, cmd);
    CHECK_OK(mgpu_cmd_histogram(ctx, cmd, &info, (mgpu_range){0}));
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK_OK(mgpu_buffer_download(ctx, counts, got, bins * 4));
    CHECK_OK(mgpu_buffer_download(ctx, counted_range, &counted, 4));
    CHECK(memcmp(got, want, bins * 4) == 0, "recorded histogram: counts differ from the reference");
    CHECK(counted == want_counted, "recorded histogram: counted %u, expected %llu", counted,
          (unsigned long long)want_counted);
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, counts);
    mgpu_buffer_free(ctx, counted_range);
}

/* A histogram of `capacity` values whose count is the device uint32 `real` (indirect_count), against the reference
 * over min(real, capacity) values; the values past them are lower and the middle of the range (bins 0 and
 * bins / 2), so that reading one changes the counts and the number counted. `recorded`: the recording tier (the
 * number counted in device memory), else the blocking call (the number counted on the host, in device memory in
 * half the cases); the recording tier's scratch by `scratch`: 0 the requirements' from the pool (sized grids),
 * 1 none, 2 in a caller's buffer without indirect usage (both: the capacity's grid). The overflow flag, asked
 * for in every case, is 1 exactly when real > capacity. Returns the failures. */
static uint64_t histogram_indirect_case(mgpu_type type, uint32_t bins, uint32_t capacity, uint32_t real, bool recorded,
                                        int scratch) {
    uint64_t before = g_test.failures;
    mgpu_context ctx = g_test.ctx;
    const ref_type_info *t = ref_type(type);
    size_t size = mgpu_type_size(type), n = real < capacity ? real : capacity;
    mgpu_scalar lower, upper;
    histogram_range(type, 3 * (int64_t)bins + 1, &lower, &upper);
    char *data = malloc((size_t)capacity * size + 8);
    histogram_values(type, data, n, lower, upper);
    mgpu_scalar middle = t->is_float ? t->from_double((t->to_double(lower) + t->to_double(upper)) / 2)
                                     : t->from_int((int64_t)(t->to_double(lower) / 2 + t->to_double(upper) / 2));
    for (size_t i = n; i < capacity; ++i) ref_set(type, data, i, i % 2 ? middle : lower);
    uint32_t *want = malloc((size_t)bins * 4), *got = malloc((size_t)bins * 4);
    uint64_t want_counted = ref_histogram(type, data, n, bins, lower, upper, want);
    mgpu_range in = test_upload(type, data, capacity), counts, counted, count;
    CHECK_OK(mgpu_buffer_alloc(ctx, (VkDeviceSize)bins * 4, &counts));
    CHECK_OK(mgpu_buffer_alloc(ctx, 4, &counted));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &count));
    for (uint32_t b = 0; b < bins; ++b) got[b] = GARBAGE;
    CHECK_OK(mgpu_buffer_upload(ctx, counts, got, (VkDeviceSize)bins * 4));
    CHECK_OK(mgpu_buffer_upload(ctx, counted, got, 4));
    uint32_t words[4] = {real, GARBAGE, GARBAGE, GARBAGE}; /* the count, the overflow flag at byte 8 */
    CHECK_OK(mgpu_buffer_upload(ctx, count, words, sizeof words));
    bool device_counted = recorded || test_random_below(2);
    mgpu_histogram_info info = {.type = type,
                                .count = capacity,
                                .bins = bins,
                                .lower = lower,
                                .upper = upper,
                                .input = in,
                                .counts = counts,
                                .indirect_count = mgpu_range_slice(count, 0, 4),
                                .overflow = mgpu_range_slice(count, 8, 4)};
    if (device_counted) info.counted = counted;
    uint32_t host_counted = GARBAGE;
    if (recorded) {
        mgpu_requirements req;
        CHECK_OK(mgpu_histogram_get_requirements(ctx, &info, &req));
        mgpu_range pooled = {0};
        test_caller_scratch caller = {0};
        if (scratch == 0 && req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &pooled));
        if (scratch == 2 && req.scratch_size) caller = test_caller_scratch_create(req.scratch_size);
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_histogram(ctx, cmd, &info, scratch == 2 ? caller.range : pooled));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        mgpu_buffer_free(ctx, pooled);
        test_caller_scratch_destroy(&caller);
    } else {
        CHECK_OK(mgpu_histogram(ctx, &info, &host_counted));
        CHECK(host_counted == want_counted,
              "indirect histogram %s bins %u capacity %u count %u: counted %u, expected %llu", mgpu_type_name(type),
              bins, capacity, real, host_counted, (unsigned long long)want_counted);
    }
    CHECK_OK(mgpu_buffer_download(ctx, counts, got, (VkDeviceSize)bins * 4));
    uint32_t first = bins;
    for (uint32_t b = 0; b < bins && first == bins; ++b)
        if (got[b] != want[b]) first = b;
    CHECK(first == bins, "indirect histogram %s bins %u capacity %u count %u (%s): bin %u holds %u, expected %u",
          mgpu_type_name(type), bins, capacity, real, recorded ? "recorded" : "blocking", first,
          first < bins ? got[first] : 0, first < bins ? want[first] : 0);
    if (device_counted) {
        uint32_t on_device = GARBAGE;
        CHECK_OK(mgpu_buffer_download(ctx, counted, &on_device, 4));
        CHECK(on_device == want_counted, "indirect histogram %s capacity %u count %u: device counted %u, expected %llu",
              mgpu_type_name(type), capacity, real, on_device, (unsigned long long)want_counted);
    }
    CHECK_OK(mgpu_buffer_download(ctx, count, words, sizeof words));
    CHECK(words[2] == (real > capacity) && words[1] == GARBAGE && words[3] == GARBAGE,
          "indirect histogram %s capacity %u count %u (%s, scratch %d): overflow %08x (%08x %08x around it)",
          mgpu_type_name(type), capacity, real, recorded ? "recorded" : "blocking", scratch, words[2], words[1],
          words[3]);
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, counts);
    mgpu_buffer_free(ctx, counted);
    mgpu_buffer_free(ctx, count);
    free(data);
    free(want);
    free(got);
    return g_test.failures - before;
}

/* Indirect counts: capacities of one tile, a few tiles and 40 (workgroups looping over tiles where the tuning
 * caps them); every type, bins 256 (shared histogram) or 10000 (global atomics) by type + rotation, the tier and
 * the scratch by the case. */
static void histogram_indirect(int rotation) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t bins = (t + rotation) % 2 ? 10000 : 256;
        uint32_t tile = test_tile(MGPU_PRIM_HISTOGRAM, type);
        uint32_t capacities[3] = {tile, 3 * tile + 5, 40 * tile + 5};
        for (size_t c = 0; c < COUNT_OF(capacities); ++c) {
            uint32_t cap = capacities[c];
            uint32_t reals[] = {0, 1, tile - 1, tile, tile + 1, test_random_below(cap + 1), cap, cap + 3, UINT32_MAX};
            for (size_t r = 0; r < COUNT_OF(reals); ++r)
                if (histogram_indirect_case(type, bins, cap, reals[r], (r + c + (size_t)rotation) % 2,
                                            (int)((r / 2 + c) % 3)))
                    return;
        }
    }
}

static void histogram_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range in, counts, counted;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &in));
    CHECK_OK(mgpu_buffer_alloc(ctx, 64 * 4, &counts));
    CHECK_OK(mgpu_buffer_alloc(ctx, 4, &counted));
    uint32_t sentinel[64];
    for (int i = 0; i < 64; ++i) sentinel[i] = GARBAGE;
    CHECK_OK(mgpu_buffer_upload(ctx, counts, sentinel, sizeof sentinel));
    CHECK_OK(mgpu_buffer_upload(ctx, counted, sentinel, 4));
    mgpu_histogram_info good = {.type = MGPU_TYPE_I32,
                                .count = 100,
                                .bins = 64,
                                .lower.i32 = -5,
                                .upper.i32 = 5,
                                .input = in,
                                .counts = counts,
                                .counted = counted};
    mgpu_histogram_info bad;
    uint32_t host = GARBAGE;
#define REFUSED(expected) CHECK_RESULT(mgpu_histogram(ctx, &bad, &host), expected)
    bad = good, bad.bins = 0;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.bins = MGPU_HISTOGRAM_MAX_BINS + 1;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.upper.i32 = -5; /* lower == upper */
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.upper.i32 = -6;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.type = MGPU_TYPE_COUNT;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.count = 0x80000000u;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.type = MGPU_TYPE_U64, bad.lower.u64 = 9, bad.upper.u64 = 9;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.type = MGPU_TYPE_I64, bad.lower.i64 = 0, bad.upper.i64 = INT64_MIN;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    /* Floats: NaN, infinite bounds, a width or a scale that overflows. */
    float f_lo[] = {NAN, 0.0f, -INFINITY, -3e38f, 0.0f, 1.0f}, f_hi[] = {1.0f, NAN, 1.0f, 3e38f, 1e-40f, 1.0f};
    for (size_t k = 0; k < COUNT_OF(f_lo); ++k) {
        bad = good, bad.type = MGPU_TYPE_F32, bad.lower.f32 = f_lo[k], bad.upper.f32 = f_hi[k];
        REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    }
    double d_lo[] = {NAN, 0.0, 0.0, -1.5e308, 2.0}, d_hi[] = {1.0, INFINITY, NAN, 1.5e308, 1.0};
    for (size_t k = 0; k < COUNT_OF(d_lo); ++k) {
        bad = good, bad.type = MGPU_TYPE_F64, bad.lower.f64 = d_lo[k], bad.upper.f64 = d_hi[k];
        REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    }
    bad = good, bad.count = 101;
    REFUSED(MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good, bad.bins = 65;
    REFUSED(MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good, bad.counted = mgpu_range_slice(counted, 0, 2);
    REFUSED(MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good, bad.counts = mgpu_range_slice(counts, 2, 62 * 4), bad.bins = 60;
    REFUSED(MGPU_ERROR_MISALIGNED);
    bad = good, bad.counts = (mgpu_range){0};
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.counts = mgpu_range_slice(in, 0, 64 * 4); /* counts over the input */
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.counted = mgpu_range_slice(counts, 8, 4); /* counted inside the counts */
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    /* indirect_count: too small, misaligned, overlapping the counts or counted. */
    bad = good, bad.indirect_count = mgpu_range_slice(in, 0, 2);
    REFUSED(MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good, bad.indirect_count = mgpu_range_slice(in, 2, 4);
    REFUSED(MGPU_ERROR_MISALIGNED);
    bad = good, bad.indirect_count = mgpu_range_slice(counts, 12, 4);
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.indirect_count = counted;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    /* overflow: without indirect_count, too small, misaligned, over indirect_count, the input, counts or counted. */
    mgpu_range flag;
    CHECK_OK(mgpu_buffer_alloc(ctx, 32, &flag));
    bad = good, bad.overflow = mgpu_range_slice(flag, 8, 4);
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    good.indirect_count = mgpu_range_slice(flag, 0, 4);
    bad = good, bad.overflow = mgpu_range_slice(flag, 8, 2);
    REFUSED(MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good, bad.overflow = mgpu_range_slice(flag, 6, 4);
    REFUSED(MGPU_ERROR_MISALIGNED);
    bad = good, bad.overflow = mgpu_range_slice(flag, 0, 4);
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.overflow = mgpu_range_slice(in, 8, 4);
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.overflow = mgpu_range_slice(counts, 8, 4);
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.overflow = counted;
    REFUSED(MGPU_ERROR_INVALID_ARGUMENT);
    good.indirect_count = (mgpu_range){0};
#undef REFUSED
    CHECK(host == GARBAGE, "a refused histogram wrote its count");
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_RESULT(mgpu_cmd_histogram(ctx, VK_NULL_HANDLE, &good, (mgpu_range){0}), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.bins = 0;
    CHECK_RESULT(mgpu_cmd_histogram(ctx, cmd, &bad, (mgpu_range){0}), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.indirect_count = mgpu_range_slice(counts, 0, 4);
    CHECK_RESULT(mgpu_cmd_histogram(ctx, cmd, &bad, (mgpu_range){0}), MGPU_ERROR_INVALID_ARGUMENT);
    /* scratch over the overflow flag, or too small for the grid */
    bad = good, bad.indirect_count = mgpu_range_slice(flag, 0, 4), bad.overflow = mgpu_range_slice(flag, 16, 4);
    CHECK_RESULT(mgpu_cmd_histogram(ctx, cmd, &bad, mgpu_range_slice(flag, 16, 16)), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_cmd_histogram(ctx, cmd, &bad, mgpu_range_slice(flag, 20, 8)), MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT(mgpu_histogram(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT); /* the context is recording */
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    uint32_t after[64];
    CHECK_OK(mgpu_buffer_download(ctx, counts, after, sizeof after));
    CHECK(memcmp(after, sentinel, sizeof after) == 0, "a refused histogram wrote its counts");
    CHECK_OK(mgpu_buffer_download(ctx, counted, after, 4));
    CHECK(after[0] == GARBAGE, "a refused histogram wrote its number counted");
    mgpu_requirements req;
    CHECK_RESULT(mgpu_histogram_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good, bad.lower.i32 = 5;
    CHECK_RESULT(mgpu_histogram_get_requirements(ctx, &bad, &req), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, counts);
    mgpu_buffer_free(ctx, counted);
    mgpu_buffer_free(ctx, flag);
}

/* histogram_indirect(0), as test_each_grids' fn. */
static void histogram_indirect_grids(void *unused) {
    (void)unused;
    histogram_indirect(0);
}

void test_histogram(void) {
    histogram_matrix(-1, true);
    histogram_edges();
    histogram_bin_edges();
    histogram_recorded();
    histogram_misuse();
    test_each_grids(MGPU_PRIM_HISTOGRAM, histogram_indirect_grids, NULL);
    /* The shared-memory path without subgroups, a non-vector VT and three workgroups looping over the tiles;
     * another NT. */
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_HISTOGRAM, MGPU_TYPE_MASK_ALL,
                                     &(mgpu_tuning){.subgroup = MGPU_SWITCH_OFF, .vt = 3, .groups = 3}));
    histogram_matrix(0, false);
    histogram_indirect(1);
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_HISTOGRAM, MGPU_TYPE_MASK_ALL,
                                     &(mgpu_tuning){.nt = 32, .vt = 4}));
    histogram_matrix(1, false);
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_HISTOGRAM, MGPU_TYPE_MASK_ALL, NULL));
}

/* ---- the tool ---- */

void test_histogram_cli(void) {
    if (!test_cli_begin("histogram_cli")) return;
    char args[4096], out[4096], err[4096];
    char in_npy[600], counts_npy[600];
    test_cli_path(in_npy, sizeof in_npy, "in.npy");
    test_cli_path(counts_npy, sizeof counts_npy, "counts.npy");
    static const char *const ranges[MGPU_TYPE_COUNT] = {
        "7:1007",  "-300:700", "-3.25:1000.5", "0:18446744073709551615", "-9223372036854775808:9223372036854775807",
        "-0.5:1e3"};
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        const ref_type_info *info = ref_type(type);
        size_t n = t == 0 ? 0 : 1 + test_random_below(3000);
        uint32_t bins = t == 1 ? 1 : 1 + test_random_below(400);
        char *data = malloc(n * 8 + 8);
        mgpu_scalar lower, upper;
        if (type == MGPU_TYPE_U64) {
            lower.u64 = 0, upper.u64 = UINT64_MAX;
        } else if (type == MGPU_TYPE_I64) {
            lower = info->extreme(false), upper = info->extreme(true);
        } else if (type == MGPU_TYPE_F64) {
            lower.f64 = -0.5, upper.f64 = 1e3;
        } else {
            histogram_range(type, 1000, &lower, &upper);
            if (type == MGPU_TYPE_I32) lower.i32 = -300, upper.i32 = 700;
        }
        if (info->is_float || type == MGPU_TYPE_U32 || type == MGPU_TYPE_I32) {
            histogram_values(type, data, n, lower, upper);
        } else {
            for (size_t i = 0; i < n; ++i) {
                uint64_t bits = test_random();
                memcpy(data + i * 8, &bits, 8);
            }
        }
        uint32_t *want = malloc((size_t)bins * 4);
        uint64_t counted = ref_histogram(type, data, n, bins, lower, upper, want);
        test_cli_write(in_npy, type, data, n);
        snprintf(args, sizeof args, "histogram '%s' --bins %u --range %s -o '%s'", in_npy, bins, ranges[t], counts_npy);
        remove(counts_npy);
        int code = test_cli_run(args, out, sizeof out, err, sizeof err);
        CHECK(code == 0 && strtoull(out, NULL, 10) == counted, "mgpuvk %s -> %d, printed %s (%llu counted): %s", args,
              code, out, (unsigned long long)counted, err);
        test_cli_expect(counts_npy, MGPU_TYPE_U32, want, bins, "histogram counts");
        free(data);
        free(want);
    }
    /* Bad input: bins missing, 0, too many or not a number; a range missing, malformed, empty, reversed, out of the
     * type or not finite; no -o; -o naming the input. */
    int32_t values[5] = {1, 2, 2, 5, 9};
    test_cli_write(in_npy, MGPU_TYPE_I32, values, 5);
    const char *bad[] = {"--range 0:10",
                         "--bins 0 --range 0:10",
                         "--bins 1048577 --range 0:10",
                         "--bins x --range 0:10",
                         "--bins 4",
                         "--bins 4 --range 10",
                         "--bins 4 --range 5:5",
                         "--bins 4 --range 9:1",
                         "--bins 4 --range 0:2147483648",
                         "--bins 4 --range 0.5:3",
                         "--bins 4 --range :3",
                         "--bins 4 --range 0:3x",
                         "--bins -4 --range 0:3"};
    for (size_t k = 0; k < COUNT_OF(bad); ++k) {
        snprintf(args, sizeof args, "histogram '%s' %s -o '%s'", in_npy, bad[k], counts_npy);
        test_cli_rejected(args, counts_npy, NULL, in_npy);
    }
    float f[3] = {1, 2, 3};
    test_cli_write(in_npy, MGPU_TYPE_F32, f, 3);
    const char *bad_float[] = {"nan:1", "0:inf", "-3e38:3e38", "1:x", "0:1e-40"};
    for (size_t k = 0; k < COUNT_OF(bad_float); ++k) {
        snprintf(args, sizeof args, "histogram '%s' --bins 4 --range %s -o '%s'", in_npy, bad_float[k], counts_npy);
        test_cli_rejected(args, counts_npy, NULL, in_npy);
    }
    snprintf(args, sizeof args, "histogram '%s' --bins 4 --range 0:3", in_npy);
    test_cli_rejected(args, NULL, NULL, in_npy); /* no -o */
    int code;
    snprintf(args, sizeof args, "histogram '%s' --bins 4 --range 0:3 -o '%s'", in_npy, in_npy);
    code = test_cli_run(args, out, sizeof out, err, sizeof err); /* -o may replace IN */
    uint32_t in_place[4] = {0, 1, 1, 0};
    CHECK(code == 0 && strtoull(out, NULL, 10) == 2, "mgpuvk %s -> %d, printed %s: %s", args, code, out, err);
    test_cli_expect(in_npy, MGPU_TYPE_U32, in_place, 4, "histogram counts in place");
    code = test_cli_run("histogram --help", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strstr(out, "--bins") != NULL, "mgpuvk histogram --help -> %d: %s", code, out);
    test_cli_end();
}
