/* Vectorized sorted search against the CPU reference: every key type with both bounds and both orders, empty
 * A or B, duplicates, float specials in the total order, optional outputs and match counts; misuse. Each type
 * runs two of the four (bounds, order) pairs, complementary (lower and upper, ascending and descending), the
 * pairs rotated over the types so that each runs on some types: bounds and order are
 * separate code (which side of equal keys, a compare), and each pair is two more LLVM compiles on lavapipe. */
#include "common.h"

#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(sorted_search, "tile_loops thread_partitions")

/* First position of b whose key is not before key (lower), or is after it (upper), in the order. */
static uint32_t ref_bound(mgpu_type type, bool descending, const void *b, uint32_t bn, mgpu_scalar key, bool upper) {
    uint64_t k = ref_key_bits(type, key);
    uint32_t i = 0;
    while (i < bn) {
        uint64_t x = ref_key_bits(type, ref_get(type, b, i));
        bool before = descending ? x > k : x < k; /* b[i] strictly before key */
        bool equal = x == k;
        if (upper ? !(before || equal) : !before) break;
        ++i;
    }
    return i;
}

static void search_case(mgpu_type type, mgpu_bounds bounds, bool descending, uint32_t an, uint32_t bn, int distinct) {
    size_t size = mgpu_type_size(type);
    char *a = malloc(an * size + 8), *b = malloc(bn * size + 8);
    sorted_keys(type, descending, a, an, distinct);
    sorted_keys(type, descending, b, bn, distinct);
    int32_t *wai = malloc(an * 4 + 4), *wbi = malloc(bn * 4 + 4), *wam = malloc(an * 4 + 4), *wbm = malloc(bn * 4 + 4);
    uint32_t want_a = 0, want_b = 0;
    for (uint32_t i = 0; i < an; ++i) {
        mgpu_scalar k = ref_get(type, a, i);
        uint32_t lo = ref_bound(type, descending, b, bn, k, false), hi = ref_bound(type, descending, b, bn, k, true);
        wai[i] = (int32_t)(bounds == MGPU_BOUNDS_LOWER ? lo : hi);
        want_a += (uint32_t)(wam[i] = hi > lo);
    }
    for (uint32_t j = 0; j < bn; ++j) {
        mgpu_scalar k = ref_get(type, b, j);
        uint32_t lo = ref_bound(type, descending, a, an, k, false), hi = ref_bound(type, descending, a, an, k, true);
        wbi[j] = (int32_t)(bounds == MGPU_BOUNDS_LOWER ? hi : lo);
        want_b += (uint32_t)(wbm[j] = hi > lo);
    }
    mgpu_range ra = test_upload(type, a, an), rb = test_upload(type, b, bn), rai, rbi, ram, rbm;
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, an * 4 + 16, &rai));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, bn * 4 + 16, &rbi));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, an * 4 + 16, &ram));
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, bn * 4 + 16, &rbm));
    uint32_t got_a = 99, got_b = 99;
    CHECK_OK(mgpu_sorted_search(g_test.ctx,
                                &(mgpu_sorted_search_info){.key_type = type,
                                                           .bounds = bounds,
                                                           .descending = descending,
                                                           .a_count = an,
                                                           .b_count = bn,
                                                           .a_keys = ra,
                                                           .b_keys = rb,
                                                           .a_indices = rai,
                                                           .b_indices = rbi,
                                                           .a_matches = ram,
                                                           .b_matches = rbm},
                                &got_a, &got_b));
    int32_t *gai = test_download(MGPU_TYPE_I32, rai, an), *gbi = test_download(MGPU_TYPE_I32, rbi, bn);
    int32_t *gam = test_download(MGPU_TYPE_I32, ram, an), *gbm = test_download(MGPU_TYPE_I32, rbm, bn);
    const char *what = bounds == MGPU_BOUNDS_LOWER ? "lower" : "upper";
    CHECK(memcmp(gai, wai, an * 4) == 0, "search %s %s %s a=%u b=%u: A indices", mgpu_type_name(type), what,
          descending ? "descending" : "ascending", an, bn);
    CHECK(memcmp(gbi, wbi, bn * 4) == 0, "search %s %s a=%u b=%u: B indices", mgpu_type_name(type), what, an, bn);
    CHECK(memcmp(gam, wam, an * 4) == 0 && memcmp(gbm, wbm, bn * 4) == 0, "search %s: match flags",
          mgpu_type_name(type));
    CHECK(got_a == want_a && got_b == want_b, "search %s: match counts %u %u, expected %u %u", mgpu_type_name(type),
          got_a, got_b, want_a, want_b);
    mgpu_range ranges[] = {ra, rb, rai, rbi, ram, rbm};
    for (size_t k = 0; k < 6; ++k) mgpu_buffer_free(g_test.ctx, ranges[k]);
    free(a);
    free(b);
    free(wai);
    free(wbi);
    free(wam);
    free(wbm);
    free(gai);
    free(gbi);
    free(gam);
    free(gbm);
}

void test_sorted_search(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (unsigned k = 0; k < 2; ++k) {
            unsigned pair = (unsigned)t;
            mgpu_bounds bounds = (mgpu_bounds)((pair + k) % 2);
            bool d = (pair / 2 + k) % 2;
            uint32_t tile = test_tile(MGPU_PRIM_MERGE, (mgpu_type)t); /* the search is partitioned like a merge */
            uint32_t shapes[][2] = {{0, 0},
                                    {0, 7},
                                    {9, 0},
                                    {1, 1},
                                    {300, 1000},
                                    {tile - 1, 1},
                                    {tile, tile},
                                    {2 * tile + 1, tile - 3},
                                    {7, 3 * tile},
                                    {3 * tile + 5, 5},
                                    {1 + test_random_below(3000), 1 + test_random_below(3000)}};
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
                search_case((mgpu_type)t, bounds, d, shapes[s][0], shapes[s][1], s % 2 ? 5 : 500);
        }
    mgpu_context ctx = g_test.ctx;
    mgpu_range r, small;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &r));
    CHECK_OK(mgpu_buffer_alloc(ctx, 8, &small));
    mgpu_sorted_search_info good = {.key_type = MGPU_TYPE_U32, .a_count = 10, .b_count = 10, .a_keys = r, .b_keys = r};
    mgpu_sorted_search_info bad = good;
    bad.bounds = (mgpu_bounds)3;
    CHECK_RESULT(mgpu_sorted_search(ctx, &bad, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.a_indices = small;
    CHECK_RESULT(mgpu_sorted_search(ctx, &bad, NULL, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.a_indices = r;
    CHECK_RESULT(mgpu_sorted_search(ctx, &bad, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT); /* output overlaps keys */
    CHECK_OK(mgpu_sorted_search(ctx, &good, NULL, NULL)); /* no outputs: nothing to do */
    mgpu_buffer_free(ctx, r);
    mgpu_buffer_free(ctx, small);
}
