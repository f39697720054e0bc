/*
 * The benchmark's Merge Path family cases: for each primitive, the inputs it is timed on (made on the GPU,
 * deterministic for a given n), the recording, and a check of its outputs against the CPU, as in
 * ../shared/TARGETS.md:
 *   merge      A = the even numbers, B = the odd ones, n/2 each, keys only; items = outputs
 *   sort       mergesort of n random keys (integers over the whole type, floats in [-2e9, 2e9); keys only);
 *              sort_pairs: values of the key's size, 0..n-1
 *   radix      radix sort of the same keys; radix_pairs: with the same values
 *   search     lower bound of n sorted random needles into n sorted random keys; items = needles
 *   lbs        n/16 objects of 0..31 items (mean 15.5); items = work items
 *   expand     interval expand of the same intervals (values of the key's size); items = outputs
 *   move       interval move of the same intervals, gathered from and scattered to their packed positions
 *   remove     bulk remove of every 4th of n values; items = inputs
 *   insert     bulk insert of n/4 values, one before every 4th of n; items = outputs
 * The checks run in O(n) on the host: sortedness, every key's value pointing back at an equal input key,
 * stability, and for keys only a multiset checksum.
 */
#include "cases.h"

#include <stdlib.h>
#include <string.h>

static mgpu_result record_merge(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_merge(c, cmd, i, s); }
static mgpu_result record_sort(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_mergesort(c, cmd, i, s); }
static mgpu_result record_radix(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_radixsort(c, cmd, i, s); }
static mgpu_result record_search(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_sorted_search(c, cmd, i, s); }
static mgpu_result record_lbs(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_load_balance(c, cmd, i, s); }
static mgpu_result record_interval(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_interval(c, cmd, i, s); }
static mgpu_result record_remove(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_bulk_remove(c, cmd, i, s); }
static mgpu_result record_insert(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_bulk_insert(c, cmd, i, s); }

const char *const bench_case_names[BENCH_CASE_COUNT] = {"merge", "sort", "sort_pairs", "radix", "radix_pairs", "search", "lbs",
                                                        "expand", "move", "remove", "insert"};

static mgpu_range prefix(mgpu_range r, VkDeviceSize bytes) { return mgpu_range_slice(r, 0, bytes); }

static bool fill(mgpu_context ctx, mgpu_type type, mgpu_fill_mode mode, mgpu_range out, uint64_t count, double a, double b,
                 uint64_t seed) {
    if (!count) return true;
    return mgpu_fill(ctx, &(mgpu_fill_info){.type = type, .mode = mode, .count = (uint32_t)count, .output = out,
                                            .a = ref_from_double(type, a), .b = ref_from_double(type, b), .seed = seed}) == MGPU_SUCCESS;
}

/* Sort keys: integers uniform over the type's whole range (as CUB's benchmark draws them: every digit of a
 * 64-bit key random), floats uniform in [-2e9, 2e9). */
static bool fill_sort_keys(mgpu_context ctx, mgpu_type type, mgpu_range out, uint64_t count, uint64_t seed) {
    if (!count) return true;
    mgpu_fill_info info = {.type = type, .mode = MGPU_FILL_RANDOM, .count = (uint32_t)count, .output = out, .seed = seed};
    switch (type) {
    case MGPU_TYPE_U32: info.b.u32 = UINT32_MAX; break;
    case MGPU_TYPE_I32: info.a.i32 = INT32_MIN, info.b.i32 = INT32_MAX; break;
    case MGPU_TYPE_U64: info.b.u64 = UINT64_MAX; break;
    case MGPU_TYPE_I64: info.a.i64 = INT64_MIN, info.b.i64 = INT64_MAX; break;
    default: info.a = ref_from_double(type, -2e9), info.b = ref_from_double(type, 2e9); break;
    }
    return mgpu_fill(ctx, &info) == MGPU_SUCCESS;
}

/* The value type of a key type's size, for values moved as bits. */
static mgpu_type bits_type(mgpu_type type) { return mgpu_type_size(type) == 8 ? MGPU_TYPE_U64 : MGPU_TYPE_U32; }

