/* The benchmark's mergesort cases: sort, n random keys (integers over the whole type, floats in [-2e9, 2e9);
 * keys only); sort_pairs, with values of the key's size 0..n-1 (bench_sort_setup). */
#include "cases.h"

static mgpu_result record_sort(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_mergesort(c, cmd, i, s);
}

static bool setup(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bool pairs, bench_case *c) {
    c->record = record_sort;
    return bench_sort_setup(ctx, type, n, b, pairs, c);
}

static bool setup_keys(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup(ctx, type, n, b, false, c);
}

static bool setup_pairs(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup(ctx, type, n, b, true, c);
}

static mgpu_result requirements(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_mergesort_get_requirements(ctx, c->info, req);
}

static bool setup_keys_indirect(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_keys(ctx, type, n, b, c) &&
           bench_indirect_count(ctx, n, c, &((mgpu_sort_info *)c->info)->indirect_count);
}

static const bench_case_def cases[] = {
    {"sort", sizeof(mgpu_sort_info), setup_keys, requirements, bench_sort_check},
    {"sort_pairs", sizeof(mgpu_sort_info), setup_pairs, requirements, bench_sort_check},
    {"sort_indirect", sizeof(mgpu_sort_info), setup_keys_indirect, requirements, bench_sort_check},
};
const bench_family bench_mergesort = BENCH_FAMILY(cases);
