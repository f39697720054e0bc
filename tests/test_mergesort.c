/* Mergesort against the stable CPU reference: every key type with keys, indices and 32/64-bit pairs, and in
 * both orders (each payload in one order per type, alternating: mergesort_order); random (few and many
 * distinct keys), sorted, reversed and all-equal inputs; floats with NaN, -0.0 and infinities; sizes across
 * the blocksort tile and the first merge passes, and one of ten or more passes; in place; other NT/VT and
 * two workgroups looping over the tiles (two key types per shape); misuse. Stability is checked through
 * values that are the input positions. Indirect counts: every type and payload, real counts 0, 1, tile-1, tile,
 * tile+1, random, the capacity and past it (clamped), one needing two merge passes and one three where the capacity
 * plans four (the ping-pong's parity), in place too, the outputs past the real count keeping their sentinel (the
 * harness), on the default tile and two other shapes (the family's partitions entries: after the partition
 * dispatch); misuse of the count's range. Keys at addresses that are not 16-byte aligned. */
#include "common.h"

#include <string.h>

/* This family's entries of the test run and their flags (tests/families.def). */
MGPU_TEST_FAMILY(mergesort, "tile_loops partitions thread_partitions")

/* payload: 0 keys only, 4 or 8 pairs, 1 indices. */
static void sort_case(mgpu_type type, uint32_t payload, bool descending, sort_input kind, size_t n, bool in_place) {
    sort_test_run(&(sort_test){.type = type,
                               .payload = payload,
                               .descending = descending,
                               .kind = kind,
                               .n = n,
                               .in_place = in_place,
                               .indirect = -1});
}

static void mergesort_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range k, o, v, small;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &k));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &o));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &v));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &small));
    uint32_t sentinel[100];
    for (uint32_t i = 0; i < 100; ++i) sentinel[i] = 0xabc00000u + i;
    CHECK_OK(mgpu_buffer_upload(ctx, o, sentinel, sizeof sentinel));
    mgpu_sort_info good = {.key_type = MGPU_TYPE_U32, .count = 100, .keys_in = k, .keys_out = o};
    mgpu_sort_info bad;
    bad = good;
    bad.value_size = 2;
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.value_size = 4;
    bad.indices = true;
    bad.values_in = v;
    bad.values_out = v;
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.keys_out = small;
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.count = 0x80000000u;
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.value_size = 4; /* values missing */
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indices = true;
    bad.values_out = small;
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.key_type = (mgpu_type)77;
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_mergesort(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    /* indirect_count: too small, misaligned, overlapping the keys or the indices out; with a bit range. */
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 0, 2);
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 2, 4);
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.indirect_count = mgpu_range_slice(o, 40, 4);
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indices = true;
    bad.values_out = v;
    bad.indirect_count = mgpu_range_slice(v, 396, 4);
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 0, 4);
    bad.end_bit = 8;
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.keys_out = k;
    bad.keys_out.offset += 4;
    bad.keys_out.size = 396;
    bad.count = 99; /* shifted overlap */
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indices = true;
    bad.values_out = o; /* indices over the keys */
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.value_size = 4;
    bad.values_in = v;
    bad.values_out = k; /* values over the input keys */
    CHECK_RESULT(mgpu_mergesort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_requirements req;
    CHECK_RESULT(mgpu_mergesort_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_mergesort_get_requirements(ctx, &good, &req));
    CHECK_RESULT(mgpu_cmd_mergesort(ctx, VK_NULL_HANDLE, &good, small), MGPU_ERROR_INVALID_ARGUMENT);
    uint32_t after[100];
    CHECK_OK(mgpu_buffer_download(ctx, o, after, sizeof after));
    CHECK(memcmp(after, sentinel, sizeof after) == 0, "a rejected mergesort wrote its output");
    mgpu_buffer_free(ctx, k);
    mgpu_buffer_free(ctx, o);
    mgpu_buffer_free(ctx, v);
    mgpu_buffer_free(ctx, small);
}

