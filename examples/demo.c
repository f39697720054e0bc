/*
 * The seeds' demonstrations, printed the same way: CreateCudaDevice(printInfo), the fills and PrintArray of
 * "The Library", chapter 4's reduction, scan and max-index, chapter 5's bulk remove and insert, chapter 6's
 * merges, chapter 7's sorts (and the radix sort), chapter 8's segmented and locality sorts, chapter 9's sorted
 * search, chapter 10's load-balancing search and chapter 11's interval expand and move; the segmented reduce and
 * reduce-by-key on the load-balancing search; chapter 12's relational joins (inner and outer) and chapter 13's
 * multisets (keys and pairs); then the compaction family (select by flags, unique, run-length encode) and the
 * histogram (issue 14).
 */
#include "mgpuvk.h"

#include <stdio.h>
#include <stdlib.h>

#define CHECK(expr)                                                                                             \
    do {                                                                                                        \
        mgpu_result r_ = (expr);                                                                                \
        if (r_ != MGPU_SUCCESS) {                                                                               \
            fprintf(stderr, "%s failed: %s (%s)\n", #expr, mgpu_result_name(r_), mgpu_context_last_error(ctx)); \
            exit(1);                                                                                            \
        }                                                                                                       \
    } while (0)

/* Fills count int32 of out in the given mode (random or sorted random values in [lo, hi], from seed). */
static void demo_fill_i32(mgpu_context ctx, mgpu_range out, uint32_t count, mgpu_fill_mode mode, int32_t lo, int32_t hi,
                          uint64_t seed) {
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32,
                                           .mode = mode,
                                           .count = count,
                                           .output = out,
                                           .a.i32 = lo,
                                           .b.i32 = hi,
                                           .seed = seed}));
}

static void demo_fills(mgpu_context ctx) {
    printf("\n\nFILL DEMONSTRATION:\n\n");
    mgpu_range a, b, c;
    CHECK(mgpu_buffer_alloc(ctx, 50 * 4, &a));
    CHECK(mgpu_buffer_alloc(ctx, 50 * 4, &b));
    CHECK(mgpu_buffer_alloc(ctx, 50 * 8, &c));
    CHECK(mgpu_fill(
        ctx,
        &(mgpu_fill_info){
            .type = MGPU_TYPE_I32, .mode = MGPU_FILL_ASCENDING, .count = 50, .output = a, .a.i32 = 0, .b.i32 = 5}));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_F32,
                                           .mode = MGPU_FILL_RANDOM,
                                           .count = 50,
                                           .output = b,
                                           .a.f32 = 0.0f,
                                           .b.f32 = 10.0f,
                                           .seed = 1}));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_F64,
                                           .mode = MGPU_FILL_SORTED_RANDOM,
                                           .count = 50,
                                           .output = c,
                                           .a.f64 = 0.0,
                                           .b.f64 = 20.0,
                                           .seed = 2}));
    printf("A:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, a, 50, "%6d", 10, stdout));
    printf("\nB:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_F32, b, 50, "%6.2lf", 10, stdout));
    printf("\nC:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_F64, c, 50, "%6.2lf", 10, stdout));
    mgpu_buffer_free(ctx, a);
    mgpu_buffer_free(ctx, b);
    mgpu_buffer_free(ctx, c);
}

static void demo_scan(mgpu_context ctx) {
    printf("\n\nREDUCTION AND SCAN DEMONSTRATION:\n\n");
    /* 100 random integers between 0 and 9. */
    const uint32_t n = 100;
    mgpu_range data;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &data));
    demo_fill_i32(ctx, data, n, MGPU_FILL_RANDOM, 0, 9, 3);
    printf("Input array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, data, n, "%4d", 10, stdout));
    mgpu_reduce_value total;
    CHECK(mgpu_reduce(ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_I32, .op = MGPU_OP_ADD, .count = n, .input = data},
                      &total));
    printf("Reduction total: %d\n\n", total.value.i32);
    mgpu_scalar scan_total;
    CHECK(mgpu_scan(
        ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = n, .input = data, .output = data},
        &scan_total));
    printf("Exclusive scan:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, data, n, "%4d", 10, stdout));
    printf("Scan total: %d\n", scan_total.i32);
    mgpu_buffer_free(ctx, data);
}

static void demo_max_index(mgpu_context ctx) {
    printf("\n\nMAX-INDEX DEMONSTRATION:\n\n");
    const uint32_t n = 100;
    mgpu_range data;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &data));
    demo_fill_i32(ctx, data, n, MGPU_FILL_RANDOM, 0, (int32_t)n - 1, 4);
    printf("Input array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, data, n, "%4d", 10, stdout));
    mgpu_reduce_value pair;
    CHECK(mgpu_reduce(
        ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_I32, .op = MGPU_OP_MAX_INDEX, .count = n, .input = data}, &pair));
    printf("Max-index reduction: %d at position %lld\n", pair.value.i32, (long long)pair.index);
    /* Running maximum: the seeds' max-index scan keeps indices; the max scan shows the values. */
    CHECK(mgpu_scan(
        ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .op = MGPU_OP_MAX, .count = n, .input = data, .output = data},
        NULL));
    printf("\nMax inclusive scan:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, data, n, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, data);
}

