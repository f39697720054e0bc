/* The benchmark's compaction cases: select and partition of n elements (the values 0..4 of reduce and scan) by
 * random int32 flags keeping about half; unique and rle of n sorted random values over [0, n/2] (runs of about
 * two). Bytes, as issue 14 counts them: the input (and the flags) read and the outputs written (select, unique:
 * the count's elements; partition: n; rle: the count's elements and their int32 lengths), so that the ratio to
 * copy is the share of the bandwidth reached; the count is taken once when the case is made. */
#include "cases.h"
#include "ref/ref_compact.h"

#include <stdlib.h>
#include <string.h>

static mgpu_result record_select(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_select(c, cmd, i, s);
}
static mgpu_result record_partition(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_partition(c, cmd, i, s);
}
static mgpu_result record_unique(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_unique(c, cmd, i, s);
}
static mgpu_result record_rle(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_rle(c, cmd, i, s);
}

static bool setup_flagged(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c,
                          bool partition) {
    size_t size = mgpu_type_size(type);
    mgpu_select_info *info = c->info;
    *info = (mgpu_select_info){.type = type,
                               .count = (uint32_t)n,
                               .input = bench_prefix(b->in, n * size),
                               .flags = bench_prefix(b->aux1, n * 4),
                               .output = bench_prefix(b->out, n * size)};
    bool ok = bench_fill_small(ctx, type, info->input, n) &&
              bench_fill(ctx, MGPU_TYPE_I32, MGPU_FILL_RANDOM, info->flags, n, 0, 1, n + 7) &&
              mgpu_buffer_alloc(ctx, 16, &c->result) == MGPU_SUCCESS;
    info->out_count = bench_prefix(c->result, 4);
    uint32_t count = 0;
    ok = ok && (partition ? mgpu_partition(ctx, info, &count) : mgpu_select(ctx, info, &count)) == MGPU_SUCCESS;
    c->record = partition ? record_partition : record_select;
    c->bytes = (double)n * (double)(size + 4) + (double)(partition ? n : count) * (double)size;
    return ok;
}

static bool setup_select(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_flagged(ctx, type, n, b, c, false);
}
static bool setup_partition(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_flagged(ctx, type, n, b, c, true);
}

static bool setup_runs(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c, bool rle) {
    size_t size = mgpu_type_size(type);
    mgpu_unique_info *info = c->info;
    *info = (mgpu_unique_info){.type = type,
                               .count = (uint32_t)n,
                               .input = bench_prefix(b->in, n * size),
                               .output = bench_prefix(b->out, n * size),
                               .lengths = rle ? bench_prefix(b->aux2, n * 4) : (mgpu_range){0}};
    bool ok = bench_fill(ctx, type, MGPU_FILL_SORTED_RANDOM, info->input, n, 0, (double)n / 2, n + 3) &&
              mgpu_buffer_alloc(ctx, 16, &c->result) == MGPU_SUCCESS;
    info->out_count = bench_prefix(c->result, 4);
    uint32_t count = 0;
    ok = ok && (rle ? mgpu_rle(ctx, info, &count) : mgpu_unique(ctx, info, &count)) == MGPU_SUCCESS;
    c->record = rle ? record_rle : record_unique;
    c->bytes = (double)n * (double)size + (double)count * (double)(size + (rle ? 4 : 0));
    return ok;
}

static bool setup_unique(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_runs(ctx, type, n, b, c, false);
}
static bool setup_rle(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_runs(ctx, type, n, b, c, true);
}

static mgpu_result requirements_select(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_select_get_requirements(ctx, c->info, req);
}
static mgpu_result requirements_partition(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_partition_get_requirements(ctx, c->info, req);
}
static mgpu_result requirements_unique(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_unique_get_requirements(ctx, c->info, req);
}
static mgpu_result requirements_rle(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_rle_get_requirements(ctx, c->info, req);
}

/* The count and the outputs against ref_compact_select or ref_compact_unique. */
static bool check_compact(mgpu_context ctx, const bench_case *c) {
    bool flagged = c->record == record_select || c->record == record_partition;
    bool partition = c->record == record_partition, rle = c->record == record_rle;
    const mgpu_select_info *s = c->info;
    const mgpu_unique_info *u = c->info;
    mgpu_type type = flagged ? s->type : u->type;
    uint64_t n = flagged ? s->count : u->count;
    size_t size = mgpu_type_size(type);
    void *in = NULL, *flags = NULL, *out = NULL, *lengths = NULL, *count = NULL;
    char *want = malloc(n * size + 8);
    int32_t *want_lengths = malloc(n * 4 + 4);
    bool ok = want && want_lengths && (in = bench_download(ctx, flagged ? s->input : u->input, n * size)) &&
              (out = bench_download(ctx, flagged ? s->output : u->output, n * size)) &&
              (count = bench_download(ctx, flagged ? s->out_count : u->out_count, 4)) &&
              (!flagged || (flags = bench_download(ctx, s->flags, n * 4))) &&
              (!rle || (lengths = bench_download(ctx, u->lengths, n * 4)));
    if (ok) {
        size_t k = flagged ? ref_compact_select(type, partition, in, flags, n, want, NULL)
                           : ref_compact_unique(type, in, n, want, rle ? want_lengths : NULL);
        ok = *(const uint32_t *)count == k && memcmp(out, want, (partition ? n : k) * size) == 0 &&
             (!rle || memcmp(lengths, want_lengths, k * 4) == 0);
    }
    void *all[] = {in, flags, out, lengths, count, want, want_lengths};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) free(all[i]);
    return ok;
}

static bool setup_select_indirect(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_select(ctx, type, n, b, c) &&
           bench_indirect_count(ctx, n, c, &((mgpu_select_info *)c->info)->indirect_count);
}
static bool setup_unique_indirect(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_unique(ctx, type, n, b, c) &&
           bench_indirect_count(ctx, n, c, &((mgpu_unique_info *)c->info)->indirect_count);
}

static const bench_case_def cases[] = {
    {"select", sizeof(mgpu_select_info), setup_select, requirements_select, check_compact},
    {"partition", sizeof(mgpu_select_info), setup_partition, requirements_partition, check_compact},
    {"unique", sizeof(mgpu_unique_info), setup_unique, requirements_unique, check_compact},
    {"rle", sizeof(mgpu_unique_info), setup_rle, requirements_rle, check_compact},
    {"select_indirect", sizeof(mgpu_select_info), setup_select_indirect, requirements_select, check_compact},
    {"unique_indirect", sizeof(mgpu_unique_info), setup_unique_indirect, requirements_unique, check_compact},
};
const bench_family bench_compact = BENCH_FAMILY(cases);