/* Sizes: the blocksort tile's edges and those of the first merge passes, and a random one. */
static size_t mergesort_sizes(uint32_t tile, size_t *sizes) {
    size_t k = 0;
    size_t fixed[] = {0,
                      1,
                      2,
                      3,
                      tile - 1,
                      tile,
                      tile + 1,
                      2 * tile - 1,
                      2 * tile + 1,
                      3 * tile,
                      4 * tile + 5,
                      8 * tile - 1,
                      9 * tile + 7};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i) sizes[k++] = fixed[i];
    sizes[k++] = 1 + test_random_below(20 * tile);
    return k;
}

/* The order a type sorts a payload in: keys and 32-bit pairs one way, indices and 64-bit pairs the other, the
 * ways alternating over the types. Every type sorts every payload and in both orders, every payload is sorted
 * in both orders (on three types each): the order and the payload are separate code (a compare, the values
 * moved), and each (type, payload, order) is one more LLVM compile of each sort kernel on lavapipe. */
static bool mergesort_order(int type, uint32_t payload) {
    int p = payload == 0 ? 0 : payload == 1 ? 1 : payload == 4 ? 2 : 3;
    return (type + p) % 2;
}

/* Indirect counts for one type over a capacity that plans four merge passes: real counts around the tile, ones
 * needing two and three passes, random, the capacity and past it; the payloads and in place rotate, each payload
 * in mergesort_order's order (no pipeline the other tests do not build). Stops at the first failure. */
static void mergesort_indirect(mgpu_type type, uint32_t tile) {
    static const uint32_t payloads[4] = {0, 1, 4, 8};
    int t = (int)type;
    uint32_t cap = 9 * tile + 7;
    int64_t reals[] = {
        0,       1,       tile - 1, tile,      tile + 1, 3 * tile + 2, 5 * tile - 3, test_random_below(cap + 1),
        cap - 1, cap + 0, cap + 5,  UINT32_MAX};
    for (size_t r = 0; r < sizeof reals / sizeof reals[0]; ++r) {
        uint32_t payload = payloads[(r + (size_t)t) % 4];
        uint64_t before = g_test.failures;
        sort_test_run(&(sort_test){.type = type,
                                   .payload = payload,
                                   .descending = mergesort_order(t, payload),
                                   .kind = (sort_input)((r + (size_t)t) % SORT_INPUT_COUNT),
                                   .n = cap,
                                   .in_place = r % 3 == 2,
                                   .indirect = reals[r]});
        if (g_test.failures != before) return;
    }
}

static void mergesort_all(void) {
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t tile = test_tile(MGPU_PRIM_MERGESORT, type);
        size_t sizes[16];
        size_t count = mergesort_sizes(tile, sizes);
        for (size_t s = 0; s < count; ++s)
            for (uint32_t payload = 0; payload <= 8; payload = payload == 1 ? 4 : payload + (payload == 0 ? 1 : 4)) {
                bool d = mergesort_order(t, payload);
                sort_case(type, payload, d, (sort_input)((s + payload + d) % SORT_INPUT_COUNT), sizes[s], false);
            }
        for (int kind = 0; kind < SORT_INPUT_COUNT; ++kind)
            sort_case(type, 4, mergesort_order(t, 4), (sort_input)kind, 5 * tile + 3, false);
        sort_case(type, 8, mergesort_order(t, 8), SORT_INPUT_FEW, 3 * tile + 1, true);
        sort_case(type, 0, mergesort_order(t, 0), SORT_INPUT_MANY, 6 * tile - 1, true);
    }
}

/* Blocksort factors 2 and 4 (mgpu_tuning.blocksort) over the run's tuning (its groups and fold, MGPU_TUNE in the
 * variant entries): two key types each (a 32-bit and a 64-bit one, rotated), keys, indices and both pairs in both
 * orders, on the edges of the blocksort's tile and of the merge tile it holds (the edges where the device holds
 * the factor's workgroup: lavapipe does; the factor applies to keys alone, so for the payloads these are sizes
 * around multiples of the merge tile), and an indirect count per factor. Then the factors refused, the
 * refusal keeping the tuning, and the factor by MGPU_TUNE (a context of its own). */
