/* mgpuvk bulk-remove and bulk-insert. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* The bulk commands' own options, slots of options.own (tools/cli.h): --indices, and bulk-insert's --insert. */
enum { BULK_INDICES, BULK_INSERT, BULK_OWN_COUNT };
static_assert(BULK_OWN_COUNT <= OWN_MAX, "options.own holds the bulk commands' own options");

static int command_bulk(const options *o) {
    const char *indices_path = o->own[BULK_INDICES], *insert_path = o->own[BULK_INSERT];
    bool insert = !strcmp(o->command, "bulk-insert");
    char error[512];
    npy_array b, a = {0}, idx;
    if (!npy_read(o->input, &b, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (insert && !npy_read(insert_path, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (insert && a.type != b.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", insert_path, o->input);
    if (!npy_read(indices_path, &idx, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (idx.type != MGPU_TYPE_I32)
        fail(EXIT_BAD_INPUT, "%s: indices must be <i4, not %s", indices_path, npy_descr(idx.type));
    if (insert && idx.count != a.count)
        fail(EXIT_BAD_INPUT, "%s: %llu indices for %llu values to insert", indices_path, (unsigned long long)idx.count,
             (unsigned long long)a.count);
    if (b.count + a.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "more than 2^31-1 elements");
    const int32_t *x = idx.data;
    for (uint64_t k = 0; k < idx.count; ++k) {
        int64_t limit = insert ? (int64_t)b.count : (int64_t)b.count - 1;
        if (x[k] < 0 || x[k] > limit)
            fail(EXIT_BAD_INPUT, "%s: index %d at %llu is out of range [0, %lld]", indices_path, x[k],
                 (unsigned long long)k, (long long)limit);
        if (k && (insert ? x[k] < x[k - 1] : x[k] <= x[k - 1]))
            fail(EXIT_BAD_INPUT, "%s: indices are not %s at %llu", indices_path,
                 insert ? "ascending" : "strictly ascending", (unsigned long long)k);
    }
    mgpu_context ctx = open_context(o);
    size_t vs = mgpu_type_size(b.type);
    uint64_t out_count = insert ? a.count + b.count : b.count - idx.count;
    mgpu_range rb = upload(ctx, &b), ra = upload(ctx, &a), rx = upload(ctx, &idx), ro = {0};
    mgpu_result r = MGPU_SUCCESS;
    if (out_count) r = mgpu_buffer_alloc(ctx, out_count * vs, &ro);
    if (r == MGPU_SUCCESS && insert)
        r = mgpu_bulk_insert(ctx, &(mgpu_bulk_insert_info){.value_size = (uint32_t)vs,
                                                           .b_count = (uint32_t)b.count,
                                                           .b = rb,
                                                           .a_count = (uint32_t)a.count,
                                                           .insert = ra,
                                                           .indices = rx,
                                                           .output = ro});
    else if (r == MGPU_SUCCESS)
        r = mgpu_bulk_remove(ctx, &(mgpu_bulk_remove_info){.value_size = (uint32_t)vs,
                                                           .count = (uint32_t)b.count,
                                                           .input = rb,
                                                           .index_count = (uint32_t)idx.count,
                                                           .indices = rx,
                                                           .output = ro});
    void *host = malloc(out_count ? out_count * vs : 1);
    if (!host) r = MGPU_ERROR_OUT_OF_MEMORY;
    if (r == MGPU_SUCCESS && out_count) r = mgpu_buffer_download(ctx, ro, host, out_count * vs);
    if (r != MGPU_SUCCESS) device_fail(ctx, o->command, r);
    write_output(ctx, o->output, b.type, host, out_count);
    commit_outputs(ctx);
    mgpu_range ranges[] = {rb, ra, rx, ro};
    for (size_t i = 0; i < 4; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(host);
    free(b.data);
    free(a.data);
    free(idx.data);
    return finish(ctx);
}

/* The bulk family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"bulk-remove",
     "bulk-remove IN.npy --indices IDX.npy -o OUT.npy [--device N|NAME]",
     "IN without the elements at IDX (<i4, strictly ascending)",
     NULL,
     command_bulk,
     NULL,
     {INPUT, VALUE("--indices", own[BULK_INDICES], "needs --indices IDX.npy"), OUTPUT(NEEDS_OUTPUT), IGNORED_OP},
     {ARG("IN.npy", input), ARG("IDX.npy", own[BULK_INDICES])},
     {OUT("-o", output, IN(0))}},
    {"bulk-insert",
     "bulk-insert B.npy --insert A.npy --indices IDX.npy -o OUT.npy [--device N|NAME]",
     "B with A[i] inserted before B[IDX[i]] (IDX <i4, ascending, at most the length of B)",
     NULL,
     command_bulk,
     NULL,
     {INPUT, VALUE("--indices", own[BULK_INDICES], "needs --indices IDX.npy"),
      VALUE("--insert", own[BULK_INSERT], "needs --insert A.npy"), OUTPUT(NEEDS_OUTPUT), IGNORED_OP},
     {ARG("B.npy", input), ARG("A.npy", own[BULK_INSERT]), ARG("IDX.npy", own[BULK_INDICES])},
     {OUT("-o", output, IN(0))}},
};
const cli_family cli_bulk = CLI_FAMILY(commands);
