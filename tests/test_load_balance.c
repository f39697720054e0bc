/* Load-balancing search against the CPU reference: random counts with zeros and long runs, no objects, all
 * counts zero, sizes across tile boundaries, the starts made by mgpu_scan on the device; misuse. */
#include "common.h"

#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(load_balance, "tile_loops thread_partitions")
MGPU_TEST_FAMILY(intervals, "tile_loops")

static void lbs_case(uint32_t objects, uint32_t max_count, uint32_t zero_percent) {
    int32_t *counts = calloc(objects + 1, 4);
    uint64_t items = 0;
    for (uint32_t j = 0; j < objects; ++j) {
        counts[j] = test_random_below(100) < zero_percent ? 0 : (int32_t)test_random_below(max_count + 1);
        items += (uint64_t)counts[j];
    }
    int32_t *want = malloc(items * 4 + 4);
    for (uint32_t j = 0, i = 0; j < objects; ++j)
        for (int32_t k = 0; k < counts[j]; ++k) want[i++] = (int32_t)j;
    /* the starts come from the device's exclusive scan, as an engine would make them */
    mgpu_range rc = test_upload(MGPU_TYPE_I32, counts, objects), rs, ro;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, objects ? objects * 4 : 16, &rs));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, items ? items * 4 : 16, &ro));
    mgpu_scalar total;
    CHECK_OK(mgpu_scan(
        g_test.ctx,
        &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = objects, .input = rc, .output = rs},
        &total));
    CHECK((uint64_t)total.i32 == items, "scan total %d, items %llu", total.i32, (unsigned long long)items);
    CHECK_OK(mgpu_load_balance(g_test.ctx, &(mgpu_load_balance_info){.item_count = (uint32_t)items,
                                                                     .object_count = objects,
                                                                     .object_starts = rs,
                                                                     .out_objects = ro}));
    int32_t *got = test_download(MGPU_TYPE_I32, ro, items);
    for (uint64_t i = 0; i < items; ++i)
        if (got[i] != want[i]) {
            CHECK(false, "load balance objects=%u items=%llu: object[%llu] = %d, expected %d", objects,
                  (unsigned long long)items, (unsigned long long)i, got[i], want[i]);
            break;
        }
    mgpu_buffer_free(g_test.ctx, rc);
    mgpu_buffer_free(g_test.ctx, rs);
    mgpu_buffer_free(g_test.ctx, ro);
    free(counts);
    free(want);
    free(got);
}

/* One interval operation on random intervals against a serial reference. */
static void interval_case(mgpu_interval_op op, uint32_t value_size, uint32_t intervals, uint32_t max_count) {
    int32_t *counts = malloc(intervals * 4 + 4), *starts = malloc(intervals * 4 + 4);
    int32_t *gather = malloc(intervals * 4 + 4), *scatter = malloc(intervals * 4 + 4);
    uint32_t items = 0;
    for (uint32_t o = 0; o < intervals; ++o) {
        counts[o] = test_random_below(4) ? (int32_t)test_random_below(max_count + 1) : 0;
        starts[o] = (int32_t)items;
        items += (uint32_t)counts[o];
    }
    uint32_t input_count = op == MGPU_INTERVAL_OP_EXPAND    ? intervals
                           : op == MGPU_INTERVAL_OP_SCATTER ? items
                                                            : items + 37;
    uint32_t output_count = (op == MGPU_INTERVAL_OP_SCATTER || op == MGPU_INTERVAL_OP_MOVE) ? items + 23 : items;
    for (uint32_t o = 0; o < intervals; ++o) {
        gather[o] = (int32_t)test_random_below(input_count - (uint32_t)counts[o] + 1);
        /* the intervals land in reverse order, 11 elements in: disjoint */
        scatter[o] = (int32_t)(11 + items - (uint32_t)starts[o] - (uint32_t)counts[o]);
    }
    unsigned char *input = malloc((size_t)input_count * value_size + 8),
                  *output = malloc((size_t)output_count * value_size + 8);
    for (size_t k = 0; k < (size_t)input_count * value_size; ++k) input[k] = (unsigned char)test_random();
    memset(output, 0x5a, (size_t)output_count * value_size);
    unsigned char *want = malloc((size_t)output_count * value_size + 8);
    memcpy(want, output, (size_t)output_count * value_size);
    for (uint32_t o = 0; o < intervals; ++o)
        for (int32_t r = 0; r < counts[o]; ++r) {
            uint32_t from = op == MGPU_INTERVAL_OP_EXPAND    ? o
                            : op == MGPU_INTERVAL_OP_SCATTER ? (uint32_t)(starts[o] + r)
                                                             : (uint32_t)(gather[o] + r);
            uint32_t to = (op == MGPU_INTERVAL_OP_SCATTER || op == MGPU_INTERVAL_OP_MOVE) ? (uint32_t)(scatter[o] + r)
                                                                                          : (uint32_t)(starts[o] + r);
            memcpy(want + (size_t)to * value_size, input + (size_t)from * value_size, value_size);
        }
    mgpu_range rs = test_upload(MGPU_TYPE_I32, starts, intervals), rg = test_upload(MGPU_TYPE_I32, gather, intervals);
    mgpu_range rsc = test_upload(MGPU_TYPE_I32, scatter, intervals), ri, ro;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, input_count ? (VkDeviceSize)input_count * value_size : 16, &ri));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, output_count ? (VkDeviceSize)output_count * value_size : 16, &ro));
    if (input_count) CHECK_OK(mgpu_buffer_upload(g_test.ctx, ri, input, (VkDeviceSize)input_count * value_size));
    if (output_count) CHECK_OK(mgpu_buffer_upload(g_test.ctx, ro, output, (VkDeviceSize)output_count * value_size));
    CHECK_OK(mgpu_interval(g_test.ctx, &(mgpu_interval_info){.op = op,
                                                             .value_size = value_size,
                                                             .item_count = items,
                                                             .interval_count = intervals,
                                                             .interval_starts = rs,
                                                             .gather = rg,
                                                             .scatter = rsc,
                                                             .input = ri,
                                                             .input_count = input_count,
                                                             .output = ro,
                                                             .output_count = output_count}));
    if (output_count) CHECK_OK(mgpu_buffer_download(g_test.ctx, ro, output, (VkDeviceSize)output_count * value_size));
    CHECK(memcmp(output, want, (size_t)output_count * value_size) == 0,
          "interval op %d, %u-byte values, %u intervals, %u items", (int)op, value_size, intervals, items);
    mgpu_range ranges[] = {rs, rg, rsc, ri, ro};
    for (size_t k = 0; k < 5; ++k) mgpu_buffer_free(g_test.ctx, ranges[k]);
    free(counts);
    free(starts);
    free(gather);
    free(scatter);
    free(input);
    free(output);
    free(want);
}

