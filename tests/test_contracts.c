/*
 * The extension slot (mgpuvk.h, "Extension slot"): every *_info and *_desc struct that a call takes opens with
 * `const void *next`, which must be NULL. For every such struct and every call that takes it, in each tier:
 *   - a struct that is valid but for next is refused with MGPU_ERROR_INVALID_ARGUMENT, and the last error
 *     names next;
 *   - next is checked before anything else: the struct with another fault too (an output range too small,
 *     otherwise MGPU_ERROR_RANGE_TOO_SMALL), or a null command buffer, still gets the next refusal;
 *   - the refused call writes nothing: the outputs keep their sentinel bytes (after the command buffer the
 *     recording tier was given has been submitted), and so do the requirements and the host results;
 *   - the same struct with next NULL is accepted.
 * mgpu_context_create and mgpu_context_adopt have no context to keep the message: desc->log receives it.
 * And get_requirements answers from sizes alone: every one of them, with every range {0} or a range too small,
 * gives the requirements of the valid struct, and still refuses a bad scalar field.
 */
#include "common.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#define N         1000u                     /* elements per input: small, nothing here is about speed */
#define K         10u                       /* indices of the bulk operations */
#define OUT_BYTES ((VkDeviceSize)2 * N * 8) /* an output holds the largest result of any case */
#define SENTINEL  0x5au

/* next comes first: the cases set it through the struct's address. */
static_assert(offsetof(mgpu_context_desc, next) == 0, "mgpu_context_desc.next first");
static_assert(offsetof(mgpu_adopt_desc, next) == 0, "mgpu_adopt_desc.next first");
static_assert(offsetof(mgpu_fill_info, next) == 0, "mgpu_fill_info.next first");
static_assert(offsetof(mgpu_copy_info, next) == 0, "mgpu_copy_info.next first");
static_assert(offsetof(mgpu_reduce_info, next) == 0, "mgpu_reduce_info.next first");
static_assert(offsetof(mgpu_scan_info, next) == 0, "mgpu_scan_info.next first");
static_assert(offsetof(mgpu_merge_info, next) == 0, "mgpu_merge_info.next first");
static_assert(offsetof(mgpu_sort_info, next) == 0, "mgpu_sort_info.next first");
static_assert(offsetof(mgpu_load_balance_info, next) == 0, "mgpu_load_balance_info.next first");
static_assert(offsetof(mgpu_sorted_search_info, next) == 0, "mgpu_sorted_search_info.next first");
static_assert(offsetof(mgpu_bulk_remove_info, next) == 0, "mgpu_bulk_remove_info.next first");
static_assert(offsetof(mgpu_bulk_insert_info, next) == 0, "mgpu_bulk_insert_info.next first");
static_assert(offsetof(mgpu_interval_info, next) == 0, "mgpu_interval_info.next first");
static_assert(offsetof(mgpu_histogram_info, next) == 0, "mgpu_histogram_info.next first");

/* What a later version's extension struct would be: any object. */
static const int g_extension = 1;

typedef union any_info {
    mgpu_fill_info fill;
    mgpu_copy_info copy;
    mgpu_reduce_info reduce;
    mgpu_scan_info scan;
    mgpu_merge_info merge;
    mgpu_sort_info sort;
    mgpu_load_balance_info load_balance;
    mgpu_sorted_search_info search;
    mgpu_bulk_remove_info remove;
    mgpu_bulk_insert_info insert;
    mgpu_interval_info interval;
    mgpu_segreduce_info segreduce;
    mgpu_reduce_by_key_info rbk;
    mgpu_segsort_info segsort;
    mgpu_join_info join;
    mgpu_set_info set;
    mgpu_select_info select;
    mgpu_unique_info unique;
    mgpu_histogram_info histogram;
} any_info;

static void set_next(any_info *info, const void *next) { memcpy(info, &next, sizeof next); }

/* The arrays every case uses: sorted inputs (so that merges and searches meet their preconditions) and four
 * outputs holding sentinel bytes. */
static struct {
    mgpu_range keys_a, keys_b; /* N u32: 0 2 4 ..., 1 3 5 ... */
    mgpu_range starts;         /* N int32: 0 1 2 ... (one item per object, interval) */
    mgpu_range indices;        /* K int32: 0 3 6 ... */
    mgpu_range out[4];
} E;

static mgpu_range too_small(mgpu_range r) { return mgpu_range_slice(r, 0, 4); }

/* ---- the cases: a valid struct (next NULL), another fault, and the tiers that take the struct ---- */

typedef struct contract_case {
    const char *name;
    void (*make)(any_info *info);
    void (*spoil)(any_info *info); /* an output range too small: MGPU_ERROR_RANGE_TOO_SMALL on its own */
    mgpu_result (*requirements)(const any_info *info, mgpu_requirements *out); /* NULL: no such tier */
    mgpu_result (*record)(VkCommandBuffer cmd, const any_info *info, mgpu_range scratch);
    mgpu_result (*run)(const any_info *info); /* NULL: no blocking tier */
} contract_case;

#define CTX g_test.ctx

static void fill_make(any_info *i) {
    i->fill =
        (mgpu_fill_info){.type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = N, .output = E.out[0], .a.u32 = 7};
}
static void fill_spoil(any_info *i) { i->fill.output = too_small(E.out[0]); }
static mgpu_result fill_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    (void)scratch;
    return mgpu_cmd_fill(CTX, cmd, &i->fill);
}
static mgpu_result fill_run(const any_info *i) { return mgpu_fill(CTX, &i->fill); }