static void mergesort_blocksort(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_tuning base;
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_U32, &base));
    CHECK(base.blocksort >= 1 && base.blocksort <= 64 && !(base.blocksort & (base.blocksort - 1)),
          "the resolved blocksort %u: a power of two in 1..64", base.blocksort);
    for (uint32_t f = 2; f <= 4; f *= 2) {
        mgpu_tuning t = base;
        t.blocksort = f;
        CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, &t));
        mgpu_tuning got = {0};
        CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_F64, &got));
        CHECK(got.blocksort == f && got.nt == base.nt, "blocksort %u resolved as %u (nt %u)", f, got.blocksort, got.nt);
        mgpu_type types[2] = {(mgpu_type)(f == 2 ? 0 : 2), (mgpu_type)(f == 2 ? 4 : 3)};
        for (int k = 0; k < 2; ++k) {
            mgpu_type type = types[k];
            uint32_t tile = test_tile(MGPU_PRIM_MERGESORT, type), block = tile * f;
            size_t sizes[] = {tile - 1,
                              tile + 1,
                              block - 1,
                              block,
                              block + 1,
                              3 * block,
                              4 * block + tile + 3,
                              8 * block + 2 * tile - 1};
            for (uint32_t payload = 0; payload <= 8; payload = payload == 1 ? 4 : payload + (payload == 0 ? 1 : 4))
                for (int d = 0; d < 2; ++d)
                    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
                        sort_case(type, payload, d, (sort_input)((s + payload + (size_t)d) % SORT_INPUT_COUNT),
                                  sizes[s], s == 5 && d == 1);
            if (k == (int)(f / 4)) mergesort_indirect(type, block);
        }
    }
    /* Refused: not a power of two, past 64; the tuning set before stays. */
    mgpu_tuning bad = base;
    bad.blocksort = 3;
    CHECK_RESULT(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, &bad),
                 MGPU_ERROR_INVALID_ARGUMENT);
    bad.blocksort = 128;
    CHECK_RESULT(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, &bad),
                 MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_tuning kept = {0};
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_U32, &kept));
    CHECK(kept.blocksort == 4, "a refused blocksort changed the tuning: %u", kept.blocksort);
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, NULL));
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_U32, &kept));
    CHECK(kept.blocksort == base.blocksort, "the table restored: blocksort %u, was %u", kept.blocksort, base.blocksort);
    /* MGPU_TUNE: the key per type; an invalid factor is ignored (the table's stays). */
    mgpu_context tuned = test_context_with_tune("mergesort.u32:blocksort=8;mergesort.u64:blocksort=3");
    if (tuned) {
        mgpu_tuning u32 = {0}, u64 = {0}, i32 = {0};
        CHECK_OK(mgpu_context_get_tuning(tuned, MGPU_PRIM_MERGESORT, MGPU_TYPE_U32, &u32));
        CHECK_OK(mgpu_context_get_tuning(tuned, MGPU_PRIM_MERGESORT, MGPU_TYPE_U64, &u64));
        CHECK_OK(mgpu_context_get_tuning(tuned, MGPU_PRIM_MERGESORT, MGPU_TYPE_I32, &i32));
        mgpu_tuning table_u64 = {0};
        CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_U64, &table_u64));
        CHECK(u32.blocksort == 8, "MGPU_TUNE mergesort.u32:blocksort=8 gave %u", u32.blocksort);
        CHECK(u64.blocksort == table_u64.blocksort, "MGPU_TUNE blocksort=3 not ignored: %u", u64.blocksort);
        CHECK(i32.blocksort == base.blocksort, "MGPU_TUNE mergesort.u32 changed i32: %u", i32.blocksort);
        mgpu_context_destroy(tuned);
    }
}