/* Random interval counts 0..31 for n/16 objects in aux1, their exclusive scan in aux2; the item total. */
static bool make_intervals(mgpu_context ctx, const bench_buffers *b, uint64_t n, uint32_t *objects, uint32_t *items) {
    *objects = (uint32_t)(n / 16 ? n / 16 : 1);
    mgpu_range counts = prefix(b->aux1, *objects * 4ull), starts = prefix(b->aux2, *objects * 4ull);
    mgpu_scalar total;
    bool ok = fill(ctx, MGPU_TYPE_I32, MGPU_FILL_RANDOM, counts, *objects, 0, 31, n) &&
              mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = *objects, .input = counts,
                                               .output = starts}, &total) == MGPU_SUCCESS;
    *items = ok ? (uint32_t)total.i32 : 0;
    return ok && *items <= n;
}

bool bench_case_setup(mgpu_context ctx, bench_case_kind kind, mgpu_type type, uint64_t n, const bench_buffers *b,
                      bench_case *c) {
    size_t size = mgpu_type_size(type);
    uint32_t count = (uint32_t)n;
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->type = type;
    c->items = (double)n;
    bool ok = true;
    switch (kind) {
    case BENCH_MERGE: {
        uint64_t half = n / 2;
        mgpu_range a = prefix(b->in, half * size), bb = mgpu_range_slice(b->in, half * size, (n - half) * size);
        ok = fill(ctx, type, MGPU_FILL_ASCENDING, a, half, 0, 2, 0) && fill(ctx, type, MGPU_FILL_ASCENDING, bb, n - half, 1, 2, 0);
        c->info.merge = (mgpu_merge_info){.key_type = type, .a_count = (uint32_t)half, .b_count = (uint32_t)(n - half),
                                          .a_keys = a, .b_keys = bb, .out_keys = prefix(b->out, n * size)};
        c->record = record_merge;
        c->bytes = 2.0 * (double)n * size;
        break;
    }
    case BENCH_SORT:
    case BENCH_SORT_PAIRS:
    case BENCH_RADIX:
    case BENCH_RADIX_PAIRS: {
        bool pairs = kind == BENCH_SORT_PAIRS || kind == BENCH_RADIX_PAIRS;
        ok = fill_sort_keys(ctx, type, prefix(b->in, n * size), n, n + 1);
        if (pairs) ok = ok && fill(ctx, bits_type(type), MGPU_FILL_ASCENDING, prefix(b->aux1, n * size), n, 0, 1, 0);
        c->info.sort = (mgpu_sort_info){.key_type = type, .value_size = pairs ? (uint32_t)size : 0, .count = count,
                                        .keys_in = prefix(b->in, n * size), .keys_out = prefix(b->out, n * size),
                                        .values_in = pairs ? prefix(b->aux1, n * size) : (mgpu_range){0},
                                        .values_out = pairs ? prefix(b->aux2, n * size) : (mgpu_range){0}};
        c->record = kind == BENCH_SORT || kind == BENCH_SORT_PAIRS ? record_sort : record_radix;
        c->bytes = 2.0 * (double)n * size * (pairs ? 2 : 1);
        break;
    }
    case BENCH_SEARCH:
        ok = fill(ctx, type, MGPU_FILL_SORTED_RANDOM, prefix(b->in, n * size), n, 0, 2.0 * (double)n, n + 2) &&
             fill(ctx, type, MGPU_FILL_SORTED_RANDOM, prefix(b->out, n * size), n, 0, 2.0 * (double)n, n + 3);
        c->info.search = (mgpu_sorted_search_info){.key_type = type, .bounds = MGPU_BOUNDS_LOWER, .a_count = count,
                                                   .b_count = count, .a_keys = prefix(b->in, n * size),
                                                   .b_keys = prefix(b->out, n * size), .a_indices = prefix(b->aux1, n * 4)};
        c->record = record_search;
        c->bytes = 2.0 * (double)n * size + 4.0 * (double)n;
        break;
    case BENCH_LBS:
    case BENCH_EXPAND:
    case BENCH_MOVE: {
        uint32_t objects, items;
        ok = make_intervals(ctx, b, n, &objects, &items);
        mgpu_range starts = prefix(b->aux2, objects * 4ull);
        c->items = items;
        if (kind == BENCH_LBS) {
            c->info.lbs = (mgpu_load_balance_info){.item_count = items, .object_count = objects, .object_starts = starts,
                                                   .out_objects = prefix(b->out, items * 4ull)};
            c->record = record_lbs;
            c->bytes = 4.0 * items + 4.0 * objects;
            break;
        }
        bool expand = kind == BENCH_EXPAND;
        uint64_t inputs = expand ? objects : items;
        ok = ok && fill(ctx, bits_type(type), MGPU_FILL_ASCENDING, prefix(b->in, inputs * size), inputs, 0, 1, 0) &&
             fill(ctx, bits_type(type), MGPU_FILL_CONSTANT, prefix(b->out, items * size), items, 7, 0, 0);
        c->info.interval = (mgpu_interval_info){.op = expand ? MGPU_INTERVAL_OP_EXPAND : MGPU_INTERVAL_OP_MOVE,
                                                .value_size = (uint32_t)size, .item_count = items, .interval_count = objects,
                                                .interval_starts = starts, .gather = expand ? (mgpu_range){0} : starts,
                                                .scatter = expand ? (mgpu_range){0} : starts,
                                                .input = prefix(b->in, inputs * size), .input_count = (uint32_t)inputs,
                                                .output = prefix(b->out, items * size), .output_count = items};
        c->record = record_interval;
        c->bytes = (double)size * (double)(inputs + items) + 4.0 * objects * (expand ? 1 : 3);
        break;
    }
    case BENCH_REMOVE: {
        uint32_t removes = (uint32_t)((n + 3) / 4);
        ok = fill(ctx, bits_type(type), MGPU_FILL_ASCENDING, prefix(b->in, n * size), n, 0, 1, 0) &&
             fill(ctx, MGPU_TYPE_I32, MGPU_FILL_ASCENDING, prefix(b->aux1, removes * 4ull), removes, 0, 4, 0);
        c->info.remove = (mgpu_bulk_remove_info){.value_size = (uint32_t)size, .count = count, .input = prefix(b->in, n * size),
                                                 .index_count = removes, .indices = prefix(b->aux1, removes * 4ull),
                                                 .output = prefix(b->out, (n - removes) * size)};
        c->record = record_remove;
        c->bytes = (double)size * (double)(2 * n - removes) + 4.0 * removes;
        break;
    }
    case BENCH_INSERT: {
        uint32_t inserts = (uint32_t)(n / 4);
        ok = fill(ctx, bits_type(type), MGPU_FILL_ASCENDING, prefix(b->in, n * size), n, 0, 1, 0) &&
             fill(ctx, bits_type(type), MGPU_FILL_ASCENDING, prefix(b->aux2, inserts * size), inserts, 1e9, 1, 0) &&
             fill(ctx, MGPU_TYPE_I32, MGPU_FILL_ASCENDING, prefix(b->aux1, inserts * 4ull), inserts, 0, 4, 0);
        c->info.insert = (mgpu_bulk_insert_info){.value_size = (uint32_t)size, .b_count = count, .b = prefix(b->in, n * size),
                                                 .a_count = inserts, .insert = prefix(b->aux2, inserts * size),
                                                 .indices = prefix(b->aux1, inserts * 4ull),
                                                 .output = prefix(b->out, (n + inserts) * size)};
        c->record = record_insert;
        c->items = (double)(n + inserts);
        c->bytes = 2.0 * (double)size * (double)(n + inserts) + 4.0 * inserts;
        break;
    }
    default: ok = false;
    }
    return ok;
}