static void copy_make(any_info *i) { i->copy = (mgpu_copy_info){.src = E.keys_a, .dst = E.out[0], .bytes = N * 4}; }
static void copy_spoil(any_info *i) { i->copy.dst = too_small(E.out[0]); }
static mgpu_result copy_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    (void)scratch;
    return mgpu_cmd_copy(CTX, cmd, &i->copy);
}

static void reduce_make(any_info *i) {
    i->reduce = (mgpu_reduce_info){.type = MGPU_TYPE_U32,
                                   .op = MGPU_OP_ADD,
                                   .count = N,
                                   .input = E.keys_a,
                                   .result = mgpu_range_slice(E.out[0], 0, MGPU_REDUCE_RESULT_BYTES)};
}
static void reduce_spoil(any_info *i) { i->reduce.result = too_small(E.out[0]); }
static mgpu_result reduce_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_reduce_get_requirements(CTX, &i->reduce, out);
}
static mgpu_result reduce_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_reduce(CTX, cmd, &i->reduce, scratch);
}
static mgpu_result reduce_run(const any_info *i) {
    mgpu_reduce_value value, before;
    memset(&value, SENTINEL, sizeof value);
    before = value;
    mgpu_result r = mgpu_reduce(CTX, &i->reduce, &value);
    CHECK(r == MGPU_SUCCESS || memcmp(&value, &before, sizeof value) == 0, "a refused mgpu_reduce wrote its value");
    return r;
}

static void scan_make(any_info *i) {
    i->scan = (mgpu_scan_info){.type = MGPU_TYPE_U32,
                               .op = MGPU_OP_ADD,
                               .exclusive = true,
                               .count = N,
                               .input = E.keys_a,
                               .output = E.out[0],
                               .total = mgpu_range_slice(E.out[1], 0, 4)};
}
static void scan_spoil(any_info *i) { i->scan.output = too_small(E.out[0]); }
static mgpu_result scan_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_scan_get_requirements(CTX, &i->scan, out);
}
static mgpu_result scan_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_scan(CTX, cmd, &i->scan, scratch);
}
static mgpu_result scan_run(const any_info *i) {
    mgpu_scalar total, before;
    memset(&total, SENTINEL, sizeof total);
    before = total;
    mgpu_result r = mgpu_scan(CTX, &i->scan, &total);
    CHECK(r == MGPU_SUCCESS || memcmp(&total, &before, sizeof total) == 0, "a refused mgpu_scan wrote its total");
    return r;
}

static void merge_make(any_info *i) {
    i->merge = (mgpu_merge_info){.key_type = MGPU_TYPE_U32,
                                 .a_count = N,
                                 .b_count = N,
                                 .a_keys = E.keys_a,
                                 .b_keys = E.keys_b,
                                 .out_keys = E.out[0]};
}
static void merge_spoil(any_info *i) { i->merge.out_keys = too_small(E.out[0]); }
static mgpu_result merge_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_merge_get_requirements(CTX, &i->merge, out);
}
static mgpu_result merge_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_merge(CTX, cmd, &i->merge, scratch);
}
static mgpu_result merge_run(const any_info *i) { return mgpu_merge(CTX, &i->merge); }

static void sort_make(any_info *i) {
    i->sort = (mgpu_sort_info){.key_type = MGPU_TYPE_U32,
                               .indices = true,
                               .count = N,
                               .keys_in = E.keys_a,
                               .keys_out = E.out[0],
                               .values_out = E.out[1]};
}
static void sort_spoil(any_info *i) { i->sort.keys_out = too_small(E.out[0]); }
static mgpu_result mergesort_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_mergesort_get_requirements(CTX, &i->sort, out);
}
static mgpu_result mergesort_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_mergesort(CTX, cmd, &i->sort, scratch);
}
static mgpu_result mergesort_run(const any_info *i) { return mgpu_mergesort(CTX, &i->sort); }
static mgpu_result radixsort_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_radixsort_get_requirements(CTX, &i->sort, out);
}
static mgpu_result radixsort_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_radixsort(CTX, cmd, &i->sort, scratch);
}
static mgpu_result radixsort_run(const any_info *i) { return mgpu_radixsort(CTX, &i->sort); }

static void load_balance_make(any_info *i) {
    i->load_balance = (mgpu_load_balance_info){
        .item_count = N, .object_count = N, .object_starts = E.starts, .out_objects = E.out[0]};
}
static void load_balance_spoil(any_info *i) { i->load_balance.out_objects = too_small(E.out[0]); }
static mgpu_result load_balance_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_load_balance_get_requirements(CTX, &i->load_balance, out);
}
static mgpu_result load_balance_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_load_balance(CTX, cmd, &i->load_balance, scratch);
}
static mgpu_result load_balance_run(const any_info *i) { return mgpu_load_balance(CTX, &i->load_balance); }

