/* Bulk remove and bulk insert against serial references: 4- and 8-byte values, empty inputs, removing
 * everything or nothing, inserts at the front, the end and repeated positions; misuse. */
#include "common.h"

#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(bulk, "tile_loops")

static void remove_case(uint32_t vs, uint32_t n, uint32_t percent) {
    unsigned char *in = malloc((size_t)n * vs + 8), *want = malloc((size_t)n * vs + 8);
    int32_t *idx = malloc(n * 4 + 4);
    uint32_t k = 0, kept = 0;
    for (size_t b = 0; b < (size_t)n * vs; ++b) in[b] = (unsigned char)test_random();
    for (uint32_t i = 0; i < n; ++i) {
        if (test_random_below(100) < percent)
            idx[k++] = (int32_t)i;
        else
            memcpy(want + (size_t)kept++ * vs, in + (size_t)i * vs, vs);
    }
    mgpu_range ri, rx, ro;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (VkDeviceSize)n * vs + 16, &ri));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (VkDeviceSize)k * 4 + 16, &rx));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (VkDeviceSize)kept * vs + 16, &ro));
    if (n) CHECK_OK(mgpu_buffer_upload(g_test.ctx, ri, in, (VkDeviceSize)n * vs));
    if (k) CHECK_OK(mgpu_buffer_upload(g_test.ctx, rx, idx, (VkDeviceSize)k * 4));
    CHECK_OK(mgpu_bulk_remove(
        g_test.ctx, &(mgpu_bulk_remove_info){
                        .value_size = vs, .count = n, .input = ri, .index_count = k, .indices = rx, .output = ro}));
    unsigned char *got = malloc((size_t)kept * vs + 8);
    if (kept) CHECK_OK(mgpu_buffer_download(g_test.ctx, ro, got, (VkDeviceSize)kept * vs));
    CHECK(memcmp(got, want, (size_t)kept * vs) == 0, "bulk remove %u of %u (%u-byte values)", k, n, vs);
    mgpu_buffer_free(g_test.ctx, ri);
    mgpu_buffer_free(g_test.ctx, rx);
    mgpu_buffer_free(g_test.ctx, ro);
    free(in);
    free(want);
    free(idx);
    free(got);
}

static int compare_i32(const void *x, const void *y) {
    int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
    return a < b ? -1 : a > b;
}

static void insert_case(uint32_t vs, uint32_t bn, uint32_t an) {
    unsigned char *b = malloc((size_t)bn * vs + 8), *a = malloc((size_t)an * vs + 8),
                  *want = malloc((size_t)(an + bn) * vs + 8);
    int32_t *idx = malloc(an * 4 + 4);
    for (size_t i = 0; i < (size_t)bn * vs; ++i) b[i] = (unsigned char)test_random();
    for (size_t i = 0; i < (size_t)an * vs; ++i) a[i] = (unsigned char)test_random();
    for (uint32_t i = 0; i < an; ++i) idx[i] = (int32_t)test_random_below(bn + 1);
    qsort(idx, an, 4, compare_i32);
    for (uint32_t p = 0, i = 0, j = 0; p < an + bn; ++p) {
        if (i < an && (uint32_t)idx[i] <= j)
            memcpy(want + (size_t)p * vs, a + (size_t)i++ * vs, vs);
        else
            memcpy(want + (size_t)p * vs, b + (size_t)j++ * vs, vs);
    }
    mgpu_range rb, ra, rx, ro;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (VkDeviceSize)bn * vs + 16, &rb));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (VkDeviceSize)an * vs + 16, &ra));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (VkDeviceSize)an * 4 + 16, &rx));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (VkDeviceSize)(an + bn) * vs + 16, &ro));
    if (bn) CHECK_OK(mgpu_buffer_upload(g_test.ctx, rb, b, (VkDeviceSize)bn * vs));
    if (an) CHECK_OK(mgpu_buffer_upload(g_test.ctx, ra, a, (VkDeviceSize)an * vs));
    if (an) CHECK_OK(mgpu_buffer_upload(g_test.ctx, rx, idx, (VkDeviceSize)an * 4));
    CHECK_OK(mgpu_bulk_insert(
        g_test.ctx,
        &(mgpu_bulk_insert_info){
            .value_size = vs, .b_count = bn, .b = rb, .a_count = an, .insert = ra, .indices = rx, .output = ro}));
    unsigned char *got = malloc((size_t)(an + bn) * vs + 8);
    if (an + bn) CHECK_OK(mgpu_buffer_download(g_test.ctx, ro, got, (VkDeviceSize)(an + bn) * vs));
    CHECK(memcmp(got, want, (size_t)(an + bn) * vs) == 0, "bulk insert %u into %u (%u-byte values)", an, bn, vs);
    mgpu_range ranges[] = {rb, ra, rx, ro};
    for (size_t k = 0; k < 4; ++k) mgpu_buffer_free(g_test.ctx, ranges[k]);
    free(b);
    free(a);
    free(want);
    free(idx);
    free(got);
}

