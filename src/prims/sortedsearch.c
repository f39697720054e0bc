/*
 * Vectorized sorted search (the seeds' chapter 9). First version: a binary search per element, one dispatch
 * per direction (A into B, B into A); the merge-like linear pass of the seeds is the next step.
 */
#include "../mgpu_internal.h"

#define MGPU_SEARCH_NT 256u

static mgpu_result mgpu_search_check(mgpu_context ctx, const mgpu_sorted_search_info *info) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!info) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: null info");
    mgpu_result r = mgpu__check_type(ctx, info->key_type);
    if (r != MGPU_SUCCESS) return r;
    if ((unsigned)info->bounds > MGPU_BOUNDS_UPPER)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: bounds %d", (int)info->bounds);
    if (info->a_count > MGPU_MAX_COUNT || info->b_count > MGPU_MAX_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: counts above 2^31-1");
    size_t k = mgpu_type_size(info->key_type);
    struct { const char *name; mgpu_range range; uint64_t bytes; size_t align; bool optional; } ranges[] = {
        {"sorted search a_keys", info->a_keys, (uint64_t)info->a_count * k, k, false},
        {"sorted search b_keys", info->b_keys, (uint64_t)info->b_count * k, k, false},
        {"sorted search a_indices", info->a_indices, (uint64_t)info->a_count * 4, 4, true},
        {"sorted search b_indices", info->b_indices, (uint64_t)info->b_count * 4, 4, true},
        {"sorted search a_matches", info->a_matches, (uint64_t)info->a_count * 4, 4, true},
        {"sorted search b_matches", info->b_matches, (uint64_t)info->b_count * 4, 4, true},
    };
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++i) {
        if (!ranges[i].bytes || (ranges[i].optional && !ranges[i].range.buffer)) continue;
        r = mgpu__check_range(ctx, ranges[i].name, ranges[i].range, ranges[i].bytes, ranges[i].align);
    }
    for (size_t o = 2; o < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++o)
        for (size_t i = 0; i < MGPU_ARRAY_COUNT(ranges) && r == MGPU_SUCCESS; ++i)
            if (i != o && (i < 2 || i > o) && ranges[o].range.buffer &&
                mgpu__ranges_overlap(ranges[o].range, ranges[o].bytes, ranges[i].range, ranges[i].bytes))
                r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps %s", ranges[o].name, ranges[i].name);
    return r;
}

static mgpu_pipeline_key mgpu_search_key(mgpu_type type, uint32_t upper, bool descending) {
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_SORTED_SEARCH, .type = type,
                               .spec = {[MGPU_SPEC_NT] = MGPU_SEARCH_NT, [MGPU_SPEC_MODE] = upper,
                                        [MGPU_SPEC_DESCENDING] = descending}};
}

/* One direction: needles into haystack, writing the outputs that are present. */
static mgpu_result mgpu_search_direction(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_sorted_search_info *info,
                                         bool a_into_b) {
    uint32_t needles = a_into_b ? info->a_count : info->b_count, hay = a_into_b ? info->b_count : info->a_count;
    mgpu_range indices = a_into_b ? info->a_indices : info->b_indices;
    mgpu_range flags = a_into_b ? info->a_matches : info->b_matches;
    if (!needles || (!indices.buffer && !flags.buffer)) return MGPU_SUCCESS;
    mgpu_search_pc pc = {.needles = mgpu_range_address(ctx, a_into_b ? info->a_keys : info->b_keys),
                         .haystack = hay ? mgpu_range_address(ctx, a_into_b ? info->b_keys : info->a_keys) : 0,
                         .indices = indices.buffer ? mgpu_range_address(ctx, indices) : 0,
                         .flags = flags.buffer ? mgpu_range_address(ctx, flags) : 0,
                         .needle_count = needles,
                         .haystack_count = hay};
    /* lower bound of A into B goes with the upper bound of B into A, and the other way round */
    uint32_t upper = a_into_b ? (info->bounds == MGPU_BOUNDS_UPPER) : (info->bounds == MGPU_BOUNDS_LOWER);
    mgpu_pipeline_key key = mgpu_search_key(info->key_type, upper, info->descending);
    uint32_t groups = (needles + MGPU_SEARCH_NT - 1) / MGPU_SEARCH_NT;
    return mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, groups > 65535 ? 65535 : groups, 1);
}

mgpu_result mgpu_cmd_sorted_search(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_sorted_search_info *info) {
    mgpu_result r = mgpu_search_check(ctx, info);
    if (r != MGPU_SUCCESS) return r;
    if (!cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "sorted search: null command buffer");
    r = mgpu_search_direction(ctx, cmd, info, true);
    return r == MGPU_SUCCESS ? mgpu_search_direction(ctx, cmd, info, false) : r;
}

static mgpu_result mgpu_record_search(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    (void)scratch;
    return mgpu_cmd_sorted_search(ctx, cmd, info);
}

/* The number of ones among count int32 flags. */
static mgpu_result mgpu_count_flags(mgpu_context ctx, mgpu_range flags, uint32_t count, uint32_t *out) {
    *out = 0;
    if (!flags.buffer || !count) return MGPU_SUCCESS;
    mgpu_reduce_value v;
    mgpu_result r = mgpu_reduce(ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_U32, .count = count, .input = flags}, &v);
    if (r == MGPU_SUCCESS) *out = v.value.u32;
    return r;
}

mgpu_result mgpu_sorted_search(mgpu_context ctx, const mgpu_sorted_search_info *info, uint32_t *a_match_count,
                               uint32_t *b_match_count) {
    mgpu_result r = mgpu_search_check(ctx, info);
    if (r == MGPU_SUCCESS) r = mgpu__run_blocking(ctx, mgpu_record_search, info, 0, (mgpu_range){0}, (mgpu_range){0}, 0);
    uint32_t a = 0, b = 0;
    if (r == MGPU_SUCCESS && a_match_count) r = mgpu_count_flags(ctx, info->a_matches, info->a_count, &a);
    if (r == MGPU_SUCCESS && b_match_count) r = mgpu_count_flags(ctx, info->b_matches, info->b_count, &b);
    if (r == MGPU_SUCCESS && a_match_count) *a_match_count = a;
    if (r == MGPU_SUCCESS && b_match_count) *b_match_count = b;
    return r;
}

mgpu_result mgpu__sorted_search_prepare(mgpu_context ctx, mgpu_type type) {
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t upper = 0; upper < 2 && r == MGPU_SUCCESS; ++upper)
        for (int descending = 0; descending < 2 && r == MGPU_SUCCESS; ++descending) {
            mgpu_pipeline_key key = mgpu_search_key(type, upper, descending);
            VkPipeline p;
            r = mgpu__pipeline_get(ctx, &key, &p);
        }
    return r;
}
