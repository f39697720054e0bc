/* mgpuvk join: the relational join of two sorted arrays. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* The join's own options, slots of options.own (tools/cli.h): --kind and --b-out. */
enum { JOIN_KIND, JOIN_B_OUT, JOIN_OWN_COUNT };
static_assert(JOIN_OWN_COUNT <= OWN_MAX, "options.own holds join's own options");

static const char *const kinds[4] = {"inner", "left", "right", "outer"};

/* --kind as an mgpu_join_kind; -1 when it is none. */
static int parse_kind(const char *name) {
    for (int k = 0; name && k < 4; ++k)
        if (!strcmp(name, kinds[k])) return k;
    return -1;
}

/* After parsing: --kind names a join. */
static void check_join(const options *o) {
    const char *kind = o->own[JOIN_KIND];
    if (parse_kind(kind) < 0)
        fail(EXIT_BAD_INPUT, "join needs --kind inner, left, right or outer%s%s%s", kind ? " (not '" : "",
             kind ? kind : "", kind ? "')" : "");
}

static mgpu_result record_join(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_join(ctx, cmd, info, scratch);
}

static int command_join(const options *o) {
    char error[512];
    npy_array a, b;
    if (!npy_read(o->input, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (!npy_read(o->input_b, &b, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a.type != b.type)
        fail(EXIT_BAD_INPUT, "%s (%s) and %s (%s) have different dtypes", o->input, npy_descr(a.type), o->input_b,
             npy_descr(b.type));
    if (a.count + b.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s and %s: more than 2^31-1 keys", o->input, o->input_b);
    require_sorted(o->input, &a, o->descending);
    require_sorted(o->input_b, &b, o->descending);
    mgpu_context ctx = open_context(o);
    mgpu_join_info info = {.key_type = a.type,
                           .kind = (mgpu_join_kind)parse_kind(o->own[JOIN_KIND]),
                           .descending = o->descending,
                           .a_count = (uint32_t)a.count,
                           .b_count = (uint32_t)b.count,
                           .a_keys = upload(ctx, &a),
                           .b_keys = upload(ctx, &b)};
    uint32_t rows = 0;
    mgpu_result r = mgpu_join_count(ctx, &info, &rows); /* more than 2^31-1 rows: bad input */
    if (r == MGPU_SUCCESS && rows) r = mgpu_buffer_alloc(ctx, (VkDeviceSize)rows * 4, &info.a_indices);
    if (r == MGPU_SUCCESS && rows) r = mgpu_buffer_alloc(ctx, (VkDeviceSize)rows * 4, &info.b_indices);
    info.capacity = rows;
    if (r == MGPU_SUCCESS) r = mgpu_join(ctx, &info, &rows);
    if (r != MGPU_SUCCESS) device_fail(ctx, "join", r);
    void *a_rows = download_or_fail(ctx, info.a_indices, (uint64_t)rows * 4);
    void *b_rows = download_or_fail(ctx, info.b_indices, (uint64_t)rows * 4);
    write_output(ctx, o->output, MGPU_TYPE_I32, a_rows, rows);
    write_output(ctx, o->own[JOIN_B_OUT], MGPU_TYPE_I32, b_rows, rows);
    commit_outputs(ctx);
    printf("%u\n", rows);
    if (o->bench && mgpu_buffer_alloc(ctx, 4, &info.row_count) == MGPU_SUCCESS) {
        mgpu_requirements req;
        size_t size = mgpu_type_size(a.type);
        if (mgpu_join_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_join, &info, req.scratch_size, a.count + b.count,
                  (double)(a.count + b.count) * (double)size + 8.0 * rows);
    }
    mgpu_range ranges[] = {info.a_keys, info.b_keys, info.a_indices, info.b_indices, info.row_count};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(a_rows);
    free(b_rows);
    free(a.data);
    free(b.data);
    return finish(ctx);
}

/* The relational join family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"join",
     "join A.npy B.npy --kind inner|left|right|outer -o A_INDEX.npy --b-out B_INDEX.npy [--descending]\n"
     "            [--device N|NAME] [--bench]",
     "relational join of two sorted arrays: one row (A index, B index) per pair of equal keys; prints the rows",
     "  A and B sorted in the same order (ascending, or --descending; checked), of one dtype. Keys are equal\n"
     "  when their bits are (-0.0 and +0.0 differ; NaNs with the same bits are equal). Both outputs are <i4,\n"
     "  one element per row, -1 for the missing side. Rows come in A order, an A element's equal B elements\n"
     "  in B order:\n"
     "    inner  a row for every pair of equal keys\n"
     "    left   and a row (i, -1) for each A[i] without an equal key in B, where it falls\n"
     "    right  inner, then a row (-1, j) for each B[j] without an equal key in A, in B order\n"
     "    outer  left, then right's rows (-1, j)\n"
     "    A: 100 101 103 103  B: 100 100 102 103  outer -> A_INDEX 0 0 1 2 3 -1, B_INDEX 0 1 -1 3 3 2\n"
     "  More than 2^31-1 rows is bad input (exit 2).\n",
     command_join,
     check_join,
     {INPUT, POSITIONAL(input_b, "needs A.npy and B.npy"), VALUE("--kind", own[JOIN_KIND], NULL), OUTPUT(NEEDS_OUTPUT),
      VALUE("--b-out", own[JOIN_B_OUT], "needs --b-out B_INDEX.npy"), FLAG("--descending", descending)},
     {ARG("A.npy", input), ARG("B.npy", input_b)},
     {OUT("-o", output, IN(0) | IN(1)), OUT("--b-out", own[JOIN_B_OUT], IN(0) | IN(1))}},
};
const cli_family cli_join = CLI_FAMILY(commands);
