/* mgpuvk merge: two sorted arrays of keys (and their values) into one. */
#include "cli.h"

#include <stdlib.h>

static mgpu_result record_merge(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_merge(ctx, cmd, info, scratch);
}

/* After parsing: --values and --values-out come together. */
static void check_merge(const options *o) {
    if (!o->values_a != !o->values_out) fail(EXIT_BAD_INPUT, "--values and --values-out go together");
}

static int command_merge(const options *o) {
    char error[512];
    npy_array a, b, va = {0}, vb = {0};
    if (!npy_read(o->input, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (!npy_read(o->input_b, &b, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a.type != b.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", o->input, o->input_b);
    if (a.count + b.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "more than 2^31-1 elements in all");
    require_sorted(o->input, &a, o->descending);
    require_sorted(o->input_b, &b, o->descending);
    if (o->values_a) {
        va = read_values_for(o->values_a, &a);
        vb = read_values_for(o->values_b, &b);
        if (va.type != vb.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", o->values_a, o->values_b);
    }
    mgpu_context ctx = open_context(o);
    uint64_t total = a.count + b.count;
    size_t key_size = mgpu_type_size(a.type), value_size = o->values_a ? mgpu_type_size(va.type) : 0;
    mgpu_merge_info info = {.key_type = a.type,
                            .value_size = (uint32_t)value_size,
                            .descending = o->descending,
                            .a_count = (uint32_t)a.count,
                            .b_count = (uint32_t)b.count,
                            .a_keys = upload(ctx, &a),
                            .b_keys = upload(ctx, &b)};
    mgpu_result r = MGPU_SUCCESS;
    if (total) r = mgpu_buffer_alloc(ctx, total * key_size, &info.out_keys);
    if (r == MGPU_SUCCESS && value_size) {
        info.a_values = upload(ctx, &va);
        info.b_values = upload(ctx, &vb);
        if (total) r = mgpu_buffer_alloc(ctx, total * value_size, &info.out_values);
    }
    if (r == MGPU_SUCCESS) r = mgpu_merge(ctx, &info);
    if (r != MGPU_SUCCESS) device_fail(ctx, "merge", r);
    void *keys = malloc(total ? total * key_size : 1), *values = malloc(total && value_size ? total * value_size : 1);
    if (!keys || !values) device_fail(ctx, "host memory", MGPU_ERROR_OUT_OF_MEMORY);
    if (total) r = mgpu_buffer_download(ctx, info.out_keys, keys, total * key_size);
    if (r == MGPU_SUCCESS && total && value_size)
        r = mgpu_buffer_download(ctx, info.out_values, values, total * value_size);
    if (r != MGPU_SUCCESS) device_fail(ctx, "download", r);
    write_output(ctx, o->output, a.type, keys, total);
    if (value_size) write_output(ctx, o->values_out, va.type, values, total);
    commit_outputs(ctx);
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_merge_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_merge, &info, req.scratch_size, total,
                  (double)total * 2 * (double)(key_size + value_size));
    }
    mgpu_range ranges[] = {info.a_keys, info.b_keys, info.a_values, info.b_values, info.out_keys, info.out_values};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(keys);
    free(values);
    free(a.data);
    free(b.data);
    free(va.data);
    free(vb.data);
    return finish(ctx);
}

/* The merge family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"merge",
     "merge A.npy B.npy -o OUT.npy [--values VA.npy VB.npy --values-out VOUT.npy] [--descending]\n"
     "             [--device N|NAME] [--bench]",
     "merge two sorted arrays (and the values that go with their keys) into one sorted array",
     "  stable: of equal keys, those of A come first\n",
     command_merge,
     check_merge,
     {INPUT, OUTPUT(NEEDS_OUTPUT), POSITIONAL(input_b, "needs two input .npy files"),
      TWO_VALUES("--values", values_a, values_b), VALUE("--values-out", values_out, NULL),
      FLAG("--descending", descending)},
     {ARG("A.npy", input), ARG("B.npy", input_b), ARG("VA.npy", values_a), ARG("VB.npy", values_b)},
     {OUT("-o", output, IN(0) | IN(1)), OUT("--values-out", values_out, IN(2) | IN(3))}},
};
const cli_family cli_merge = CLI_FAMILY(commands);
