/*
 * Ranges the library cannot vouch for are refused (MGPU_ERROR_INVALID_ARGUMENT) before anything is recorded or
 * written (mgpuvk.h, mgpu_range): a range whose buffer the pool destroyed (free, then trim), a freed range whose
 * bytes a new allocation now holds, a range of another context, a pool buffer wrapped again, ranges past their
 * allocation or wrapped buffer, a scan total inside the scan's input or output. Sub-ranges and hand-made ranges
 * inside live allocations stay valid. A recording's scratch may not overlap its inputs or outputs. A sweep
 * passes a bad range in every range slot of every public call, in both tiers, and checks that every output and
 * the memory the bad range used to name keep their sentinel.
 * No call may crash or draw a validation message.
 */
#include "common.h"

#include <string.h>
#include <vulkan/vulkan.h>

#define N         1000u                     /* elements per array: small, the pipelines are what costs */
#define OUT_BYTES ((VkDeviceSize)2 * N * 4) /* outputs hold up to 2N 32-bit values (merges, inserts) */
#define BAD_BYTES ((VkDeviceSize)256 << 10) /* a bad range is large enough for any slot and any scratch */
#define SENTINEL  0xa5u

/* ---- sentinels ---- */

static void sentinel_set(mgpu_context ctx, mgpu_range r, VkDeviceSize bytes) {
    unsigned char *s = malloc(bytes);
    memset(s, SENTINEL, bytes);
    CHECK_OK(mgpu_buffer_upload(ctx, r, s, bytes));
    free(s);
}

static bool sentinel_intact(mgpu_context ctx, mgpu_range r, VkDeviceSize bytes) {
    unsigned char *s = malloc(bytes);
    memset(s, 0, bytes);
    mgpu_result res = mgpu_buffer_download(ctx, r, s, bytes);
    CHECK(res == MGPU_SUCCESS, "download for the sentinel check: %s", mgpu_context_last_error(ctx));
    bool ok = res == MGPU_SUCCESS;
    for (VkDeviceSize i = 0; i < bytes && ok; ++i) ok = s[i] == SENTINEL;
    free(s);
    return ok;
}