static void demo_merge_keys(mgpu_context ctx) {
    printf("\n\nMERGE KEYS DEMONSTRATION:\n\n");
    /* 100 sorted random integers between 0 and 99 in each input. */
    const uint32_t n = 100;
    mgpu_range a, b, c;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &a));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &b));
    CHECK(mgpu_buffer_alloc(ctx, 2 * n * 4, &c));
    demo_fill_i32(ctx, a, n, MGPU_FILL_SORTED_RANDOM, 0, 99, 5);
    demo_fill_i32(ctx, b, n, MGPU_FILL_SORTED_RANDOM, 0, 99, 6);
    printf("A:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, a, n, "%4d", 10, stdout));
    printf("\nB:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, b, n, "%4d", 10, stdout));
    CHECK(mgpu_merge(
        ctx, &(mgpu_merge_info){
                 .key_type = MGPU_TYPE_I32, .a_count = n, .b_count = n, .a_keys = a, .b_keys = b, .out_keys = c}));
    printf("\nMerged array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, c, 2 * n, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, a);
    mgpu_buffer_free(ctx, b);
    mgpu_buffer_free(ctx, c);
}

static void demo_merge_pairs(mgpu_context ctx) {
    printf("\n\nMERGE PAIRS DEMONSTRATION:\n\n");
    const uint32_t n = 100;
    mgpu_range a, b, va, vb, c, vc;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &a));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &b));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &va));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &vb));
    CHECK(mgpu_buffer_alloc(ctx, 2 * n * 4, &c));
    CHECK(mgpu_buffer_alloc(ctx, 2 * n * 4, &vc));
    demo_fill_i32(ctx, a, n, MGPU_FILL_SORTED_RANDOM, 0, 99, 15);
    demo_fill_i32(ctx, b, n, MGPU_FILL_SORTED_RANDOM, 0, 99, 16);
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = va, .a.i32 = 0, .b.i32 = 1}));
    CHECK(mgpu_fill(
        ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = vb, .a.i32 = (int32_t)n, .b.i32 = 1}));
    printf("A:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, a, n, "%4d", 10, stdout));
    printf("\nB:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, b, n, "%4d", 10, stdout));
    CHECK(mgpu_merge(ctx, &(mgpu_merge_info){.key_type = MGPU_TYPE_I32,
                                             .value_size = 4,
                                             .a_count = n,
                                             .b_count = n,
                                             .a_keys = a,
                                             .b_keys = b,
                                             .a_values = va,
                                             .b_values = vb,
                                             .out_keys = c,
                                             .out_values = vc}));
    printf("\nMerged keys:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, c, 2 * n, "%4d", 10, stdout));
    printf("\nMerged values (A's are 0..99, B's 100..199):\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, vc, 2 * n, "%4d", 10, stdout));
    mgpu_range all[] = {a, b, va, vb, c, vc};
    for (size_t i = 0; i < 6; ++i) mgpu_buffer_free(ctx, all[i]);
}

static void demo_sort(mgpu_context ctx, bool pairs) {
    printf(pairs ? "\n\nSORT PAIRS DEMONSTRATION:\n\n" : "\n\nSORT KEYS DEMONSTRATION:\n\n");
    /* 100 random integers between 0 and 99, sorted in place; pairs carry their input positions. */
    const uint32_t n = 100;
    mgpu_range keys, values = {0};
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &keys));
    demo_fill_i32(ctx, keys, n, MGPU_FILL_RANDOM, 0, 99, pairs ? 10 : 9);
    if (pairs) {
        CHECK(mgpu_buffer_alloc(ctx, n * 4, &values));
        CHECK(mgpu_fill(
            ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = values, .a.i32 = 0, .b.i32 = 1}));
    }
    printf(pairs ? "Input keys:\n" : "Input:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, keys, n, "%4d", 10, stdout));
    CHECK(mgpu_mergesort(ctx, &(mgpu_sort_info){.key_type = MGPU_TYPE_I32,
                                                .value_size = pairs ? 4 : 0,
                                                .count = n,
                                                .keys_in = keys,
                                                .keys_out = keys,
                                                .values_in = values,
                                                .values_out = values}));
    printf(pairs ? "\nSorted keys:\n" : "\nSorted output:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, keys, n, "%4d", 10, stdout));
    if (pairs) {
        printf("\nSorted values:\n");
        CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, values, n, "%4d", 10, stdout));
    }
    mgpu_buffer_free(ctx, keys);
    mgpu_buffer_free(ctx, values);
}

