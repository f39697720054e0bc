/* The benchmark's histogram case: 256 bins over n values uniform over the type's range (bench_fill_sort_keys:
 * integers over the whole type, its maximum aside, floats over [-2e9, 2e9)); bytes = the input, as reduce
 * counts. */
#include "cases.h"
#include "ref/ref_histogram.h"

#include <stdlib.h>
#include <string.h>

#define BENCH_HISTOGRAM_BINS 256u

static mgpu_result record_histogram(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_histogram(c, cmd, i, s);
}

static bool setup_histogram(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    size_t size = mgpu_type_size(type);
    mgpu_histogram_info *info = c->info;
    *info = (mgpu_histogram_info){.type = type,
                                  .count = (uint32_t)n,
                                  .bins = BENCH_HISTOGRAM_BINS,
                                  .input = bench_prefix(b->in, n * size),
                                  .counts = bench_prefix(b->out, BENCH_HISTOGRAM_BINS * 4)};
    switch (type) {
        case MGPU_TYPE_U32: info->upper.u32 = UINT32_MAX; break;
        case MGPU_TYPE_I32: info->lower.i32 = INT32_MIN, info->upper.i32 = INT32_MAX; break;
        case MGPU_TYPE_U64: info->upper.u64 = UINT64_MAX; break;
        case MGPU_TYPE_I64: info->lower.i64 = INT64_MIN, info->upper.i64 = INT64_MAX; break;
        default: info->lower = ref_from_double(type, -2e9), info->upper = ref_from_double(type, 2e9); break;
    }
    c->record = record_histogram;
    c->bytes = (double)n * (double)size;
    return bench_fill_sort_keys(ctx, type, info->input, n, n + 3);
}

static mgpu_result requirements_histogram(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_histogram_get_requirements(ctx, c->info, req);
}

static bool check_histogram(mgpu_context ctx, const bench_case *c) {
    const mgpu_histogram_info *info = c->info;
    size_t size = mgpu_type_size(info->type);
    void *host = bench_download(ctx, info->input, (uint64_t)info->count * size);
    uint32_t got[BENCH_HISTOGRAM_BINS], want[BENCH_HISTOGRAM_BINS];
    bool ok = host && mgpu_buffer_download(ctx, info->counts, got, sizeof got) == MGPU_SUCCESS;
    if (ok) {
        ref_histogram(info->type, host, info->count, info->bins, info->lower, info->upper, want);
        ok = memcmp(got, want, sizeof got) == 0;
    }
    free(host);
    return ok;
}

static bool setup_histogram_indirect(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b,
                                     bench_case *c) {
    return setup_histogram(ctx, type, n, b, c) &&
           bench_indirect_count(ctx, n, c, &((mgpu_histogram_info *)c->info)->indirect_count);
}

static const bench_case_def cases[] = {
    {"histogram", sizeof(mgpu_histogram_info), setup_histogram, requirements_histogram, check_histogram},
    {"histogram_indirect", sizeof(mgpu_histogram_info), setup_histogram_indirect, requirements_histogram,
     check_histogram},
};
const bench_family bench_histogram = BENCH_FAMILY(cases);