/* The call was refused for its range, with the reason expected. */
#define CHECK_REFUSED(expr, why)                                                                                 \
    do {                                                                                                         \
        mgpu_result r2_ = (expr);                                                                                \
        const char *e_ = mgpu_context_last_error(g_test.ctx);                                                    \
        CHECK(r2_ == MGPU_ERROR_INVALID_ARGUMENT && strstr(e_, why), "%s -> %s (%s), expected the refusal '%s'", \
              #expr, mgpu_result_name(r2_), e_, why);                                                            \
    } while (0)

/* The reasons mgpu__pool_vouch gives (src/core/pool.c): the refusal must be for the range, not for something
 * else the call checks first. */
#define NOT_LIVE "is not live"
#define UNKNOWN  "unknown VkBuffer"
#define NO_LIVE  "no live allocation"
#define PASSES   "pass allocation"

/* ---- the sweep: every public call that takes ranges, a bad range in each slot in turn ---- */

typedef enum sweep_op {
    OP_UPLOAD,
    OP_DOWNLOAD,
    OP_FILL,
    OP_COPY,
    OP_PRINT,
    OP_REDUCE,
    OP_SCAN,
    OP_MERGE,
    OP_MERGESORT,
    OP_RADIXSORT,
    OP_SEARCH,
    OP_LBS,
    OP_INTERVAL,
    OP_REMOVE,
    OP_INSERT,
    OP_COUNT
} sweep_op;

static const char *const op_names[OP_COUNT] = {
    "upload",    "download",  "fill",          "copy",         "print",    "reduce",      "scan",       "merge",
    "mergesort", "radixsort", "sorted search", "load balance", "interval", "bulk remove", "bulk insert"};

typedef union sweep_info {
    mgpu_range range; /* upload, download, print */
    mgpu_fill_info fill;
    mgpu_copy_info copy;
    mgpu_reduce_info reduce;
    mgpu_scan_info scan;
    mgpu_merge_info merge;
    mgpu_sort_info sort;
    mgpu_sorted_search_info search;
    mgpu_load_balance_info lbs;
    mgpu_interval_info interval;
    mgpu_bulk_remove_info remove;
    mgpu_bulk_insert_info insert;
} sweep_info;

typedef struct sweep_arrays {
    mgpu_range keys_a, keys_b, vals_a, vals_b, starts, count; /* inputs */
    mgpu_range out[4], result, total, overflow;               /* outputs, with sentinels */
} sweep_arrays;

static sweep_info sweep_make(sweep_op op, const sweep_arrays *a) {
    sweep_info s;
    memset(&s, 0, sizeof s);
    switch (op) {
        case OP_UPLOAD: s.range = a->out[0]; break;
        case OP_DOWNLOAD:
        case OP_PRINT: s.range = a->keys_a; break;
        case OP_FILL:
            s.fill = (mgpu_fill_info){.mode = MGPU_FILL_CONSTANT, .count = N, .output = a->out[0], .a.u32 = 7};
            break;
        case OP_COPY: s.copy = (mgpu_copy_info){.src = a->keys_a, .dst = a->out[0], .bytes = N * 4}; break;
        case OP_REDUCE:
            s.reduce = (mgpu_reduce_info){.count = N,
                                          .input = a->keys_a,
                                          .result = a->result,
                                          .indirect_count = a->count,
                                          .overflow = a->overflow};
            break;
        case OP_SCAN:
            s.scan = (mgpu_scan_info){.count = N,
                                      .input = a->keys_a,
                                      .output = a->out[0],
                                      .total = a->total,
                                      .indirect_count = a->count,
                                      .overflow = a->overflow};
            break;
        case OP_MERGE:
            s.merge = (mgpu_merge_info){.value_size = 4,
                                        .a_count = N,
                                        .b_count = N,
                                        .a_keys = a->keys_a,
                                        .b_keys = a->keys_b,
                                        .a_values = a->vals_a,
                                        .b_values = a->vals_b,
                                        .out_keys = a->out[0],
                                        .out_values = a->out[1],
                                        .indirect_a_count = a->count,
                                        .indirect_b_count = a->count,
                                        .overflow = a->overflow};
            break;
        case OP_MERGESORT:
        case OP_RADIXSORT:
            s.sort = (mgpu_sort_info){.value_size = 4,
                                      .count = N,
                                      .keys_in = a->vals_a,
                                      .keys_out = a->out[0],
                                      .values_in = a->vals_b,
                                      .values_out = a->out[1],
                                      .indirect_count = a->count,
                                      .overflow = a->overflow};
            break;
        case OP_SEARCH:
            s.search = (mgpu_sorted_search_info){.a_count = N,
                                                 .b_count = N,
                                                 .a_keys = a->keys_a,
                                                 .b_keys = a->keys_b,
                                                 .a_indices = a->out[0],
                                                 .b_indices = a->out[1],
                                                 .a_matches = a->out[2],
                                                 .b_matches = a->out[3],
                                                 .indirect_a_count = a->count,
                                                 .indirect_b_count = a->count,
                                                 .overflow = a->overflow};
            break;
        case OP_LBS:
            s.lbs = (mgpu_load_balance_info){
                .item_count = N, .object_count = N / 10, .object_starts = a->starts, .out_objects = a->out[0]};
            break;
        case OP_INTERVAL:
            s.interval = (mgpu_interval_info){.op = MGPU_INTERVAL_OP_MOVE,
                                              .value_size = 4,
                                              .item_count = N,
                                              .interval_count = N / 10,
                                              .interval_starts = a->starts,
                                              .gather = a->starts,
                                              .scatter = a->starts,
                                              .input = a->vals_a,
                                              .input_count = N,
                                              .output = a->out[0],
                                              .output_count = N};
            break;
        case OP_REMOVE:
            s.remove = (mgpu_bulk_remove_info){.value_size = 4,
                                               .count = N,
                                               .input = a->vals_a,
                                               .index_count = N / 10,
                                               .indices = a->starts,
                                               .output = a->out[0]};
            break;
        case OP_INSERT:
            s.insert = (mgpu_bulk_insert_info){.value_size = 4,
                                               .b_count = N,
                                               .b = a->vals_b,
                                               .a_count = N / 10,
                                               .insert = a->vals_a,
                                               .indices = a->starts,
                                               .output = a->out[0]};
            break;
        default: break;
    }
    return s;
}

/* The range slots of op's info, with their names: at most MAX_SLOTS. */
#define MAX_SLOTS 12
static size_t sweep_slots(sweep_op op, sweep_info *s, mgpu_range **slots, const char **names) {
    size_t n = 0;
#define SLOT(field) (slots[n] = &(field), names[n++] = #field)
    switch (op) {
        case OP_UPLOAD:
        case OP_DOWNLOAD:
        case OP_PRINT: SLOT(s->range); break;
        case OP_FILL: SLOT(s->fill.output); break;
        case OP_COPY:
            SLOT(s->copy.src);
            SLOT(s->copy.dst);
            break;
        case OP_REDUCE:
            SLOT(s->reduce.input);
            SLOT(s->reduce.result);
            SLOT(s->reduce.indirect_count);
            SLOT(s->reduce.overflow);
            break;
        case OP_SCAN:
            SLOT(s->scan.input);
            SLOT(s->scan.output);
            SLOT(s->scan.total);
            SLOT(s->scan.indirect_count);
            SLOT(s->scan.overflow);
            break;
        case OP_MERGE:
            SLOT(s->merge.a_keys);
            SLOT(s->merge.b_keys);
            SLOT(s->merge.a_values);
            SLOT(s->merge.b_values);
            SLOT(s->merge.out_keys);
            SLOT(s->merge.out_values);
            SLOT(s->merge.indirect_a_count);
            SLOT(s->merge.indirect_b_count);
            SLOT(s->merge.overflow);
            break;
        case OP_RADIXSORT:
        case OP_MERGESORT:
            SLOT(s->sort.indirect_count);
            SLOT(s->sort.keys_in);
            SLOT(s->sort.keys_out);
            SLOT(s->sort.values_in);
            SLOT(s->sort.values_out);
            SLOT(s->sort.overflow);
            break;
        case OP_SEARCH:
            SLOT(s->search.a_keys);
            SLOT(s->search.b_keys);
            SLOT(s->search.a_indices);
            SLOT(s->search.b_indices);
            SLOT(s->search.a_matches);
            SLOT(s->search.b_matches);
            SLOT(s->search.indirect_a_count);
            SLOT(s->search.indirect_b_count);
            SLOT(s->search.overflow);
            break;
        case OP_LBS:
            SLOT(s->lbs.object_starts);
            SLOT(s->lbs.out_objects);
            break;
        case OP_INTERVAL:
            SLOT(s->interval.interval_starts);
            SLOT(s->interval.gather);
            SLOT(s->interval.scatter);
            SLOT(s->interval.input);
            SLOT(s->interval.output);
            break;
        case OP_REMOVE:
            SLOT(s->remove.input);
            SLOT(s->remove.indices);
            SLOT(s->remove.output);
            break;
        case OP_INSERT:
            SLOT(s->insert.b);
            SLOT(s->insert.insert);
            SLOT(s->insert.indices);
            SLOT(s->insert.output);
            break;
        default: break;
    }
#undef SLOT
    return n;
}

static bool sweep_has_cmd(sweep_op op) { return op >= OP_FILL && op != OP_PRINT; }
static bool sweep_has_blocking(sweep_op op) { return op != OP_COPY; }
static bool sweep_has_scratch(sweep_op op) { return op >= OP_REDUCE; }

static mgpu_result sweep_blocking(mgpu_context ctx, sweep_op op, const sweep_info *s) {
    static uint32_t host[2 * N];
    switch (op) {
        case OP_UPLOAD: return mgpu_buffer_upload(ctx, s->range, host, N * 4);
        case OP_DOWNLOAD: return mgpu_buffer_download(ctx, s->range, host, N * 4);
        case OP_PRINT: {
            FILE *f = fopen("/dev/null", "w");
            mgpu_result r = mgpu_buffer_print(ctx, MGPU_TYPE_U32, s->range, N, NULL, 10, f);
            if (f) fclose(f);
            return r;
        }
        case OP_FILL: return mgpu_fill(ctx, &s->fill);
        case OP_REDUCE: return mgpu_reduce(ctx, &s->reduce, NULL);
        case OP_SCAN: return mgpu_scan(ctx, &s->scan, NULL);
        case OP_MERGE: return mgpu_merge(ctx, &s->merge);
        case OP_MERGESORT: return mgpu_mergesort(ctx, &s->sort);
        case OP_RADIXSORT: return mgpu_radixsort(ctx, &s->sort);
        case OP_SEARCH: return mgpu_sorted_search(ctx, &s->search, NULL, NULL);
        case OP_LBS: return mgpu_load_balance(ctx, &s->lbs);
        case OP_INTERVAL: return mgpu_interval(ctx, &s->interval);
        case OP_REMOVE: return mgpu_bulk_remove(ctx, &s->remove);
        case OP_INSERT: return mgpu_bulk_insert(ctx, &s->insert);
        default: return MGPU_ERROR_UNSUPPORTED;
    }
}

static mgpu_result sweep_requirements(mgpu_context ctx, sweep_op op, const sweep_info *s, mgpu_requirements *req) {
    switch (op) {
        case OP_REDUCE: return mgpu_reduce_get_requirements(ctx, &s->reduce, req);
        case OP_SCAN: return mgpu_scan_get_requirements(ctx, &s->scan, req);
        case OP_MERGE: return mgpu_merge_get_requirements(ctx, &s->merge, req);
        case OP_MERGESORT: return mgpu_mergesort_get_requirements(ctx, &s->sort, req);
        case OP_RADIXSORT: return mgpu_radixsort_get_requirements(ctx, &s->sort, req);
        case OP_SEARCH: return mgpu_sorted_search_get_requirements(ctx, &s->search, req);
        case OP_LBS: return mgpu_load_balance_get_requirements(ctx, &s->lbs, req);
        case OP_INTERVAL: return mgpu_interval_get_requirements(ctx, &s->interval, req);
        case OP_REMOVE: return mgpu_bulk_remove_get_requirements(ctx, &s->remove, req);
        case OP_INSERT: return mgpu_bulk_insert_get_requirements(ctx, &s->insert, req);
        default: *req = (mgpu_requirements){0}; return MGPU_SUCCESS;
    }
}

/* Records op into cmd. */
static mgpu_result sweep_record(mgpu_context ctx, VkCommandBuffer cmd, sweep_op op, const sweep_info *s,
                                mgpu_range scratch) {
    switch (op) {
        case OP_FILL: return mgpu_cmd_fill(ctx, cmd, &s->fill);
        case OP_COPY: return mgpu_cmd_copy(ctx, cmd, &s->copy);
        case OP_REDUCE: return mgpu_cmd_reduce(ctx, cmd, &s->reduce, scratch);
        case OP_SCAN: return mgpu_cmd_scan(ctx, cmd, &s->scan, scratch);
        case OP_MERGE: return mgpu_cmd_merge(ctx, cmd, &s->merge, scratch);
        case OP_MERGESORT: return mgpu_cmd_mergesort(ctx, cmd, &s->sort, scratch);
        case OP_RADIXSORT: return mgpu_cmd_radixsort(ctx, cmd, &s->sort, scratch);
        case OP_SEARCH: return mgpu_cmd_sorted_search(ctx, cmd, &s->search, scratch);
        case OP_LBS: return mgpu_cmd_load_balance(ctx, cmd, &s->lbs, scratch);
        case OP_INTERVAL: return mgpu_cmd_interval(ctx, cmd, &s->interval, scratch);
        case OP_REMOVE: return mgpu_cmd_bulk_remove(ctx, cmd, &s->remove, scratch);
        case OP_INSERT: return mgpu_cmd_bulk_insert(ctx, cmd, &s->insert, scratch);
        default: return MGPU_ERROR_UNSUPPORTED;
    }
}

/* Records op into the context's command buffer and submits it (empty when the call was refused); *why
 * (optional) receives the call's failure message. */
static mgpu_result sweep_cmd(mgpu_context ctx, sweep_op op, const sweep_info *s, mgpu_range scratch, char *why,
                             size_t why_size) {
    VkCommandBuffer cmd;
    mgpu_result r = mgpu_commands_begin(ctx, &cmd);
    CHECK(r == MGPU_SUCCESS, "begin: %s", mgpu_context_last_error(ctx));
    if (r != MGPU_SUCCESS) return MGPU_ERROR_VULKAN;
    r = sweep_record(ctx, cmd, op, s, scratch);
    if (why) snprintf(why, why_size, "%s", mgpu_context_last_error(ctx));
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    return r;
}

static void sweep_reset_outputs(const sweep_arrays *a) {
    for (int i = 0; i < 4; ++i) sentinel_set(g_test.ctx, a->out[i], OUT_BYTES);
    sentinel_set(g_test.ctx, a->result, 16);
    sentinel_set(g_test.ctx, a->total, 16);
    sentinel_set(g_test.ctx, a->overflow, 16);
}

static bool sweep_outputs_intact(const sweep_arrays *a) {
    bool ok = true;
    for (int i = 0; i < 4; ++i) ok &= sentinel_intact(g_test.ctx, a->out[i], OUT_BYTES);
    ok &= sentinel_intact(g_test.ctx, a->result, 16);
    ok &= sentinel_intact(g_test.ctx, a->total, 16);
    ok &= sentinel_intact(g_test.ctx, a->overflow, 16);
    return ok;
}

static void sweep_arrays_make(sweep_arrays *a) {
    mgpu_context ctx = g_test.ctx;
    uint32_t keys_a[N], keys_b[N], vals_a[N], vals_b[N];
    int32_t starts[N / 10];
    for (uint32_t i = 0; i < N; ++i) {
        keys_a[i] = 2 * i;
        keys_b[i] = 3 * i;
        vals_a[i] = (uint32_t)test_random();
        vals_b[i] = (uint32_t)test_random();
    }
    for (uint32_t i = 0; i < N / 10; ++i) starts[i] = (int32_t)(10 * i);
    uint32_t count = N;
    a->keys_a = test_upload(MGPU_TYPE_U32, keys_a, N);
    a->keys_b = test_upload(MGPU_TYPE_U32, keys_b, N);
    a->vals_a = test_upload(MGPU_TYPE_U32, vals_a, N);
    a->vals_b = test_upload(MGPU_TYPE_U32, vals_b, N);
    a->starts = test_upload(MGPU_TYPE_I32, starts, N / 10);
    a->count = test_upload(MGPU_TYPE_U32, &count, 1);
    for (int i = 0; i < 4; ++i) CHECK_OK(mgpu_buffer_alloc(ctx, OUT_BYTES, &a->out[i]));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &a->result));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &a->total));
    CHECK_OK(mgpu_buffer_alloc(ctx, 16, &a->overflow));
    sweep_reset_outputs(a);
}