static void search_make(any_info *i) {
    i->search = (mgpu_sorted_search_info){.key_type = MGPU_TYPE_U32,
                                          .bounds = MGPU_BOUNDS_UPPER,
                                          .a_count = N,
                                          .b_count = N,
                                          .a_keys = E.keys_a,
                                          .b_keys = E.keys_b,
                                          .a_indices = E.out[0],
                                          .b_indices = E.out[1],
                                          .a_matches = E.out[2],
                                          .b_matches = E.out[3]};
}
static void search_spoil(any_info *i) { i->search.a_indices = too_small(E.out[0]); }
static mgpu_result search_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_sorted_search_get_requirements(CTX, &i->search, out);
}
static mgpu_result search_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_sorted_search(CTX, cmd, &i->search, scratch);
}
static mgpu_result search_run(const any_info *i) {
    uint32_t a = 0xdeadbeefu, b = 0xdeadbeefu;
    mgpu_result r = mgpu_sorted_search(CTX, &i->search, &a, &b);
    CHECK(r == MGPU_SUCCESS || (a == 0xdeadbeefu && b == 0xdeadbeefu), "a refused mgpu_sorted_search wrote its counts");
    return r;
}

static void remove_make(any_info *i) {
    i->remove = (mgpu_bulk_remove_info){
        .value_size = 4, .count = N, .input = E.keys_a, .index_count = K, .indices = E.indices, .output = E.out[0]};
}
static void remove_spoil(any_info *i) { i->remove.output = too_small(E.out[0]); }
static mgpu_result remove_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_bulk_remove_get_requirements(CTX, &i->remove, out);
}
static mgpu_result remove_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_bulk_remove(CTX, cmd, &i->remove, scratch);
}
static mgpu_result remove_run(const any_info *i) { return mgpu_bulk_remove(CTX, &i->remove); }

static void insert_make(any_info *i) {
    i->insert = (mgpu_bulk_insert_info){.value_size = 4,
                                        .b_count = N,
                                        .b = E.keys_a,
                                        .a_count = K,
                                        .insert = E.keys_b,
                                        .indices = E.indices,
                                        .output = E.out[0]};
}
static void insert_spoil(any_info *i) { i->insert.output = too_small(E.out[0]); }
static mgpu_result insert_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_bulk_insert_get_requirements(CTX, &i->insert, out);
}
static mgpu_result insert_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_bulk_insert(CTX, cmd, &i->insert, scratch);
}
static mgpu_result insert_run(const any_info *i) { return mgpu_bulk_insert(CTX, &i->insert); }

static void interval_make(any_info *i) {
    i->interval = (mgpu_interval_info){.op = MGPU_INTERVAL_OP_EXPAND,
                                       .value_size = 4,
                                       .item_count = N,
                                       .interval_count = N,
                                       .interval_starts = E.starts,
                                       .input = E.keys_a,
                                       .output = E.out[0]};
}
static void interval_spoil(any_info *i) { i->interval.output = too_small(E.out[0]); }
static mgpu_result interval_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_interval_get_requirements(CTX, &i->interval, out);
}
static mgpu_result interval_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_interval(CTX, cmd, &i->interval, scratch);
}
static mgpu_result interval_run(const any_info *i) { return mgpu_interval(CTX, &i->interval); }

static void histogram_make(any_info *i) {
    i->histogram = (mgpu_histogram_info){.type = MGPU_TYPE_U32,
                                         .count = N,
                                         .bins = 16,
                                         .lower.u32 = 0,
                                         .upper.u32 = 2 * N,
                                         .input = E.keys_a,
                                         .counts = E.out[0],
                                         .counted = mgpu_range_slice(E.out[1], 0, 4)};
}
static void histogram_spoil(any_info *i) { i->histogram.counts = too_small(E.out[0]); }
static mgpu_result histogram_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_histogram_get_requirements(CTX, &i->histogram, out);
}
static mgpu_result histogram_record(VkCommandBuffer cmd, const any_info *i, mgpu_range scratch) {
    return mgpu_cmd_histogram(CTX, cmd, &i->histogram, scratch);
}
static mgpu_result histogram_run(const any_info *i) {
    uint32_t counted = 0x5a5a5a5au;
    mgpu_result r = mgpu_histogram(CTX, &i->histogram, &counted);
    CHECK(r == MGPU_SUCCESS || counted == 0x5a5a5a5au, "a refused mgpu_histogram wrote its count");
    return r;
}

static const contract_case g_cases[] = {
    {"fill", fill_make, fill_spoil, NULL, fill_record, fill_run},
    {"copy", copy_make, copy_spoil, NULL, copy_record, NULL},
    {"reduce", reduce_make, reduce_spoil, reduce_requirements, reduce_record, reduce_run},
    {"scan", scan_make, scan_spoil, scan_requirements, scan_record, scan_run},
    {"merge", merge_make, merge_spoil, merge_requirements, merge_record, merge_run},
    {"mergesort", sort_make, sort_spoil, mergesort_requirements, mergesort_record, mergesort_run},
    {"radixsort", sort_make, sort_spoil, radixsort_requirements, radixsort_record, radixsort_run},
    {"load_balance", load_balance_make, load_balance_spoil, load_balance_requirements, load_balance_record,
     load_balance_run},
    {"sorted_search", search_make, search_spoil, search_requirements, search_record, search_run},
    {"bulk_remove", remove_make, remove_spoil, remove_requirements, remove_record, remove_run},
    {"bulk_insert", insert_make, insert_spoil, insert_requirements, insert_record, insert_run},
    {"interval", interval_make, interval_spoil, interval_requirements, interval_record, interval_run},
    {"histogram", histogram_make, histogram_spoil, histogram_requirements, histogram_record, histogram_run},
};

/* ---- checks ---- */

/* A refusal of another kind, so that the last error afterwards is the next call's own. */
static void forget_last_error(void) { mgpu_fill(CTX, &(mgpu_fill_info){.count = UINT32_MAX}); }