void test_intervals(void) {
    uint32_t tile = test_tile(MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_I32);
    uint32_t sizes[] = {1, 2, tile - 1, tile + 1, 3 * tile, 1 + test_random_below(30 * tile)};
    for (int op = MGPU_INTERVAL_OP_EXPAND; op <= MGPU_INTERVAL_OP_MOVE; ++op)
        for (uint32_t vs = 4; vs <= 8; vs += 4)
            for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; ++k)
                interval_case((mgpu_interval_op)op, vs, sizes[k], 1 + (uint32_t)k * 7);
    mgpu_context ctx = g_test.ctx;
    mgpu_range r;
    CHECK_OK(mgpu_buffer_alloc(ctx, 256, &r));
    mgpu_interval_info good = {.op = MGPU_INTERVAL_OP_EXPAND,
                               .value_size = 4,
                               .item_count = 10,
                               .interval_count = 5,
                               .interval_starts = r,
                               .input = r,
                               .output = r};
    mgpu_interval_info bad = good;
    bad.value_size = 2;
    CHECK_RESULT(mgpu_interval(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.op = (mgpu_interval_op)9;
    CHECK_RESULT(mgpu_interval(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_interval(ctx, &good), MGPU_ERROR_INVALID_ARGUMENT); /* output overlaps the inputs */
    bad = good;
    bad.item_count = 100;
    CHECK_RESULT(mgpu_interval(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    mgpu_buffer_free(ctx, r);
}

void test_load_balance(void) {
    uint32_t tile = test_tile(MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_I32);
    lbs_case(0, 0, 0);
    lbs_case(1, 1, 0);
    lbs_case(1, 3 * tile, 0);
    lbs_case(50, 5, 100); /* all counts zero: no items */
    uint32_t objects[] = {2, 3, tile - 1, tile, tile + 1, 3 * tile + 5, 1000, 1 + test_random_below(50 * tile)};
    for (size_t k = 0; k < sizeof objects / sizeof objects[0]; ++k) {
        lbs_case(objects[k], 16, 0);
        lbs_case(objects[k], 3, 30);
        lbs_case(objects[k], 100, 60);
        lbs_case(objects[k], 1, 50);
    }
    lbs_case(200000 + test_random_below(100000), 32, 20);

    mgpu_context ctx = g_test.ctx;
    mgpu_range s, o;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &s));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &o));
    CHECK_RESULT(mgpu_load_balance(ctx,
                                   &(mgpu_load_balance_info){
                                       .item_count = 101, .object_count = 10, .object_starts = s, .out_objects = o}),
                 MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT(mgpu_load_balance(ctx, &(mgpu_load_balance_info){.item_count = 0x7fffffffu,
                                                                  .object_count = 10,
                                                                  .object_starts = s,
                                                                  .out_objects = o}),
                 MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(
        mgpu_load_balance(
            ctx, &(mgpu_load_balance_info){.item_count = 10, .object_count = 10, .object_starts = s, .out_objects = s}),
        MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_load_balance(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_buffer_free(ctx, s);
    mgpu_buffer_free(ctx, o);
}