static void sweep_arrays_free(sweep_arrays *a) {
    mgpu_range *all[] = {&a->keys_a, &a->keys_b, &a->vals_a, &a->vals_b, &a->starts, &a->count,   &a->out[0],
                         &a->out[1], &a->out[2], &a->out[3], &a->result, &a->total,  &a->overflow};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) mgpu_buffer_free(g_test.ctx, *all[i]);
}

/* Every op with valid ranges succeeds and writes an output: the refusals below are the bad range's doing. */
static void sweep_baseline(sweep_arrays *a) {
    mgpu_context ctx = g_test.ctx;
    for (int o = 0; o < OP_COUNT; ++o) {
        sweep_op op = (sweep_op)o;
        sweep_info s = sweep_make(op, a);
        if (sweep_has_blocking(op)) {
            mgpu_result r = sweep_blocking(ctx, op, &s);
            CHECK(r == MGPU_SUCCESS, "sweep baseline %s: %s", op_names[op], mgpu_context_last_error(ctx));
        }
        if (sweep_has_cmd(op)) {
            mgpu_requirements req = {0};
            CHECK_OK(sweep_requirements(ctx, op, &s, &req));
            mgpu_range scratch = {0};
            if (req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, req.scratch_size, &scratch));
            char why[1024];
            mgpu_result r = sweep_cmd(ctx, op, &s, scratch, why, sizeof why);
            CHECK(r == MGPU_SUCCESS, "sweep baseline mgpu_cmd_ %s: %s", op_names[op], why);
            mgpu_buffer_free(ctx, scratch);
        }
        bool writes = op != OP_DOWNLOAD && op != OP_PRINT;
        if (writes) CHECK(!sweep_outputs_intact(a), "sweep baseline %s wrote no output", op_names[op]);
        sweep_reset_outputs(a);
    }
}

