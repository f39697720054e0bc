/* Vectorized sorted search against the CPU reference: every key type with both bounds and both orders, empty
 * A or B, duplicates, float specials in the total order, optional outputs and match counts; misuse. Each type
 * runs two of the four (bounds, order) pairs, complementary (lower and upper, ascending and descending), the
 * pairs rotated over the types so that each runs on some types: bounds and order are
 * separate code (which side of equal keys, a compare), and each pair is two more LLVM compiles on lavapipe.
 * Indirect counts (every type, on its two pairs): capacities of several tiles, real counts 0, 1, tile-1, tile,
 * tile+1, random, the capacity and past it (clamped), of A and B together or of one alone; outputs past the real
 * counts keep their sentinel, bounds are into the real other array, the match counts are the real elements';
 * misuse. The search's tiles are its own (MGPU_PRIM_SORTED_SEARCH), by API and by MGPU_TUNE: the merge's tiles
 * set apart from them change nothing. */
#include "common.h"

#include <stdlib.h>
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

/* The reference search of A[0, an) and B[0, bn): indices, match flags and match counts. */
static void ref_search(mgpu_type type, mgpu_bounds bounds, bool descending, const void *a, uint32_t an, const void *b,
                       uint32_t bn, int32_t *wai, int32_t *wbi, int32_t *wam, int32_t *wbm, uint32_t *match_a,
                       uint32_t *match_b) {
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
    *match_a = want_a;
    *match_b = want_b;
}