static void expect_refused(const char *name, const char *how, mgpu_result r) {
    CHECK(r == MGPU_ERROR_INVALID_ARGUMENT, "%s, %s -> %s, expected MGPU_ERROR_INVALID_ARGUMENT", name, how,
          mgpu_result_name(r));
    const char *message = mgpu_context_last_error(CTX);
    CHECK(strstr(message, "next") != NULL, "%s, %s: the last error \"%s\" does not name next", name, how, message);
}

static void outputs_set(void) {
    unsigned char *bytes = malloc(OUT_BYTES);
    memset(bytes, SENTINEL, OUT_BYTES);
    for (size_t o = 0; o < 4; ++o) CHECK_OK(mgpu_buffer_upload(CTX, E.out[o], bytes, OUT_BYTES));
    free(bytes);
}

static bool outputs_intact(void) {
    unsigned char *bytes = malloc(OUT_BYTES);
    bool intact = true;
    for (size_t o = 0; o < 4; ++o) {
        memset(bytes, 0, OUT_BYTES);
        CHECK_OK(mgpu_buffer_download(CTX, E.out[o], bytes, OUT_BYTES));
        for (VkDeviceSize i = 0; i < OUT_BYTES && intact; ++i) intact = bytes[i] == SENTINEL;
    }
    free(bytes);
    return intact;
}

/* Field by field: the struct may have padding, which the library need not write. */
static bool same_requirements(const mgpu_requirements *a, const mgpu_requirements *b) {
    return a->scratch_size == b->scratch_size && a->scratch_alignment == b->scratch_alignment &&
           a->scratch_usage == b->scratch_usage;
}

