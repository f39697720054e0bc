/* The benchmark's segmented reduce cases: the sums of n random values 0..4 (bench_fill_small) over segments of
 * random lengths uniform in [0, 2 x mean] (empty ones included), for means 100 and 10000 (segreduce100,
 * segreduce10000); and reduce-by-key of the same values under keys (the key type of the values' size) in runs
 * of lengths uniform in [1, 2 x mean - 1] (rbk100, rbk10000). Bytes: the values and the starts (or keys) read
 * and the outputs written (segreduce: values + starts + one output per segment; reduce-by-key: keys and values
 * + one key and value per run), so that the ratio to copy is the share of the bandwidth reached. The starts and
 * keys are made on the host from a generator seeded by n and uploaded: deterministic for a given n. */
#include "cases.h"

#include <stdlib.h>
#include <string.h>

typedef struct seg_bench_info {
    union {
        mgpu_segreduce_info segreduce;
        mgpu_reduce_by_key_info rbk;
    };
} seg_bench_info;

static uint64_t seg_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545f4914f6cdd1dull;
}

static mgpu_result record_segreduce(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_segreduce(c, cmd, &((const seg_bench_info *)i)->segreduce, s);
}

static mgpu_result record_rbk(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_reduce_by_key(c, cmd, &((const seg_bench_info *)i)->rbk, s);
}

static bool setup_segreduce(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c,
                            uint32_t mean) {
    size_t size = mgpu_type_size(type);
    int32_t *starts = malloc((n + 1) * sizeof *starts);
    uint64_t state = n * 0x9e3779b97f4a7c15ull + mean, m = 0;
    for (uint64_t at = 0; starts && at <= n; at += seg_random(&state) % (2ull * mean + 1)) starts[m++] = (int32_t)at;
    bool ok = starts && bench_fill_small(ctx, type, b->in, n) &&
              mgpu_buffer_upload(ctx, b->aux1, starts, m * 4) == MGPU_SUCCESS;
    free(starts);
    ((seg_bench_info *)c->info)->segreduce = (mgpu_segreduce_info){.type = type,
                                                                   .op = MGPU_OP_ADD,
                                                                   .count = (uint32_t)n,
                                                                   .segment_count = (uint32_t)m,
                                                                   .values = bench_prefix(b->in, n * size),
                                                                   .starts = bench_prefix(b->aux1, m * 4),
                                                                   .output = bench_prefix(b->out, m * size)};
    c->record = record_segreduce;
    c->bytes = (double)n * (double)size + (double)m * (4.0 + (double)size);
    return ok;
}

static bool setup_rbk(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c,
                      uint32_t mean) {
    size_t size = mgpu_type_size(type);
    mgpu_type key_type = bench_bits_type(type);
    char *keys = malloc(n * size + 8);
    uint64_t state = n * 0x9e3779b97f4a7c15ull + mean + 1, runs = 0;
    for (uint64_t at = 0; keys && at < n; ++runs) {
        uint64_t len = 1 + seg_random(&state) % (2ull * mean - 1);
        for (uint64_t j = 0; j < len && at < n; ++j, ++at) memcpy(keys + at * size, &runs, size);
    }
    bool ok = keys && bench_fill_small(ctx, type, b->in, n) &&
              mgpu_buffer_upload(ctx, b->aux1, keys, n * size) == MGPU_SUCCESS &&
              mgpu_buffer_alloc(ctx, 16, &c->result) == MGPU_SUCCESS;
    free(keys);
    ((seg_bench_info *)c->info)->rbk = (mgpu_reduce_by_key_info){.key_type = key_type,
                                                                 .value_type = type,
                                                                 .op = MGPU_OP_ADD,
                                                                 .count = (uint32_t)n,
                                                                 .keys_in = bench_prefix(b->aux1, n * size),
                                                                 .values_in = bench_prefix(b->in, n * size),
                                                                 .keys_out = bench_prefix(b->aux2, n * size),
                                                                 .values_out = bench_prefix(b->out, n * size),
                                                                 .run_count = c->result};
    c->record = record_rbk;
    c->bytes = (double)(n + runs) * 2.0 * (double)size;
    return ok;
}

static bool setup_segreduce100(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_segreduce(ctx, type, n, b, c, 100);
}
static bool setup_segreduce10000(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_segreduce(ctx, type, n, b, c, 10000);
}
static bool setup_rbk100(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_rbk(ctx, type, n, b, c, 100);
}
static bool setup_rbk10000(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_rbk(ctx, type, n, b, c, 10000);
}

