/* Segmented sort and locality sort against the CPU references (tests/ref/ref_segsort.h, ref_sort): every key
 * type with keys, indices and 32/64-bit pairs, both orders; segments given by heads and by flags (the same
 * result), short and long segments, empty ones (repeated heads, heads at 0 and at n), one segment, every element
 * its own, segments straddling tile boundaries; random (few and many distinct keys, NaN, -0.0), sorted, reversed
 * and all-equal keys; sizes 0, 1, tile-1, tile, tile+1 and others across the merge passes, one of ten or more
 * passes; in place; other NT/VT and two workgroups looping over the tiles; the locality sort on random, nearly
 * sorted, sorted and reversed input; indirect counts (every type and payload, heads and flags, the key count 0, 1,
 * tile-1, tile, tile+1, random, the capacity and past it, several merge passes of a capacity planning more, heads
 * at or past the real count, an indirect head count below, at and past head_count; the locality sort too; the
 * outputs past the real count keep their sentinel); misuse (specific result codes, outputs untouched; the recording
 * tier's scratch over the overflow flag with merge passes). segsort_cli: the `segsort` subcommand and `sort --algo
 * locality` (good and bad input). Stability is checked through values that are the input positions. */
#include "common.h"
#include "ref/ref_segsort.h"

#include <string.h>

MGPU_TEST_FAMILY(segsort, "tile_loops")
MGPU_TEST_FAMILY(segsort_cli, "cli")

/* Where the segments fall. */
typedef enum seg_layout {
    SEG_SHORT,    /* random lengths in [0, tile / 2]: most segments inside a tile, empty ones included */
    SEG_LONG,     /* random lengths in [0, 6 tiles] */
    SEG_ONE,      /* no head at all */
    SEG_EACH,     /* every element its own segment (heads 0 .. n) */
    SEG_STRADDLE, /* heads just before, at and after tile boundaries, repeated, and at 0 and n */
    SEG_LAYOUT_COUNT
} seg_layout;

static const char *const layout_names[SEG_LAYOUT_COUNT] = {"short", "long", "one", "each", "straddle"};

/* Heads for n keys in layout (malloc'ed, *count of them). */
static int32_t *make_heads(seg_layout layout, size_t n, uint32_t tile, size_t *count) {
    int32_t *heads = malloc((2 * n + 16) * sizeof *heads);
    size_t k = 0;
    switch (layout) {
        case SEG_SHORT:
        case SEG_LONG: {
            uint32_t span = layout == SEG_SHORT ? tile / 2 : 6 * tile;
            for (size_t at = test_random_below(span + 1); at <= n && k < 2 * n + 8; at += test_random_below(span + 1))
                heads[k++] = (int32_t)at;
            break;
        }
        case SEG_ONE: break;
        case SEG_EACH:
            for (size_t i = 0; i <= n; ++i) heads[k++] = (int32_t)i;
            break;
        case SEG_STRADDLE:
            heads[k++] = 0;
            for (size_t t = tile; t + 1 < n; t += tile) {
                heads[k++] = (int32_t)(t - 1);
                if (t % (2 * tile) == 0) heads[k++] = (int32_t)(t - 1); /* an empty segment */
                heads[k++] = (int32_t)(t + (t / tile) % 3);
            }
            heads[k++] = (int32_t)n;
            break;
        default: break;
    }
    /* keep them ascending where the steps above might not (t + 2 past the next t - 1 cannot happen for tile >= 4) */
    for (size_t i = 1; i < k; ++i)
        if (heads[i] < heads[i - 1]) heads[i] = heads[i - 1];
    *count = k;
    return heads;
}

typedef struct seg_test {
    mgpu_type type;
    uint32_t payload; /* 0 keys only, 1 indices, 4 or 8 pairs */
    bool descending;
    sort_input kind;
    size_t n;
    seg_layout layout;
    int source; /* 0 heads, 1 flags, 2 both (checked to agree) */
    bool in_place;
    bool locality;          /* mgpu_localitysort; layout ignored */
    int64_t indirect;       /* -1, or the device key count (clamped to n; up to UINT32_MAX) */
    int64_t indirect_heads; /* -1, or the device head count (clamped to the heads'; source 0 only) */
} seg_test;

static void fill_prior(void *data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) ((unsigned char *)data)[i] = (unsigned char)(0x5a ^ (i * 7));
}

/* Nearly sorted keys: i + a random offset in [0, noise], cast to the type. */
static void nearly_sorted_keys(mgpu_type type, void *keys, size_t n, uint32_t noise) {
    for (size_t i = 0; i < n; ++i)
        ref_set(type, keys, i, ref_from_double(type, (double)(i + test_random_below(noise + 1))));
}