static void check_case(const contract_case *c) {
    any_info valid, extended, spoiled, both;
    memset(&valid, 0, sizeof valid);
    c->make(&valid);
    extended = spoiled = valid;
    set_next(&extended, &g_extension);
    c->spoil(&spoiled);
    both = spoiled;
    set_next(&both, &g_extension);
    outputs_set();

    mgpu_range scratch = {0};
    if (c->requirements) {
        mgpu_requirements req, untouched;
        memset(&req, SENTINEL, sizeof req);
        untouched = req;
        forget_last_error();
        expect_refused(c->name, "get_requirements", c->requirements(&extended, &req));
        CHECK(memcmp(&req, &untouched, sizeof req) == 0, "%s: a refused get_requirements wrote its requirements",
              c->name);
        forget_last_error();
        expect_refused(c->name, "get_requirements with a range too small too", c->requirements(&both, &req));
        mgpu_requirements from_spoiled;
        CHECK_OK(c->requirements(&spoiled, &from_spoiled)); /* ranges are not looked at (mgpuvk.h, "Results") */
        CHECK_OK(c->requirements(&valid, &req));
        CHECK(same_requirements(&req, &from_spoiled), "%s: requirements change with a range's size", c->name);
        if (req.scratch_size) CHECK_OK(mgpu_buffer_alloc(CTX, req.scratch_size, &scratch));
    }

    VkCommandBuffer cmd = VK_NULL_HANDLE;
    CHECK_OK(mgpu_commands_begin(CTX, &cmd));
    forget_last_error();
    expect_refused(c->name, "mgpu_cmd", c->record(cmd, &extended, scratch));
    forget_last_error();
    expect_refused(c->name, "mgpu_cmd with a range too small too", c->record(cmd, &both, scratch));
    forget_last_error();
    expect_refused(c->name, "mgpu_cmd with a null command buffer too", c->record(VK_NULL_HANDLE, &extended, scratch));
    CHECK_RESULT(c->record(cmd, &spoiled, scratch), MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_OK(mgpu_commands_submit(CTX, NULL));

    if (c->run) {
        forget_last_error();
        expect_refused(c->name, "blocking", c->run(&extended));
        forget_last_error();
        expect_refused(c->name, "blocking with a range too small too", c->run(&both));
        CHECK_RESULT(c->run(&spoiled), MGPU_ERROR_RANGE_TOO_SMALL);
    }
    CHECK(outputs_intact(), "%s: a refused call wrote to an output", c->name);

    if (!c->requirements) { /* nothing else shows that the struct is valid but for next: run it */
        CHECK_OK(mgpu_commands_begin(CTX, &cmd));
        CHECK_OK(c->record(cmd, &valid, scratch));
        CHECK_OK(mgpu_commands_submit(CTX, NULL));
        if (c->run) CHECK_OK(c->run(&valid));
    }
    mgpu_buffer_free(CTX, scratch);
}

/* ---- get_requirements answers from sizes alone (mgpuvk.h, "Results"): every call, its info with every range
 * {0}, gets MGPU_SUCCESS and the requirements of the same info with real ranges; a bad scalar is still refused ---- */

static void segreduce_make(any_info *i) {
    i->segreduce = (mgpu_segreduce_info){.type = MGPU_TYPE_U32,
                                         .op = MGPU_OP_ADD,
                                         .count = N,
                                         .segment_count = K,
                                         .values = E.keys_a,
                                         .starts = E.indices,
                                         .output = E.out[0]};
}
static void rbk_make(any_info *i) {
    i->rbk = (mgpu_reduce_by_key_info){.key_type = MGPU_TYPE_U32,
                                       .value_type = MGPU_TYPE_U32,
                                       .op = MGPU_OP_ADD,
                                       .count = N,
                                       .keys_in = E.keys_a,
                                       .values_in = E.keys_b,
                                       .keys_out = E.out[0],
                                       .values_out = E.out[1],
                                       .run_count = mgpu_range_slice(E.out[2], 0, 4)};
}
static void segsort_make(any_info *i) {
    i->segsort = (mgpu_segsort_info){.key_type = MGPU_TYPE_U32,
                                     .indices = true,
                                     .count = N,
                                     .keys_in = E.keys_a,
                                     .keys_out = E.out[0],
                                     .values_out = E.out[1],
                                     .segments_kind = MGPU_SEGMENTS_HEADS,
                                     .head_count = K,
                                     .segments = E.indices,
                                     .indirect_count = mgpu_range_slice(E.out[2], 0, 4),
                                     .indirect_head_count = mgpu_range_slice(E.out[2], 16, 4)};
}
static void join_make(any_info *i) {
    i->join = (mgpu_join_info){.key_type = MGPU_TYPE_U32,
                               .kind = MGPU_JOIN_OUTER,
                               .a_count = N,
                               .b_count = N,
                               .a_keys = E.keys_a,
                               .b_keys = E.keys_b,
                               .a_indices = E.out[0],
                               .b_indices = E.out[1],
                               .capacity = 2 * N,
                               .row_count = mgpu_range_slice(E.out[2], 0, 4)};
}
static void set_make(any_info *i) {
    i->set = (mgpu_set_info){.key_type = MGPU_TYPE_U32,
                             .op = MGPU_SET_UNION,
                             .value_size = 4,
                             .a_count = N,
                             .b_count = N,
                             .a_keys = E.keys_a,
                             .b_keys = E.keys_b,
                             .a_values = E.starts,
                             .b_values = E.starts,
                             .out_keys = E.out[0],
                             .out_values = E.out[1],
                             .capacity = 2 * N,
                             .out_count = mgpu_range_slice(E.out[2], 0, 4)};
}
static void select_make(any_info *i) {
    i->select = (mgpu_select_info){.type = MGPU_TYPE_U32,
                                   .count = N,
                                   .input = E.keys_a,
                                   .flags = E.starts,
                                   .output = E.out[0],
                                   .indices = E.out[1],
                                   .out_count = mgpu_range_slice(E.out[2], 0, 4)};
}
static void unique_make(any_info *i) {
    i->unique = (mgpu_unique_info){.type = MGPU_TYPE_U32,
                                   .count = N,
                                   .input = E.keys_a,
                                   .output = E.out[0],
                                   .out_count = mgpu_range_slice(E.out[2], 0, 4)};
}
static void rle_make(any_info *i) {
    unique_make(i);
    i->unique.lengths = E.out[1];
}

/* Every range of the info {0}; a scalar out of its domain. */
static void reduce_strip(any_info *i) {
    i->reduce.input = i->reduce.result = i->reduce.indirect_count = (mgpu_range){0};
}
static void reduce_unscale(any_info *i) { i->reduce.op = (mgpu_op)99; }
static void scan_strip(any_info *i) {
    i->scan.input = i->scan.output = i->scan.total = i->scan.indirect_count = (mgpu_range){0};
}
static void scan_unscale(any_info *i) { i->scan.count = UINT32_MAX; }
static void merge_strip(any_info *i) {
    mgpu_merge_info *m = &i->merge;
    m->a_keys = m->b_keys = m->a_values = m->b_values = m->out_keys = m->out_values = (mgpu_range){0};
    m->indirect_a_count = m->indirect_b_count = (mgpu_range){0};
}
static void merge_unscale(any_info *i) { i->merge.value_size = 3; }
static void sort_strip(any_info *i) {
    mgpu_sort_info *s = &i->sort;
    s->keys_in = s->keys_out = s->values_in = s->values_out = s->indirect_count = (mgpu_range){0};
}
static void sort_unscale(any_info *i) { i->sort.value_size = 4; /* with indices */ }
static void radix_unscale(any_info *i) { i->sort.end_bit = 33; }
static void load_balance_strip(any_info *i) {
    i->load_balance.object_starts = i->load_balance.out_objects = (mgpu_range){0};
}
static void load_balance_unscale(any_info *i) { i->load_balance.item_count = UINT32_MAX; }
static void search_strip(any_info *i) {
    mgpu_sorted_search_info *s = &i->search;
    s->a_keys = s->b_keys = s->a_indices = s->b_indices = s->a_matches = s->b_matches = (mgpu_range){0};
    s->indirect_a_count = s->indirect_b_count = (mgpu_range){0};
}
static void search_unscale(any_info *i) { i->search.bounds = (mgpu_bounds)7; }
static void remove_strip(any_info *i) { i->remove.input = i->remove.indices = i->remove.output = (mgpu_range){0}; }
static void remove_unscale(any_info *i) { i->remove.index_count = N + 1; }
static void insert_strip(any_info *i) {
    i->insert.b = i->insert.insert = i->insert.indices = i->insert.output = (mgpu_range){0};
}
static void insert_unscale(any_info *i) { i->insert.value_size = 2; }
static void interval_strip(any_info *i) {
    mgpu_interval_info *v = &i->interval;
    v->interval_starts = v->gather = v->scatter = v->input = v->output = (mgpu_range){0};
}
static void interval_unscale(any_info *i) { i->interval.op = (mgpu_interval_op)9; }
static void segreduce_strip(any_info *i) {
    mgpu_segreduce_info *s = &i->segreduce;
    s->values = s->starts = s->output = s->indirect_count = s->indirect_segment_count = (mgpu_range){0};
}
static void segreduce_unscale(any_info *i) { i->segreduce.op = MGPU_OP_MAX_INDEX; }
static void rbk_strip(any_info *i) {
    mgpu_reduce_by_key_info *r = &i->rbk;
    r->keys_in = r->values_in = r->keys_out = r->values_out = r->run_count = r->indirect_count = (mgpu_range){0};
}
static void rbk_unscale(any_info *i) { i->rbk.value_type = (mgpu_type)99; }
static void segsort_strip(any_info *i) {
    mgpu_segsort_info *s = &i->segsort;
    s->keys_in = s->keys_out = s->values_in = s->values_out = s->segments = s->indirect_count = s->indirect_head_count =
        (mgpu_range){0};
}
static void segsort_unscale(any_info *i) { i->segsort.segments_kind = (mgpu_segments_kind)5; }
static void join_strip(any_info *i) {
    mgpu_join_info *j = &i->join;
    j->a_keys = j->b_keys = j->a_indices = j->b_indices = j->row_count = (mgpu_range){0};
}
static void join_unscale(any_info *i) { i->join.kind = (mgpu_join_kind)9; }
static void set_strip(any_info *i) {
    mgpu_set_info *t = &i->set;
    t->a_keys = t->b_keys = t->a_values = t->b_values = t->out_keys = t->out_values = t->out_count = (mgpu_range){0};
}
static void set_unscale(any_info *i) { i->set.op = (mgpu_set_op)9; }
static void select_strip(any_info *i) {
    mgpu_select_info *t = &i->select;
    t->input = t->flags = t->output = t->indices = t->out_count = t->indirect_count = (mgpu_range){0};
}
static void select_unscale(any_info *i) { i->select.count = UINT32_MAX; }
static void unique_strip(any_info *i) {
    mgpu_unique_info *t = &i->unique;
    t->input = t->output = t->lengths = t->out_count = t->indirect_count = (mgpu_range){0};
}
static void unique_unscale(any_info *i) { i->unique.type = (mgpu_type)99; }
static void histogram_strip(any_info *i) {
    i->histogram.input = i->histogram.counts = i->histogram.counted = i->histogram.indirect_count = (mgpu_range){0};
}
static void histogram_unscale(any_info *i) { i->histogram.bins = 0; }

static mgpu_result segreduce_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_segreduce_get_requirements(CTX, &i->segreduce, out);
}
static mgpu_result rbk_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_reduce_by_key_get_requirements(CTX, &i->rbk, out);
}
static mgpu_result segsort_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_segsort_get_requirements(CTX, &i->segsort, out);
}
static mgpu_result localitysort_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_localitysort_get_requirements(CTX, &i->sort, out);
}
static mgpu_result join_count_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_join_count_get_requirements(CTX, &i->join, out);
}
static mgpu_result join_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_join_get_requirements(CTX, &i->join, out);
}
static mgpu_result set_count_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_set_count_get_requirements(CTX, &i->set, out);
}
static mgpu_result set_operation_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_set_operation_get_requirements(CTX, &i->set, out);
}
static mgpu_result select_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_select_get_requirements(CTX, &i->select, out);
}
static mgpu_result partition_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_partition_get_requirements(CTX, &i->select, out);
}
static mgpu_result unique_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_unique_get_requirements(CTX, &i->unique, out);
}
static mgpu_result rle_requirements(const any_info *i, mgpu_requirements *out) {
    return mgpu_rle_get_requirements(CTX, &i->unique, out);
}

