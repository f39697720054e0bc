/*
 * What the benchmark's cases share (cases.h): making, running and freeing a case, and the fills, downloads and
 * checks the families' files (bench/cases_<family>.c) build their cases from. The inputs follow
 * ../shared/TARGETS.md; every check runs in O(n) on the host.
 */
#include "cases.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool bench_case_setup(mgpu_context ctx, const bench_case_def *def, mgpu_type type, uint64_t n, const bench_buffers *b,
                      bench_case *c) {
    memset(c, 0, sizeof *c);
    c->def = def;
    c->type = type;
    c->items = (double)n;
    c->info = calloc(1, def->info_size);
    return c->info && def->setup(ctx, type, n, b, c);
}

bool bench_case_scratch(mgpu_context ctx, const bench_case *c, mgpu_range *scratch) {
    mgpu_requirements req = {0};
    mgpu_result r = c->def->requirements(ctx, c, &req);
    *scratch = (mgpu_range){0};
    if (r == MGPU_SUCCESS && req.scratch_size) r = mgpu_buffer_alloc(ctx, req.scratch_size, scratch);
    return r == MGPU_SUCCESS;
}

bool bench_case_verify(mgpu_context ctx, const bench_case *c) {
    mgpu_range scratch;
    bool ok = bench_case_scratch(ctx, c, &scratch);
    VkCommandBuffer cmd;
    if (ok) ok = mgpu_commands_begin(ctx, &cmd) == MGPU_SUCCESS;
    if (ok) {
        mgpu_result r = c->record(ctx, cmd, c->info, scratch);
        ok = mgpu_commands_submit(ctx, NULL) == MGPU_SUCCESS && r == MGPU_SUCCESS;
    }
    mgpu_buffer_free(ctx, scratch);
    return ok && c->def->check(ctx, c);
}

void bench_case_release(mgpu_context ctx, bench_case *c) {
    free(c->info);
    mgpu_buffer_free(ctx, c->result);
    mgpu_buffer_free(ctx, c->count);
    c->info = NULL;
    c->result = (mgpu_range){0};
    c->count = (mgpu_range){0};
}

bool bench_indirect_count(mgpu_context ctx, uint64_t n, bench_case *c, mgpu_range *indirect_count) {
    uint32_t count = (uint32_t)n;
    if (mgpu_buffer_alloc(ctx, sizeof count, &c->count) != MGPU_SUCCESS ||
        mgpu_buffer_upload(ctx, c->count, &count, sizeof count) != MGPU_SUCCESS)
        return false;
    *indirect_count = c->count;
    return true;
}

bool bench_indirect_counts(mgpu_context ctx, uint64_t a, uint64_t b, bench_case *c, mgpu_range *indirect_a,
                           mgpu_range *indirect_b) {
    uint32_t counts[2] = {(uint32_t)a, (uint32_t)b};
    if (mgpu_buffer_alloc(ctx, sizeof counts, &c->count) != MGPU_SUCCESS ||
        mgpu_buffer_upload(ctx, c->count, counts, sizeof counts) != MGPU_SUCCESS)
        return false;
    *indirect_a = mgpu_range_slice(c->count, 0, 4);
    *indirect_b = mgpu_range_slice(c->count, 4, 4);
    return true;
}

mgpu_range bench_prefix(mgpu_range r, VkDeviceSize bytes) { return mgpu_range_slice(r, 0, bytes); }

bool bench_fill(mgpu_context ctx, mgpu_type type, mgpu_fill_mode mode, mgpu_range out, uint64_t count, double a,
                double b, uint64_t seed) {
    if (!count) return true;
    mgpu_fill_info info = {.type = type,
                           .mode = mode,
                           .count = (uint32_t)count,
                           .output = out,
                           .a = ref_from_double(type, a),
                           .b = ref_from_double(type, b),
                           .seed = seed};
    return mgpu_fill(ctx, &info) == MGPU_SUCCESS;
}

bool bench_fill_small(mgpu_context ctx, mgpu_type type, mgpu_range out, uint64_t n) {
    mgpu_scalar lo, hi;
    memset(&lo, 0, sizeof lo);
    memset(&hi, 0, sizeof hi);
    if (type == MGPU_TYPE_F32)
        hi.f32 = 4;
    else if (type == MGPU_TYPE_F64)
        hi.f64 = 4;
    else
        hi.u64 = 4;
    if (type == MGPU_TYPE_U32 || type == MGPU_TYPE_I32) hi.u32 = 4;
    return mgpu_fill(ctx, &(mgpu_fill_info){.type = type,
                                            .mode = MGPU_FILL_RANDOM,
                                            .count = (uint32_t)n,
                                            .output = bench_prefix(out, n * mgpu_type_size(type)),
                                            .a = lo,
                                            .b = hi,
                                            .seed = n}) == MGPU_SUCCESS;
}

/* Sort keys: integers uniform over the type's whole range (as CUB's benchmark draws them: every digit of a
 * 64-bit key random), floats uniform in [-2e9, 2e9). */