static void seg_test_run(const seg_test *t, const void *given_keys) {
    mgpu_context ctx = g_test.ctx;
    mgpu_type type = t->type;
    size_t size = mgpu_type_size(type), n = t->n;
    bool indices = t->payload == 1;
    uint32_t value_size = indices ? 0 : t->payload;
    size_t out_value = indices ? 4 : value_size;
    uint32_t tile = test_tile(MGPU_PRIM_SEGSORT, type);
    char *keys = malloc(n * size + 8), *values = malloc(n * 8 + 8);
    if (given_keys)
        memcpy(keys, given_keys, n * size);
    else
        sort_test_keys(type, t->kind, keys, n);
    for (size_t i = 0; i < n; ++i) {
        uint64_t v = i * 3 + ((uint64_t)i << 40);
        memcpy(values + i * value_size, &v, value_size);
    }
    size_t head_count = 0;
    int32_t *heads = t->locality ? calloc(1, 4) : make_heads(t->layout, n, tile, &head_count);
    uint32_t *flags = malloc((n + 31) / 32 * 4 + 4);
    ref_heads_to_flags(heads, head_count, n, flags);
    /* Expected: the real count's keys r sorted within the real heads (those at or past r: empty segments at the
     * end); past r the output's prior content (the input, in place). */
    size_t r = t->indirect >= 0 && (uint64_t)t->indirect < n ? (size_t)t->indirect : n;
    size_t real_heads =
        t->indirect_heads >= 0 && (uint64_t)t->indirect_heads < head_count ? (size_t)t->indirect_heads : head_count;
    char *want = malloc(n * size + 8), *vwant = malloc(n * 8 + 8);
    int32_t *iwant = malloc(n * 4 + 8);
    fill_prior(want, n * size);
    fill_prior(vwant, n * out_value);
    if (t->in_place) {
        memcpy(want, keys, n * size);
        memcpy(vwant, values, n * value_size);
    }
    ref_segsort(type, value_size, t->descending, keys, values, r, heads, real_heads, want, vwant, iwant);
    if (indices) memcpy(vwant, iwant, r * 4);
    mgpu_range rc = {0}, rhc = {0};
    if (t->indirect >= 0) {
        uint32_t device_count = (uint32_t)t->indirect;
        CHECK_OK(mgpu_buffer_alloc(ctx, 4, &rc));
        CHECK_OK(mgpu_buffer_upload(ctx, rc, &device_count, 4));
    }
    if (t->indirect_heads >= 0) {
        uint32_t device_count = (uint32_t)t->indirect_heads;
        CHECK_OK(mgpu_buffer_alloc(ctx, 4, &rhc));
        CHECK_OK(mgpu_buffer_upload(ctx, rhc, &device_count, 4));
    }

    /* The overflow flag between two sentinels, with any indirect count. */
    mgpu_range rflag = {0};
    if (t->indirect >= 0 || t->indirect_heads >= 0) CHECK_OK(mgpu_buffer_alloc(ctx, 12, &rflag));
    mgpu_range rh = head_count ? test_upload(MGPU_TYPE_I32, heads, head_count) : (mgpu_range){0};
    mgpu_range rf = n ? test_upload(MGPU_TYPE_U32, flags, (n + 31) / 32) : (mgpu_range){0};
    for (int source = t->source == 1 ? 1 : 0; source <= (t->source == 0 ? 0 : 1); ++source) {
        mgpu_range rk = test_upload(type, keys, n), ro = rk, rv = {0}, rvo = {0};
        char *prior = malloc(n * 8 + 8);
        fill_prior(prior, n * 8);
        if (!t->in_place) {
            CHECK_OK(mgpu_buffer_alloc(ctx, n ? n * size : 16, &ro));
            if (n) CHECK_OK(mgpu_buffer_upload(ctx, ro, prior, n * size));
        }
        if (value_size) {
            CHECK_OK(mgpu_buffer_alloc(ctx, n ? n * value_size : 16, &rv));
            if (n) CHECK_OK(mgpu_buffer_upload(ctx, rv, values, n * value_size));
            rvo = rv;
        }
        if (indices || (value_size && !t->in_place)) {
            CHECK_OK(mgpu_buffer_alloc(ctx, n ? n * out_value : 16, &rvo));
            if (n) CHECK_OK(mgpu_buffer_upload(ctx, rvo, prior, n * out_value));
        }
        free(prior);
        bool flagged = t->indirect >= 0 || (!source && t->indirect_heads >= 0);
        uint32_t flag_words[3] = {0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u};
        if (flagged) CHECK_OK(mgpu_buffer_upload(ctx, rflag, flag_words, sizeof flag_words));
        mgpu_range overflow = flagged ? mgpu_range_slice(rflag, 4, 4) : (mgpu_range){0};
        if (t->locality) {
            mgpu_sort_info info = {.key_type = type,
                                   .value_size = value_size,
                                   .indices = indices,
                                   .descending = t->descending,
                                   .count = (uint32_t)n,
                                   .keys_in = rk,
                                   .keys_out = ro,
                                   .values_in = rv,
                                   .values_out = rvo,
                                   .indirect_count = rc,
                                   .overflow = overflow};
            CHECK_OK(mgpu_localitysort(ctx, &info));
        } else {
            mgpu_segsort_info info = {.key_type = type,
                                      .value_size = value_size,
                                      .indices = indices,
                                      .descending = t->descending,
                                      .count = (uint32_t)n,
                                      .keys_in = rk,
                                      .keys_out = ro,
                                      .values_in = rv,
                                      .values_out = rvo,
                                      .segments_kind = source ? MGPU_SEGMENTS_FLAGS : MGPU_SEGMENTS_HEADS,
                                      .head_count = source ? 0 : (uint32_t)head_count,
                                      .segments = source ? rf : rh,
                                      .indirect_count = rc,
                                      .indirect_head_count = source ? (mgpu_range){0} : rhc,
                                      .overflow = overflow};
            CHECK_OK(mgpu_segsort(ctx, &info));
        }
        if (flagged) {
            uint32_t want_flag = (t->indirect >= 0 && (uint64_t)t->indirect > n) ||
                                 (!source && t->indirect_heads >= 0 && (uint64_t)t->indirect_heads > head_count);
            CHECK_OK(mgpu_buffer_download(ctx, rflag, flag_words, sizeof flag_words));
            CHECK(flag_words[1] == want_flag && flag_words[0] == 0xa5a5a5a5u && flag_words[2] == 0xa5a5a5a5u,
                  "%s n=%zu heads %zu from %s, device counts %lld/%lld: overflow %08x (%08x %08x around it), "
                  "expected %u",
                  t->locality ? "localitysort" : "segsort", n, head_count, source ? "flags" : "heads",
                  (long long)t->indirect, (long long)t->indirect_heads, flag_words[1], flag_words[0], flag_words[2],
                  want_flag);
        }
        const char *what = indices ? "indices" : value_size == 8 ? "pairs64" : value_size ? "pairs32" : "keys";
        char *got = test_download(type, ro, n);
        CHECK(memcmp(got, want, n * size) == 0, "%s %s %s %s %s n=%zu segments %s from %s%s, real %zu/%zu: keys differ",
              t->locality ? "localitysort" : "segsort", mgpu_type_name(type), what,
              t->descending ? "descending" : "ascending", given_keys ? "given" : "generated", n,
              t->locality ? "none" : layout_names[t->layout], source ? "flags" : "heads",
              t->in_place ? " in place" : "", r, real_heads);
        free(got);
        if (out_value) {
            char *vgot = malloc(n * out_value + 8);
            if (n) CHECK_OK(mgpu_buffer_download(ctx, rvo, vgot, n * out_value));
            CHECK(memcmp(vgot, vwant, n * out_value) == 0,
                  "%s %s %s %s n=%zu segments %s from %s, real %zu/%zu: %s differ",
                  t->locality ? "localitysort" : "segsort", mgpu_type_name(type), what,
                  t->descending ? "descending" : "ascending", n, t->locality ? "none" : layout_names[t->layout],
                  source ? "flags" : "heads", r, real_heads, indices ? "indices" : "values (stability)");
            free(vgot);
        }
        mgpu_buffer_free(ctx, rk);
        if (!t->in_place) mgpu_buffer_free(ctx, ro);
        if (value_size) mgpu_buffer_free(ctx, rv);
        if (rvo.buffer && !(rvo.buffer == rv.buffer && rvo.offset == rv.offset)) mgpu_buffer_free(ctx, rvo);
    }
    if (rh.buffer) mgpu_buffer_free(ctx, rh);
    if (rf.buffer) mgpu_buffer_free(ctx, rf);
    mgpu_buffer_free(ctx, rc);
    mgpu_buffer_free(ctx, rhc);
    mgpu_buffer_free(ctx, rflag);
    free(keys);
    free(values);
    free(heads);
    free(flags);
    free(want);
    free(vwant);
    free(iwant);
}

