/* The benchmark's segmented and locality sort cases. segsort_M, segsort_pairs_M: n random keys
 * (bench_fill_sort_keys) in segments of random lengths uniform in [0, 2M] (empty ones included), M = 100 and
 * 10000, given by heads; pairs with values of the key's size 0..n-1. locality_M, locality_pairs_M: keys i +
 * noise, noise uniform in [0, M]; mergesort_M: the mergesort of those same keys, the figure the locality sort
 * is measured against. Inputs are deterministic for a given n. */
#include "cases.h"

#include <stdlib.h>
#include <string.h>

/* The case's mgpu_*_info, then what the check needs. */
typedef struct segsort_case_info {
    union {
        mgpu_segsort_info seg;
        mgpu_sort_info sort;
    } u;
    bool segmented;
} segsort_case_info;

static uint64_t next_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545f4914f6cdd1dull;
}

static mgpu_result record_segsort(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_segsort(c, cmd, &((const segsort_case_info *)i)->u.seg, s);
}
static mgpu_result record_localitysort(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_localitysort(c, cmd, &((const segsort_case_info *)i)->u.sort, s);
}
static mgpu_result record_mergesort(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_mergesort(c, cmd, &((const segsort_case_info *)i)->u.sort, s);
}

/* Heads of segments with lengths uniform in [0, 2 mean], in the tail of b->out past its n keys (room for n / 4
 * keys: n / 16 heads or more, where about n / mean are made). */
static bool make_heads(mgpu_context ctx, uint64_t n, uint32_t mean, const bench_buffers *b, size_t key_size,
                       uint32_t *head_count, mgpu_range *heads) {
    uint64_t room = n / 4 * key_size / 4, state = n * 2654435761u + mean;
    int32_t *h = malloc((room + 1) * 4);
    if (!h) return false;
    uint32_t k = 0;
    for (uint64_t at = next_random(&state) % (2 * mean + 1); at <= n && k < room;
         at += next_random(&state) % (2 * mean + 1))
        h[k++] = (int32_t)at;
    *head_count = k;
    *heads = mgpu_range_slice(b->out, n * key_size, (VkDeviceSize)(k ? k : 1) * 4);
    bool ok = !k || mgpu_buffer_upload(ctx, *heads, h, (VkDeviceSize)k * 4) == MGPU_SUCCESS;
    free(h);
    return ok;
}

static bool setup_segsort(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bool pairs,
                          uint32_t mean, bench_case *c) {
    size_t size = mgpu_type_size(type);
    bool ok = bench_fill_sort_keys(ctx, type, bench_prefix(b->in, n * size), n, n + 1);
    mgpu_range values = bench_prefix(b->aux1, n * size);
    if (pairs) ok = ok && bench_fill(ctx, bench_bits_type(type), MGPU_FILL_ASCENDING, values, n, 0, 1, 0);
    uint32_t head_count = 0;
    mgpu_range heads = {0};
    ok = ok && make_heads(ctx, n, mean, b, size, &head_count, &heads);
    segsort_case_info *info = c->info;
    info->segmented = true;
    info->u.seg = (mgpu_segsort_info){.key_type = type,
                                      .value_size = pairs ? (uint32_t)size : 0,
                                      .count = (uint32_t)n,
                                      .keys_in = bench_prefix(b->in, n * size),
                                      .keys_out = bench_prefix(b->out, n * size),
                                      .values_in = pairs ? values : (mgpu_range){0},
                                      .values_out = pairs ? bench_prefix(b->aux2, n * size) : (mgpu_range){0},
                                      .segments_kind = MGPU_SEGMENTS_HEADS,
                                      .head_count = head_count,
                                      .segments = heads};
    c->record = record_segsort;
    c->bytes = 2.0 * (double)n * (double)size * (pairs ? 2 : 1);
    return ok;
}

/* Keys i + noise, noise uniform in [0, noise], made on the host. */
static bool setup_nearly_sorted(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bool pairs,
                                uint32_t noise, bench_record_fn record, bench_case *c) {
    size_t size = mgpu_type_size(type);
    char *keys = malloc(n * size + 8);
    if (!keys) return false;
    uint64_t state = n * 40503u + noise;
    for (uint64_t i = 0; i < n; ++i)
        ref_set(type, keys, i, ref_from_double(type, (double)(i + next_random(&state) % (noise + 1))));
    bool ok = !n || mgpu_buffer_upload(ctx, bench_prefix(b->in, n * size), keys, n * size) == MGPU_SUCCESS;
    free(keys);
    mgpu_range values = bench_prefix(b->aux1, n * size);
    if (pairs) ok = ok && bench_fill(ctx, bench_bits_type(type), MGPU_FILL_ASCENDING, values, n, 0, 1, 0);
    segsort_case_info *info = c->info;
    info->u.sort = (mgpu_sort_info){.key_type = type,
                                    .value_size = pairs ? (uint32_t)size : 0,
                                    .count = (uint32_t)n,
                                    .keys_in = bench_prefix(b->in, n * size),
                                    .keys_out = bench_prefix(b->out, n * size),
                                    .values_in = pairs ? values : (mgpu_range){0},
                                    .values_out = pairs ? bench_prefix(b->aux2, n * size) : (mgpu_range){0}};
    c->record = record;
    c->bytes = 2.0 * (double)n * (double)size * (pairs ? 2 : 1);
    return ok;
}

