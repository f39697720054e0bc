/*
 * The seeds' demonstrations, printed the same way: CreateCudaDevice(printInfo), the fills and PrintArray of
 * "The Library", and chapter 4's reduction and scan and max-index demonstrations.
 */
#include "mgpuvk.h"

#include <stdio.h>
#include <stdlib.h>

#define CHECK(expr)                                                                                \
    do {                                                                                           \
        mgpu_result r_ = (expr);                                                                   \
        if (r_ != MGPU_SUCCESS) {                                                                  \
            fprintf(stderr, "%s failed: %s (%s)\n", #expr, mgpu_result_name(r_), mgpu_context_last_error(ctx)); \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static void demo_fills(mgpu_context ctx) {
    printf("\n\nFILL DEMONSTRATION:\n\n");
    mgpu_range a, b, c;
    CHECK(mgpu_buffer_alloc(ctx, 50 * 4, &a));
    CHECK(mgpu_buffer_alloc(ctx, 50 * 4, &b));
    CHECK(mgpu_buffer_alloc(ctx, 50 * 8, &c));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .mode = MGPU_FILL_ASCENDING, .count = 50, .output = a,
                                            .a.i32 = 0, .b.i32 = 5}));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_F32, .mode = MGPU_FILL_RANDOM, .count = 50, .output = b,
                                            .a.f32 = 0.0f, .b.f32 = 10.0f, .seed = 1}));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_F64, .mode = MGPU_FILL_SORTED_RANDOM, .count = 50,
                                            .output = c, .a.f64 = 0.0, .b.f64 = 20.0, .seed = 2}));
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
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .mode = MGPU_FILL_RANDOM, .count = n, .output = data,
                                            .a.i32 = 0, .b.i32 = 9, .seed = 3}));
    printf("Input array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, data, n, "%4d", 10, stdout));
    mgpu_reduce_value total;
    CHECK(mgpu_reduce(ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_I32, .op = MGPU_OP_ADD, .count = n, .input = data}, &total));
    printf("Reduction total: %d\n\n", total.value.i32);
    mgpu_scalar scan_total;
    CHECK(mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = n, .input = data, .output = data},
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
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .mode = MGPU_FILL_RANDOM, .count = n, .output = data,
                                            .a.i32 = 0, .b.i32 = (int32_t)n - 1, .seed = 4}));
    printf("Input array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, data, n, "%4d", 10, stdout));
    mgpu_reduce_value pair;
    CHECK(mgpu_reduce(ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_I32, .op = MGPU_OP_MAX_INDEX, .count = n, .input = data},
                      &pair));
    printf("Max-index reduction: %d at position %lld\n", pair.value.i32, (long long)pair.index);
    /* Running maximum: the seeds' max-index scan keeps indices; the max scan shows the values. */
    CHECK(mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .op = MGPU_OP_MAX, .count = n, .input = data, .output = data},
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
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .mode = MGPU_FILL_SORTED_RANDOM, .count = n, .output = a,
                                            .a.i32 = 0, .b.i32 = 99, .seed = 5}));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .mode = MGPU_FILL_SORTED_RANDOM, .count = n, .output = b,
                                            .a.i32 = 0, .b.i32 = 99, .seed = 6}));
    printf("A:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, a, n, "%4d", 10, stdout));
    printf("\nB:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, b, n, "%4d", 10, stdout));
    CHECK(mgpu_merge(ctx, &(mgpu_merge_info){.key_type = MGPU_TYPE_I32, .a_count = n, .b_count = n, .a_keys = a,
                                             .b_keys = b, .out_keys = c}));
    printf("\nMerged array:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, c, 2 * n, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, a);
    mgpu_buffer_free(ctx, b);
    mgpu_buffer_free(ctx, c);
}

static void demo_load_balance(mgpu_context ctx) {
    printf("\n\nLOAD-BALANCING SEARCH DEMONSTRATION:\n\n");
    /* 20 objects generating between 0 and 4 work items each. */
    const uint32_t n = 20;
    mgpu_range counts, starts, objects;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &counts));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &starts));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .mode = MGPU_FILL_RANDOM, .count = n, .output = counts,
                                            .a.i32 = 0, .b.i32 = 4, .seed = 7}));
    printf("Object counts:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, counts, n, "%4d", 10, stdout));
    mgpu_scalar total;
    CHECK(mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = n, .input = counts,
                                           .output = starts}, &total));
    printf("\nScan of object counts:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, starts, n, "%4d", 10, stdout));
    printf("Total: %4d\n", total.i32);
    CHECK(mgpu_buffer_alloc(ctx, total.i32 ? (VkDeviceSize)total.i32 * 4 : 4, &objects));
    CHECK(mgpu_load_balance(ctx, &(mgpu_load_balance_info){.item_count = (uint32_t)total.i32, .object_count = n,
                                                           .object_starts = starts, .out_objects = objects}));
    printf("\nObject references:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, objects, (uint32_t)total.i32, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, counts);
    mgpu_buffer_free(ctx, starts);
    mgpu_buffer_free(ctx, objects);
}

static void demo_interval_expand(mgpu_context ctx) {
    printf("\n\nINTERVAL EXPAND DEMONSTRATION:\n\n");
    /* Each of 20 intervals repeats its value, 0..19 times 10, between 0 and 4 times. */
    const uint32_t n = 20;
    mgpu_range counts, starts, values, out;
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &counts));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &starts));
    CHECK(mgpu_buffer_alloc(ctx, n * 4, &values));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .mode = MGPU_FILL_RANDOM, .count = n, .output = counts,
                                            .a.i32 = 0, .b.i32 = 4, .seed = 8}));
    CHECK(mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = n, .output = values, .a.i32 = 0, .b.i32 = 10}));
    printf("Interval counts:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, counts, n, "%4d", 10, stdout));
    printf("\nInterval values:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, values, n, "%4d", 10, stdout));
    mgpu_scalar total;
    CHECK(mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = n, .input = counts,
                                           .output = starts}, &total));
    CHECK(mgpu_buffer_alloc(ctx, total.i32 ? (VkDeviceSize)total.i32 * 4 : 4, &out));
    CHECK(mgpu_interval(ctx, &(mgpu_interval_info){.op = MGPU_INTERVAL_OP_EXPAND, .value_size = 4,
                                                   .item_count = (uint32_t)total.i32, .interval_count = n,
                                                   .interval_starts = starts, .input = values, .output = out}));
    printf("\nExpanded values:\n");
    CHECK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, out, (uint32_t)total.i32, "%4d", 10, stdout));
    mgpu_buffer_free(ctx, counts);
    mgpu_buffer_free(ctx, starts);
    mgpu_buffer_free(ctx, values);
    mgpu_buffer_free(ctx, out);
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
    demo_merge_keys(ctx);
    demo_load_balance(ctx);
    demo_interval_expand(ctx);
    mgpu_context_destroy(ctx);
    return 0;
}
