/* The benchmark's relational join cases (join_inner, join_left, join_right, join_outer): two sorted arrays of
 * n / 2 keys each, each key the previous plus 0, 1 or 2 (uniformly), so that both sides hold duplicates and
 * the inner join has about n / 2 rows (left and right about 0.66 n, outer 0.83 n). Items: the n input keys, so
 * that items/s is the "input keys/s". Bytes: the keys read and the rows written (8 bytes each). The
 * recording is mgpu_cmd_join with a capacity of exactly the rows (counted by mgpu_join_count at setup): the
 * count's dispatches and the rows'. The keys are made on the host from a generator seeded by n and uploaded:
 * deterministic for a given n. */
#include "cases.h"
#include "ref/ref_join.h"

#include <stdlib.h>
#include <string.h>

typedef struct join_case_info {
    mgpu_join_info join;
} join_case_info;

static uint64_t join_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545f4914f6cdd1dull;
}

static mgpu_result record_join(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_join(c, cmd, &((const join_case_info *)i)->join, s);
}

/* count sorted keys of type: 0, then each the previous plus 0, 1 or 2. */
static void *join_keys(mgpu_type type, uint64_t count, uint64_t seed) {
    size_t size = mgpu_type_size(type);
    char *keys = malloc(count * size + 8);
    const ref_type_info *t = ref_type(type);
    uint64_t state = seed * 0x9e3779b97f4a7c15ull + 1;
    int64_t key = 0;
    for (uint64_t i = 0; keys && i < count; ++i) {
        key += i ? (int64_t)(join_random(&state) % 3) : 0;
        ref_set(type, keys, i, t->from_int(key));
    }
    return keys;
}

static bool setup_join(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c,
                       mgpu_join_kind kind) {
    size_t size = mgpu_type_size(type);
    uint64_t an = n / 2, bn = n - an;
    void *a = join_keys(type, an, n), *bk = join_keys(type, bn, n + 1);
    mgpu_join_info *info = &((join_case_info *)c->info)->join;
    *info = (mgpu_join_info){.key_type = type,
                             .kind = kind,
                             .a_count = (uint32_t)an,
                             .b_count = (uint32_t)bn,
                             .a_keys = bench_prefix(b->in, an * size),
                             .b_keys = mgpu_range_slice(b->in, an * size, bn * size)};
    uint32_t rows = 0;
    bool ok = a && bk && mgpu_buffer_upload(ctx, info->a_keys, a, an * size) == MGPU_SUCCESS &&
              mgpu_buffer_upload(ctx, info->b_keys, bk, bn * size) == MGPU_SUCCESS &&
              mgpu_buffer_alloc(ctx, 16, &c->result) == MGPU_SUCCESS &&
              mgpu_join_count(ctx, info, &rows) == MGPU_SUCCESS;
    free(a);
    free(bk);
    /* aux1 and aux2 hold 2n int32 each; the rows are at most n here (n / 2 keys a side, steps of 0, 1 or 2). */
    ok = ok && rows <= 2 * n;
    info->a_indices = bench_prefix(b->aux1, rows * 4ull);
    info->b_indices = bench_prefix(b->aux2, rows * 4ull);
    info->capacity = rows;
    info->row_count = c->result;
    c->record = record_join;
    c->bytes = (double)n * (double)size + 8.0 * rows;
    return ok;
}

static bool setup_inner(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_join(ctx, type, n, b, c, MGPU_JOIN_INNER);
}
static bool setup_left(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_join(ctx, type, n, b, c, MGPU_JOIN_LEFT);
}
static bool setup_right(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_join(ctx, type, n, b, c, MGPU_JOIN_RIGHT);
}
static bool setup_outer(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_join(ctx, type, n, b, c, MGPU_JOIN_OUTER);
}

static mgpu_result requirements_join(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_join_get_requirements(ctx, &((const join_case_info *)c->info)->join, req);
}

/* The row count and every row against ref_join. */
static bool check_join(mgpu_context ctx, const bench_case *c) {
    const mgpu_join_info *info = &((const join_case_info *)c->info)->join;
    size_t size = mgpu_type_size(info->key_type);
    uint64_t rows = info->capacity;
    void *a = NULL, *b = NULL, *got_a = NULL, *got_b = NULL, *count = NULL;
    int32_t *want_a = malloc(rows * 4 + 4), *want_b = malloc(rows * 4 + 4);
    bool ok = want_a && want_b && (a = bench_download(ctx, info->a_keys, info->a_count * (uint64_t)size)) &&
              (b = bench_download(ctx, info->b_keys, info->b_count * (uint64_t)size)) &&
              (got_a = bench_download(ctx, info->a_indices, rows * 4)) &&
              (got_b = bench_download(ctx, info->b_indices, rows * 4)) &&
              (count = bench_download(ctx, info->row_count, 4));
    if (ok) {
        uint64_t want = ref_join(info->key_type, info->kind, info->descending, a, info->a_count, b, info->b_count,
                                 want_a, want_b, rows);
        ok = want == rows && *(const uint32_t *)count == rows && memcmp(got_a, want_a, rows * 4) == 0 &&
             memcmp(got_b, want_b, rows * 4) == 0;
    }
    free(a);
    free(b);
    free(got_a);
    free(got_b);
    free(count);
    free(want_a);
    free(want_b);
    return ok;
}

static const bench_case_def cases[] = {
    {"join_inner", sizeof(join_case_info), setup_inner, requirements_join, check_join},
    {"join_left", sizeof(join_case_info), setup_left, requirements_join, check_join},
    {"join_right", sizeof(join_case_info), setup_right, requirements_join, check_join},
    {"join_outer", sizeof(join_case_info), setup_outer, requirements_join, check_join},
};
const bench_family bench_join = BENCH_FAMILY(cases);
