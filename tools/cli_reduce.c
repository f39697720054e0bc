/* mgpuvk reduce. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>

static mgpu_result record_reduce(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_reduce(ctx, cmd, info, scratch);
}

static int command_reduce(const options *o) {
    mgpu_op op = parse_op(o->op, false);
    npy_array a;
    mgpu_range in;
    mgpu_context ctx = open_with_input(o, &a, &in);
    size_t size = mgpu_type_size(a.type);
    mgpu_reduce_info info = {.type = a.type, .op = op, .count = (uint32_t)a.count, .input = in};
    mgpu_reduce_value value;
    mgpu_result r = mgpu_reduce(ctx, &info, &value);
    if (r != MGPU_SUCCESS) device_fail(ctx, "reduce", r);
    print_scalar(a.type, value.value);
    if (op == MGPU_OP_MAX_INDEX) printf(" %" PRId64, value.index);
    printf("\n");
    if (o->bench) {
        mgpu_range result;
        mgpu_requirements req;
        if (mgpu_buffer_alloc(ctx, MGPU_REDUCE_RESULT_BYTES, &result) == MGPU_SUCCESS) {
            info.result = result;
            if (mgpu_reduce_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
                bench(ctx, record_reduce, &info, req.scratch_size, a.count, (double)a.count * (double)size);
            mgpu_buffer_free(ctx, result);
        }
    }
    mgpu_buffer_free(ctx, in);
    free(a.data);
    return finish(ctx);
}

/* The reduce family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"reduce",
     "reduce IN.npy [--op add|min|max|maxindex] [--device N|NAME] [--bench]",
     "print the reduction of IN (maxindex: the value, a space, its first index)",
     NULL,
     command_reduce,
     NULL,
     {INPUT, OP},
     {ARG("IN.npy", input)},
     {{0}}},
};
const cli_family cli_reduce = CLI_FAMILY(commands);
