/* mgpuvk load-balance and the interval commands (expand, gather, scatter, move) built on it. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* The interval commands' own options, slots of options.own (tools/cli.h): --gather, --scatter, --input, --into. */
enum { INTERVAL_GATHER, INTERVAL_SCATTER, INTERVAL_INPUT, INTERVAL_INTO, LOAD_BALANCE_OWN_COUNT };
static_assert(LOAD_BALANCE_OWN_COUNT <= OWN_MAX, "options.own holds the interval commands' own options");

/* The options as the commands take them (subcommand.takes): each required by those that take it. */
#define GATHER_OPTION  VALUE("--gather", own[INTERVAL_GATHER], "needs --gather G.npy")
#define SCATTER_OPTION VALUE("--scatter", own[INTERVAL_SCATTER], "needs --scatter S.npy")
#define INPUT_OPTION   VALUE("--input", own[INTERVAL_INPUT], "needs --input IN.npy")
#define INTO_OPTION    VALUE("--into", own[INTERVAL_INTO], "needs --into DEST.npy")

static mgpu_result record_load_balance(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_load_balance(ctx, cmd, info, scratch);
}

static int command_load_balance(const options *o) {
    char error[512];
    npy_array counts;
    if (!npy_read(o->input, &counts, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (counts.type != MGPU_TYPE_I32)
        fail(EXIT_BAD_INPUT, "%s: counts must be <i4, not %s", o->input, npy_descr(counts.type));
    uint64_t items = 0;
    for (uint64_t j = 0; j < counts.count; ++j) {
        int32_t c = ((const int32_t *)counts.data)[j];
        if (c < 0) fail(EXIT_BAD_INPUT, "%s: negative count %d at %llu", o->input, c, (unsigned long long)j);
        items += (uint64_t)c;
    }
    if (items + counts.count > 0x7fffffffu)
        fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 work items and objects", o->input);
    mgpu_context ctx = open_context(o);
    mgpu_range in = upload(ctx, &counts), starts = {0}, objects = {0};
    mgpu_result r = MGPU_SUCCESS;
    if (counts.count) r = mgpu_buffer_alloc(ctx, counts.count * 4, &starts);
    if (r == MGPU_SUCCESS && items) r = mgpu_buffer_alloc(ctx, items * 4, &objects);
    if (r == MGPU_SUCCESS)
        r = mgpu_scan(ctx,
                      &(mgpu_scan_info){.type = MGPU_TYPE_I32,
                                        .exclusive = true,
                                        .count = (uint32_t)counts.count,
                                        .input = in,
                                        .output = starts},
                      NULL);
    mgpu_load_balance_info info = {.item_count = (uint32_t)items,
                                   .object_count = (uint32_t)counts.count,
                                   .object_starts = starts,
                                   .out_objects = objects};
    if (r == MGPU_SUCCESS) r = mgpu_load_balance(ctx, &info);
    int32_t *host = malloc(items ? items * 4 : 4);
    if (!host) r = MGPU_ERROR_OUT_OF_MEMORY;
    if (r == MGPU_SUCCESS && items) r = mgpu_buffer_download(ctx, objects, host, items * 4);
    if (r != MGPU_SUCCESS) device_fail(ctx, "load balance", r);
    write_output(ctx, o->output, MGPU_TYPE_I32, host, items);
    commit_outputs(ctx);
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_load_balance_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_load_balance, &info, req.scratch_size, items,
                  4.0 * ((double)items + (double)counts.count));
    }
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, starts);
    mgpu_buffer_free(ctx, objects);
    free(host);
    free(counts.data);
    return finish(ctx);
}