/* A bad range in every slot of every op, and as the scratch of every recording: refused for `why`, nothing
 * written (outputs and the bytes the bad range names, `victim`, keep their sentinel). */
static void sweep_bad(sweep_arrays *a, mgpu_range bad, const char *why, const char *what, mgpu_context victim_ctx,
                      mgpu_range victim) {
    mgpu_context ctx = g_test.ctx;
    for (int o = 0; o < OP_COUNT; ++o) {
        sweep_op op = (sweep_op)o;
        sweep_info valid = sweep_make(op, a);
        mgpu_range *slots[MAX_SLOTS] = {0};
        const char *names[MAX_SLOTS] = {0};
        size_t n = sweep_slots(op, &valid, slots, names);
        for (size_t k = 0; k <= n; ++k) {
            sweep_info s = valid;
            mgpu_range *slot[MAX_SLOTS];
            const char *unused[MAX_SLOTS];
            sweep_slots(op, &s, slot, unused);
            mgpu_range scratch = {0};
            mgpu_requirements req = {0};
            if (k < n) {
                *slot[k] = bad;
            } else { /* the scratch slot */
                if (!sweep_has_scratch(op)) continue;
                CHECK_OK(sweep_requirements(ctx, op, &s, &req));
                if (!req.scratch_size) continue;
                scratch = bad;
            }
            const char *slot_name = k < n ? names[k] : "scratch";
            if (k < n) {
                if (sweep_has_blocking(op)) {
                    mgpu_result r = sweep_blocking(ctx, op, &s);
                    const char *e = mgpu_context_last_error(ctx);
                    CHECK(r == MGPU_ERROR_INVALID_ARGUMENT && strstr(e, why), "%s range in %s %s: %s (%s)", what,
                          op_names[op], slot_name, mgpu_result_name(r), e);
                }
                if (sweep_has_scratch(op)) { /* answers from sizes alone: the valid call's requirements */
                    mgpu_requirements valid_req = {0};
                    CHECK_OK(sweep_requirements(ctx, op, &valid, &valid_req));
                    mgpu_result r = sweep_requirements(ctx, op, &s, &req);
                    CHECK(r == MGPU_SUCCESS && req.scratch_size == valid_req.scratch_size &&
                              req.scratch_alignment == valid_req.scratch_alignment,
                          "%s range in %s %s: get_requirements %s", what, op_names[op], slot_name, mgpu_result_name(r));
                }
            }
            if (sweep_has_cmd(op)) {
                mgpu_range own = {0};
                if (k < n && sweep_has_scratch(op)) {
                    /* valid scratch from the requirements of the valid call */
                    mgpu_requirements valid_req = {0};
                    CHECK_OK(sweep_requirements(ctx, op, &valid, &valid_req));
                    if (valid_req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, valid_req.scratch_size, &own));
                    scratch = own;
                }
                char why_not[1024];
                mgpu_result r = sweep_cmd(ctx, op, &s, scratch, why_not, sizeof why_not);
                CHECK(r == MGPU_ERROR_INVALID_ARGUMENT && strstr(why_not, why), "%s range in mgpu_cmd_ %s %s: %s (%s)",
                      what, op_names[op], slot_name, mgpu_result_name(r), why_not);
                mgpu_buffer_free(ctx, own);
            }
            CHECK(sweep_outputs_intact(a), "%s range in %s %s: an output was written", what, op_names[op], slot_name);
            if (victim.buffer)
                CHECK(sentinel_intact(victim_ctx, victim, BAD_BYTES),
                      "%s range in %s %s: the memory it named was written", what, op_names[op], slot_name);
        }
    }
}