/* ---- checks ------------------------------------------------------------------------------------------- */

static void *download(mgpu_context ctx, mgpu_range range, uint64_t bytes) {
    void *host = malloc(bytes + 8);
    if (host && bytes && mgpu_buffer_download(ctx, range, host, bytes) != MGPU_SUCCESS) {
        free(host);
        return NULL;
    }
    return host;
}

static uint64_t word(const void *array, size_t size, uint64_t i) {
    uint64_t v = 0;
    memcpy(&v, (const char *)array + i * size, size);
    return v;
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ull;
    return x ^ (x >> 29);
}

/* out sorted and, by checksum, a permutation of in; with values (the input positions), each pointing at an
 * equal key and ascending among equal keys (stability). */
static bool check_sorted(const bench_case *c, uint64_t n, const void *in, const void *out, const void *values) {
    size_t size = mgpu_type_size(c->type);
    uint64_t sum_in = 0, sum_out = 0;
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t key = ref_key_bits(c->type, ref_get(c->type, out, i));
        sum_in += mix(word(in, size, i));
        sum_out += mix(word(out, size, i));
        if (i > 0) {
            uint64_t prev = ref_key_bits(c->type, ref_get(c->type, out, i - 1));
            if (prev > key) return false;
            if (values && prev == key && word(values, size, i - 1) >= word(values, size, i)) return false; /* stability */
        }
        if (values) {
            uint64_t from = word(values, size, i);
            if (from >= n || word(in, size, from) != word(out, size, i)) return false;
        }
    }
    return sum_in == sum_out;
}