/* The tile with values or indices (mgpu_tuning.values_nt, values_vt): resolved from nt and vt where they are set,
 * else the table's; set alone, it moves the pairs' and indices' tile and leaves the keys' (both sorted on the edges
 * of their own tile, two key types); values_nt not a power of two, values_vt past 32 and a values tile past the
 * shared memory refused; the keys by MGPU_TUNE. */
static void mergesort_values_shape(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_tuning base, got;
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_U32, &base));
    CHECK(base.values_nt >= 32 && base.values_vt >= 1, "values shape resolved as %u x %u", base.values_nt,
          base.values_vt);
    mgpu_tuning follow = {.nt = 64, .vt = 4, .groups = base.groups};
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, &follow));
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_I64, &got));
    CHECK(got.values_nt == 64 && got.values_vt == 4, "values shape %u x %u does not follow nt x vt 64 x 4",
          got.values_nt, got.values_vt);
    mgpu_tuning own = {.values_nt = 64, .values_vt = 3, .groups = base.groups};
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, &own));
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_U32, &got));
    CHECK(got.values_nt == 64 && got.values_vt == 3 && got.nt == base.nt && got.vt == base.vt,
          "values 64 x 3 resolved as %u x %u, keys %u x %u (table %u x %u)", got.values_nt, got.values_vt, got.nt,
          got.vt, base.nt, base.vt);
    uint32_t pairs_tile = 64 * 3;
    mgpu_type types[2] = {MGPU_TYPE_I32, MGPU_TYPE_F64};
    for (int k = 0; k < 2; ++k) {
        mgpu_type type = types[k];
        uint32_t keys_tile = test_tile(MGPU_PRIM_MERGESORT, type);
        size_t sizes[] = {pairs_tile - 1, pairs_tile, pairs_tile + 1, 5 * pairs_tile + 3};
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
            for (uint32_t payload = 1; payload <= 8; payload = payload == 1 ? 4 : payload + 4)
                sort_case(type, payload, (s + (size_t)k) % 2, (sort_input)((s + payload) % SORT_INPUT_COUNT), sizes[s],
                          s == 3 && payload == 4);
        sort_case(type, 0, k, SORT_INPUT_MANY, keys_tile + 1, false);
        sort_case(type, 0, !k, SORT_INPUT_FEW, 3 * keys_tile - 1, false);
    }
    mgpu_tuning bad = own;
    bad.values_nt = 48;
    CHECK_RESULT(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, &bad),
                 MGPU_ERROR_INVALID_ARGUMENT);
    bad = own;
    bad.values_vt = 33;
    CHECK_RESULT(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, &bad),
                 MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_device_info info;
    CHECK_OK(mgpu_context_get_device_info(ctx, &info));
    bad = (mgpu_tuning){.values_nt = 32, .values_vt = 32}; /* the largest values tile: past 48 KB of u64 tiles */
    while (bad.values_nt * 2 <= info.max_workgroup_size) bad.values_nt *= 2;
    if ((uint64_t)bad.values_nt * 32 * 12 > info.shared_memory_bytes)
        CHECK_RESULT(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_BIT(MGPU_TYPE_U64), &bad),
                     MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_context_get_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_U64, &got));
    CHECK(got.values_nt == 64 && got.values_vt == 3, "a refused values shape changed the tuning: %u x %u",
          got.values_nt, got.values_vt);
    CHECK_OK(mgpu_context_set_tuning(ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, NULL));
    mgpu_context tuned = test_context_with_tune("mergesort.u32:values_nt=64,values_vt=3");
    if (tuned) {
        CHECK_OK(mgpu_context_get_tuning(tuned, MGPU_PRIM_MERGESORT, MGPU_TYPE_U32, &got));
        CHECK(got.values_nt == 64 && got.values_vt == 3 && got.nt == base.nt,
              "MGPU_TUNE mergesort.u32:values_nt=64,values_vt=3 gave %u x %u (nt %u)", got.values_nt, got.values_vt,
              got.nt);
        mgpu_context_destroy(tuned);
    }
}