/* A recording's scratch sharing bytes with one of its inputs or outputs is refused: the partitions and counts
 * in scratch steer where the kernels write. */
static void scratch_overlaps(sweep_arrays *a) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range big;
    CHECK_OK(mgpu_buffer_alloc(ctx, BAD_BYTES, &big));
    sentinel_set(ctx, big, BAD_BYTES);
    for (int o = OP_REDUCE; o < OP_COUNT; ++o) {
        sweep_op op = (sweep_op)o;
        for (int variant = 0; variant < 2; ++variant) { /* 0: over the first input, 1: over an output */
            sweep_info s = sweep_make(op, a);
            mgpu_range *slots[MAX_SLOTS] = {0};
            const char *names[MAX_SLOTS] = {0};
            size_t n = sweep_slots(op, &s, slots, names), k = 0;
            mgpu_range output = op == OP_REDUCE ? a->result : a->out[0];
            if (variant == 1)
                while (k < n && !(slots[k]->buffer == output.buffer && slots[k]->offset == output.offset)) ++k;
            if (k == n) {
                CHECK(false, "%s has no output slot", op_names[op]);
                continue;
            }
            mgpu_range moved = big;
            moved.size = slots[k]->size;
            *slots[k] = moved;
            mgpu_requirements req = {0};
            CHECK_OK(sweep_requirements(ctx, op, &s, &req));
            if (!req.scratch_size) continue;
            mgpu_range scratch = big;
            scratch.size = req.scratch_size;
            char why[1024];
            mgpu_result r = sweep_cmd(ctx, op, &s, scratch, why, sizeof why);
            CHECK(r == MGPU_ERROR_INVALID_ARGUMENT && strstr(why, "scratch overlaps"), "scratch over %s of %s: %s (%s)",
                  names[k], op_names[op], mgpu_result_name(r), why);
            if (!sentinel_intact(ctx, big, BAD_BYTES) || !sweep_outputs_intact(a)) {
                CHECK(false, "scratch over %s of %s: written", names[k], op_names[op]);
                sentinel_set(ctx, big, BAD_BYTES);
                sweep_reset_outputs(a);
            }
        }
    }
    mgpu_buffer_free(ctx, big);
}

/* ---- the defects, one by one ---- */