static void demo_radix_sort(mgpu_context ctx) {
    printf("\n\nRADIX SORT INDICES DEMONSTRATION:\n\n");
    /* 100 random integers between 0 and 999, radix sorted by their low 8 bits only (stable), with the
     * permutation that sorts them. */
    const uint32_t n = 100;
    mgpu_range keys, sorted, indices;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &keys));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &sorted));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &indices));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_U32,
                                           .mode = MGPU_FILL_RANDOM,
                                           .count = n,
                                           .output = keys,
                                           .a.u32 = 0,
                                           .b.u32 = 999,
                                           .seed = 13}));
    printf("Input:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_U32, keys, n, "%4u", 10, stdout));
    CHECK(mgpu_radixsort(ctx, &(mgpu_sort_info){.key_type = MGPU_TYPE_U32,
                                                .indices = true,
                                                .count = n,
                                                .keys_in = keys,
                                                .keys_out = sorted,
                                                .values_out = indices,
                                                .begin_bit = 0,
                                                .end_bit = 8}));
    printf("\nSorted by bits 0..7 (key %% 256):\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_U32, sorted, n, "%4u", 10, stdout));
    printf("\nInput positions:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, indices, n, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, keys);
    mgpu_buffer_free(ctx, sorted);
    mgpu_buffer_free(ctx, indices);
}

static void demo_bulk(mgpu_context ctx) {
    printf("\n\nBULK REMOVE DEMONSTRATION:\n\n");
    const uint32_t n = 100, removes = (n + 2) / 3, inserts = (n - 2 + 4) / 5;
    mgpu_range data, indices, out, insert, inserted;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &data));
    CHECK(mgpu_buffer_alloc(ctx, removes * 4, &indices));
    CHECK(mgpu_buffer_alloc(ctx, (n - removes) * 4, &out));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = data, .a.i32 = 0, .b.i32 = 1}));
    CHECK(mgpu_fill(
        ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = removes, .output = indices, .a.i32 = 0, .b.i32 = 3}));
    printf("Input array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, data, n, "%4d", 10, stdout));
    CHECK(mgpu_bulk_remove(
        ctx,
        &(mgpu_bulk_remove_info){
            .value_size = 4, .count = n, .input = data, .index_count = removes, .indices = indices, .output = out}));
    printf("\nRemoving every 3rd element:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, out, n - removes, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, indices);
    mgpu_buffer_free(ctx, out);

    printf("\n\nBULK INSERT DEMONSTRATION:\n\n");
    CHECK(mgpu_buffer_alloc(ctx, inserts * 4, &insert));
    CHECK(mgpu_buffer_alloc(ctx, inserts * 4, &indices));
    CHECK(mgpu_buffer_alloc(ctx, (n + inserts) * 4, &inserted));
    CHECK(mgpu_fill(
        ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = inserts, .output = insert, .a.i32 = 1000, .b.i32 = 10}));
    CHECK(mgpu_fill(
        ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = inserts, .output = indices, .a.i32 = 2, .b.i32 = 5}));
    printf("Input array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, data, n, "%4d", 10, stdout));
    CHECK(mgpu_bulk_insert(ctx, &(mgpu_bulk_insert_info){.value_size = 4,
                                                         .b_count = n,
                                                         .b = data,
                                                         .a_count = inserts,
                                                         .insert = insert,
                                                         .indices = indices,
                                                         .output = inserted}));
    printf("\nInserting before every 5th element starting at item 2:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, inserted, n + inserts, "%4d", 10, stdout));
    mgpu_range all[] = {data, insert, indices, inserted};
    for (size_t i = 0; i < 4; ++i) mgpu_buffer_free(ctx, all[i]);
}

static void demo_sorted_search(mgpu_context ctx) {
    printf("\n\nSORTED SEARCH DEMONSTRATION:\n\n");
    const uint32_t haystack_count = 200, needle_count = 100;
    mgpu_range haystack, needles, bounds;
    CHECK(mgpu_buffer_alloc(ctx, haystack_count * 4, &haystack));
    CHECK(mgpu_buffer_alloc(ctx, needle_count * 4, &needles));
    CHECK(mgpu_buffer_alloc(ctx, needle_count * 4, &bounds));
    demo_fill_i32(ctx, haystack, haystack_count, MGPU_FILL_SORTED_RANDOM, 0, 299, 11);
    demo_fill_i32(ctx, needles, needle_count, MGPU_FILL_SORTED_RANDOM, 0, 299, 12);
    printf("Haystack array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, haystack, haystack_count, "%4d", 10, stdout));
    printf("\nNeedles array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, needles, needle_count, "%4d", 10, stdout));
    CHECK(mgpu_sorted_search(ctx,
                             &(mgpu_sorted_search_info){.key_type = MGPU_TYPE_I32,
                                                        .bounds = MGPU_BOUNDS_LOWER,
                                                        .a_count = needle_count,
                                                        .b_count = haystack_count,
                                                        .a_keys = needles,
                                                        .b_keys = haystack,
                                                        .a_indices = bounds},
                             NULL, NULL));
    printf("\nLower bound array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, bounds, needle_count, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, haystack);
    mgpu_buffer_free(ctx, needles);
    mgpu_buffer_free(ctx, bounds);
}

static void demo_load_balance(mgpu_context ctx) {
    printf("\n\nLOAD-BALANCING SEARCH DEMONSTRATION:\n\n");
    /* 20 objects generating between 0 and 4 work items each. */
    const uint32_t n = 20;
    mgpu_range counts, starts, objects;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &counts));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &starts));
    demo_fill_i32(ctx, counts, n, MGPU_FILL_RANDOM, 0, 4, 7);
    printf("Object counts:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, counts, n, "%4d", 10, stdout));
    mgpu_scalar total;
    CHECK(mgpu_scan(
        ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = n, .input = counts, .output = starts},
        &total));
    printf("\nScan of object counts:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, starts, n, "%4d", 10, stdout));
    printf("Total: %4d\n", total.i32);
    CHECK(mgpu_buffer_alloc(ctx, total.i32 ? (VkDeviceSize)total.i32 * 4 : 4, &objects));
    CHECK(mgpu_load_balance(ctx, &(mgpu_load_balance_info){.item_count = (uint32_t)total.i32,
                                                           .object_count = n,
                                                           .object_starts = starts,
                                                           .out_objects = objects}));
    printf("\nObject references:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, objects, (uint32_t)total.i32, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, counts);
    mgpu_buffer_free(ctx, starts);
    mgpu_buffer_free(ctx, objects);
}

static void demo_interval_move(mgpu_context ctx) {
    printf("\n\nINTERVAL MOVE DEMONSTRATION:\n\n");
    /* 20 intervals of 0..4 elements, gathered from ascending offsets of the input (0, 10, 20, ...) and
     * scattered to the packed positions of the reversed interval order. */
    const uint32_t n = 20;
    int32_t counts[20], gather[20], scatter[20], starts[20];
    uint32_t total = 0;
    for (uint32_t i = 0; i < n; ++i) counts[i] = (int32_t)((i * 7 + 3) % 5);
    for (uint32_t i = 0; i < n; ++i) {
        starts[i] = (int32_t)total;
        total += (uint32_t)counts[i];
        gather[i] = (int32_t)(10 * i);
    }
    for (uint32_t i = n, at = 0; i-- > 0;) {
        scatter[i] = (int32_t)at;
        at += (uint32_t)counts[i];
    }
    mgpu_range rstarts, rgather, rscatter, input, output;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &rstarts));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &rgather));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &rscatter));
    CHECK(mgpu_buffer_alloc(ctx, 10 * n * 4, &input));
    CHECK(mgpu_buffer_alloc(ctx, total * 4, &output));
    CHECK(mgpu_buffer_upload(ctx, rstarts, starts, sizeof starts));
    CHECK(mgpu_buffer_upload(ctx, rgather, gather, sizeof gather));
    CHECK(mgpu_buffer_upload(ctx, rscatter, scatter, sizeof scatter));
    CHECK(mgpu_fill(
        ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = 10 * n, .output = input, .a.i32 = 0, .b.i32 = 1}));
    CHECK(mgpu_fill(
        ctx, &(mgpu_fill_info){
                 .type = MGPU_TYPE_I32, .mode = MGPU_FILL_CONSTANT, .count = total, .output = output, .a.i32 = -1}));
    printf("Interval starts (the exclusive scan of the counts %d %d %d ...):\n", counts[0], counts[1], counts[2]);
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, rstarts, n, "%4d", 10, stdout));
    printf("\nGather offsets:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, rgather, n, "%4d", 10, stdout));
    printf("\nScatter offsets:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, rscatter, n, "%4d", 10, stdout));
    CHECK(mgpu_interval(ctx, &(mgpu_interval_info){.op = MGPU_INTERVAL_OP_MOVE,
                                                   .value_size = 4,
                                                   .item_count = total,
                                                   .interval_count = n,
                                                   .interval_starts = rstarts,
                                                   .gather = rgather,
                                                   .scatter = rscatter,
                                                   .input = input,
                                                   .input_count = 10 * n,
                                                   .output = output,
                                                   .output_count = total}));
    printf("\nMoved values:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, output, total, "%4d", 10, stdout));
    mgpu_range all[] = {rstarts, rgather, rscatter, input, output};
    for (size_t i = 0; i < 5; ++i) mgpu_buffer_free(ctx, all[i]);
}

static void demo_interval_expand(mgpu_context ctx) {
    printf("\n\nINTERVAL EXPAND DEMONSTRATION:\n\n");
    /* Each of 20 intervals repeats its value, 0..19 times 10, between 0 and 4 times. */
    const uint32_t n = 20;
    mgpu_range counts, starts, values, out;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &counts));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &starts));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &values));
    demo_fill_i32(ctx, counts, n, MGPU_FILL_RANDOM, 0, 4, 8);
    CHECK(mgpu_fill(ctx,
                    &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = values, .a.i32 = 0, .b.i32 = 10}));
    printf("Interval counts:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, counts, n, "%4d", 10, stdout));
    printf("\nInterval values:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, values, n, "%4d", 10, stdout));
    mgpu_scalar total;
    CHECK(mgpu_scan(
        ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = n, .input = counts, .output = starts},
        &total));
    CHECK(mgpu_buffer_alloc(ctx, total.i32 ? (VkDeviceSize)total.i32 * 4 : 4, &out));
    CHECK(mgpu_interval(ctx, &(mgpu_interval_info){.op = MGPU_INTERVAL_OP_EXPAND,
                                                   .value_size = 4,
                                                   .item_count = (uint32_t)total.i32,
                                                   .interval_count = n,
                                                   .interval_starts = starts,
                                                   .input = values,
                                                   .output = out}));
    printf("\nExpanded values:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, out, (uint32_t)total.i32, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, counts);
    mgpu_buffer_free(ctx, starts);
    mgpu_buffer_free(ctx, values);
    mgpu_buffer_free(ctx, out);
}

/* ---- chapter 8: segmented sort and locality sort ---- */

/* Prints n int32 of range 10 a row, the seeds' PrintArrayOp with FormatOpMarkArray: heads marked by '*'. */
static void print_marked(mgpu_context ctx, mgpu_range range, uint32_t n, const int32_t *heads, uint32_t head_count) {
    int32_t host[100];
    CHECK(mgpu_buffer_download(ctx, range, host, n * 4));
    for (uint32_t i = 0; i < n; ++i) {
        bool head = false;
        for (uint32_t h = 0; h < head_count; ++h) head = head || heads[h] == (int32_t)i;
        if (i % 10 == 0) printf("%s%5u: ", i ? "\n" : "", i);
        printf("  %c%2d", head ? '*' : ' ', host[i]);
    }
    printf("\n");
}

static void demo_segsort(mgpu_context ctx, bool pairs) {
    printf(pairs ? "\n\nSEG-SORT PAIRS DEMONSTRATION:\n\n" : "\n\nSEG-SORT KEYS DEMONSTRATION:\n\n");
    /* 100 random integers between 0 and 99 in 11 segments (10 heads), sorted within them in place; pairs carry
     * their input positions. */
    const uint32_t n = 100;
    const int32_t seg_heads[10] = {4, 19, 22, 56, 61, 78, 81, 84, 94, 97};
    mgpu_range keys, heads, values = {0};
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &keys));
    CHECK(mgpu_buffer_alloc(ctx, sizeof seg_heads, &heads));
    CHECK(mgpu_buffer_upload(ctx, heads, seg_heads, sizeof seg_heads));
    demo_fill_i32(ctx, keys, n, MGPU_FILL_RANDOM, 0, 99, pairs ? 15 : 14);
    if (pairs) {
        CHECK(mgpu_buffer_alloc(ctx, n * 4, &values));
        CHECK(mgpu_fill(
            ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = values, .a.i32 = 0, .b.i32 = 1}));
    }
    printf("Input keys:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, keys, n, "%4d", 10, stdout));
    printf("\nSegment heads:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, heads, 10, "%4d", 10, stdout));
    CHECK(mgpu_segsort(ctx, &(mgpu_segsort_info){.key_type = MGPU_TYPE_I32,
                                                 .value_size = pairs ? 4 : 0,
                                                 .count = n,
                                                 .keys_in = keys,
                                                 .keys_out = keys,
                                                 .values_in = values,
                                                 .values_out = values,
                                                 .segments_kind = MGPU_SEGMENTS_HEADS,
                                                 .head_count = 10,
                                                 .segments = heads}));
    printf("\nSorted data (segment heads are marked by *):\n");
    print_marked(ctx, keys, n, seg_heads, 10);
    if (pairs) {
        printf("\nSorted indices (segment heads are marked by *):\n");
        print_marked(ctx, values, n, seg_heads, 10);
    }
    mgpu_buffer_free(ctx, keys);
    mgpu_buffer_free(ctx, heads);
    mgpu_buffer_free(ctx, values);
}

static void demo_locality_sort(mgpu_context ctx, bool pairs) {
    printf(pairs ? "\n\nLOCALITY SORT PAIRS DEMONSTRATION:\n\n" : "\n\nLOCALITY SORT KEYS DEMONSTRATION:\n\n");
    /* Keys that are roughly sorted, with added noise: i + a random integer in [0, 25]. */
    const uint32_t n = 100;
    int32_t host[100];
    uint32_t state = pairs ? 2024u : 1987u;
    for (uint32_t i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;
        host[i] = (int32_t)(i + (state >> 16) % 26);
    }
    mgpu_range keys, values = {0};
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &keys));
    CHECK(mgpu_buffer_upload(ctx, keys, host, sizeof host));
    if (pairs) {
        CHECK(mgpu_buffer_alloc(ctx, n * 4, &values));
        CHECK(mgpu_fill(
            ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = values, .a.i32 = 0, .b.i32 = 1}));
    }
    printf("Input keys:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, keys, n, "%4d", 10, stdout));
    CHECK(mgpu_localitysort(ctx, &(mgpu_sort_info){.key_type = MGPU_TYPE_I32,
                                                   .value_size = pairs ? 4 : 0,
                                                   .count = n,
                                                   .keys_in = keys,
                                                   .keys_out = keys,
                                                   .values_in = values,
                                                   .values_out = values}));
    printf("\nSorted data:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, keys, n, "%4d", 10, stdout));
    if (pairs) {
        printf("\nSorted indices:\n");
        CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, values, n, "%4d", 10, stdout));
    }
    mgpu_buffer_free(ctx, keys);
    mgpu_buffer_free(ctx, values);
}

