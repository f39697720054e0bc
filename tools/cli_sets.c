/* mgpuvk set: the multiset operations of two sorted arrays (and the values that go with their keys). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static mgpu_result record_set(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_set_operation(ctx, cmd, info, scratch);
}

/* After parsing: --values and --values-out come together. */
static void check_set(const options *o) {
    if (!o->values_a != !o->values_out) fail(EXIT_BAD_INPUT, "--values and --values-out go together");
}

static mgpu_set_op parse_set_op(const char *name) {
    static const char *const names[] = {"intersection", "union", "difference", "symdiff"};
    for (int op = 0; op < 4; ++op)
        if (!strcmp(name, names[op])) return (mgpu_set_op)op;
    fail(EXIT_BAD_INPUT, "--op %s: intersection, union, difference or symdiff", name);
}

static int command_set(const options *o) {
    mgpu_set_op op = parse_set_op(o->op);
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
    /* Room for the largest result (every element), so that the operation counts and writes in one submission. */
    uint64_t room = a.count + b.count;
    size_t key_size = mgpu_type_size(a.type), value_size = o->values_a ? mgpu_type_size(va.type) : 0;
    mgpu_set_info info = {.key_type = a.type,
                          .op = op,
                          .descending = o->descending,
                          .value_size = (uint32_t)value_size,
                          .a_count = (uint32_t)a.count,
                          .b_count = (uint32_t)b.count,
                          .a_keys = upload(ctx, &a),
                          .b_keys = upload(ctx, &b),
                          .capacity = (uint32_t)room};
    mgpu_result r = MGPU_SUCCESS;
    if (room) r = mgpu_buffer_alloc(ctx, room * key_size, &info.out_keys);
    if (r == MGPU_SUCCESS && value_size) {
        info.a_values = upload(ctx, &va);
        info.b_values = upload(ctx, &vb);
        if (room) r = mgpu_buffer_alloc(ctx, room * value_size, &info.out_values);
    }
    uint32_t count = 0;
    if (r == MGPU_SUCCESS) r = mgpu_set_operation(ctx, &info, &count);
    if (r != MGPU_SUCCESS) device_fail(ctx, "set", r);
    void *keys = download_or_fail(ctx, info.out_keys, (uint64_t)count * key_size);
    void *values = download_or_fail(ctx, info.out_values, (uint64_t)count * value_size);
    write_output(ctx, o->output, a.type, keys, count);
    if (value_size) write_output(ctx, o->values_out, va.type, values, count);
    commit_outputs(ctx);
    printf("%u\n", count);
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_buffer_alloc(ctx, 4, &info.out_count) == MGPU_SUCCESS &&
            mgpu_set_operation_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_set, &info, req.scratch_size, room,
                  (double)(room + count) * (double)(key_size + value_size));
        mgpu_buffer_free(ctx, info.out_count);
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

/* The multiset family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"set",
     "set A.npy B.npy --op intersection|union|difference|symdiff -o OUT.npy\n"
     "           [--values VA.npy VB.npy --values-out VOUT.npy] [--descending] [--device N|NAME] [--bench]",
     "a multiset operation of two sorted arrays, as C++'s std::set_*; prints the number of output keys",
     "  the k-th copy of a key in A matches the k-th copy in B: intersection keeps A's element of each match,\n"
     "  union every element of A and B's without a match, difference (A - B) A's without one, symdiff those of\n"
     "  both without one; outputs in sorted order, values with their keys. A and B must be sorted in the order\n"
     "  given and of one dtype; VA and VB of one dtype, as long as A and B (all checked)\n",
     command_set,
     check_set,
     {INPUT, POSITIONAL(input_b, "needs two input .npy files"),
      VALUE("--op", op, "needs --op intersection|union|difference|symdiff"), OUTPUT(NEEDS_OUTPUT),
      TWO_VALUES("--values", values_a, values_b), VALUE("--values-out", values_out, NULL),
      FLAG("--descending", descending)},
     {ARG("A.npy", input), ARG("B.npy", input_b), ARG("VA.npy", values_a), ARG("VB.npy", values_b)},
     {OUT("-o", output, IN(0) | IN(1)), OUT("--values-out", values_out, IN(2) | IN(3))}},
};
const cli_family cli_sets = CLI_FAMILY(commands);