typedef struct sized_case {
    const char *name;
    void (*make)(any_info *info);    /* valid, with real ranges */
    void (*strip)(any_info *info);   /* every range {0} */
    void (*unscale)(any_info *info); /* a scalar field out of its domain: MGPU_ERROR_INVALID_ARGUMENT */
    mgpu_result (*requirements)(const any_info *info, mgpu_requirements *out);
} sized_case;

static const sized_case g_sized_cases[] = {
    {"reduce", reduce_make, reduce_strip, reduce_unscale, reduce_requirements},
    {"scan", scan_make, scan_strip, scan_unscale, scan_requirements},
    {"merge", merge_make, merge_strip, merge_unscale, merge_requirements},
    {"mergesort", sort_make, sort_strip, sort_unscale, mergesort_requirements},
    {"radixsort", sort_make, sort_strip, radix_unscale, radixsort_requirements},
    {"load_balance", load_balance_make, load_balance_strip, load_balance_unscale, load_balance_requirements},
    {"sorted_search", search_make, search_strip, search_unscale, search_requirements},
    {"bulk_remove", remove_make, remove_strip, remove_unscale, remove_requirements},
    {"bulk_insert", insert_make, insert_strip, insert_unscale, insert_requirements},
    {"interval", interval_make, interval_strip, interval_unscale, interval_requirements},
    {"segreduce", segreduce_make, segreduce_strip, segreduce_unscale, segreduce_requirements},
    {"reduce_by_key", rbk_make, rbk_strip, rbk_unscale, rbk_requirements},
    {"segsort", segsort_make, segsort_strip, segsort_unscale, segsort_requirements},
    {"localitysort", sort_make, sort_strip, sort_unscale, localitysort_requirements},
    {"join_count", join_make, join_strip, join_unscale, join_count_requirements},
    {"join", join_make, join_strip, join_unscale, join_requirements},
    {"set_count", set_make, set_strip, set_unscale, set_count_requirements},
    {"set_operation", set_make, set_strip, set_unscale, set_operation_requirements},
    {"select", select_make, select_strip, select_unscale, select_requirements},
    {"partition", select_make, select_strip, select_unscale, partition_requirements},
    {"unique", unique_make, unique_strip, unique_unscale, unique_requirements},
    {"rle", rle_make, unique_strip, unique_unscale, rle_requirements},
    {"histogram", histogram_make, histogram_strip, histogram_unscale, histogram_requirements},
};