static void seg_case(mgpu_type type, uint32_t payload, bool descending, sort_input kind, size_t n, seg_layout layout,
                     int source) {
    seg_test_run(&(seg_test){.type = type,
                             .payload = payload,
                             .descending = descending,
                             .kind = kind,
                             .n = n,
                             .layout = layout,
                             .source = source,
                             .indirect = -1,
                             .indirect_heads = -1},
                 NULL);
}

/* The order a type sorts a payload in, alternating over types and payloads as the mergesort's tests do: every
 * (type, payload) once, every payload in both orders. */
static bool seg_order(int type, uint32_t payload) {
    int p = payload == 0 ? 0 : payload == 1 ? 1 : payload == 4 ? 2 : 3;
    return (type + p) % 2;
}

static void segsort_all(void) {
    uint32_t payloads[] = {0, 1, 4, 8};
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t tile = test_tile(MGPU_PRIM_SEGSORT, type);
        size_t sizes[] = {0,
                          1,
                          2,
                          tile - 1,
                          tile,
                          tile + 1,
                          2 * tile + 1,
                          4 * tile + 5,
                          9 * tile + 7,
                          1 + test_random_below(20 * tile)};
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
            for (size_t p = 0; p < 4; ++p) {
                uint32_t payload = payloads[p];
                bool d = seg_order(t, payload);
                seg_layout layout = (seg_layout)((s + p + (size_t)t) % SEG_LAYOUT_COUNT);
                seg_case(type, payload, d, (sort_input)((s + p + d) % SORT_INPUT_COUNT), sizes[s], layout,
                         (int)((s + p) % 3));
            }
        /* every layout and every kind of input on this type, heads and flags agreeing */
        for (int layout = 0; layout < SEG_LAYOUT_COUNT; ++layout)
            seg_case(type, 4, seg_order(t, 4), (sort_input)((layout + t) % SORT_INPUT_COUNT), 7 * tile + 3,
                     (seg_layout)layout, 2);
        for (int kind = 0; kind < SORT_INPUT_COUNT; ++kind)
            seg_case(type, 1, seg_order(t, 1), (sort_input)kind, 5 * tile + 1, SEG_SHORT, kind % 2);
        /* in place, keys and pairs */
        seg_test_run(&(seg_test){.type = type,
                                 .payload = 8,
                                 .descending = seg_order(t, 8),
                                 .kind = SORT_INPUT_FEW,
                                 .n = 6 * tile + 2,
                                 .layout = SEG_LONG,
                                 .source = 0,
                                 .in_place = true,
                                 .indirect = -1,
                                 .indirect_heads = -1},
                     NULL);
        seg_test_run(&(seg_test){.type = type,
                                 .payload = 0,
                                 .descending = seg_order(t, 0),
                                 .kind = SORT_INPUT_MANY,
                                 .n = 3 * tile - 1,
                                 .layout = SEG_SHORT,
                                 .source = 1,
                                 .in_place = true,
                                 .indirect = -1,
                                 .indirect_heads = -1},
                     NULL);
    }
}

static void locality_case(mgpu_type type, uint32_t payload, bool descending, size_t n, int input, bool in_place) {
    char *keys = malloc(n * mgpu_type_size(type) + 8);
    if (input == 0)
        sort_test_keys(type, SORT_INPUT_MANY, keys, n);
    else if (input == 1)
        nearly_sorted_keys(type, keys, n, 100);
    else if (input == 2)
        nearly_sorted_keys(type, keys, n, 3 * test_tile(MGPU_PRIM_SEGSORT, type));
    else
        sort_test_keys(type, input == 3 ? SORT_INPUT_SORTED : SORT_INPUT_REVERSED, keys, n);
    if (descending && input >= 1 && input <= 2) /* nearly sorted in the sort's own order */
        for (size_t i = 0; i < n / 2; ++i) {
            size_t size = mgpu_type_size(type);
            char tmp[8];
            memcpy(tmp, keys + i * size, size);
            memcpy(keys + i * size, keys + (n - 1 - i) * size, size);
            memcpy(keys + (n - 1 - i) * size, tmp, size);
        }
    seg_test_run(&(seg_test){.type = type,
                             .payload = payload,
                             .descending = descending,
                             .n = n,
                             .in_place = in_place,
                             .locality = true,
                             .indirect = -1,
                             .indirect_heads = -1},
                 keys);
    free(keys);
}

