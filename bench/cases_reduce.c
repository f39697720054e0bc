/* The benchmark's reduce case: the sum of n random values 0..4 (bench_fill_small); bytes = the input. */
#include "cases.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static mgpu_result record_reduce(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_reduce(c, cmd, i, s);
}

static bool setup_reduce(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    size_t size = mgpu_type_size(type);
    bool ok = bench_fill_small(ctx, type, b->in, n) &&
              mgpu_buffer_alloc(ctx, MGPU_REDUCE_RESULT_BYTES, &c->result) == MGPU_SUCCESS;
    *(mgpu_reduce_info *)c->info = (mgpu_reduce_info){.type = type,
                                                      .op = MGPU_OP_ADD,
                                                      .count = (uint32_t)n,
                                                      .input = bench_prefix(b->in, n * size),
                                                      .result = c->result};
    c->record = record_reduce;
    c->bytes = (double)n * (double)size;
    return ok;
}

static mgpu_result requirements_reduce(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_reduce_get_requirements(ctx, c->info, req);
}

static bool check_reduce(mgpu_context ctx, const bench_case *c) {
    const mgpu_reduce_info *info = c->info;
    size_t size = mgpu_type_size(info->type);
    void *host = malloc(info->count * size + 8);
    unsigned char result[MGPU_REDUCE_RESULT_BYTES];
    bool ok = host && mgpu_buffer_download(ctx, info->input, host, info->count * size) == MGPU_SUCCESS &&
              mgpu_buffer_download(ctx, info->result, result, sizeof result) == MGPU_SUCCESS;
    if (ok) {
        mgpu_reduce_value want = ref_reduce(info->type, info->op, host, info->count);
        mgpu_scalar got;
        memset(&got, 0, sizeof got);
        memcpy(&got, result, size);
        double scale = 0, sum = 0;
        for (uint32_t i = 0; i < info->count; ++i) {
            double x = ref_to_double(info->type, ref_get(info->type, host, i));
            scale += fabs(x);
            sum += x;
        }
        if (bench_is_float(info->type) && info->op == MGPU_OP_ADD)
            ok = bench_float_close(info->type, ref_to_double(info->type, got), sum, scale);
        else
            ok = ref_equal(info->type, got, want.value);
    }
    free(host);
    return ok;
}

static bool setup_reduce_indirect(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_reduce(ctx, type, n, b, c) &&
           bench_indirect_count(ctx, n, c, &((mgpu_reduce_info *)c->info)->indirect_count);
}

static const bench_case_def cases[] = {
    {"reduce", sizeof(mgpu_reduce_info), setup_reduce, requirements_reduce, check_reduce},
    {"reduce_indirect", sizeof(mgpu_reduce_info), setup_reduce_indirect, requirements_reduce, check_reduce},
};
const bench_family bench_reduce = BENCH_FAMILY(cases);