static void check_sized_case(const sized_case *c) {
    any_info real, empty, bad;
    memset(&real, 0, sizeof real);
    c->make(&real);
    empty = real;
    c->strip(&empty);
    bad = empty;
    c->unscale(&bad);
    mgpu_requirements with_ranges, without, untouched;
    CHECK_OK(c->requirements(&real, &with_ranges));
    memset(&without, SENTINEL, sizeof without);
    untouched = without;
    mgpu_result r = c->requirements(&empty, &without);
    CHECK(r == MGPU_SUCCESS, "%s: get_requirements with every range {0} -> %s (%s)", c->name, mgpu_result_name(r),
          mgpu_context_last_error(CTX));
    CHECK(same_requirements(&with_ranges, &without), "%s: get_requirements without ranges: %llu bytes, with them %llu",
          c->name, (unsigned long long)without.scratch_size, (unsigned long long)with_ranges.scratch_size);
    memset(&without, SENTINEL, sizeof without);
    CHECK_RESULT(c->requirements(&bad, &without), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK(memcmp(&without, &untouched, sizeof without) == 0, "%s: a refused get_requirements wrote its requirements",
          c->name);
    CHECK_RESULT(c->requirements(&empty, NULL), MGPU_ERROR_INVALID_ARGUMENT);
}

/* The sizes that once followed the ranges: a radix sort of one pass in place (it copies its input to scratch
 * first) asks what one out of place asks, and so does a sorted search without outputs. */
static void check_sized_choices(void) {
    mgpu_sort_info sort = {.key_type = MGPU_TYPE_U32,
                           .count = N,
                           .keys_in = E.out[0],
                           .keys_out = E.out[1],
                           .begin_bit = 8,
                           .end_bit = 16};
    mgpu_sort_info in_place = sort;
    in_place.keys_in = in_place.keys_out;
    mgpu_requirements apart, same;
    CHECK_OK(mgpu_radixsort_get_requirements(CTX, &sort, &apart));
    CHECK_OK(mgpu_radixsort_get_requirements(CTX, &in_place, &same));
    CHECK(apart.scratch_size == same.scratch_size && apart.scratch_size > 0,
          "radixsort, one pass: %llu bytes apart, %llu in place", (unsigned long long)apart.scratch_size,
          (unsigned long long)same.scratch_size);
    /* The sort in place runs in the scratch the requirements gave (the copy first needs it). */
    mgpu_range scratch = {0};
    CHECK_OK(mgpu_buffer_alloc(CTX, same.scratch_size, &scratch));
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    CHECK_OK(mgpu_commands_begin(CTX, &cmd));
    CHECK_OK(mgpu_cmd_radixsort(CTX, cmd, &in_place, scratch));
    CHECK_OK(mgpu_commands_submit(CTX, NULL));
    mgpu_buffer_free(CTX, scratch);
    /* An empty bit range with an indirect count sorts by a 0-bit digit: the same size as without one. */
    sort.begin_bit = sort.end_bit = 8;
    CHECK_OK(mgpu_radixsort_get_requirements(CTX, &sort, &apart));
    sort.indirect_count = mgpu_range_slice(E.out[2], 0, 4);
    CHECK_OK(mgpu_radixsort_get_requirements(CTX, &sort, &same));
    CHECK(apart.scratch_size == same.scratch_size, "radixsort, no bit: %llu bytes, %llu with an indirect count",
          (unsigned long long)apart.scratch_size, (unsigned long long)same.scratch_size);

    any_info search;
    search_make(&search);
    CHECK_OK(mgpu_sorted_search_get_requirements(CTX, &search.search, &apart));
    search.search.a_indices = search.search.b_indices = search.search.a_matches = search.search.b_matches =
        (mgpu_range){0};
    CHECK_OK(mgpu_sorted_search_get_requirements(CTX, &search.search, &same));
    CHECK(apart.scratch_size == same.scratch_size && same.scratch_size > 0,
          "sorted search: %llu bytes with outputs, %llu without", (unsigned long long)apart.scratch_size,
          (unsigned long long)same.scratch_size);
    /* Without outputs the recording has nothing to do and does not look at its scratch. */
    CHECK_OK(mgpu_commands_begin(CTX, &cmd));
    CHECK_OK(mgpu_cmd_sorted_search(CTX, cmd, &search.search, (mgpu_range){0}));
    CHECK_OK(mgpu_commands_submit(CTX, NULL));
}

/* ---- contexts: no context holds the message yet, so desc->log receives it ---- */

typedef struct log_capture {
    unsigned messages;
    char last[512];
} log_capture;

static void capture_log(void *user, mgpu_log_level level, const char *message) {
    (void)level;
    log_capture *capture = user;
    ++capture->messages;
    snprintf(capture->last, sizeof capture->last, "%s", message);
}

static void expect_desc_refused(const char *how, mgpu_result r, mgpu_context created, const log_capture *capture) {
    CHECK(r == MGPU_ERROR_INVALID_ARGUMENT, "%s -> %s, expected MGPU_ERROR_INVALID_ARGUMENT", how, mgpu_result_name(r));
    CHECK(created == NULL, "%s: a context after a refusal", how);
    if (capture)
        CHECK(capture->messages == 1 && strstr(capture->last, "next") != NULL,
              "%s: the log heard %u messages, the last \"%s\"", how, capture->messages, capture->last);
}

static void check_contexts(void) {
    log_capture capture = {0};
    mgpu_context created = (mgpu_context)&capture; /* not NULL: a refusal must clear it */
    mgpu_result r = mgpu_context_create(
        &(mgpu_context_desc){
            .next = &g_extension, .validation = g_test.validation, .log = capture_log, .log_user = &capture},
        &created);
    expect_desc_refused("mgpu_context_create", r, created, &capture);
    capture = (log_capture){0};
    r = mgpu_context_create(
        &(mgpu_context_desc){
            .next = &g_extension, .device = "no such device", .log = capture_log, .log_user = &capture},
        &created);
    expect_desc_refused("mgpu_context_create for no such device", r, created, &capture);
    r = mgpu_context_create(&(mgpu_context_desc){.next = &g_extension}, &created);
    expect_desc_refused("mgpu_context_create without a log", r, created, NULL);

    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
    uint32_t family;
    VkQueue queue;
    mgpu_context_get_handles(CTX, &instance, &physical, &device, &family, &queue);
    VkPhysicalDeviceVulkan12Features vk12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                             .bufferDeviceAddress = VK_TRUE};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &vk12};
    mgpu_adopt_desc adopt = {.instance = instance,
                             .physical_device = physical,
                             .device = device,
                             .queue_family_index = family,
                             .queue = queue,
                             .log = capture_log,
                             .log_user = &capture,
                             .enabled_features = &features};
    mgpu_adopt_desc extended = adopt;
    extended.next = &g_extension;
    capture = (log_capture){0};
    r = mgpu_context_adopt(&extended, &created);
    expect_desc_refused("mgpu_context_adopt", r, created, &capture);
    extended.device = VK_NULL_HANDLE;
    capture = (log_capture){0};
    r = mgpu_context_adopt(&extended, &created);
    expect_desc_refused("mgpu_context_adopt without a device too", r, created, &capture);
    /* The features the device was made with are required: asking the device would use what was not enabled. */
    mgpu_adopt_desc unfeatured = adopt;
    unfeatured.enabled_features = NULL;
    capture = (log_capture){0};
    r = mgpu_context_adopt(&unfeatured, &created);
    CHECK(r == MGPU_ERROR_INVALID_ARGUMENT && created == NULL && capture.messages == 1 &&
              strstr(capture.last, "enabled_features") != NULL,
          "adopting without enabled_features -> %s, the log heard \"%s\"", mgpu_result_name(r), capture.last);
    VkPhysicalDeviceFeatures2 wrong = features;
    wrong.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
    unfeatured.enabled_features = &wrong;
    CHECK_RESULT(mgpu_context_adopt(&unfeatured, &created), MGPU_ERROR_INVALID_ARGUMENT);
    unfeatured.enabled_features = &features;
    unfeatured.enabled_extension_count = 1;
    CHECK_RESULT(mgpu_context_adopt(&unfeatured, &created), MGPU_ERROR_INVALID_ARGUMENT);
    /* bufferDeviceAddress not enabled: the library cannot work. */
    vk12.bufferDeviceAddress = VK_FALSE;
    CHECK_RESULT(mgpu_context_adopt(&adopt, &created), MGPU_ERROR_NO_DEVICE);
    vk12.bufferDeviceAddress = VK_TRUE;
    capture = (log_capture){0};
    CHECK_OK(mgpu_context_adopt(&adopt, &created));
    CHECK(capture.messages == 0, "adopting with next NULL logged \"%s\"", capture.last);
    mgpu_context_destroy(created);
}

