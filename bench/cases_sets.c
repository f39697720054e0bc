/* The benchmark's multiset cases: each operation (intersection, union, difference, symdiff) on A and B of n/2
 * sorted random keys each over [0, n) (a range twice their size: about half the keys of one array have an equal
 * key in the other), keys alone and pairs (values of the key's size, the element positions). Bytes: the inputs
 * read and the outputs written (n keys and values, and the count's keys and values), so that the ratio to copy is
 * the share of the bandwidth reached; the count is taken once when the case is made. */
#include "cases.h"
#include "ref/ref_sets.h"

#include <stdlib.h>
#include <string.h>

static mgpu_result record_set(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_set_operation(c, cmd, i, s);
}

static bool setup_set(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c,
                      mgpu_set_op op, bool pairs) {
    size_t size = mgpu_type_size(type), vs = pairs ? size : 0;
    uint64_t half = n / 2;
    mgpu_range a = bench_prefix(b->in, half * size), bb = mgpu_range_slice(b->in, half * size, (n - half) * size);
    double top = (double)n - 1;
    bool ok = bench_fill(ctx, type, MGPU_FILL_SORTED_RANDOM, a, half, 0, top, n) &&
              bench_fill(ctx, type, MGPU_FILL_SORTED_RANDOM, bb, n - half, 0, top, n + 1) &&
              mgpu_buffer_alloc(ctx, 16, &c->result) == MGPU_SUCCESS;
    mgpu_set_info *info = c->info;
    *info = (mgpu_set_info){.key_type = type,
                            .op = op,
                            .value_size = (uint32_t)vs,
                            .a_count = (uint32_t)half,
                            .b_count = (uint32_t)(n - half),
                            .a_keys = a,
                            .b_keys = bb,
                            .out_keys = bench_prefix(b->out, n * size),
                            .capacity = (uint32_t)n,
                            .out_count = bench_prefix(c->result, 4)};
    if (pairs) {
        mgpu_type vt = bench_bits_type(type);
        info->a_values = bench_prefix(b->aux1, half * vs);
        info->b_values = mgpu_range_slice(b->aux1, half * vs, (n - half) * vs);
        info->out_values = bench_prefix(b->aux2, n * vs);
        ok = ok && bench_fill(ctx, vt, MGPU_FILL_ASCENDING, info->a_values, half, 0, 1, 0) &&
             bench_fill(ctx, vt, MGPU_FILL_ASCENDING, info->b_values, n - half, (double)half, 1, 0);
    }
    uint32_t count = 0;
    ok = ok && mgpu_set_count(ctx, info, &count) == MGPU_SUCCESS;
    c->record = record_set;
    c->bytes = (double)(n + count) * (double)(size + vs);
    return ok;
}

#define SET_SETUP(name, op, pairs)                                                                                  \
    static bool setup_##name(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) { \
        return setup_set(ctx, type, n, b, c, op, pairs);                                                            \
    }
SET_SETUP(intersection, MGPU_SET_INTERSECTION, false)
SET_SETUP(union, MGPU_SET_UNION, false)
SET_SETUP(difference, MGPU_SET_DIFFERENCE, false)
SET_SETUP(symdiff, MGPU_SET_SYMMETRIC_DIFFERENCE, false)
SET_SETUP(intersection_pairs, MGPU_SET_INTERSECTION, true)
SET_SETUP(union_pairs, MGPU_SET_UNION, true)
SET_SETUP(difference_pairs, MGPU_SET_DIFFERENCE, true)
SET_SETUP(symdiff_pairs, MGPU_SET_SYMMETRIC_DIFFERENCE, true)
#undef SET_SETUP

static mgpu_result requirements_set(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_set_operation_get_requirements(ctx, c->info, req);
}

/* The count, the keys and the values against ref_set_operation. */
static bool check_set(mgpu_context ctx, const bench_case *c) {
    const mgpu_set_info *info = c->info;
    size_t size = mgpu_type_size(info->key_type), vs = info->value_size;
    uint64_t an = info->a_count, bn = info->b_count, n = an + bn;
    void *a = NULL, *b = NULL, *va = NULL, *vb = NULL, *out = NULL, *vout = NULL, *count = NULL;
    char *want = malloc(n * size + 8), *want_values = malloc(n * (vs ? vs : 1) + 8);
    bool ok = want && want_values && (a = bench_download(ctx, info->a_keys, an * size)) &&
              (b = bench_download(ctx, info->b_keys, bn * size)) && (count = bench_download(ctx, info->out_count, 4)) &&
              (out = bench_download(ctx, info->out_keys, n * size)) &&
              (!vs || ((va = bench_download(ctx, info->a_values, an * vs)) &&
                       (vb = bench_download(ctx, info->b_values, bn * vs)) &&
                       (vout = bench_download(ctx, info->out_values, n * vs))));
    if (ok) {
        size_t k =
            ref_set_operation(info->key_type, info->op, false, vs, a, va, an, b, vb, bn, want, want_values, NULL);
        ok = *(const uint32_t *)count == k && memcmp(out, want, k * size) == 0 &&
             (!vs || memcmp(vout, want_values, k * vs) == 0);
    }
    void *all[] = {a, b, va, vb, out, vout, count, want, want_values};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) free(all[i]);
    return ok;
}

static const bench_case_def cases[] = {
    {"set_intersection", sizeof(mgpu_set_info), setup_intersection, requirements_set, check_set},
    {"set_union", sizeof(mgpu_set_info), setup_union, requirements_set, check_set},
    {"set_difference", sizeof(mgpu_set_info), setup_difference, requirements_set, check_set},
    {"set_symdiff", sizeof(mgpu_set_info), setup_symdiff, requirements_set, check_set},
    {"set_intersection_pairs", sizeof(mgpu_set_info), setup_intersection_pairs, requirements_set, check_set},
    {"set_union_pairs", sizeof(mgpu_set_info), setup_union_pairs, requirements_set, check_set},
    {"set_difference_pairs", sizeof(mgpu_set_info), setup_difference_pairs, requirements_set, check_set},
    {"set_symdiff_pairs", sizeof(mgpu_set_info), setup_symdiff_pairs, requirements_set, check_set},
};
const bench_family bench_sets = BENCH_FAMILY(cases);
