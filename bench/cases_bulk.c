/* The benchmark's bulk cases: remove, every 4th of n values removed, items = inputs; insert, n/4 values
 * inserted, one before every 4th of n, items = outputs. */
#include "cases.h"

#include <stdlib.h>

static mgpu_result record_remove(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_bulk_remove(c, cmd, i, s);
}

static mgpu_result record_insert(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_bulk_insert(c, cmd, i, s);
}

static bool setup_remove(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    size_t size = mgpu_type_size(type);
    uint32_t removes = (uint32_t)((n + 3) / 4);
    mgpu_range in = bench_prefix(b->in, n * size), indices = bench_prefix(b->aux1, removes * 4ull);
    bool ok = bench_fill(ctx, bench_bits_type(type), MGPU_FILL_ASCENDING, in, n, 0, 1, 0) &&
              bench_fill(ctx, MGPU_TYPE_I32, MGPU_FILL_ASCENDING, indices, removes, 0, 4, 0);
    *(mgpu_bulk_remove_info *)c->info = (mgpu_bulk_remove_info){.value_size = (uint32_t)size,
                                                                .count = (uint32_t)n,
                                                                .input = in,
                                                                .index_count = removes,
                                                                .indices = indices,
                                                                .output = bench_prefix(b->out, (n - removes) * size)};
    c->record = record_remove;
    c->bytes = (double)size * (double)(2 * n - removes) + 4.0 * removes;
    return ok;
}

static bool setup_insert(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    size_t size = mgpu_type_size(type);
    uint32_t inserts = (uint32_t)(n / 4);
    mgpu_range in = bench_prefix(b->in, n * size), insert = bench_prefix(b->aux2, inserts * size);
    mgpu_range indices = bench_prefix(b->aux1, inserts * 4ull);
    bool ok = bench_fill(ctx, bench_bits_type(type), MGPU_FILL_ASCENDING, in, n, 0, 1, 0) &&
              bench_fill(ctx, bench_bits_type(type), MGPU_FILL_ASCENDING, insert, inserts, 1e9, 1, 0) &&
              bench_fill(ctx, MGPU_TYPE_I32, MGPU_FILL_ASCENDING, indices, inserts, 0, 4, 0);
    *(mgpu_bulk_insert_info *)c->info = (mgpu_bulk_insert_info){.value_size = (uint32_t)size,
                                                                .b_count = (uint32_t)n,
                                                                .b = in,
                                                                .a_count = inserts,
                                                                .insert = insert,
                                                                .indices = indices,
                                                                .output = bench_prefix(b->out, (n + inserts) * size)};
    c->record = record_insert;
    c->items = (double)(n + inserts);
    c->bytes = 2.0 * (double)size * (double)(n + inserts) + 4.0 * inserts;
    return ok;
}

static mgpu_result requirements_remove(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_bulk_remove_get_requirements(ctx, c->info, req);
}

static mgpu_result requirements_insert(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_bulk_insert_get_requirements(ctx, c->info, req);
}

/* Every 4th input (0, 4, 8, ...) removed: the others in order. */
static bool check_remove(mgpu_context ctx, const bench_case *c) {
    const mgpu_bulk_remove_info *info = c->info;
    size_t size = mgpu_type_size(c->type);
    void *out = bench_download(ctx, info->output, (info->count - info->index_count) * size);
    bool ok = out != NULL;
    uint64_t k = 0;
    for (uint64_t i = 0; i < info->count && ok; ++i)
        if (i % 4 && bench_word(out, size, k++) != i) ok = false;
    free(out);
    return ok;
}

/* Insert value 1e9 + j before input 4 j. */
static bool check_insert(mgpu_context ctx, const bench_case *c) {
    const mgpu_bulk_insert_info *info = c->info;
    size_t size = mgpu_type_size(c->type);
    void *out = bench_download(ctx, info->output, (uint64_t)c->items * size);
    bool ok = out != NULL;
    uint64_t k = 0, next = 0;
    for (uint64_t i = 0; i < info->b_count && ok; ++i) {
        /* every fourth element of b is preceded by the next inserted one */
        if (i % 4 == 0 && next < info->a_count) ok = bench_word(out, size, k++) == (uint64_t)1000000000 + next++;
        ok = ok && bench_word(out, size, k++) == i;
    }
    free(out);
    return ok;
}

static const bench_case_def cases[] = {
    {"remove", sizeof(mgpu_bulk_remove_info), setup_remove, requirements_remove, check_remove},
    {"insert", sizeof(mgpu_bulk_insert_info), setup_insert, requirements_insert, check_insert},
};
const bench_family bench_bulk = BENCH_FAMILY(cases);
