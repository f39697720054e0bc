/* Load-balancing search against the CPU reference: random counts with zeros and long runs, no objects, all
 * counts zero, sizes across tile boundaries, the starts made by mgpu_scan on the device; misuse. */
#include "common.h"

#include <string.h>

static void lbs_case(uint32_t objects, uint32_t max_count, uint32_t zero_percent) {
    int32_t *counts = malloc(objects * 4 + 4);
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
    CHECK_OK(mgpu_scan(g_test.ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = objects,
                                                      .input = rc, .output = rs}, &total));
    CHECK((uint64_t)total.i32 == items, "scan total %d, items %llu", total.i32, (unsigned long long)items);
    CHECK_OK(mgpu_load_balance(g_test.ctx, &(mgpu_load_balance_info){.item_count = (uint32_t)items, .object_count = objects,
                                                                      .object_starts = rs, .out_objects = ro}));
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
    CHECK_RESULT(mgpu_load_balance(ctx, &(mgpu_load_balance_info){.item_count = 101, .object_count = 10, .object_starts = s,
                                                                   .out_objects = o}), MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT(mgpu_load_balance(ctx, &(mgpu_load_balance_info){.item_count = 0x7fffffffu, .object_count = 10,
                                                                   .object_starts = s, .out_objects = o}), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_load_balance(ctx, &(mgpu_load_balance_info){.item_count = 10, .object_count = 10, .object_starts = s,
                                                                   .out_objects = s}), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_load_balance(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_buffer_free(ctx, s);
    mgpu_buffer_free(ctx, o);
}