void test_bulk(void) {
    for (uint32_t vs = 4; vs <= 8; vs += 4) {
        uint32_t tile = test_tile(MGPU_PRIM_LOAD_BALANCE, MGPU_TYPE_I32); /* the merge tile of the bulk kernels */
        uint32_t sizes[] = {0, 1, 2, tile - 1, tile, tile + 1, 3 * tile + 7, 1000, 1 + test_random_below(200000)};
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
            remove_case(vs, sizes[s], 0);
            remove_case(vs, sizes[s], 25);
            remove_case(vs, sizes[s], 100);
            insert_case(vs, sizes[s], 0);
            insert_case(vs, sizes[s], 1 + sizes[s] / 4);
            insert_case(vs, 0, sizes[s]);
        }
    }
    mgpu_context ctx = g_test.ctx;
    mgpu_range r;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &r));
    CHECK_RESULT(mgpu_bulk_remove(ctx, &(mgpu_bulk_remove_info){.value_size = 2, .count = 10, .input = r}),
                 MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(
        mgpu_bulk_remove(ctx, &(mgpu_bulk_remove_info){.value_size = 4, .count = 10, .index_count = 11, .input = r}),
        MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(
        mgpu_bulk_remove(ctx, &(mgpu_bulk_remove_info){.value_size = 4, .count = 200, .input = r, .output = r}),
        MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT(mgpu_bulk_insert(ctx, &(mgpu_bulk_insert_info){.value_size = 4, .b_count = 10, .b = r, .output = r}),
                 MGPU_ERROR_INVALID_ARGUMENT); /* output overlaps b */
    CHECK_RESULT(mgpu_bulk_insert(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_range o, idx;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &o));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &idx));
    mgpu_bulk_remove_info remove = {
        .value_size = 4, .count = 100, .input = r, .index_count = 10, .indices = idx, .output = o};
    mgpu_requirements req;
    CHECK_OK(mgpu_bulk_remove_get_requirements(ctx, &remove, &req));
    CHECK(req.scratch_size > 0, "bulk remove needs partitions");
    CHECK_RESULT(mgpu_bulk_remove_get_requirements(ctx, &remove, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_cmd_bulk_remove(ctx, VK_NULL_HANDLE, &remove, idx), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_bulk_insert_info insert = {
        .value_size = 4, .b_count = 50, .b = r, .a_count = 10, .insert = idx, .indices = idx, .output = o};
    CHECK_OK(mgpu_bulk_insert_get_requirements(ctx, &insert, &req));
    CHECK(req.scratch_size > 0, "bulk insert needs partitions");
    mgpu_buffer_free(ctx, o);
    mgpu_buffer_free(ctx, idx);
    mgpu_buffer_free(ctx, r);
}