static void search_case(mgpu_type type, mgpu_bounds bounds, bool descending, uint32_t an, uint32_t bn, int distinct) {
    size_t size = mgpu_type_size(type);
    char *a = malloc(an * size + 8), *b = malloc(bn * size + 8);
    sorted_keys(type, descending, a, an, distinct);
    sorted_keys(type, descending, b, bn, distinct);
    int32_t *wai = malloc(an * 4 + 4), *wbi = malloc(bn * 4 + 4), *wam = malloc(an * 4 + 4), *wbm = malloc(bn * 4 + 4);
    uint32_t want_a, want_b;
    ref_search(type, bounds, descending, a, an, b, bn, wai, wbi, wam, wbm, &want_a, &want_b);
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

/* A search of capacities an and bn whose counts are the device uint32s real_a (when use_a) and real_b (when
 * use_b): the outputs for A[0, ra) and B[0, rb) and the match counts against the reference search of those
 * elements, every output past them still its sentinel (0xa5 bytes; one output buffer, the four outputs in it).
 * Returns failures. */
static uint64_t search_indirect_case(mgpu_type type, mgpu_bounds bounds, bool descending, uint32_t an, uint32_t bn,
                                     uint32_t real_a, uint32_t real_b, bool use_a, bool use_b) {
    uint64_t before = g_test.failures;
    mgpu_context ctx = g_test.ctx;
    size_t size = mgpu_type_size(type);
    uint32_t ra = use_a && real_a < an ? real_a : an, rb = use_b && real_b < bn ? real_b : bn;
    char *a = malloc(an * size + 8), *b = malloc(bn * size + 8);
    sorted_keys(type, descending, a, an, 30);
    sorted_keys(type, descending, b, bn, 30);
    /* The expected outputs, as laid out on the device: A indices, B indices, A matches, B matches, each at
     * its capacity, and 16 bytes more; 0xa5 past the real counts. */
    size_t offsets[5] = {0, an, (size_t)an + bn, 2 * (size_t)an + bn, 2 * ((size_t)an + bn)};
    size_t words = offsets[4] + 4;
    int32_t *want = malloc(words * 4), *got = malloc(words * 4);
    memset(want, 0xa5, words * 4);
    uint32_t want_a, want_b;
    ref_search(type, bounds, descending, a, ra, b, rb, want + offsets[0], want + offsets[1], want + offsets[2],
               want + offsets[3], &want_a, &want_b);
    mgpu_range rka = test_upload(type, a, an), rkb = test_upload(type, b, bn), out, counts;
    CHECK_OK(mgpu_buffer_alloc(ctx, words * 4, &out));
    memset(got, 0xa5, words * 4);
    CHECK_OK(mgpu_buffer_upload(ctx, out, got, words * 4));
    /* The counts, a sentinel, the overflow flag (a sentinel until written), a sentinel. */
    uint32_t flags[5] = {real_a, real_b, 0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u};
    CHECK_OK(mgpu_buffer_alloc(ctx, sizeof flags, &counts));
    CHECK_OK(mgpu_buffer_upload(ctx, counts, flags, sizeof flags));
    mgpu_range outputs[4];
    for (size_t k = 0; k < 4; ++k)
        outputs[k] = mgpu_range_slice(out, offsets[k] * 4, (offsets[k + 1] - offsets[k]) * 4);
    mgpu_sorted_search_info info = {.key_type = type,
                                    .bounds = bounds,
                                    .descending = descending,
                                    .a_count = an,
                                    .b_count = bn,
                                    .a_keys = rka,
                                    .b_keys = rkb,
                                    .a_indices = outputs[0],
                                    .b_indices = outputs[1],
                                    .a_matches = outputs[2],
                                    .b_matches = outputs[3],
                                    .indirect_a_count = use_a ? mgpu_range_slice(counts, 0, 4) : (mgpu_range){0},
                                    .indirect_b_count = use_b ? mgpu_range_slice(counts, 4, 4) : (mgpu_range){0},
                                    .overflow = use_a || use_b ? mgpu_range_slice(counts, 12, 4) : (mgpu_range){0}};
    uint32_t got_a = 99, got_b = 99;
    CHECK_OK(mgpu_sorted_search(ctx, &info, &got_a, &got_b));
    CHECK_OK(mgpu_buffer_download(ctx, out, got, words * 4));
    const char *what[4] = {"A indices", "B indices", "A matches", "B matches"};
    for (size_t k = 0; k < 4; ++k)
        CHECK(memcmp(got + offsets[k], want + offsets[k], (offsets[k + 1] - offsets[k]) * 4) == 0,
              "indirect search %s %s %s capacity %u+%u counts %u%s %u%s: %s differ or written past the real count",
              mgpu_type_name(type), bounds == MGPU_BOUNDS_LOWER ? "lower" : "upper",
              descending ? "descending" : "ascending", an, bn, real_a, use_a ? "" : "(host)", real_b,
              use_b ? "" : "(host)", what[k]);
    CHECK(memcmp(got + offsets[4], want + offsets[4], 16) == 0, "indirect search: written past the outputs");
    CHECK(got_a == want_a && got_b == want_b, "indirect search %s counts %u %u: match counts %u %u, expected %u %u",
          mgpu_type_name(type), real_a, real_b, got_a, got_b, want_a, want_b);
    uint32_t flag = (use_a && real_a > an) || (use_b && real_b > bn);
    CHECK_OK(mgpu_buffer_download(ctx, counts, flags, sizeof flags));
    CHECK(flags[3] == (use_a || use_b ? flag : 0xa5a5a5a5u) && flags[2] == 0xa5a5a5a5u && flags[4] == 0xa5a5a5a5u,
          "indirect search capacity %u+%u counts %u%s %u%s: overflow %08x (%08x %08x around it), expected %u", an, bn,
          real_a, use_a ? "" : "(host)", real_b, use_b ? "" : "(host)", flags[3], flags[2], flags[4], flag);
    mgpu_range ranges[] = {rka, rkb, out, counts};
    for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; ++k) mgpu_buffer_free(ctx, ranges[k]);
    free(a);
    free(b);
    free(want);
    free(got);
    return g_test.failures - before;
}

/* Indirect counts for one type, bounds and order: capacities of several tiles, A's real count from 0, 1,
 * tile-1, tile, tile+1, random, the capacity, past it and UINT32_MAX, B's from the same list turned, each fourth
 * case with only A's count indirect and each fourth with only B's. Stops at the first failure. */
