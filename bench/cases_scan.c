/* The benchmark's scan case: the exclusive sum of n random values 0..4 (bench_fill_small) and its total; bytes =
 * the input and the output. */
#include "cases.h"

#include <math.h>
#include <stdlib.h>

static mgpu_result record_scan(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_scan(c, cmd, i, s);
}

static bool setup_scan(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    size_t size = mgpu_type_size(type);
    bool ok = bench_fill_small(ctx, type, b->in, n) &&
              mgpu_buffer_alloc(ctx, MGPU_REDUCE_RESULT_BYTES, &c->result) == MGPU_SUCCESS;
    *(mgpu_scan_info *)c->info = (mgpu_scan_info){.type = type,
                                                  .op = MGPU_OP_ADD,
                                                  .exclusive = true,
                                                  .count = (uint32_t)n,
                                                  .input = bench_prefix(b->in, n * size),
                                                  .output = bench_prefix(b->out, n * size),
                                                  .total = c->result};
    c->record = record_scan;
    c->bytes = 2.0 * (double)n * (double)size;
    return ok;
}

static mgpu_result requirements_scan(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_scan_get_requirements(ctx, c->info, req);
}

static bool check_scan(mgpu_context ctx, const bench_case *c) {
    const mgpu_scan_info *info = c->info;
    size_t size = mgpu_type_size(info->type);
    size_t bytes = info->count * size + 8;
    void *in = malloc(bytes), *out = malloc(bytes), *want = malloc(bytes);
    bool ok = in && out && want && mgpu_buffer_download(ctx, info->input, in, info->count * size) == MGPU_SUCCESS &&
              mgpu_buffer_download(ctx, info->output, out, info->count * size) == MGPU_SUCCESS;
    if (ok) {
        ref_scan(info->type, info->op, info->exclusive, in, want, info->count, NULL);
        double scale = 0, sum = 0;
        bool float_add = bench_is_float(info->type) && info->op == MGPU_OP_ADD;
        for (uint32_t i = 0; i < info->count && ok; ++i) {
            double x = ref_to_double(info->type, ref_get(info->type, in, i));
            scale += fabs(x);
            double before = sum;
            sum += x;
            double expected = info->exclusive ? before : sum;
            mgpu_scalar got = ref_get(info->type, out, i);
            ok = float_add ? bench_float_close(info->type, ref_to_double(info->type, got), expected, scale)
                           : ref_equal(info->type, got, ref_get(info->type, want, i));
        }
    }
    free(in);
    free(out);
    free(want);
    return ok;
}

static bool setup_scan_indirect(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_scan(ctx, type, n, b, c) &&
           bench_indirect_count(ctx, n, c, &((mgpu_scan_info *)c->info)->indirect_count);
}

static const bench_case_def cases[] = {
    {"scan", sizeof(mgpu_scan_info), setup_scan, requirements_scan, check_scan},
    {"scan_indirect", sizeof(mgpu_scan_info), setup_scan_indirect, requirements_scan, check_scan},
};
const bench_family bench_scan = BENCH_FAMILY(cases);