static bool check_search(const bench_case *c, const void *needles, const void *haystack, const int32_t *indices) {
    uint64_t j = 0, n = c->info.search.a_count, m = c->info.search.b_count;
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t key = ref_key_bits(c->type, ref_get(c->type, needles, i));
        while (j < m && ref_key_bits(c->type, ref_get(c->type, haystack, j)) < key) ++j;
        if ((uint64_t)indices[i] != j) return false;
    }
    return true;
}

/* Item i of object o: the expected output of lbs (o), expand (input[o]) and move (input[i], moved in place). */
static bool check_intervals(const bench_case *c, const int32_t *starts, const void *input, const void *out) {
    size_t size = c->kind == BENCH_LBS ? 4 : mgpu_type_size(c->type);
    uint32_t objects = c->kind == BENCH_LBS ? c->info.lbs.object_count : c->info.interval.interval_count;
    uint64_t items = (uint64_t)c->items;
    for (uint32_t o = 0; o < objects; ++o) {
        uint64_t end = o + 1 < objects ? (uint64_t)starts[o + 1] : items;
        for (uint64_t i = (uint64_t)starts[o]; i < end; ++i) {
            uint64_t want = c->kind == BENCH_LBS ? o : word(input, size, c->kind == BENCH_EXPAND ? o : i);
            if (word(out, size, i) != want) return false;
        }
    }
    return true;
}

static bool check_bulk(const bench_case *c, const void *out) {
    size_t size = mgpu_type_size(c->type);
    if (c->kind == BENCH_REMOVE) {
        uint64_t k = 0; /* every 4th input (0, 4, 8, ...) removed: the others in order */
        for (uint64_t i = 0; i < c->info.remove.count; ++i)
            if (i % 4 && word(out, size, k++) != i) return false;
        return true;
    }
    uint64_t k = 0, next = 0; /* insert value 1e9 + j before input 4 j */
    for (uint64_t i = 0; i < c->info.insert.b_count; ++i) {
        if (i % 4 == 0 && next < c->info.insert.a_count && word(out, size, k++) != (uint64_t)1000000000 + next++) return false;
        if (word(out, size, k++) != i) return false;
    }
    return true;
}

