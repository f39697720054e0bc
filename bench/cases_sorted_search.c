/* The benchmark's sorted search case: the lower bound of n sorted random needles into n sorted random keys;
 * items = needles. */
#include "cases.h"

#include <stdlib.h>

static mgpu_result record_search(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_sorted_search(c, cmd, i, s);
}

static bool setup_search(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    size_t size = mgpu_type_size(type);
    mgpu_range a = bench_prefix(b->in, n * size), keys = bench_prefix(b->out, n * size);
    bool ok = bench_fill(ctx, type, MGPU_FILL_SORTED_RANDOM, a, n, 0, 2.0 * (double)n, n + 2) &&
              bench_fill(ctx, type, MGPU_FILL_SORTED_RANDOM, keys, n, 0, 2.0 * (double)n, n + 3);
    *(mgpu_sorted_search_info *)c->info = (mgpu_sorted_search_info){.key_type = type,
                                                                    .bounds = MGPU_BOUNDS_LOWER,
                                                                    .a_count = (uint32_t)n,
                                                                    .b_count = (uint32_t)n,
                                                                    .a_keys = a,
                                                                    .b_keys = keys,
                                                                    .a_indices = bench_prefix(b->aux1, n * 4)};
    c->record = record_search;
    c->bytes = 2.0 * (double)n * (double)size + 4.0 * (double)n;
    return ok;
}

static mgpu_result requirements_search(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_sorted_search_get_requirements(ctx, c->info, req);
}

static bool check_bounds(const bench_case *c, const void *needles, const void *haystack, const int32_t *indices) {
    const mgpu_sorted_search_info *info = c->info;
    uint64_t j = 0, n = info->a_count, m = info->b_count;
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t key = ref_key_bits(c->type, ref_get(c->type, needles, i));
        while (j < m && ref_key_bits(c->type, ref_get(c->type, haystack, j)) < key) ++j;
        if ((uint64_t)indices[i] != j) return false;
    }
    return true;
}

static bool check_search(mgpu_context ctx, const bench_case *c) {
    const mgpu_sorted_search_info *info = c->info;
    size_t size = mgpu_type_size(c->type);
    uint64_t n = (uint64_t)c->items;
    void *a = NULL, *b = NULL, *d = NULL;
    bool ok = (a = bench_download(ctx, info->a_keys, n * size)) && (b = bench_download(ctx, info->b_keys, n * size)) &&
              (d = bench_download(ctx, info->a_indices, n * 4)) && check_bounds(c, a, b, d);
    free(a);
    free(b);
    free(d);
    return ok;
}

static bool setup_search_indirect(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    mgpu_sorted_search_info *info = c->info;
    return setup_search(ctx, type, n, b, c) && bench_indirect_counts(ctx, info->a_count, info->b_count, c,
                                                                     &info->indirect_a_count, &info->indirect_b_count);
}

static const bench_case_def cases[] = {
    {"search", sizeof(mgpu_sorted_search_info), setup_search, requirements_search, check_search},
    {"search_indirect", sizeof(mgpu_sorted_search_info), setup_search_indirect, requirements_search, check_search},
};
const bench_family bench_sorted_search = BENCH_FAMILY(cases);