static void search_indirect_sweep(mgpu_type type, mgpu_bounds bounds, bool descending) {
    uint32_t tile = test_tile(MGPU_PRIM_SORTED_SEARCH, type);
    uint32_t an = 2 * tile + 9, bn = 3 * tile + 1;
    uint32_t reals[] = {
        0, 1, tile - 1, tile, tile + 1, test_random_below(an + 1), an, an + 1 + test_random_below(9), UINT32_MAX};
    size_t count = sizeof reals / sizeof reals[0];
    for (size_t r = 0; r < count; ++r) {
        uint32_t real_b = reals[(r + 3) % count];
        if (real_b == an) real_b = bn; /* B's capacity, not A's */
        if (search_indirect_case(type, bounds, descending, an, bn, reals[r], real_b, r % 4 != 3, r % 4 != 1)) return;
    }
}

/* The overflow flag on the edges: both counts below and at their capacities (0), each alone above (1, the other
 * count given or not), both above (1); written where nothing else is recorded (capacity 0, no output), in both
 * recording tiers. */
static void search_overflow(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t tile = test_tile(MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_U32), an = 2 * tile + 3, bn = tile + 1;
    search_indirect_case(MGPU_TYPE_U32, MGPU_BOUNDS_LOWER, false, an, bn, an - 1, bn - 1, true, true);
    search_indirect_case(MGPU_TYPE_U32, MGPU_BOUNDS_UPPER, false, an, bn, an, bn, true, true);
    search_indirect_case(MGPU_TYPE_U32, MGPU_BOUNDS_LOWER, true, an, bn, an + 1, bn, true, true);
    search_indirect_case(MGPU_TYPE_U32, MGPU_BOUNDS_UPPER, false, an, bn, an, bn + 1, true, true);
    search_indirect_case(MGPU_TYPE_U32, MGPU_BOUNDS_LOWER, false, an, bn, an + 1, 0, true, false);
    search_indirect_case(MGPU_TYPE_U32, MGPU_BOUNDS_LOWER, false, an, bn, 0, bn + 7, false, true);
    search_indirect_case(MGPU_TYPE_U32, MGPU_BOUNDS_UPPER, true, an, bn, UINT32_MAX, bn + 1, true, true);
    mgpu_range buf, keys;
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &buf));
    CHECK_OK(mgpu_buffer_alloc(ctx, 64, &keys));
    for (uint32_t shape = 0; shape < 2; ++shape) /* capacity 0; capacity 16 + 16 without outputs */
        for (uint32_t count = 0; count < 2; ++count)
            for (int record = 0; record < 2; ++record) {
                uint32_t real = shape ? 16 + count : count;
                uint32_t words[4] = {real, 0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u};
                CHECK_OK(mgpu_buffer_upload(ctx, buf, words, sizeof words));
                mgpu_sorted_search_info info = {.key_type = MGPU_TYPE_U32,
                                                .a_count = shape ? 16 : 0,
                                                .b_count = shape ? 16 : 0,
                                                .a_keys = shape ? keys : (mgpu_range){0},
                                                .b_keys = shape ? keys : (mgpu_range){0},
                                                .indirect_a_count = mgpu_range_slice(buf, 0, 4),
                                                .overflow = mgpu_range_slice(buf, 8, 4)};
                if (record) {
                    VkCommandBuffer cmd;
                    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
                    CHECK_OK(mgpu_cmd_sorted_search(ctx, cmd, &info, (mgpu_range){0}));
                    CHECK_OK(mgpu_commands_submit(ctx, NULL));
                } else {
                    CHECK_OK(mgpu_sorted_search(ctx, &info, NULL, NULL));
                }
                CHECK_OK(mgpu_buffer_download(ctx, buf, words, sizeof words));
                CHECK(words[2] == count && words[1] == 0xa5a5a5a5u && words[3] == 0xa5a5a5a5u,
                      "sorted search %s count %u%s: overflow %08x (%08x %08x around it)",
                      shape ? "without outputs" : "capacity 0", real, record ? " recorded" : "", words[2], words[1],
                      words[3]);
            }
    mgpu_buffer_free(ctx, keys);
    mgpu_buffer_free(ctx, buf);
}

/* indirect_a_count and indirect_b_count: too small, misaligned, overlapping an output; the requirements answer
 * from sizes alone. The overflow flag: without an indirect count, 2 bytes, misaligned, overlapping an input, an
 * output or either indirect count. */