bool bench_case_verify(mgpu_context ctx, const bench_case *c) {
    mgpu_range scratch;
    bool ok = bench_case_scratch(ctx, c, &scratch);
    VkCommandBuffer cmd;
    if (ok) ok = mgpu_commands_begin(ctx, &cmd) == MGPU_SUCCESS;
    if (ok) {
        mgpu_result r = c->record(ctx, cmd, &c->info, scratch);
        ok = mgpu_commands_submit(ctx, NULL) == MGPU_SUCCESS && r == MGPU_SUCCESS;
    }
    mgpu_buffer_free(ctx, scratch);
    if (!ok) return false;
    size_t size = mgpu_type_size(c->type);
    uint64_t n = (uint64_t)c->items;
    void *a = NULL, *b = NULL, *d = NULL;
    switch (c->kind) {
    case BENCH_MERGE: /* A and B lie one after the other in the input buffer */
        ok = (a = download(ctx, prefix(c->info.merge.a_keys, n * size), n * size)) &&
             (b = download(ctx, c->info.merge.out_keys, n * size)) && check_sorted(c, n, a, b, NULL);
        break;
    case BENCH_SORT:
    case BENCH_SORT_PAIRS:
    case BENCH_RADIX:
    case BENCH_RADIX_PAIRS:
        ok = (a = download(ctx, c->info.sort.keys_in, n * size)) && (b = download(ctx, c->info.sort.keys_out, n * size)) &&
             (c->kind == BENCH_SORT || c->kind == BENCH_RADIX || (d = download(ctx, c->info.sort.values_out, n * size))) &&
             check_sorted(c, n, a, b, d);
        break;
    case BENCH_SEARCH:
        ok = (a = download(ctx, c->info.search.a_keys, n * size)) && (b = download(ctx, c->info.search.b_keys, n * size)) &&
             (d = download(ctx, c->info.search.a_indices, n * 4)) && check_search(c, a, b, d);
        break;
    case BENCH_LBS:
        ok = (a = download(ctx, c->info.lbs.object_starts, c->info.lbs.object_count * 4ull)) &&
             (d = download(ctx, c->info.lbs.out_objects, n * 4)) && check_intervals(c, a, NULL, d);
        break;
    case BENCH_EXPAND:
    case BENCH_MOVE:
        ok = (a = download(ctx, c->info.interval.interval_starts, c->info.interval.interval_count * 4ull)) &&
             (b = download(ctx, c->info.interval.input, c->info.interval.input_count * size)) &&
             (d = download(ctx, c->info.interval.output, n * size)) && check_intervals(c, a, b, d);
        break;
    case BENCH_REMOVE:
        ok = (d = download(ctx, c->info.remove.output, (c->info.remove.count - c->info.remove.index_count) * size)) && check_bulk(c, d);
        break;
    case BENCH_INSERT:
        ok = (d = download(ctx, c->info.insert.output, n * size)) && check_bulk(c, d);
        break;
    default: ok = false;
    }
    free(a);
    free(b);
    free(d);
    return ok;
}

bool bench_case_scratch(mgpu_context ctx, const bench_case *c, mgpu_range *scratch) {
    mgpu_requirements req = {0};
    mgpu_result r = MGPU_SUCCESS;
    if (c->kind == BENCH_MERGE) r = mgpu_merge_get_requirements(ctx, &c->info.merge, &req);
    if (c->kind == BENCH_SORT || c->kind == BENCH_SORT_PAIRS) r = mgpu_mergesort_get_requirements(ctx, &c->info.sort, &req);
    if (c->kind == BENCH_RADIX || c->kind == BENCH_RADIX_PAIRS) r = mgpu_radixsort_get_requirements(ctx, &c->info.sort, &req);
    if (c->kind == BENCH_LBS) r = mgpu_load_balance_get_requirements(ctx, &c->info.lbs, &req);
    if (c->kind == BENCH_EXPAND || c->kind == BENCH_MOVE) r = mgpu_interval_get_requirements(ctx, &c->info.interval, &req);
    if (c->kind == BENCH_SEARCH) r = mgpu_sorted_search_get_requirements(ctx, &c->info.search, &req);
    if (c->kind == BENCH_REMOVE) r = mgpu_bulk_remove_get_requirements(ctx, &c->info.remove, &req);
    if (c->kind == BENCH_INSERT) r = mgpu_bulk_insert_get_requirements(ctx, &c->info.insert, &req);
    *scratch = (mgpu_range){0};
    if (r == MGPU_SUCCESS && req.scratch_size) r = mgpu_buffer_alloc(ctx, req.scratch_size, scratch);
    return r == MGPU_SUCCESS;
}