/* Prints n int32 values ten to a row, each row led by its first index, with a '|' before each value where a
 * segment starts (one per start: repeated starts mark empty segments). */
static void print_segments(const int32_t *values, uint32_t n, const int32_t *starts, uint32_t m) {
    uint32_t k = 0;
    for (uint32_t i = 0; i <= n; ++i) {
        if (i % 10 == 0 && i < n) printf("%s%5u: ", i ? "\n" : "", i);
        while (k < m && (uint32_t)starts[k] == i) {
            printf("|");
            ++k;
        }
        if (i < n) printf("%4d", values[i]);
    }
    printf("\n");
}

static void demo_segreduce(mgpu_context ctx) {
    printf("\n\nSEGMENTED REDUCE DEMONSTRATION:\n\n");
    /* 40 values 0..9 in 12 segments ('|' marks each start): values before the first start belong to no
     * segment, repeated starts give empty segments (the sum's identity, 0), a start at 40 an empty last one. */
    enum { n = 40, m = 12 };
    const int32_t starts[m] = {2, 5, 5, 11, 18, 18, 19, 26, 31, 31, 38, 40};
    int32_t values[n], sums[m];
    mgpu_range rvalues, rstarts, rsums;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &rvalues));
    CHECK(mgpu_buffer_alloc(ctx, m * 4, &rstarts));
    CHECK(mgpu_buffer_alloc(ctx, m * 4, &rsums));
    demo_fill_i32(ctx, rvalues, n, MGPU_FILL_RANDOM, 0, 9, 11);
    CHECK(mgpu_buffer_upload(ctx, rstarts, starts, sizeof starts));
    CHECK(mgpu_buffer_download(ctx, rvalues, values, sizeof values));
    printf("Values, '|' before each segment start:\n");
    print_segments(values, n, starts, m);
    printf("\nSegment starts:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, rstarts, m, "%4d", 10, stdout));
    CHECK(mgpu_segreduce(ctx, &(mgpu_segreduce_info){.type = MGPU_TYPE_I32,
                                                     .op = MGPU_OP_ADD,
                                                     .count = n,
                                                     .segment_count = m,
                                                     .values = rvalues,
                                                     .starts = rstarts,
                                                     .output = rsums}));
    CHECK(mgpu_buffer_download(ctx, rsums, sums, sizeof sums));
    printf("\nSegment sums:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, rsums, m, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, rvalues);
    mgpu_buffer_free(ctx, rstarts);
    mgpu_buffer_free(ctx, rsums);

    printf("\n\nREDUCE-BY-KEY DEMONSTRATION:\n\n");
    /* 30 keys 0..2 at random: runs of equal keys; the values 0..29. */
    enum { count = 30 };
    int32_t keys[count], run_starts[count];
    mgpu_range rkeys, rvals, kout, vout;
    CHECK(mgpu_buffer_alloc(ctx, count * 4, &rkeys));
    CHECK(mgpu_buffer_alloc(ctx, count * 4, &rvals));
    CHECK(mgpu_buffer_alloc(ctx, count * 4, &kout));
    CHECK(mgpu_buffer_alloc(ctx, count * 4, &vout));
    demo_fill_i32(ctx, rkeys, count, MGPU_FILL_RANDOM, 0, 2, 12);
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = count, .output = rvals, .b.i32 = 1}));
    CHECK(mgpu_buffer_download(ctx, rkeys, keys, sizeof keys));
    uint32_t heads = 0;
    for (uint32_t i = 0; i < count; ++i)
        if (i == 0 || keys[i] != keys[i - 1]) run_starts[heads++] = (int32_t)i;
    printf("Keys, '|' before each run:\n");
    print_segments(keys, count, run_starts, heads);
    printf("\nValues:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, rvals, count, "%4d", 10, stdout));
    uint32_t runs = 0;
    CHECK(mgpu_reduce_by_key(ctx,
                             &(mgpu_reduce_by_key_info){.key_type = MGPU_TYPE_I32,
                                                        .value_type = MGPU_TYPE_I32,
                                                        .op = MGPU_OP_ADD,
                                                        .count = count,
                                                        .keys_in = rkeys,
                                                        .values_in = rvals,
                                                        .keys_out = kout,
                                                        .values_out = vout},
                             &runs));
    printf("\nReduced keys (%u runs):\n", runs);
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, kout, runs, "%4d", 10, stdout));
    printf("\nReduced values (sums):\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, vout, runs, "%4d", 10, stdout));
    mgpu_range all[] = {rkeys, rvals, kout, vout};
    for (size_t i = 0; i < 4; ++i) mgpu_buffer_free(ctx, all[i]);
}