/* A range whose VkBuffer the pool destroyed: freed, then trimmed away with its own block. */
static void destroyed_buffer(sweep_arrays *a) {
    mgpu_context ctx = g_test.ctx;
    mgpu_pool_stats before, after;
    mgpu_range big;
    CHECK_OK(mgpu_buffer_alloc(ctx, (VkDeviceSize)32 << 20, &big)); /* half a block or more: a block of its own */
    mgpu_pool_get_stats(ctx, &before);
    mgpu_buffer_free(ctx, big);
    mgpu_pool_trim(ctx);
    mgpu_pool_get_stats(ctx, &after);
    CHECK(after.blocks < before.blocks, "free and trim released the block (%llu -> %llu blocks)",
          (unsigned long long)before.blocks, (unsigned long long)after.blocks);
    CHECK(mgpu_range_address(ctx, big) == 0, "the address of a destroyed buffer's range");
    CHECK_REFUSED(mgpu_radixsort(ctx, &(mgpu_sort_info){.count = N, .keys_in = big, .keys_out = big}), NOT_LIVE);
    CHECK_REFUSED(mgpu_radixsort(ctx, &(mgpu_sort_info){.count = N, .keys_in = a->keys_a, .keys_out = big}), NOT_LIVE);
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = big}), NOT_LIVE);
    CHECK_REFUSED(mgpu_scan(ctx, &(mgpu_scan_info){.count = N, .input = big, .output = a->out[0]}, NULL), NOT_LIVE);
    uint32_t host[16] = {0};
    CHECK_REFUSED(mgpu_buffer_download(ctx, big, host, sizeof host), NOT_LIVE);
    CHECK_REFUSED(mgpu_buffer_upload(ctx, big, host, sizeof host), NOT_LIVE);
    /* made by hand (id 0), it names a buffer the context no longer knows */
    mgpu_range by_hand = {.buffer = big.buffer, .offset = 0, .size = 4096};
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = 1024, .output = by_hand}), UNKNOWN);
    CHECK(mgpu_range_address(ctx, by_hand) == 0, "the address of a hand-made range of a destroyed buffer");
    mgpu_buffer_free(ctx, big); /* a warning, nothing else */
    CHECK(sweep_outputs_intact(a), "an output was written");
    sweep_bad(a, big, NOT_LIVE, "destroyed", NULL, (mgpu_range){0});
}

/* A freed range whose bytes a new allocation holds: the new allocation is never touched through it. */
static void freed_and_reused(sweep_arrays *a) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range stale, fresh;
    CHECK_OK(mgpu_buffer_alloc(ctx, BAD_BYTES, &stale));
    mgpu_buffer_free(ctx, stale);
    /* freed and cached: refused already */
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = stale}), NOT_LIVE);
    mgpu_range stale_by_hand = {.buffer = stale.buffer, .offset = stale.offset, .size = N * 4};
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = stale_by_hand}), NO_LIVE);
    CHECK_OK(mgpu_buffer_alloc(ctx, BAD_BYTES, &fresh));
    CHECK(fresh.buffer == stale.buffer && fresh.offset == stale.offset && fresh.id != stale.id,
          "the cache hands the freed bytes to the new allocation, under a new id");
    sentinel_set(ctx, fresh, BAD_BYTES);
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = stale}), NOT_LIVE);
    mgpu_range stale_part = stale; /* a sub-range of a stale range is stale too */
    stale_part.offset += 256;
    stale_part.size = 1024;
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = 256, .output = stale_part}), NOT_LIVE);
    CHECK(mgpu_range_address(ctx, stale) == 0, "the address of a stale range");
    /* freeing the stale range again must not free the new allocation */
    mgpu_pool_stats s0, s1;
    mgpu_pool_get_stats(ctx, &s0);
    mgpu_buffer_free(ctx, stale);
    mgpu_pool_get_stats(ctx, &s1);
    CHECK(s1.in_use_ranges == s0.in_use_ranges && s1.cached_ranges == s0.cached_ranges,
          "freeing a stale range freed something");
    CHECK(mgpu_range_address(ctx, fresh) != 0, "the new allocation is still live");
    sweep_bad(a, stale, NOT_LIVE, "stale", ctx, fresh);
    CHECK(sentinel_intact(ctx, fresh, BAD_BYTES), "the new allocation was written through the stale range");
    mgpu_buffer_free(ctx, fresh);
}

/* Ranges of another context are unknown here, both ways. */
static void other_context(sweep_arrays *a) {
    mgpu_context ctx = g_test.ctx, other = NULL;
    CHECK_OK(mgpu_context_create(&(mgpu_context_desc){.validation = g_test.validation}, &other));
    if (!other) return;
    mgpu_range theirs;
    CHECK_OK(mgpu_buffer_alloc(other, BAD_BYTES, &theirs));
    sentinel_set(other, theirs, BAD_BYTES);
    CHECK(mgpu_range_address(ctx, theirs) == 0, "the address of another context's range");
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = theirs}), NOT_LIVE);
    mgpu_range theirs_by_hand = {.buffer = theirs.buffer, .offset = theirs.offset, .size = N * 4};
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = theirs_by_hand}), UNKNOWN);
    mgpu_buffer_free(ctx, theirs); /* not ours: a warning */
    sweep_bad(a, theirs, NOT_LIVE, "other context's", other, theirs);
    /* and ours in the other context */
    mgpu_result r = mgpu_fill(other, &(mgpu_fill_info){.count = N, .output = a->out[0]});
    CHECK(r == MGPU_ERROR_INVALID_ARGUMENT && strstr(mgpu_context_last_error(other), NOT_LIVE),
          "our range in the other context: %s", mgpu_result_name(r));
    CHECK(sweep_outputs_intact(a), "the other context wrote our output");
    CHECK(sentinel_intact(other, theirs, BAD_BYTES), "the other context's range was written");
    mgpu_buffer_free(other, theirs);
    CHECK(mgpu_context_validation_message_count(other) == 0, "validation messages in the other context");
    mgpu_context_destroy(other);
}