static void search_indirect_misuse(mgpu_context ctx, mgpu_range keys, mgpu_range small) {
    mgpu_range out;
    CHECK_OK(mgpu_buffer_alloc(ctx, 160, &out));
    uint32_t counts[2] = {5, 7};
    CHECK_OK(mgpu_buffer_upload(ctx, small, counts, sizeof counts));
    mgpu_sorted_search_info good = {.key_type = MGPU_TYPE_U32,
                                    .a_count = 10,
                                    .b_count = 10,
                                    .a_keys = keys,
                                    .b_keys = keys,
                                    .a_indices = mgpu_range_slice(out, 0, 40),
                                    .b_matches = mgpu_range_slice(out, 40, 40),
                                    .indirect_a_count = mgpu_range_slice(small, 0, 4),
                                    .indirect_b_count = mgpu_range_slice(keys, 4, 4)}; /* inside an input: allowed */
    CHECK_OK(mgpu_sorted_search(ctx, &good, NULL, NULL));
    mgpu_sorted_search_info bad = good;
    bad.indirect_a_count = mgpu_range_slice(small, 4, 2);
    CHECK_RESULT(mgpu_sorted_search(ctx, &bad, NULL, NULL), MGPU_ERROR_RANGE_TOO_SMALL);
    mgpu_requirements req;
    CHECK_OK(mgpu_sorted_search_get_requirements(ctx, &bad, &req));
    bad = good;
    bad.indirect_b_count = mgpu_range_slice(small, 2, 4);
    CHECK_RESULT(mgpu_sorted_search(ctx, &bad, NULL, NULL), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.indirect_a_count = mgpu_range_slice(out, 36, 4); /* the last A index */
    CHECK_RESULT(mgpu_sorted_search(ctx, &bad, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indirect_b_count = mgpu_range_slice(out, 40, 4); /* the first B match */
    CHECK_RESULT(mgpu_sorted_search(ctx, &bad, NULL, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indirect_b_count = mgpu_range_slice(out, 80, 4); /* past every output: allowed */
    CHECK_OK(mgpu_sorted_search(ctx, &bad, NULL, NULL));
    bad = good;
    bad.overflow = mgpu_range_slice(out, 84, 4); /* past every output */
    CHECK_OK(mgpu_sorted_search(ctx, &bad, NULL, NULL));
    struct {
        mgpu_range overflow;
        bool a, b; /* indirect_a_count at small[0, 4), indirect_b_count at keys[4, 8) */
        mgpu_result want;
    } cases[] = {
        {mgpu_range_slice(out, 84, 4), false, false, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(out, 84, 2), true, false, MGPU_ERROR_RANGE_TOO_SMALL},
        {mgpu_range_slice(out, 86, 4), false, true, MGPU_ERROR_MISALIGNED},
        {mgpu_range_slice(small, 0, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT}, /* over A's count */
        {mgpu_range_slice(small, 0, 4), true, false, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(keys, 4, 4), false, true, MGPU_ERROR_INVALID_ARGUMENT},  /* over B's count, an input */
        {mgpu_range_slice(keys, 20, 4), true, false, MGPU_ERROR_INVALID_ARGUMENT}, /* an input */
        {mgpu_range_slice(out, 4, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT},    /* an A index */
        {mgpu_range_slice(out, 76, 4), false, true, MGPU_ERROR_INVALID_ARGUMENT},  /* a B match */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        bad = good;
        bad.indirect_a_count = cases[i].a ? good.indirect_a_count : (mgpu_range){0};
        bad.indirect_b_count = cases[i].b ? good.indirect_b_count : (mgpu_range){0};
        bad.overflow = cases[i].overflow;
        CHECK_RESULT(mgpu_sorted_search(ctx, &bad, NULL, NULL), cases[i].want);
        CHECK_OK(mgpu_sorted_search_get_requirements(ctx, &bad, &req)); /* from sizes alone */
    }
    mgpu_buffer_free(ctx, out);
}

/* The tuning of one prim for u32 is nt x vt. */
static void search_expect_tuning(mgpu_context ctx, mgpu_prim prim, uint32_t nt, uint32_t vt, const char *how) {
    mgpu_tuning t = {0};
    CHECK_OK(mgpu_context_get_tuning(ctx, prim, MGPU_TYPE_U32, &t));
    CHECK(t.nt == nt && t.vt == vt, "%s: prim %d tiles %u x %u, expected %u x %u", how, (int)prim, t.nt, t.vt, nt, vt);
}

/* The search's tiles are MGPU_PRIM_SORTED_SEARCH's, apart from the merge's: with the merge at one NT x VT and the
 * search at another, each prim reports its own, restoring one leaves the other, and searches on the edges of the
 * search's tile (not the merge's) are right. The run's groups and subgroup switch (MGPU_TUNE in the variant
 * entries) are kept. MGPU_TUNE names them apart too (a context of its own). */
static void search_own_tuning(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_tuning merge0, search0;
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGE, MGPU_TYPE_U32, &merge0));
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_U32, &search0));
    mgpu_switch subgroup = search0.subgroup == MGPU_SWITCH_OFF ? MGPU_SWITCH_OFF : MGPU_SWITCH_AUTO;
    mgpu_tuning merge = {.nt = 32, .vt = 3, .groups = merge0.groups};
    mgpu_tuning search = {.nt = 64, .vt = 5, .groups = search0.groups, .subgroup = subgroup};
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL, &merge));
    search_expect_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, search0.nt, search0.vt, "the merge set");
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_MASK_ALL, &search));
    search_expect_tuning(ctx, MGPU_PRIM_MERGE, 32, 3, "both set");
    search_expect_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, 64, 5, "both set");
    uint32_t tile = 64 * 5;
    CHECK(test_tile(MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_I64) == tile, "the search's i64 tile");
    mgpu_type types[] = {MGPU_TYPE_U32, MGPU_TYPE_I64};
    for (int k = 0; k < 2; ++k) {
        search_case(types[k], (mgpu_bounds)k, k == 1, tile - 1, 1, 7);
        search_case(types[k], (mgpu_bounds)(1 - k), k == 0, tile, tile + 1, 500);
        search_case(types[k], (mgpu_bounds)k, k == 0, 2 * tile + 1, 3 * tile - 1, 5);
        search_indirect_case(types[k], (mgpu_bounds)k, k == 1, 2 * tile + 9, tile + 3, tile + 1, tile - 1, true, true);
    }
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_MASK_ALL, NULL));
    search_expect_tuning(ctx, MGPU_PRIM_MERGE, 32, 3, "the search restored");
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGE, MGPU_TYPE_MASK_ALL, NULL));
    search_expect_tuning(ctx, MGPU_PRIM_MERGE, merge0.nt, merge0.vt, "both restored");
    /* MGPU_TUNE, read at context creation: the prims by their names. */
    mgpu_context tuned = test_context_with_tune("merge:nt=32,vt=3;sorted_search.u32:nt=64,vt=5");
    if (tuned) {
        search_expect_tuning(tuned, MGPU_PRIM_MERGE, 32, 3, "MGPU_TUNE");
        search_expect_tuning(tuned, MGPU_PRIM_SORTED_SEARCH, 64, 5, "MGPU_TUNE");
        mgpu_tuning i64 = {0};
        CHECK_OK(mgpu_context_get_tuning(tuned, MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_I64, &i64));
        CHECK(i64.nt * i64.vt == test_tile(MGPU_PRIM_SORTED_SEARCH, MGPU_TYPE_I64),
              "MGPU_TUNE sorted_search.u32 leaves i64 at the table's %u x %u", i64.nt, i64.vt);
        mgpu_context_destroy(tuned);
    }
}

void test_sorted_search(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (unsigned k = 0; k < 2; ++k) {
            unsigned pair = (unsigned)t;
            mgpu_bounds bounds = (mgpu_bounds)((pair + k) % 2);
            bool d = (pair / 2 + k) % 2;
            uint32_t tile = test_tile(MGPU_PRIM_SORTED_SEARCH, (mgpu_type)t); /* the search's own tiles */
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
            search_indirect_sweep((mgpu_type)t, bounds, d);
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
    search_indirect_misuse(ctx, r, small);
    search_overflow();
    mgpu_buffer_free(ctx, r);
    mgpu_buffer_free(ctx, small);
    search_own_tuning();
}