static void localitysort_all(void) {
    uint32_t payloads[] = {0, 1, 4, 8};
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t tile = test_tile(MGPU_PRIM_SEGSORT, type);
        size_t sizes[] = {0, 1, tile - 1, tile, tile + 1, 13 * tile + 5};
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s)
            for (size_t p = 0; p < 4; ++p)
                locality_case(type, payloads[p], seg_order(t, payloads[p]), sizes[s], (int)((s + p) % 5), false);
        for (int input = 0; input < 5; ++input)
            locality_case(type, 4, seg_order(t, 4), 8 * tile + 3, input, input == 2);
    }
}

/* Indirect counts for one type over a capacity that plans four merge passes: key counts around the tile, ones
 * needing two and three passes, random, the capacity and past it; payloads, layouts, heads or flags (or both,
 * agreeing), in place, and an indirect head count (none, 0, 3, past head_count) rotate; then the locality sort
 * with three of the counts. Stops at the first failure. */
static void segsort_indirect(mgpu_type type, uint32_t tile) {
    static const uint32_t payloads[4] = {0, 1, 4, 8};
    static const int64_t head_counts[4] = {-1, 0, 3, 1 << 20};
    size_t t = (size_t)type;
    uint32_t cap = 9 * tile + 7;
    int64_t reals[] = {0,   1,       tile - 1,  tile, tile + 1, 3 * tile + 2, 5 * tile - 3, test_random_below(cap + 1),
                       cap, cap + 5, UINT32_MAX};
    size_t cases = sizeof reals / sizeof reals[0];
    for (size_t r = 0; r < cases + 3; ++r) {
        uint32_t payload = payloads[(r + t) % 4];
        int64_t heads = head_counts[(r / 2 + t) % 4];
        int source = heads >= 0 ? 0 : (int)((r + t) % 3);
        uint64_t before = g_test.failures;
        seg_test_run(&(seg_test){.type = type,
                                 .payload = payload,
                                 .descending = seg_order((int)type, payload),
                                 .kind = (sort_input)((r + t) % SORT_INPUT_COUNT),
                                 .n = cap,
                                 .layout = (seg_layout)((r + t) % SEG_LAYOUT_COUNT),
                                 .source = source,
                                 .in_place = r % 3 == 2,
                                 .locality = r >= cases,
                                 .indirect = r < cases ? reals[r] : reals[(r - cases) * 4 + 2],
                                 .indirect_heads = r < cases ? heads : -1},
                     NULL);
        if (g_test.failures != before) return;
    }
}

/* The overflow flag (seg_test_run checks it): the key count alone below, at and above its capacity; the head count
 * alone below and above; both, each above alone and together; capacity 0 with counts 0 and 1 (nothing else
 * recorded); the locality sort above and at. */
static void segsort_overflow(void) {
    uint32_t tile = test_tile(MGPU_PRIM_SEGSORT, MGPU_TYPE_U32), n = 3 * tile + 1;
    const int64_t cases[][2] = {{n - 1, -1},   {n, -1},      {n + 1, -1}, {-1, 0},
                                {-1, 1 << 20}, {n, 1 << 20}, {n + 1, 0},  {UINT32_MAX, 1 << 20}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        seg_test_run(&(seg_test){.type = MGPU_TYPE_U32,
                                 .payload = (uint32_t)(i % 3) * 4,
                                 .kind = (sort_input)(i % SORT_INPUT_COUNT),
                                 .n = n,
                                 .layout = (seg_layout)(i % SEG_LAYOUT_COUNT),
                                 .source = 0,
                                 .indirect = cases[i][0],
                                 .indirect_heads = cases[i][1]},
                     NULL);
    for (int64_t real = 0; real < 2; ++real) {
        seg_test_run(&(seg_test){.type = MGPU_TYPE_I32, .n = 0, .source = 1, .indirect = real, .indirect_heads = -1},
                     NULL);
        seg_test_run(
            &(seg_test){.type = MGPU_TYPE_F32, .n = 0, .locality = true, .indirect = real, .indirect_heads = -1}, NULL);
    }
    seg_test_run(&(seg_test){.type = MGPU_TYPE_U64, .n = n, .locality = true, .indirect = n + 3, .indirect_heads = -1},
                 NULL);
    seg_test_run(&(seg_test){.type = MGPU_TYPE_U64, .n = n, .locality = true, .indirect = n, .indirect_heads = -1},
                 NULL);
}

static int compare_u32(const void *x, const void *y) {
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

/* The recording tier's refusal of scratch over the overflow flag, reached: a count of two tiles and one (merge passes,
 * so scratch), the flag inside the scratch -> MGPU_ERROR_INVALID_ARGUMENT with the keys, values, flag and scratch
 * keeping their sentinels; the same scratch moved past the flag then sorts (one segment) and writes the flag 0. */
static void segsort_scratch_over_flag(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t tile = test_tile(MGPU_PRIM_SEGSORT, MGPU_TYPE_U32), n = 2 * tile + 1;
    size_t bytes = (size_t)n * 4;
    uint32_t *keys = malloc(bytes), *sentinel = malloc(bytes), *got = malloc(bytes);
    for (uint32_t i = 0; i < n; ++i) keys[i] = (uint32_t)test_random_below(1000), sentinel[i] = 0xabc00000u + i;
    mgpu_range k, o, v, vo, small, big;
    CHECK_OK(mgpu_buffer_alloc(ctx, bytes, &k));
    CHECK_OK(mgpu_buffer_alloc(ctx, bytes, &o));
    CHECK_OK(mgpu_buffer_alloc(ctx, bytes, &v));
    CHECK_OK(mgpu_buffer_alloc(ctx, bytes, &vo));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &small));
    CHECK_OK(mgpu_buffer_upload(ctx, k, keys, bytes));
    CHECK_OK(mgpu_buffer_upload(ctx, v, sentinel, bytes));
    CHECK_OK(mgpu_buffer_upload(ctx, o, sentinel, bytes));
    CHECK_OK(mgpu_buffer_upload(ctx, vo, sentinel, bytes));
    uint32_t words[4] = {n, 0, 0, 0}; /* the indirect count (the capacity), a head at 0 */
    CHECK_OK(mgpu_buffer_upload(ctx, small, words, sizeof words));
    mgpu_segsort_info info = {.key_type = MGPU_TYPE_U32,
                              .value_size = 4,
                              .count = n,
                              .keys_in = k,
                              .keys_out = o,
                              .values_in = v,
                              .values_out = vo,
                              .head_count = 1,
                              .segments = mgpu_range_slice(small, 4, 4),
                              .indirect_count = mgpu_range_slice(small, 0, 4)};
    mgpu_requirements req;
    CHECK_OK(mgpu_segsort_get_requirements(ctx, &info, &req));
    CHECK(req.scratch_size > 0, "segsort of %u keys (tile %u) needs no scratch: no merge pass", n, tile);
    if (req.scratch_size) {
        size_t big_bytes = (size_t)req.scratch_size + 16;
        uint32_t *big_sentinel = malloc(big_bytes), *big_got = malloc(big_bytes);
        for (size_t i = 0; i < big_bytes / 4; ++i) big_sentinel[i] = 0x5eed0000u + (uint32_t)i;
        CHECK_OK(mgpu_buffer_alloc(ctx, big_bytes, &big));
        CHECK_OK(mgpu_buffer_upload(ctx, big, big_sentinel, big_bytes));
        info.overflow = mgpu_range_slice(big, 8, 4); /* inside the scratch at big's start */
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_RESULT(mgpu_cmd_segsort(ctx, cmd, &info, mgpu_range_slice(big, 0, req.scratch_size)),
                     MGPU_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(mgpu_context_last_error(ctx), "overflow") != NULL, "refused for another reason: %s",
              mgpu_context_last_error(ctx));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        CHECK_OK(mgpu_buffer_download(ctx, o, got, bytes));
        CHECK(memcmp(got, sentinel, bytes) == 0, "a segsort refused for scratch over its flag wrote its keys");
        CHECK_OK(mgpu_buffer_download(ctx, vo, got, bytes));
        CHECK(memcmp(got, sentinel, bytes) == 0, "a segsort refused for scratch over its flag wrote its values");
        CHECK_OK(mgpu_buffer_download(ctx, big, big_got, big_bytes));
        CHECK(memcmp(big_got, big_sentinel, big_bytes) == 0,
              "a segsort refused for scratch over its flag wrote its flag or scratch");
        /* the scratch past the flag: accepted, sorted, the flag 0 */
        CHECK_OK(mgpu_commands_begin(ctx, &cmd));
        CHECK_OK(mgpu_cmd_segsort(ctx, cmd, &info, mgpu_range_slice(big, 16, req.scratch_size)));
        CHECK_OK(mgpu_commands_submit(ctx, NULL));
        qsort(keys, n, 4, compare_u32);
        CHECK_OK(mgpu_buffer_download(ctx, o, got, bytes));
        CHECK(memcmp(got, keys, bytes) == 0, "segsort with its scratch past its flag: keys not sorted");
        CHECK_OK(mgpu_buffer_download(ctx, big, big_got, 16));
        CHECK(big_got[2] == 0, "segsort with its scratch past its flag: overflow %08x, expected 0", big_got[2]);
        CHECK(memcmp(big_got, big_sentinel, 8) == 0 && memcmp(big_got + 3, big_sentinel + 3, 4) == 0,
              "segsort wrote around its overflow flag");
        mgpu_buffer_free(ctx, big);
        free(big_sentinel);
        free(big_got);
    }
    mgpu_buffer_free(ctx, k);
    mgpu_buffer_free(ctx, o);
    mgpu_buffer_free(ctx, v);
    mgpu_buffer_free(ctx, vo);
    mgpu_buffer_free(ctx, small);
    free(keys);
    free(sentinel);
    free(got);
}