/* The seeds' DemoJoin: 30 sorted random keys in [100, 130] on each side (SortRandom: random, then sorted), their
 * inner and outer joins. */
static void print_join(const char *name, uint32_t rows, const int32_t *a_index, const int32_t *b_index,
                       const int32_t *a_keys, const int32_t *b_keys) {
    printf("\n%s (%u items):\n", name, rows);
    printf("output   (aIndex, bIndex) : (aKey, bKey)\n");
    printf("----------------------------------------\n");
    for (uint32_t i = 0; i < rows; ++i) {
        char a_key[12] = "---", b_key[12] = "---";
        if (a_index[i] != -1) snprintf(a_key, sizeof a_key, "%d", a_keys[a_index[i]]);
        if (b_index[i] != -1) snprintf(b_key, sizeof b_key, "%d", b_keys[b_index[i]]);
        printf("%3u      (%6d, %6d) : (%4s, %4s)\n", i, a_index[i], b_index[i], a_key, b_key);
    }
}

static void demo_join(mgpu_context ctx) {
    printf("\n\nRELATIONAL JOINS DEMONSTRATION:\n\n");
    enum { count = 30, most = count * count + 2 * count }; /* every key equal, at worst */
    mgpu_range a, b, a_index, b_index;
    CHECK(mgpu_buffer_alloc(ctx, count * 4, &a));
    CHECK(mgpu_buffer_alloc(ctx, count * 4, &b));
    CHECK(mgpu_buffer_alloc(ctx, most * 4, &a_index));
    CHECK(mgpu_buffer_alloc(ctx, most * 4, &b_index));
    mgpu_range keys[2] = {a, b};
    for (int k = 0; k < 2; ++k) {
        demo_fill_i32(ctx, keys[k], count, MGPU_FILL_RANDOM, 100, 130, 20 + (uint64_t)k);
        CHECK(mgpu_mergesort(
            ctx,
            &(mgpu_sort_info){.key_type = MGPU_TYPE_I32, .count = count, .keys_in = keys[k], .keys_out = keys[k]}));
    }
    int32_t a_keys[count], b_keys[count], a_rows[most], b_rows[most];
    CHECK(mgpu_buffer_download(ctx, a, a_keys, sizeof a_keys));
    CHECK(mgpu_buffer_download(ctx, b, b_keys, sizeof b_keys));
    printf("A keys:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, a, count, "%4d", 10, stdout));
    printf("\nB keys:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, b, count, "%4d", 10, stdout));
    mgpu_join_info info = {.key_type = MGPU_TYPE_I32,
                           .a_count = count,
                           .b_count = count,
                           .a_keys = a,
                           .b_keys = b,
                           .a_indices = a_index,
                           .b_indices = b_index,
                           .capacity = most};
    const mgpu_join_kind kinds[2] = {MGPU_JOIN_INNER, MGPU_JOIN_OUTER};
    const char *names[2] = {"Inner-join", "Outer-join"};
    for (int k = 0; k < 2; ++k) {
        uint32_t rows = 0;
        info.kind = kinds[k];
        CHECK(mgpu_join(ctx, &info, &rows));
        CHECK(mgpu_buffer_download(ctx, a_index, a_rows, rows * 4));
        CHECK(mgpu_buffer_download(ctx, b_index, b_rows, rows * 4));
        print_join(names[k], rows, a_rows, b_rows, a_keys, b_keys);
    }
    mgpu_range all[] = {a, b, a_index, b_index};
    for (size_t i = 0; i < 4; ++i) mgpu_buffer_free(ctx, all[i]);
}

/* The seeds' chapter 13: 100 sorted random integers between 0 and 99 in A and B; their intersection and symmetric
 * difference as keys, then as pairs whose values are the elements' indices (A's 0..99, B's 100..199). */
static void demo_sets(mgpu_context ctx, bool pairs) {
    printf(pairs ? "\n\nMULTISET-PAIRS DEMONSTRATION:\n\n" : "\n\nMULTISET-KEYS DEMONSTRATION:\n\n");
    const uint32_t n = 100;
    mgpu_range a, b, va, vb, keys, values;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &a));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &b));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &va));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &vb));
    CHECK(mgpu_buffer_alloc(ctx, 2 * n * 4, &keys));
    CHECK(mgpu_buffer_alloc(ctx, 2 * n * 4, &values));
    /* moderngpu's SortRandom: random integers, sorted. */
    mgpu_range inputs[2] = {a, b};
    for (uint64_t k = 0; k < 2; ++k) {
        demo_fill_i32(ctx, inputs[k], n, MGPU_FILL_RANDOM, 0, 99, (pairs ? 23 : 21) + k);
        CHECK(mgpu_mergesort(
            ctx,
            &(mgpu_sort_info){.key_type = MGPU_TYPE_I32, .count = n, .keys_in = inputs[k], .keys_out = inputs[k]}));
    }
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = va, .a.i32 = 0, .b.i32 = 1}));
    CHECK(mgpu_fill(
        ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = vb, .a.i32 = (int32_t)n, .b.i32 = 1}));
    printf("A:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, a, n, "%4d", 10, stdout));
    printf("\nB:\n\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, b, n, "%4d", 10, stdout));
    static const mgpu_set_op ops[2] = {MGPU_SET_INTERSECTION, MGPU_SET_SYMMETRIC_DIFFERENCE};
    static const char *const names[2][2] = {{"Intersection", "Symmetric Difference"},
                                            {"Intersection", "Symmetric difference"}};
    for (int i = 0; i < 2; ++i) {
        uint32_t count = 0;
        CHECK(mgpu_set_operation(ctx,
                                 &(mgpu_set_info){.key_type = MGPU_TYPE_I32,
                                                  .op = ops[i],
                                                  .value_size = pairs ? 4 : 0,
                                                  .a_count = n,
                                                  .b_count = n,
                                                  .a_keys = a,
                                                  .b_keys = b,
                                                  .a_values = va,
                                                  .b_values = vb,
                                                  .out_keys = keys,
                                                  .out_values = values,
                                                  .capacity = 2 * n},
                                 &count));
        printf(pairs ? "\n%s keys:\n" : "\n%s:\n", names[pairs][i]);
        CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, keys, count, "%4d", 10, stdout));
        if (pairs) {
            printf("\n%s indices:\n", names[pairs][i]);
            CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, values, count, "%4d", 10, stdout));
        }
    }
    mgpu_range all[] = {a, b, va, vb, keys, values};
    for (size_t i = 0; i < 6; ++i) mgpu_buffer_free(ctx, all[i]);
}