/* Reads an int32 array of n elements (an index array of the interval commands). */
static npy_array read_indices(const char *path, uint64_t n, const char *what) {
    char error[512];
    npy_array a;
    if (!npy_read(path, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a.type != MGPU_TYPE_I32) fail(EXIT_BAD_INPUT, "%s: %s must be <i4, not %s", path, what, npy_descr(a.type));
    if (a.count != n)
        fail(EXIT_BAD_INPUT, "%s: %llu %s for %llu intervals", path, (unsigned long long)a.count, what,
             (unsigned long long)n);
    return a;
}

/* Each interval [index[o], index[o] + count[o]) lies inside [0, length). */
static void require_intervals_inside(const char *path, const npy_array *index, const int32_t *counts, uint64_t length) {
    for (uint64_t o = 0; o < index->count; ++o) {
        int32_t x = ((const int32_t *)index->data)[o];
        if (x < 0 || (uint64_t)x + (uint64_t)counts[o] > length)
            fail(EXIT_BAD_INPUT, "%s: interval %llu, [%d, %lld), is outside the array of %llu", path,
                 (unsigned long long)o, x, (long long)x + counts[o], (unsigned long long)length);
    }
}

static mgpu_result record_interval(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_interval(ctx, cmd, info, scratch);
}

static int command_interval(const options *o) {
    mgpu_interval_op op = !strcmp(o->command, "interval-expand")    ? MGPU_INTERVAL_OP_EXPAND
                          : !strcmp(o->command, "interval-gather")  ? MGPU_INTERVAL_OP_GATHER
                          : !strcmp(o->command, "interval-scatter") ? MGPU_INTERVAL_OP_SCATTER
                                                                    : MGPU_INTERVAL_OP_MOVE;
    const char *gather_path = o->own[INTERVAL_GATHER], *scatter_path = o->own[INTERVAL_SCATTER],
               *into = o->own[INTERVAL_INTO];
    char error[512];
    npy_array counts, input, dest = {0}, gather = {0}, scatter = {0};
    if (!npy_read(o->input, &counts, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (counts.type != MGPU_TYPE_I32)
        fail(EXIT_BAD_INPUT, "%s: counts must be <i4, not %s", o->input, npy_descr(counts.type));
    const int32_t *c = counts.data;
    uint64_t items = 0;
    for (uint64_t j = 0; j < counts.count; ++j) {
        if (c[j] < 0) fail(EXIT_BAD_INPUT, "%s: negative count %d at %llu", o->input, c[j], (unsigned long long)j);
        items += (uint64_t)c[j];
    }
    if (items + counts.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    const char *input_path = op == MGPU_INTERVAL_OP_EXPAND ? o->input_b : o->own[INTERVAL_INPUT];
    if (!npy_read(input_path, &input, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (op == MGPU_INTERVAL_OP_EXPAND && input.count != counts.count)
        fail(EXIT_BAD_INPUT, "%s: %llu values for %llu intervals", input_path, (unsigned long long)input.count,
             (unsigned long long)counts.count);
    if (op == MGPU_INTERVAL_OP_SCATTER && input.count != items)
        fail(EXIT_BAD_INPUT, "%s: %llu values for %llu interval elements", input_path, (unsigned long long)input.count,
             (unsigned long long)items);
    if (gather_path) {
        gather = read_indices(gather_path, counts.count, "gather offsets");
        require_intervals_inside(gather_path, &gather, c, input.count);
    }
    if (into) {
        if (!npy_read(into, &dest, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
        if (dest.type != input.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", input_path, into);
        if (dest.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", into);
        scatter = read_indices(scatter_path, counts.count, "scatter offsets");
        require_intervals_inside(scatter_path, &scatter, c, dest.count);
    }
    mgpu_context ctx = open_context(o);
    size_t vs = mgpu_type_size(input.type);
    npy_array starts = {.type = MGPU_TYPE_I32, .count = counts.count, .data = malloc(counts.count * 4 + 4)};
    for (uint64_t j = 0, s = 0; j < counts.count; s += (uint64_t)c[j], ++j) ((int32_t *)starts.data)[j] = (int32_t)s;
    uint64_t out_count = into ? dest.count : items;
    mgpu_interval_info info = {.op = op,
                               .value_size = (uint32_t)vs,
                               .item_count = (uint32_t)items,
                               .interval_count = (uint32_t)counts.count,
                               .interval_starts = upload(ctx, &starts),
                               .gather = upload(ctx, &gather),
                               .scatter = upload(ctx, &scatter),
                               .input = upload(ctx, &input),
                               .input_count = (uint32_t)input.count,
                               .output = into ? upload(ctx, &dest) : (mgpu_range){0},
                               .output_count = (uint32_t)out_count};
    mgpu_result r = MGPU_SUCCESS;
    if (!into && out_count) r = mgpu_buffer_alloc(ctx, out_count * vs, &info.output);
    if (r == MGPU_SUCCESS) r = mgpu_interval(ctx, &info);
    void *host = malloc(out_count ? out_count * vs : 1);
    if (!host) r = MGPU_ERROR_OUT_OF_MEMORY;
    if (r == MGPU_SUCCESS && out_count) r = mgpu_buffer_download(ctx, info.output, host, out_count * vs);
    if (r != MGPU_SUCCESS) device_fail(ctx, o->command, r);
    write_output(ctx, o->output, input.type, host, out_count);
    commit_outputs(ctx);
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_interval_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_interval, &info, req.scratch_size, items, 2.0 * (double)items * (double)vs);
    }
    mgpu_range ranges[] = {info.interval_starts, info.gather, info.scatter, info.input, info.output};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(host);
    free(counts.data);
    free(starts.data);
    free(input.data);
    free(dest.data);
    free(gather.data);
    free(scatter.data);
    return finish(ctx);
}

/* The load-balancing search family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"load-balance",
     "load-balance COUNTS.npy -o OBJ.npy [--device N|NAME] [--bench]",
     "for each work item of objects with COUNTS (<i4 >= 0) items, its object (OBJ <i4)",
     "    COUNTS: 3 0 2 1 -> OBJ: 0 0 0 2 2 3\n"
     "  OBJ has one element per work item, COUNTS one per object: -o never replaces COUNTS.\n",
     command_load_balance,
     NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT)},
     {ARG("COUNTS.npy", input)},
     {OUT("-o", output, 0)}},
    {"interval-expand",
     "interval-expand COUNTS.npy VALUES.npy -o OUT.npy [--device N|NAME] [--bench]",
     "VALUES[i] repeated COUNTS[i] times",
     NULL,
     command_interval,
     NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), POSITIONAL(input_b, "needs COUNTS.npy and VALUES.npy")},
     {ARG("COUNTS.npy", input), ARG("VALUES.npy", input_b)},
     {OUT("-o", output, IN(1))}},
    {"interval-gather",
     "interval-gather COUNTS.npy --gather G.npy --input IN.npy -o OUT.npy [--device N|NAME] [--bench]",
     "the intervals IN[G[i] .. G[i]+COUNTS[i]) one after another",
     NULL,
     command_interval,
     NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), GATHER_OPTION, INPUT_OPTION},
     {ARG("COUNTS.npy", input), ARG("G.npy", own[INTERVAL_GATHER]), ARG("IN.npy", own[INTERVAL_INPUT])},
     {OUT("-o", output, IN(2))}},
    {"interval-scatter",
     "interval-scatter COUNTS.npy --scatter S.npy --input IN.npy --into DEST.npy -o OUT.npy\n"
     "                        [--device N|NAME] [--bench]",
     "DEST with the consecutive intervals of IN written at S[i] .. S[i]+COUNTS[i]",
     NULL,
     command_interval,
     NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), SCATTER_OPTION, INPUT_OPTION, INTO_OPTION},
     {ARG("COUNTS.npy", input), ARG("S.npy", own[INTERVAL_SCATTER]), ARG("IN.npy", own[INTERVAL_INPUT]),
      ARG("DEST.npy", own[INTERVAL_INTO])},
     {OUT("-o", output, IN(3))}},
    {"interval-move",
     "interval-move COUNTS.npy --gather G.npy --scatter S.npy --input IN.npy --into DEST.npy -o OUT.npy\n"
     "                     [--device N|NAME] [--bench]",
     "DEST with IN[G[i] .. G[i]+COUNTS[i]) written at S[i]",
     NULL,
     command_interval,
     NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), GATHER_OPTION, SCATTER_OPTION, INPUT_OPTION, INTO_OPTION},
     {ARG("COUNTS.npy", input), ARG("G.npy", own[INTERVAL_GATHER]), ARG("S.npy", own[INTERVAL_SCATTER]),
      ARG("IN.npy", own[INTERVAL_INPUT]), ARG("DEST.npy", own[INTERVAL_INTO])},
     {OUT("-o", output, IN(4))}},
};
const cli_family cli_load_balance = CLI_FAMILY(commands);