/* 1024 tiles of the default tuning (ten merge passes past the blocksort), at most 2^20 keys. */
static uint32_t segsort_large(void) {
    uint32_t tile = test_tile(MGPU_PRIM_SEGSORT, MGPU_TYPE_U32);
    return tile < (1u << 10) ? tile << 10 : 1u << 20;
}

static void segsort_misuse(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range k, o, v, h, small;
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &k));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &o));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &v));
    CHECK_OK(mgpu_buffer_alloc(ctx, 400, &h));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &small));
    uint32_t sentinel[100];
    for (uint32_t i = 0; i < 100; ++i) sentinel[i] = 0xabc00000u + i;
    CHECK_OK(mgpu_buffer_upload(ctx, o, sentinel, sizeof sentinel));
    CHECK_OK(mgpu_buffer_upload(ctx, v, sentinel, sizeof sentinel));
    mgpu_segsort_info good = {
        .key_type = MGPU_TYPE_U32, .count = 100, .keys_in = k, .keys_out = o, .head_count = 10, .segments = h};
    mgpu_segsort_info bad;
    int dummy = 0;
    bad = good;
    bad.next = &dummy;
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_segsort(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_segsort(NULL, &good), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.value_size = 2;
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.value_size = 4;
    bad.indices = true;
    bad.values_in = v;
    bad.values_out = v;
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.key_type = (mgpu_type)77;
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.count = 0x80000000u;
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.keys_out = small;
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.segments_kind = (mgpu_segments_kind)7;
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.head_count = 0x80000000u;
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.head_count = 101; /* 404 bytes of heads in a range of 400 */
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.segments = (mgpu_range){0};
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.segments_kind = MGPU_SEGMENTS_FLAGS;
    bad.segments = mgpu_range_slice(small, 0, 12); /* 4 words of flags needed */
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.segments = mgpu_range_slice(h, 2, 40);
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.segments = o; /* heads over the output keys */
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indices = true;
    bad.values_out = v;
    bad.segments = v; /* heads over the indices */
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.keys_out = mgpu_range_slice(k, 4, 396);
    bad.count = 99; /* shifted overlap */
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.value_size = 4; /* values missing */
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    /* the indirect counts: too small, misaligned, overlapping an output; a head count with flags */
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 0, 2);
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.indirect_count = mgpu_range_slice(small, 2, 4);
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.indirect_count = mgpu_range_slice(o, 396, 4);
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.indirect_head_count = mgpu_range_slice(small, 4, 2);
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_RANGE_TOO_SMALL);
    bad = good;
    bad.indirect_head_count = mgpu_range_slice(small, 6, 4);
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_MISALIGNED);
    bad = good;
    bad.indices = true;
    bad.values_out = v;
    bad.indirect_head_count = mgpu_range_slice(v, 0, 4);
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.segments_kind = MGPU_SEGMENTS_FLAGS;
    bad.indirect_head_count = mgpu_range_slice(small, 0, 4);
    CHECK_RESULT(mgpu_segsort(ctx, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    /* the overflow flag: without an indirect count, 2 bytes, misaligned, overlapping either count, an input, an
     * output or the heads (the counts at small[0, 4) and small[4, 8)); the requirements from sizes alone */
    mgpu_requirements req;
    struct {
        mgpu_range overflow;
        bool by_count, by_heads;
        mgpu_result want;
    } flag_cases[] = {
        {mgpu_range_slice(small, 8, 4), true, true, MGPU_SUCCESS},
        {mgpu_range_slice(small, 8, 4), false, false, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(small, 8, 2), true, false, MGPU_ERROR_RANGE_TOO_SMALL},
        {mgpu_range_slice(small, 10, 4), false, true, MGPU_ERROR_MISALIGNED},
        {mgpu_range_slice(small, 0, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(small, 4, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(small, 4, 4), false, true, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(k, 200, 4), true, false, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(o, 396, 4), false, true, MGPU_ERROR_INVALID_ARGUMENT},
        {mgpu_range_slice(h, 36, 4), true, true, MGPU_ERROR_INVALID_ARGUMENT},
    };
    uint32_t counts[2] = {100, 10};
    CHECK_OK(mgpu_buffer_upload(ctx, small, counts, sizeof counts));
    for (size_t i = 0; i < sizeof flag_cases / sizeof flag_cases[0]; ++i) {
        bad = good;
        bad.indirect_count = flag_cases[i].by_count ? mgpu_range_slice(small, 0, 4) : (mgpu_range){0};
        bad.indirect_head_count = flag_cases[i].by_heads ? mgpu_range_slice(small, 4, 4) : (mgpu_range){0};
        bad.overflow = flag_cases[i].overflow;
        CHECK_RESULT(mgpu_segsort(ctx, &bad), flag_cases[i].want);
        CHECK_OK(mgpu_segsort_get_requirements(ctx, &bad, &req));
    }
    CHECK_OK(mgpu_buffer_upload(ctx, o, sentinel, sizeof sentinel)); /* the good case sorted into it */
    CHECK_RESULT(mgpu_segsort_get_requirements(ctx, &good, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    bad = good;
    bad.segments_kind = (mgpu_segments_kind)2;
    CHECK_RESULT(mgpu_segsort_get_requirements(ctx, &bad, &req), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_segsort_get_requirements(ctx, &good, &req));
    CHECK_RESULT(mgpu_cmd_segsort(ctx, VK_NULL_HANDLE, &good, small), MGPU_ERROR_INVALID_ARGUMENT);
    /* the scratch may not be too small or share a byte with the heads */
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    if (req.scratch_size) {
        CHECK_RESULT(mgpu_cmd_segsort(ctx, cmd, &good, small), MGPU_ERROR_RANGE_TOO_SMALL);
        mgpu_range big;
        CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size + 400, &big));
        bad = good;
        bad.segments = mgpu_range_slice(big, 0, 400);
        CHECK_RESULT(mgpu_cmd_segsort(ctx, cmd, &bad, big), MGPU_ERROR_INVALID_ARGUMENT);
        bad = good;
        bad.indirect_count = mgpu_range_slice(big, 0, 4); /* the scratch over the indirect count */
        CHECK_RESULT(mgpu_cmd_segsort(ctx, cmd, &bad, big), MGPU_ERROR_INVALID_ARGUMENT);
        bad = good;
        bad.indirect_count = mgpu_range_slice(small, 0, 4);
        bad.overflow = mgpu_range_slice(big, 8, 4); /* the scratch over the overflow flag */
        CHECK_RESULT(mgpu_cmd_segsort(ctx, cmd, &bad, big), MGPU_ERROR_INVALID_ARGUMENT);
        mgpu_buffer_free(ctx, big);
    }
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    /* the locality sort: the mergesort's checks */
    mgpu_sort_info sgood = {.key_type = MGPU_TYPE_U32, .count = 100, .keys_in = k, .keys_out = o}, sbad;
    sbad = sgood;
    sbad.next = &dummy;
    CHECK_RESULT(mgpu_localitysort(ctx, &sbad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_localitysort(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    sbad = sgood;
    sbad.end_bit = 8;
    CHECK_RESULT(mgpu_localitysort(ctx, &sbad), MGPU_ERROR_INVALID_ARGUMENT);
    sbad = sgood;
    sbad.indirect_count = mgpu_range_slice(small, 2, 4);
    CHECK_RESULT(mgpu_localitysort(ctx, &sbad), MGPU_ERROR_MISALIGNED);
    sbad = sgood;
    sbad.indirect_count = mgpu_range_slice(o, 40, 4);
    CHECK_RESULT(mgpu_localitysort(ctx, &sbad), MGPU_ERROR_INVALID_ARGUMENT);
    sbad = sgood;
    sbad.keys_out = small;
    CHECK_RESULT(mgpu_localitysort(ctx, &sbad), MGPU_ERROR_RANGE_TOO_SMALL);
    sbad = sgood;
    sbad.value_size = 8;
    CHECK_RESULT(mgpu_localitysort(ctx, &sbad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_localitysort_get_requirements(ctx, &sgood, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_localitysort_get_requirements(ctx, &sgood, &req));
    CHECK_RESULT(mgpu_cmd_localitysort(ctx, VK_NULL_HANDLE, &sgood, small), MGPU_ERROR_INVALID_ARGUMENT);
    uint32_t after[100];
    CHECK_OK(mgpu_buffer_download(ctx, o, after, sizeof after));
    CHECK(memcmp(after, sentinel, sizeof after) == 0, "a rejected segsort or locality sort wrote its output");
    CHECK_OK(mgpu_buffer_download(ctx, v, after, sizeof after));
    CHECK(memcmp(after, sentinel, sizeof after) == 0, "a rejected segsort wrote its values");
    mgpu_buffer_free(ctx, k);
    mgpu_buffer_free(ctx, o);
    mgpu_buffer_free(ctx, v);
    mgpu_buffer_free(ctx, h);
    mgpu_buffer_free(ctx, small);
}

void test_segsort(void) {
    segsort_all();
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        segsort_indirect((mgpu_type)t, test_tile(MGPU_PRIM_SEGSORT, (mgpu_type)t));
    segsort_overflow();
    segsort_scratch_over_flag();
    localitysort_all();
    /* Many merge passes, an odd and an even number of them. */
    uint32_t large = segsort_large();
    seg_case(MGPU_TYPE_U32, 4, false, SORT_INPUT_MANY, large + 1 + test_random_below(large / 4), SEG_LONG, 2);
    seg_case(MGPU_TYPE_F64, 1, true, SORT_INPUT_FEW, large / 2 + 3, SEG_ONE, 1);
    locality_case(MGPU_TYPE_I32, 1, false, large + 5, 2, false);
    /* Other tile shapes: even VT (without subgroups: segsort_straddle merges every segment by the workgroup), VT 1,
     * wider workgroups (the blocksort's rounds, the head scan over more words), and two workgroups looping over all
     * tiles, and keys alone on other tiles than with values or indices (values_nt x values_vt, as on GPUs); one
     * 32-bit and one 64-bit key type each, rotated. */
    mgpu_tuning base;
    CHECK_OK(mgpu_context_get_tuning(g_test.ctx, MGPU_PRIM_SEGSORT, MGPU_TYPE_U32, &base));
    mgpu_tuning shapes[] = {{.nt = 64, .vt = 4, .subgroup = MGPU_SWITCH_OFF},
                            {.nt = 32, .vt = 1},
                            {.nt = 128, .vt = 3},
                            {.nt = 32, .vt = 5, .groups = 2},
                            {.nt = 64, .vt = 3, .values_nt = 32, .values_vt = 7}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        if (!shapes[i].groups) shapes[i].groups = base.groups;
        CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SEGSORT, MGPU_TYPE_MASK_ALL, &shapes[i]));
        uint32_t tile = shapes[i].nt * shapes[i].vt;
        uint32_t values_tile = shapes[i].values_nt ? shapes[i].values_nt * shapes[i].values_vt : tile;
        mgpu_type types[2] = {(mgpu_type)(i % 3), (mgpu_type)(3 + (i + 1) % 3)};
        for (int k = 0; k < 2; ++k) {
            mgpu_type t = types[k];
            bool d = (i + (size_t)k) % 2;
            seg_case(t, 4, d, SORT_INPUT_FEW, 7 * values_tile + 5, (seg_layout)((i + 1) % SEG_LAYOUT_COUNT), 2);
            seg_case(t, 1, d, SORT_INPUT_MANY, values_tile - 1, SEG_SHORT, 0);
            seg_case(t, 0, d, (sort_input)(t % SORT_INPUT_COUNT), 4 * tile, SEG_STRADDLE, 1);
            locality_case(t, 8, d, 6 * values_tile + 1, (int)(i % 4) + 1, false);
            locality_case(t, 0, d, 5 * tile + 3, (int)(i % 4) + 1, false);
        }
        if (i % 2) segsort_indirect(types[i % 4 == 1], tile);
    }
    CHECK_OK(mgpu_context_set_tuning(g_test.ctx, MGPU_PRIM_SEGSORT, MGPU_TYPE_MASK_ALL, NULL));
    segsort_misuse();
}

/* ---- the tool: mgpuvk segsort and sort --algo locality ---------------------------------------------------- */

void test_segsort_cli(void) {
    if (!test_cli_begin("segsort_cli")) return;
    char k[600], v[600], h[600], f[600], fi[600], o[600], vo[600], po[600], bad[600], keep[600], args[4096], err[4096];
    test_cli_path(k, sizeof k, "segsort_k.npy");
    test_cli_path(v, sizeof v, "segsort_v.npy");
    test_cli_path(h, sizeof h, "segsort_h.npy");
    test_cli_path(f, sizeof f, "segsort_f.npy");
    test_cli_path(fi, sizeof fi, "segsort_fi.npy");
    test_cli_path(o, sizeof o, "segsort_o.npy");
    test_cli_path(vo, sizeof vo, "segsort_vo.npy");
    test_cli_path(po, sizeof po, "segsort_po.npy");
    test_cli_path(bad, sizeof bad, "segsort_bad.npy");
    test_cli_path(keep, sizeof keep, "segsort_keep.npy");
    /* Good input: each key type once, heads and flags (<u4 and <i4), values, the permutation, both orders. */
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        size_t n = t == 0 ? 0 : 700 + test_random_below(900), size = mgpu_type_size(type), head_count = 0;
        bool descending = t % 2;
        char *keys = malloc(n * size + 8), *want = malloc(n * size + 8);
        double *values = malloc(n * 8 + 8), *vwant = malloc(n * 8 + 8);
        int32_t *iwant = malloc(n * 4 + 8),
                *heads = make_heads((seg_layout)(t % SEG_LAYOUT_COUNT), n, 160, &head_count);
        uint32_t *flags = malloc(n * 4 + 4);
        test_keys(type, keys, n, 50);
        for (size_t i = 0; i < n; ++i) {
            values[i] = (double)i + 0.5;
            flags[i] = 0;
        }
        for (size_t i = 0; i < head_count; ++i)
            if ((size_t)heads[i] < n) flags[heads[i]] = 1u + (uint32_t)i;
        ref_segsort(type, 8, descending, keys, values, n, heads, head_count, want, vwant, NULL);
        ref_segsort(type, 0, descending, keys, NULL, n, heads, head_count, want, NULL, iwant);
        test_cli_write(k, type, keys, n);
        test_cli_write(v, MGPU_TYPE_F64, values, n);
        test_cli_write(h, MGPU_TYPE_I32, heads, head_count);
        test_cli_write(f, MGPU_TYPE_U32, flags, n);
        test_cli_write(fi, MGPU_TYPE_I32, flags, n);
        const char *order = descending ? " --descending" : "";
        snprintf(args, sizeof args, "segsort '%s' --heads '%s' -o '%s' --values '%s' --values-out '%s'%s", k, h, o, v,
                 vo, order);
        int code = test_cli_run(args, NULL, 0, err, sizeof err);
        CHECK(code == 0, "mgpuvk %s -> %d (%s)", args, code, err);
        test_cli_expect(o, type, want, n, args);
        test_cli_expect(vo, MGPU_TYPE_F64, vwant, n, args);
        snprintf(args, sizeof args, "segsort '%s' --flags '%s' -o '%s' --indices-out '%s'%s", k, t % 2 ? fi : f, o, po,
                 order);
        code = test_cli_run(args, NULL, 0, err, sizeof err);
        CHECK(code == 0, "mgpuvk %s -> %d (%s)", args, code, err);
        test_cli_expect(o, type, want, n, args);
        test_cli_expect(po, MGPU_TYPE_I32, iwant, n, args);
        /* the locality sort: the stable sort */
        ref_sort(type, 8, descending, keys, values, n, want, vwant, NULL);
        snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s' --algo locality%s", k, o, v, vo,
                 order);
        code = test_cli_run(args, NULL, 0, err, sizeof err);
        CHECK(code == 0, "mgpuvk %s -> %d (%s)", args, code, err);
        test_cli_expect(o, type, want, n, args);
        test_cli_expect(vo, MGPU_TYPE_F64, vwant, n, args);
        free(keys);
        free(want);
        free(values);
        free(vwant);
        free(iwant);
        free(heads);
        free(flags);
    }
    /* in place: -o replaces the keys */
    int32_t in_place[5] = {5, 1, 4, 3, 9}, in_heads[1] = {3}, in_want[5] = {1, 4, 5, 3, 9};
    test_cli_write(k, MGPU_TYPE_I32, in_place, 5);
    test_cli_write(h, MGPU_TYPE_I32, in_heads, 1);
    snprintf(args, sizeof args, "segsort '%s' --heads '%s' -o '%s'", k, h, k);
    CHECK(test_cli_run(args, NULL, 0, err, sizeof err) == 0, "mgpuvk %s (%s)", args, err);
    test_cli_expect(k, MGPU_TYPE_I32, in_want, 5, args);

    /* Bad input: one line, exit 2, nothing written (and an existing output kept as it was). */
    int32_t keys5[5] = {3, 1, 2, 5, 4}, heads_bad[3] = {1, 4, 2}, heads_far[2] = {1, 6}, heads_neg[2] = {-1, 2};
    uint32_t flags4[4] = {0, 1, 0, 0};
    float heads_f[2] = {1, 2};
    int32_t values4[4] = {1, 2, 3, 4}, kept[3] = {77, 78, 79};
    test_cli_write(k, MGPU_TYPE_I32, keys5, 5);
    test_cli_write(h, MGPU_TYPE_I32, in_heads, 1);
    test_cli_write(v, MGPU_TYPE_I32, values4, 4);
    const struct {
        const char *what;
        mgpu_type type;
        const void *data;
        size_t n;
    } bad_files[] = {{"heads not ascending", MGPU_TYPE_I32, heads_bad, 3},
                     {"a head past n", MGPU_TYPE_I32, heads_far, 2},
                     {"a negative head", MGPU_TYPE_I32, heads_neg, 2},
                     {"heads not <i4", MGPU_TYPE_F32, heads_f, 2},
                     {"flags of another length", MGPU_TYPE_U32, flags4, 4}};
    for (size_t i = 0; i < sizeof bad_files / sizeof bad_files[0]; ++i) {
        test_cli_write(bad, bad_files[i].type, bad_files[i].data, bad_files[i].n);
        snprintf(args, sizeof args, "segsort '%s' %s '%s' -o '%s'", k, i == 4 ? "--flags" : "--heads", bad, o);
        test_cli_rejected(args, o, NULL, NULL);
        test_cli_write(keep, MGPU_TYPE_I32, kept, 3);
        snprintf(args, sizeof args, "segsort '%s' %s '%s' -o '%s'", k, i == 4 ? "--flags" : "--heads", bad, keep);
        test_cli_rejected(args, NULL, NULL, keep);
    }
    const char *bad_args[] = {
        "segsort '%1$s' -o '%3$s'",                                                    /* no segments */
        "segsort '%1$s' --heads '%2$s' --flags '%2$s' -o '%3$s'",                      /* both */
        "segsort '%1$s' --heads '%2$s'",                                               /* no output */
        "segsort '%1$s' --heads '%2$s' -o '%3$s' --values '%4$s' --values-out '%5$s'", /* 4 values for 5 keys */
        "segsort '%1$s' --heads '%2$s' -o '%3$s' --values '%4$s'",                     /* no --values-out */
        "segsort '%1$s' --heads '%2$s' -o '%3$s' --values '%1$s' --values-out '%5$s' --indices-out '%5$s'",
        "segsort '%1$s' --heads '%2$s' -o '%3$s' --bogus",
        "segsort '%1$s' --heads '%6$s' -o '%3$s'",                      /* a missing file */
        "segsort '%1$s' --heads '%2$s' -o '%3$s' --indices-out '%3$s'", /* two outputs in one file */
        "sort '%1$s' -o '%3$s' --algo locality --bits 0:8",
        "sort '%1$s' -o '%3$s' --algo localty",
    };
    char missing[600];
    test_cli_path(missing, sizeof missing, "segsort_missing.npy");
    remove(missing);
    for (size_t i = 0; i < sizeof bad_args / sizeof bad_args[0]; ++i) {
        snprintf(args, sizeof args, bad_args[i], k, h, o, v, vo, missing);
        test_cli_rejected(args, o, NULL, NULL);
        remove(vo);
    }
    snprintf(args, sizeof args, "segsort --help");
    CHECK(test_cli_run(args, NULL, 0, err, sizeof err) == 0, "mgpuvk segsort --help failed (%s)", err);
    test_cli_end();
}
