/* The benchmark's merge case: A = the even numbers, B = the odd ones, n/2 each, keys only; items = outputs. */
#include "cases.h"

#include <stdlib.h>

static mgpu_result record_merge(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_merge(c, cmd, i, s);
}

static bool setup_merge(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    size_t size = mgpu_type_size(type);
    uint64_t half = n / 2;
    mgpu_range a = bench_prefix(b->in, half * size), bb = mgpu_range_slice(b->in, half * size, (n - half) * size);
    bool ok = bench_fill(ctx, type, MGPU_FILL_ASCENDING, a, half, 0, 2, 0) &&
              bench_fill(ctx, type, MGPU_FILL_ASCENDING, bb, n - half, 1, 2, 0);
    *(mgpu_merge_info *)c->info = (mgpu_merge_info){.key_type = type,
                                                    .a_count = (uint32_t)half,
                                                    .b_count = (uint32_t)(n - half),
                                                    .a_keys = a,
                                                    .b_keys = bb,
                                                    .out_keys = bench_prefix(b->out, n * size)};
    c->record = record_merge;
    c->bytes = 2.0 * (double)n * (double)size;
    return ok;
}

static mgpu_result requirements_merge(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_merge_get_requirements(ctx, c->info, req);
}

/* A and B lie one after the other in the input buffer: the output is their sorted permutation. */
static bool check_merge(mgpu_context ctx, const bench_case *c) {
    const mgpu_merge_info *info = c->info;
    size_t size = mgpu_type_size(c->type);
    uint64_t n = (uint64_t)c->items;
    void *in = NULL, *out = NULL;
    bool ok = (in = bench_download(ctx, bench_prefix(info->a_keys, n * size), n * size)) &&
              (out = bench_download(ctx, info->out_keys, n * size)) && bench_check_sorted(c->type, n, in, out, NULL);
    free(in);
    free(out);
    return ok;
}

static bool setup_merge_indirect(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    mgpu_merge_info *info = c->info;
    return setup_merge(ctx, type, n, b, c) && bench_indirect_counts(ctx, info->a_count, info->b_count, c,
                                                                    &info->indirect_a_count, &info->indirect_b_count);
}

static const bench_case_def cases[] = {
    {"merge", sizeof(mgpu_merge_info), setup_merge, requirements_merge, check_merge},
    {"merge_indirect", sizeof(mgpu_merge_info), setup_merge_indirect, requirements_merge, check_merge},
};
const bench_family bench_merge = BENCH_FAMILY(cases);