bool bench_fill_sort_keys(mgpu_context ctx, mgpu_type type, mgpu_range out, uint64_t count, uint64_t seed) {
    if (!count) return true;
    mgpu_fill_info info = {
        .type = type, .mode = MGPU_FILL_RANDOM, .count = (uint32_t)count, .output = out, .seed = seed};
    switch (type) {
        case MGPU_TYPE_U32: info.b.u32 = UINT32_MAX; break;
        case MGPU_TYPE_I32: info.a.i32 = INT32_MIN, info.b.i32 = INT32_MAX; break;
        case MGPU_TYPE_U64: info.b.u64 = UINT64_MAX; break;
        case MGPU_TYPE_I64: info.a.i64 = INT64_MIN, info.b.i64 = INT64_MAX; break;
        default: info.a = ref_from_double(type, -2e9), info.b = ref_from_double(type, 2e9); break;
    }
    return mgpu_fill(ctx, &info) == MGPU_SUCCESS;
}

mgpu_type bench_bits_type(mgpu_type type) { return mgpu_type_size(type) == 8 ? MGPU_TYPE_U64 : MGPU_TYPE_U32; }

bool bench_make_intervals(mgpu_context ctx, const bench_buffers *b, uint64_t n, uint32_t *objects, uint32_t *items) {
    *objects = (uint32_t)(n / 16 ? n / 16 : 1);
    mgpu_range counts = bench_prefix(b->aux1, *objects * 4ull), starts = bench_prefix(b->aux2, *objects * 4ull);
    mgpu_scalar total;
    bool ok =
        bench_fill(ctx, MGPU_TYPE_I32, MGPU_FILL_RANDOM, counts, *objects, 0, 31, n) &&
        mgpu_scan(ctx,
                  &(mgpu_scan_info){
                      .type = MGPU_TYPE_I32, .exclusive = true, .count = *objects, .input = counts, .output = starts},
                  &total) == MGPU_SUCCESS;
    *items = ok ? (uint32_t)total.i32 : 0;
    return ok && *items <= n;
}

void *bench_download(mgpu_context ctx, mgpu_range range, uint64_t bytes) {
    void *host = malloc(bytes + 8);
    if (host && bytes && mgpu_buffer_download(ctx, range, host, bytes) != MGPU_SUCCESS) {
        free(host);
        return NULL;
    }
    return host;
}

uint64_t bench_word(const void *array, size_t size, uint64_t i) {
    uint64_t v = 0;
    memcpy(&v, (const char *)array + i * size, size);
    return v;
}

bool bench_is_float(mgpu_type type) { return type == MGPU_TYPE_F32 || type == MGPU_TYPE_F64; }

bool bench_float_close(mgpu_type type, double got, double want, double scale) {
    return fabs(got - want) <= (type == MGPU_TYPE_F32 ? 1e-3 : 1e-9) * (scale > 1 ? scale : 1);
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ull;
    return x ^ (x >> 29);
}

bool bench_check_sorted(mgpu_type type, uint64_t n, const void *in, const void *out, const void *values) {
    size_t size = mgpu_type_size(type);
    uint64_t sum_in = 0, sum_out = 0;
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t key = ref_key_bits(type, ref_get(type, out, i));
        sum_in += mix(bench_word(in, size, i));
        sum_out += mix(bench_word(out, size, i));
        if (i > 0) {
            uint64_t prev = ref_key_bits(type, ref_get(type, out, i - 1));
            if (prev > key) return false;
            if (values && prev == key && bench_word(values, size, i - 1) >= bench_word(values, size, i))
                return false; /* stability */
        }
        if (values) {
            uint64_t from = bench_word(values, size, i);
            if (from >= n || bench_word(in, size, from) != bench_word(out, size, i)) return false;
        }
    }
    return sum_in == sum_out;
}

bool bench_sort_setup(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bool pairs, bench_case *c) {
    size_t size = mgpu_type_size(type);
    bool ok = bench_fill_sort_keys(ctx, type, bench_prefix(b->in, n * size), n, n + 1);
    mgpu_range values = bench_prefix(b->aux1, n * size);
    if (pairs) ok = ok && bench_fill(ctx, bench_bits_type(type), MGPU_FILL_ASCENDING, values, n, 0, 1, 0);
    *(mgpu_sort_info *)c->info =
        (mgpu_sort_info){.key_type = type,
                         .value_size = pairs ? (uint32_t)size : 0,
                         .count = (uint32_t)n,
                         .keys_in = bench_prefix(b->in, n * size),
                         .keys_out = bench_prefix(b->out, n * size),
                         .values_in = pairs ? values : (mgpu_range){0},
                         .values_out = pairs ? bench_prefix(b->aux2, n * size) : (mgpu_range){0}};
    c->bytes = 2.0 * (double)n * (double)size * (pairs ? 2 : 1);
    return ok;
}

bool bench_sort_check(mgpu_context ctx, const bench_case *c) {
    const mgpu_sort_info *info = c->info;
    size_t size = mgpu_type_size(c->type);
    uint64_t n = (uint64_t)c->items;
    void *in = NULL, *out = NULL, *values = NULL;
    bool ok = (in = bench_download(ctx, info->keys_in, n * size)) &&
              (out = bench_download(ctx, info->keys_out, n * size)) &&
              (!info->value_size || (values = bench_download(ctx, info->values_out, n * size))) &&
              bench_check_sorted(c->type, n, in, out, values);
    free(in);
    free(out);
    free(values);
    return ok;
}