/* Wrapping: a pool buffer is refused; a caller's buffer bounds its ranges; its address is remembered. */
static void wrapped(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range pooled, w;
    CHECK_OK(mgpu_buffer_alloc(ctx, N * 4, &pooled));
    CHECK_RESULT(mgpu_buffer_wrap(ctx,
                                  &(mgpu_buffer_wrap_desc){.buffer = pooled.buffer,
                                                           .usage = TEST_CALLER_USAGE,
                                                           .offset = pooled.offset,
                                                           .size = 4 * N * 4},
                                  &w),
                 MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_buffer_wrap(ctx,
                                  &(mgpu_buffer_wrap_desc){.buffer = pooled.buffer,
                                                           .usage = TEST_CALLER_USAGE,
                                                           .offset = pooled.offset,
                                                           .size = pooled.size},
                                  &w),
                 MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_buffer_free(ctx, pooled);

    const VkDeviceSize bytes = 4096;
    VkDeviceMemory memory;
    VkBuffer buffer = test_caller_buffer_create(bytes, &memory);
    if (!buffer) return;
    CHECK_RESULT(
        mgpu_buffer_wrap(ctx,
                         &(mgpu_buffer_wrap_desc){
                             .buffer = buffer, .usage = TEST_CALLER_USAGE, .buffer_size = bytes, .size = 2 * bytes},
                         &w),
        MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT(
        mgpu_buffer_wrap(
            ctx, &(mgpu_buffer_wrap_desc){.buffer = buffer, .usage = TEST_CALLER_USAGE, .size = (VkDeviceSize)1 << 30},
            &w),
        MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_OK(
        mgpu_buffer_wrap(ctx,
                         &(mgpu_buffer_wrap_desc){
                             .buffer = buffer, .usage = TEST_CALLER_USAGE, .buffer_size = bytes, .size = VK_WHOLE_SIZE},
                         &w));
    CHECK(w.size == bytes && w.id != 0, "wrapped whole: %llu bytes, id %llu", (unsigned long long)w.size,
          (unsigned long long)w.id);
    VkDevice device;
    mgpu_context_get_handles(ctx, NULL, NULL, &device, NULL, NULL);
    VkBufferDeviceAddressInfo bai = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = buffer};
    CHECK(mgpu_range_address(ctx, w) == vkGetBufferDeviceAddress(device, &bai), "the wrapped buffer's address");
    sentinel_set(ctx, w, bytes);
    /* past the buffer: a grown copy of the wrapped range, a hand-made one */
    mgpu_range grown = w;
    grown.size = 2 * bytes;
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = (uint32_t)(grown.size / 4), .output = grown}), PASSES);
    mgpu_range tail = {.buffer = buffer, .offset = bytes - 64, .size = 128};
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = 32, .output = tail}), NO_LIVE);
    CHECK(sentinel_intact(ctx, w, bytes), "the wrapped buffer was written");
    /* inside: a sub-range and a hand-made range */
    mgpu_range part = w;
    part.offset += 1024;
    part.size = 1024;
    CHECK_OK(mgpu_fill(ctx, &(mgpu_fill_info){.mode = MGPU_FILL_CONSTANT, .count = 256, .output = part, .a.u32 = 1}));
    mgpu_range inside = {.buffer = buffer, .offset = 3072, .size = 1024};
    CHECK_OK(mgpu_fill(ctx, &(mgpu_fill_info){.mode = MGPU_FILL_CONSTANT, .count = 256, .output = inside, .a.u32 = 2}));
    uint32_t got[1024];
    CHECK_OK(mgpu_buffer_download(ctx, w, got, bytes));
    CHECK(got[255] == 0xa5a5a5a5u && got[256] == 1 && got[511] == 1 && got[512] == 0xa5a5a5a5u && got[768] == 2 &&
              got[1023] == 2,
          "sub-range and hand-made range of a wrapped buffer");
    /* forgotten: the buffer is unknown again */
    mgpu_buffer_free(ctx, w);
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = 256, .output = part}), NOT_LIVE);
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = 256, .output = inside}), UNKNOWN);
    CHECK(mgpu_range_address(ctx, inside) == 0, "the address of a forgotten wrapped buffer's range");
    test_caller_buffer_destroy(buffer, memory);
}