/* Compaction: 40 random integers 0..99 and random flags, the selected elements and their positions; then 40 sorted
 * random integers 0..14, their unique values and their run-length encoding. */
static void demo_compact(mgpu_context ctx) {
    printf("\n\nCOMPACTION DEMONSTRATION:\n\n");
    const uint32_t n = 40;
    mgpu_range in, flags, out, positions;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &in));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &flags));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &out));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &positions));
    demo_fill_i32(ctx, in, n, MGPU_FILL_RANDOM, 0, 99, 31);
    demo_fill_i32(ctx, flags, n, MGPU_FILL_RANDOM, 0, 1, 32);
    printf("Input:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, in, n, "%4d", 10, stdout));
    printf("\nFlags:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, flags, n, "%4d", 10, stdout));
    uint32_t count = 0;
    CHECK(mgpu_select(
        ctx,
        &(mgpu_select_info){
            .type = MGPU_TYPE_I32, .count = n, .input = in, .flags = flags, .output = out, .indices = positions},
        &count));
    printf("\nSelected (%u):\n", count);
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, out, count, "%4d", 10, stdout));
    printf("\nTheir indices:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, positions, count, "%4d", 10, stdout));

    demo_fill_i32(ctx, in, n, MGPU_FILL_RANDOM, 0, 14, 33);
    CHECK(mgpu_mergesort(ctx, &(mgpu_sort_info){.key_type = MGPU_TYPE_I32, .count = n, .keys_in = in, .keys_out = in}));
    printf("\nSorted input:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, in, n, "%4d", 10, stdout));
    mgpu_unique_info unique = {.type = MGPU_TYPE_I32, .count = n, .input = in, .output = out};
    CHECK(mgpu_unique(ctx, &unique, &count));
    printf("\nUnique (%u):\n", count);
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, out, count, "%4d", 10, stdout));
    unique.lengths = positions;
    CHECK(mgpu_rle(ctx, &unique, &count));
    printf("\nRun lengths:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, positions, count, "%4d", 10, stdout));
    mgpu_range all[] = {in, flags, out, positions};
    for (size_t i = 0; i < 4; ++i) mgpu_buffer_free(ctx, all[i]);
}