void test_contracts(void) {
    uint32_t a[N], b[N], starts[N], indices[K];
    for (uint32_t i = 0; i < N; ++i) {
        a[i] = 2 * i;
        b[i] = 2 * i + 1;
        starts[i] = i;
    }
    for (uint32_t i = 0; i < K; ++i) indices[i] = 3 * i;
    E.keys_a = test_upload(MGPU_TYPE_U32, a, N);
    E.keys_b = test_upload(MGPU_TYPE_U32, b, N);
    E.starts = test_upload(MGPU_TYPE_I32, starts, N);
    E.indices = test_upload(MGPU_TYPE_I32, indices, K);
    for (size_t o = 0; o < 4; ++o) CHECK_OK(mgpu_buffer_alloc(CTX, OUT_BYTES, &E.out[o]));

    for (size_t c = 0; c < sizeof g_cases / sizeof g_cases[0]; ++c) check_case(&g_cases[c]);
    for (size_t c = 0; c < sizeof g_sized_cases / sizeof g_sized_cases[0]; ++c) check_sized_case(&g_sized_cases[c]);
    check_sized_choices();
    check_contexts();

    mgpu_buffer_free(CTX, E.keys_a);
    mgpu_buffer_free(CTX, E.keys_b);
    mgpu_buffer_free(CTX, E.starts);
    mgpu_buffer_free(CTX, E.indices);
    for (size_t o = 0; o < 4; ++o) mgpu_buffer_free(CTX, E.out[o]);
}