/* 1024 tiles of the default tuning (ten merge passes past the blocksort), at most 2^20 keys. */
static uint32_t mergesort_large(void) {
    uint32_t tile = test_tile(MGPU_PRIM_MERGESORT, MGPU_TYPE_U32);
    return tile < (1u << 10) ? tile << 10 : 1u << 20;
}

void test_mergesort(void) {
    mergesort_all();
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        mergesort_indirect((mgpu_type)t, test_tile(MGPU_PRIM_MERGESORT, (mgpu_type)t));
    /* Many merge passes, an odd and an even number of them (11 and 10 on a CPU device's tile). */
    uint32_t large = mergesort_large();
    sort_case(MGPU_TYPE_U32, 4, false, SORT_INPUT_MANY, large + 1 + test_random_below(large / 4), false);
    sort_case(MGPU_TYPE_F64, 1, true, SORT_INPUT_FEW, large / 2 + 3, true);
    /* Keys one element into their buffers (not 16-byte aligned: the merge passes store such tiles key by key). */
    uint32_t tile32 = test_tile(MGPU_PRIM_MERGESORT, MGPU_TYPE_U32),
             tile64 = test_tile(MGPU_PRIM_MERGESORT, MGPU_TYPE_F64);
    sort_test shifted[] = {
        {.type = MGPU_TYPE_U32, .payload = 4, .kind = SORT_INPUT_MANY, .n = 9 * tile32 + 5},
        {.type = MGPU_TYPE_F64, .descending = true, .kind = SORT_INPUT_FEW, .n = 6 * tile64 + 1},
        {.type = MGPU_TYPE_I32, .payload = 1, .kind = SORT_INPUT_REVERSED, .n = 5 * tile32 - 1, .in_place = true}};
    for (size_t i = 0; i < sizeof shifted / sizeof shifted[0]; ++i) {
        shifted[i].indirect = -1;
        shifted[i].shifted = true;
        sort_test_run(&shifted[i]);
    }
    /* Other tile shapes: even VT, VT 1, wider workgroups (the blocksort's shared-memory merges), and two
     * workgroups looping over all tiles. A shape changes no type's code but the tile's, so each runs one 32-bit
     * and one 64-bit key type, one in each order, rotated over the shapes: every type runs some shape. The shapes
     * keep the run's groups (MGPU_TUNE in the *_tile_loops entry) unless they set their own. */
    mgpu_tuning base;
    CHECK_OK(mgpu_context_get_tuning(g_test.ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_U32, &base));
    mgpu_tuning shapes[] = {
        {.nt = 64, .vt = 4}, {.nt = 32, .vt = 1}, {.nt = 128, .vt = 3}, {.nt = 32, .vt = 5, .groups = 2}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        if (!shapes[i].groups) shapes[i].groups = base.groups;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, &shapes[i]));
        uint32_t tile = shapes[i].nt * shapes[i].vt;
        mgpu_type types[2] = {(mgpu_type)(i % 3), (mgpu_type)(3 + (i + 1) % 3)};
        for (int k = 0; k < 2; ++k) {
            mgpu_type t = types[k];
            bool d = (i + (size_t)k) % 2;
            sort_case(t, 4, d, SORT_INPUT_FEW, 7 * tile + 5, false);
            sort_case(t, 1, d, SORT_INPUT_MANY, tile - 1, false);
            sort_case(t, 0, d, (sort_input)(t % SORT_INPUT_COUNT), 4 * tile, false);
        }
        if (i % 2) mergesort_indirect(types[i % 4 == 1], tile);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_MERGESORT, MGPU_TYPE_MASK_ALL, NULL));
    mergesort_blocksort();
    mergesort_values_shape();
    mergesort_misuse();
}