#define SEGSORT_SETUP(name, pairs, mean)                                                                    \
    static bool name(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) { \
        return setup_segsort(ctx, type, n, b, pairs, mean, c);                                              \
    }
#define NEARLY_SETUP(name, pairs, noise, record)                                                            \
    static bool name(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) { \
        return setup_nearly_sorted(ctx, type, n, b, pairs, noise, record, c);                               \
    }
SEGSORT_SETUP(setup_seg100, false, 100)
SEGSORT_SETUP(setup_seg10000, false, 10000)
SEGSORT_SETUP(setup_segpairs100, true, 100)
SEGSORT_SETUP(setup_segpairs10000, true, 10000)
NEARLY_SETUP(setup_loc100, false, 100, record_localitysort)
NEARLY_SETUP(setup_loc10000, false, 10000, record_localitysort)
NEARLY_SETUP(setup_locpairs100, true, 100, record_localitysort)
NEARLY_SETUP(setup_locpairs10000, true, 10000, record_localitysort)
NEARLY_SETUP(setup_merge100, false, 100, record_mergesort)
NEARLY_SETUP(setup_merge10000, false, 10000, record_mergesort)

static mgpu_result requirements(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    const segsort_case_info *info = c->info;
    if (info->segmented) return mgpu_segsort_get_requirements(ctx, &info->u.seg, req);
    return c->record == record_mergesort ? mgpu_mergesort_get_requirements(ctx, &info->u.sort, req)
                                         : mgpu_localitysort_get_requirements(ctx, &info->u.sort, req);
}

/* Each segment of out sorted and, by checksum of the key bits, holding its segment of in; with values (the
 * input positions), each inside its segment, pointing at an equal key, distinct, and ascending among equal keys. */
static bool check_segments(mgpu_type type, uint64_t n, const void *in, const void *out, const void *values,
                           const int32_t *heads, uint32_t head_count) {
    size_t size = mgpu_type_size(type);
    uint64_t start = 0;
    bool ok = true;
    unsigned char *seen = values ? calloc(n + 1, 1) : NULL;
    if (values && !seen) return false;
    for (uint32_t h = 0; h <= head_count && ok; ++h) {
        uint64_t end = h < head_count ? (uint64_t)heads[h] : n;
        uint64_t sum_in = 0, sum_out = 0;
        for (uint64_t i = start; i < end && ok; ++i) {
            uint64_t x = ref_key_bits(type, ref_get(type, out, i));
            sum_in += ref_key_bits(type, ref_get(type, in, i));
            sum_out += x;
            if (i > start) {
                uint64_t prev = ref_key_bits(type, ref_get(type, out, i - 1));
                ok = prev <= x;
                if (ok && values && prev == x) ok = bench_word(values, size, i - 1) < bench_word(values, size, i);
            }
            if (ok && values) {
                uint64_t v = bench_word(values, size, i);
                ok = v >= start && v < end && !seen[v] && ref_key_bits(type, ref_get(type, in, v)) == x;
                if (ok) seen[v] = 1;
            }
        }
        ok = ok && sum_in == sum_out;
        start = end;
    }
    free(seen);
    return ok;
}

static bool check(mgpu_context ctx, const bench_case *c) {
    const segsort_case_info *info = c->info;
    if (!info->segmented) {
        bench_case plain = *c;
        plain.info = (void *)&info->u.sort;
        return bench_sort_check(ctx, &plain);
    }
    const mgpu_segsort_info *s = &info->u.seg;
    size_t size = mgpu_type_size(c->type);
    uint64_t n = s->count;
    void *in = NULL, *out = NULL, *values = NULL;
    int32_t *heads = NULL;
    bool ok = (in = bench_download(ctx, s->keys_in, n * size)) && (out = bench_download(ctx, s->keys_out, n * size)) &&
              (!s->value_size || (values = bench_download(ctx, s->values_out, n * size))) &&
              (heads = bench_download(ctx, s->segments, (uint64_t)s->head_count * 4)) &&
              check_segments(c->type, n, in, out, values, heads, s->head_count);
    free(in);
    free(out);
    free(values);
    free(heads);
    return ok;
}

static const bench_case_def cases[] = {
    {"segsort_100", sizeof(segsort_case_info), setup_seg100, requirements, check},
    {"segsort_10000", sizeof(segsort_case_info), setup_seg10000, requirements, check},
    {"segsort_pairs_100", sizeof(segsort_case_info), setup_segpairs100, requirements, check},
    {"segsort_pairs_10000", sizeof(segsort_case_info), setup_segpairs10000, requirements, check},
    {"locality_100", sizeof(segsort_case_info), setup_loc100, requirements, check},
    {"locality_10000", sizeof(segsort_case_info), setup_loc10000, requirements, check},
    {"locality_pairs_100", sizeof(segsort_case_info), setup_locpairs100, requirements, check},
    {"locality_pairs_10000", sizeof(segsort_case_info), setup_locpairs10000, requirements, check},
    {"mergesort_near_100", sizeof(segsort_case_info), setup_merge100, requirements, check},
    {"mergesort_near_10000", sizeof(segsort_case_info), setup_merge10000, requirements, check},
};
const bench_family bench_segsort = BENCH_FAMILY(cases);
