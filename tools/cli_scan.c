/* mgpuvk scan. */
#include "cli.h"

#include <stdlib.h>

/* Scan's own option, a slot of options.own_flag (tools/cli.h): --exclusive. */
enum { SCAN_EXCLUSIVE, SCAN_OWN_COUNT };
static_assert(SCAN_OWN_COUNT <= OWN_FLAG_MAX, "options.own_flag holds scan's own option");

static mgpu_result record_scan(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_scan(ctx, cmd, info, scratch);
}

static int command_scan(const options *o) {
    mgpu_op op = parse_op(o->op, true);
    npy_array a;
    mgpu_range in, out = {0};
    mgpu_context ctx = open_with_input(o, &a, &in);
    size_t size = mgpu_type_size(a.type);
    mgpu_result r = MGPU_SUCCESS;
    if (a.count && (r = mgpu_buffer_alloc(ctx, a.count * size, &out)) != MGPU_SUCCESS)
        device_fail(ctx, "allocation", r);
    mgpu_scan_info info = {.type = a.type,
                           .op = op,
                           .exclusive = o->own_flag[SCAN_EXCLUSIVE],
                           .count = (uint32_t)a.count,
                           .input = in,
                           .output = out};
    mgpu_scalar total;
    r = mgpu_scan(ctx, &info, &total);
    if (r != MGPU_SUCCESS) device_fail(ctx, "scan", r);
    if (a.count) {
        r = mgpu_buffer_download(ctx, out, a.data, a.count * size);
        if (r != MGPU_SUCCESS) device_fail(ctx, "download", r);
    }
    write_output(ctx, o->output, a.type, a.data, a.count);
    commit_outputs(ctx);
    print_scalar(a.type, total);
    printf("\n");
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_scan_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_scan, &info, req.scratch_size, a.count, 2.0 * (double)a.count * (double)size);
    }
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, out);
    free(a.data);
    return finish(ctx);
}

/* The scan family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"scan",
     "scan IN.npy -o OUT.npy [--op add|min|max] [--exclusive] [--device N|NAME] [--bench]",
     "the inclusive (or exclusive) scan of IN into OUT; prints the total",
     NULL,
     command_scan,
     NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), OP, FLAG("--exclusive", own_flag[SCAN_EXCLUSIVE])},
     {ARG("IN.npy", input)},
     {OUT("-o", output, IN(0))}},
};
const cli_family cli_scan = CLI_FAMILY(commands);