static mgpu_result requirements_segreduce(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_segreduce_get_requirements(ctx, &((const seg_bench_info *)c->info)->segreduce, req);
}

static mgpu_result requirements_rbk(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_reduce_by_key_get_requirements(ctx, &((const seg_bench_info *)c->info)->rbk, req);
}

/* out[k] against the sums of the values in [starts[k], starts[k + 1]) (the last to n): integers exactly, float
 * sums (random reals in [0, 4)) within bench_float_close of the double-precision sum. */
static bool check_sums(mgpu_type type, const void *values, uint64_t n, const int32_t *starts, uint64_t m,
                       const void *out) {
    for (uint64_t k = 0; k < m; ++k) {
        uint64_t end = k + 1 < m ? (uint64_t)starts[k + 1] : n;
        if (bench_is_float(type)) {
            double sum = 0;
            for (uint64_t i = (uint64_t)starts[k]; i < end; ++i) sum += ref_to_double(type, ref_get(type, values, i));
            if (!bench_float_close(type, ref_to_double(type, ref_get(type, out, k)), sum, sum)) return false;
        } else {
            mgpu_scalar acc = ref_identity(type, MGPU_OP_ADD);
            for (uint64_t i = (uint64_t)starts[k]; i < end; ++i)
                acc = ref_apply(type, MGPU_OP_ADD, acc, ref_get(type, values, i));
            if (!ref_equal(type, acc, ref_get(type, out, k))) return false;
        }
    }
    return true;
}

static bool check_segreduce(mgpu_context ctx, const bench_case *c) {
    const mgpu_segreduce_info *info = &((const seg_bench_info *)c->info)->segreduce;
    size_t size = mgpu_type_size(info->type);
    void *values = NULL, *starts = NULL, *out = NULL;
    bool ok = (values = bench_download(ctx, info->values, (uint64_t)info->count * size)) &&
              (starts = bench_download(ctx, info->starts, info->segment_count * 4ull)) &&
              (out = bench_download(ctx, info->output, (uint64_t)info->segment_count * size)) &&
              check_sums(info->type, values, info->count, starts, info->segment_count, out);
    free(values);
    free(starts);
    free(out);
    return ok;
}

static bool check_rbk(mgpu_context ctx, const bench_case *c) {
    const mgpu_reduce_by_key_info *info = &((const seg_bench_info *)c->info)->rbk;
    size_t size = mgpu_type_size(info->value_type);
    uint64_t bytes = (uint64_t)info->count * size;
    void *keys = NULL, *values = NULL, *kout = NULL, *vout = NULL, *count = NULL;
    void *kwant = malloc(bytes + 8), *vwant = malloc(bytes + 8);
    int32_t *starts = calloc(info->count + 2ull, 4);
    bool ok =
        kwant && vwant && starts && (keys = bench_download(ctx, info->keys_in, bytes)) &&
        (values = bench_download(ctx, info->values_in, bytes)) && (kout = bench_download(ctx, info->keys_out, bytes)) &&
        (vout = bench_download(ctx, info->values_out, bytes)) && (count = bench_download(ctx, info->run_count, 4));
    if (ok) {
        size_t runs =
            ref_reduce_by_key(info->key_type, info->value_type, info->op, keys, values, info->count, kwant, vwant);
        for (uint32_t i = 0, r = 0; i < info->count; ++i) /* the runs' starts, for check_sums */
            if (i == 0 || memcmp((char *)keys + i * size, (char *)keys + (i - 1) * size, size) != 0)
                starts[r++] = (int32_t)i;
        ok = *(const uint32_t *)count == runs && memcmp(kout, kwant, runs * size) == 0 &&
             check_sums(info->value_type, values, info->count, starts, runs, vout);
    }
    free(starts);
    free(keys);
    free(values);
    free(kout);
    free(vout);
    free(count);
    free(kwant);
    free(vwant);
    return ok;
}

static const bench_case_def cases[] = {
    {"segreduce100", sizeof(seg_bench_info), setup_segreduce100, requirements_segreduce, check_segreduce},
    {"segreduce10000", sizeof(seg_bench_info), setup_segreduce10000, requirements_segreduce, check_segreduce},
    {"rbk100", sizeof(seg_bench_info), setup_rbk100, requirements_rbk, check_rbk},
    {"rbk10000", sizeof(seg_bench_info), setup_rbk10000, requirements_rbk, check_rbk},
};
const bench_family bench_segreduce = BENCH_FAMILY(cases);