static void demo_histogram(mgpu_context ctx) {
    printf("\n\nHISTOGRAM DEMONSTRATION:\n\n");
    /* 100 values -10..109 at random, counted in 10 bins of width 10 over [0, 100): values outside are not
     * counted. */
    enum { n = 100, bins = 10 };
    mgpu_range values, counts;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &values));
    CHECK(mgpu_buffer_alloc(ctx, bins * 4, &counts));
    demo_fill_i32(ctx, values, n, MGPU_FILL_RANDOM, -10, 109, 25);
    printf("Values:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, values, n, "%4d", 10, stdout));
    uint32_t counted = 0;
    CHECK(mgpu_histogram(ctx,
                         &(mgpu_histogram_info){.type = MGPU_TYPE_I32,
                                                .count = n,
                                                .bins = bins,
                                                .lower.i32 = 0,
                                                .upper.i32 = 100,
                                                .input = values,
                                                .counts = counts},
                         &counted));
    printf("\nCounts of [0, 10), [10, 20), ... [90, 100) (%u values counted):\n", counted);
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_U32, counts, bins, "%4u", 10, stdout));
    mgpu_buffer_free(ctx, values);
    mgpu_buffer_free(ctx, counts);
}

int main(void) {
    mgpu_context ctx = NULL;
    mgpu_result r = mgpu_context_create(NULL, &ctx);
    if (r != MGPU_SUCCESS) {
        fprintf(stderr, "no Vulkan device: %s\n", mgpu_result_message(r));
        return 1;
    }
    mgpu_device_info info;
    CHECK(mgpu_context_get_device_info(ctx, &info));
    mgpu_device_info_print(&info, stdout);
    demo_fills(ctx);
    demo_scan(ctx);
    demo_max_index(ctx);
    demo_bulk(ctx);
    demo_merge_keys(ctx);
    demo_merge_pairs(ctx);
    demo_sort(ctx, false);
    demo_sort(ctx, true);
    demo_radix_sort(ctx);
    demo_segsort(ctx, false);
    demo_segsort(ctx, true);
    demo_locality_sort(ctx, false);
    demo_locality_sort(ctx, true);
    demo_sorted_search(ctx);
    demo_load_balance(ctx);
    demo_interval_expand(ctx);
    demo_interval_move(ctx);
    demo_segreduce(ctx);
    demo_join(ctx);
    demo_sets(ctx, false);
    demo_sets(ctx, true);
    demo_compact(ctx);
    demo_histogram(ctx);
    mgpu_context_destroy(ctx);
    return 0;
}