/* Sub-ranges of a pool range and hand-made ranges inside it are used; ranges past it are not. */
static void pooled_parts(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range r, next;
    CHECK_OK(mgpu_buffer_alloc(ctx, N * 4, &r)); /* its size class is 4096 bytes: 96 spare bytes follow it */
    CHECK_OK(mgpu_buffer_alloc(ctx, N * 4, &next));
    sentinel_set(ctx, r, N * 4);
    sentinel_set(ctx, next, N * 4);
    mgpu_range part = r;
    part.offset += 400;
    part.size = 800;
    CHECK_OK(mgpu_fill(ctx, &(mgpu_fill_info){.mode = MGPU_FILL_CONSTANT, .count = 200, .output = part, .a.u32 = 3}));
    mgpu_range by_hand = {.buffer = r.buffer, .offset = r.offset + 2000, .size = 400};
    CHECK_OK(
        mgpu_fill(ctx, &(mgpu_fill_info){.mode = MGPU_FILL_CONSTANT, .count = 100, .output = by_hand, .a.u32 = 4}));
    CHECK(mgpu_range_address(ctx, part) == mgpu_range_address(ctx, r) + 400, "a sub-range's address");
    uint32_t got[N];
    CHECK_OK(mgpu_buffer_download(ctx, r, got, sizeof got));
    CHECK(got[99] == 0xa5a5a5a5u && got[100] == 3 && got[299] == 3 && got[300] == 0xa5a5a5a5u && got[500] == 4 &&
              got[599] == 4 && got[600] == 0xa5a5a5a5u,
          "sub-range and hand-made range of a pool range");
    /* one byte past the allocation: grown copy, hand-made, moved copy */
    mgpu_range grown = r;
    grown.size += 4;
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N + 1, .output = grown}), PASSES);
    mgpu_range over = {.buffer = r.buffer, .offset = r.offset, .size = N * 4 + 4};
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N + 1, .output = over}), NO_LIVE);
    mgpu_range moved = r;
    moved.offset += 256;
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = moved}), PASSES);
    /* a range with another allocation's id, or a made-up one */
    mgpu_range swapped = next;
    swapped.id = r.id;
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = swapped}), PASSES);
    mgpu_range made_up = r;
    made_up.id = ~(uint64_t)0;
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = made_up}), NOT_LIVE);
    /* a handle no allocation has */
    mgpu_range bogus = {.buffer = (VkBuffer)(uintptr_t)0x1234560, // NOLINT(performance-no-int-to-ptr)
                        .offset = 0,
                        .size = N * 4};
    CHECK_REFUSED(mgpu_fill(ctx, &(mgpu_fill_info){.count = N, .output = bogus}), UNKNOWN);
    CHECK(mgpu_range_address(ctx, bogus) == 0, "the address of a bogus buffer");
    CHECK(sentinel_intact(ctx, next, N * 4), "the neighbouring allocation was written");
    mgpu_buffer_free(ctx, r);
    mgpu_buffer_free(ctx, next);
}

/* A scan's total inside its output or its input is refused, and nothing is written. */
static void scan_total(sweep_arrays *a) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range out_total = a->out[0], in_total = a->keys_a;
    out_total.offset += 20;
    out_total.size = 4;
    in_total.offset += 2020;
    in_total.size = 4;
    mgpu_scan_info scan = {.count = N, .input = a->keys_a, .output = a->out[0], .total = out_total};
    CHECK_REFUSED(mgpu_scan(ctx, &scan, NULL), "total overlaps the output");
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_REFUSED(mgpu_cmd_scan(ctx, cmd, &scan, (mgpu_range){0}), "total overlaps the output");
    mgpu_requirements req;
    CHECK_OK(mgpu_scan_get_requirements(ctx, &scan, &req)); /* answers from sizes alone */
    scan.total = in_total;
    CHECK_REFUSED(mgpu_cmd_scan(ctx, cmd, &scan, (mgpu_range){0}), "total overlaps the input");
    CHECK_OK(mgpu_commands_submit(ctx, NULL));
    CHECK_REFUSED(mgpu_scan(ctx, &scan, NULL), "total overlaps the input");
    /* in place, the total inside the scanned range */
    scan = (mgpu_scan_info){.count = N, .input = a->keys_a, .output = a->keys_a, .total = in_total};
    CHECK_REFUSED(mgpu_scan(ctx, &scan, NULL), "total overlaps the input");
    CHECK(sweep_outputs_intact(a), "a refused scan wrote an output");
    uint32_t keys[N];
    CHECK_OK(mgpu_buffer_download(ctx, a->keys_a, keys, sizeof keys));
    bool input_ok = true;
    for (uint32_t i = 0; i < N; ++i) input_ok &= keys[i] == 2 * i;
    CHECK(input_ok, "a refused scan wrote its input");
    /* just past the output: fine */
    mgpu_range after = {.buffer = a->out[0].buffer, .offset = a->out[0].offset + N * 4, .size = 4};
    scan = (mgpu_scan_info){.count = N, .input = a->keys_a, .output = a->out[0], .total = after};
    mgpu_scalar total;
    CHECK_OK(mgpu_scan(ctx, &scan, &total));
    uint32_t device_total = 0;
    CHECK_OK(mgpu_buffer_download(ctx, after, &device_total, 4));
    CHECK(total.u32 == N * (N - 1) && device_total == total.u32, "scan total %u / %u, expected %u", total.u32,
          device_total, N * (N - 1));
    sweep_reset_outputs(a);
}

void test_ranges(void) {
    mgpu_context ctx = g_test.ctx;
    uint64_t messages = mgpu_context_validation_message_count(ctx);
    sweep_arrays a;
    sweep_arrays_make(&a);
    sweep_baseline(&a);
    pooled_parts();
    wrapped();
    scan_total(&a);
    scratch_overlaps(&a);
    freed_and_reused(&a);
    other_context(&a);
    destroyed_buffer(&a);
    sweep_arrays_free(&a);
    CHECK(mgpu_context_validation_message_count(ctx) == messages, "%llu validation messages",
          (unsigned long long)(mgpu_context_validation_message_count(ctx) - messages));
}
