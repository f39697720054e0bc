/* mgpuvk segreduce and reduce-by-key. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Segreduce's own option, a slot of options.own (tools/cli.h): --starts. */
enum { SEGREDUCE_STARTS, SEGREDUCE_OWN_COUNT };
static_assert(SEGREDUCE_OWN_COUNT <= OWN_MAX, "options.own holds segreduce's own option");

static mgpu_result record_segreduce(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_segreduce(ctx, cmd, info, scratch);
}

static mgpu_result record_reduce_by_key(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_reduce_by_key(ctx, cmd, info, scratch);
}

static npy_array read_or_fail(const char *path) {
    char error[512];
    npy_array a;
    if (!npy_read(path, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", path);
    return a;
}

static int command_segreduce(const options *o) {
    const char *starts_path = o->own[SEGREDUCE_STARTS];
    mgpu_op op = parse_op(o->op, true);
    npy_array values = read_or_fail(o->input), starts = read_or_fail(starts_path);
    if (starts.type != MGPU_TYPE_I32)
        fail(EXIT_BAD_INPUT, "%s: starts must be <i4, not %s", starts_path, npy_descr(starts.type));
    const int32_t *s = starts.data;
    for (uint64_t k = 0; k < starts.count; ++k) {
        if (s[k] < 0 || (uint64_t)s[k] > values.count)
            fail(EXIT_BAD_INPUT, "%s: start %d at %llu is outside [0, %llu]", starts_path, s[k], (unsigned long long)k,
                 (unsigned long long)values.count);
        if (k && s[k] < s[k - 1])
            fail(EXIT_BAD_INPUT, "%s: starts are not ascending (%d after %d at %llu)", starts_path, s[k], s[k - 1],
                 (unsigned long long)k);
    }
    if (values.count + starts.count > 0x7ffffffeu)
        fail(EXIT_BAD_INPUT, "%s and %s: more than 2^31-2 values and starts", o->input, starts_path);
    mgpu_context ctx = open_context(o);
    size_t size = mgpu_type_size(values.type);
    mgpu_range in = upload(ctx, &values), rs = upload(ctx, &starts), out = {0};
    mgpu_result r = MGPU_SUCCESS;
    if (starts.count) r = mgpu_buffer_alloc(ctx, starts.count * size, &out);
    mgpu_segreduce_info info = {.type = values.type,
                                .op = op,
                                .count = (uint32_t)values.count,
                                .segment_count = (uint32_t)starts.count,
                                .values = in,
                                .starts = rs,
                                .output = out};
    if (r == MGPU_SUCCESS) r = mgpu_segreduce(ctx, &info);
    if (r != MGPU_SUCCESS) device_fail(ctx, "segreduce", r);
    void *host = download_or_fail(ctx, out, starts.count * size);
    write_output(ctx, o->output, values.type, host, starts.count);
    commit_outputs(ctx);
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_segreduce_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_segreduce, &info, req.scratch_size, values.count,
                  (double)values.count * (double)size + (double)starts.count * (4.0 + (double)size));
    }
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, rs);
    mgpu_buffer_free(ctx, out);
    free(host);
    free(values.data);
    free(starts.data);
    return finish(ctx);
}

static int command_reduce_by_key(const options *o) {
    mgpu_op op = parse_op(o->op, true);
    npy_array keys = read_or_fail(o->input), values = read_values_for(o->input_b, &keys);
    mgpu_context ctx = open_context(o);
    size_t key_size = mgpu_type_size(keys.type), value_size = mgpu_type_size(values.type);
    mgpu_range rk = upload(ctx, &keys), rv = upload(ctx, &values), rko = {0}, rvo = {0};
    mgpu_result r = MGPU_SUCCESS;
    if (keys.count) {
        r = mgpu_buffer_alloc(ctx, keys.count * key_size, &rko);
        if (r == MGPU_SUCCESS) r = mgpu_buffer_alloc(ctx, keys.count * value_size, &rvo);
    }
    mgpu_reduce_by_key_info info = {.key_type = keys.type,
                                    .value_type = values.type,
                                    .op = op,
                                    .count = (uint32_t)keys.count,
                                    .keys_in = rk,
                                    .values_in = rv,
                                    .keys_out = rko,
                                    .values_out = rvo};
    uint32_t runs = 0;
    if (r == MGPU_SUCCESS) r = mgpu_reduce_by_key(ctx, &info, &runs);
    if (r != MGPU_SUCCESS) device_fail(ctx, "reduce-by-key", r);
    void *out_keys = download_or_fail(ctx, rko, (uint64_t)runs * key_size);
    void *out_values = download_or_fail(ctx, rvo, (uint64_t)runs * value_size);
    write_output(ctx, o->output, keys.type, out_keys, runs);
    write_output(ctx, o->values_out, values.type, out_values, runs);
    commit_outputs(ctx);
    printf("%u\n", runs);
    if (o->bench) {
        mgpu_requirements req;
        mgpu_range count = {0};
        if (mgpu_buffer_alloc(ctx, 4, &count) == MGPU_SUCCESS) {
            info.run_count = count;
            if (mgpu_reduce_by_key_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
                bench(ctx, record_reduce_by_key, &info, req.scratch_size, keys.count,
                      (double)keys.count * (double)(key_size + value_size) +
                          (double)runs * (double)(key_size + value_size));
            mgpu_buffer_free(ctx, count);
        }
    }
    mgpu_range ranges[] = {rk, rv, rko, rvo};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(out_keys);
    free(out_values);
    free(keys.data);
    free(values.data);
    return finish(ctx);
}

/* The segmented reduce family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"segreduce",
     "segreduce VALUES.npy --starts S.npy -o OUT.npy [--op add|min|max] [--device N|NAME] [--bench]",
     "one reduction per segment of VALUES: segment k is [S[k], S[k+1]), the last ends at the end of VALUES",
     "  S is <i4, ascending, each in [0, len(VALUES)] (checked); values before S[0] belong to no segment;\n"
     "  an empty segment gives the op's identity (0, the type's maximum or +inf for min, its lowest or -inf\n"
     "  for max); OUT has one value per start, of VALUES' dtype\n",
     command_segreduce,
     NULL,
     {INPUT, VALUE("--starts", own[SEGREDUCE_STARTS], "needs --starts S.npy"), OUTPUT(NEEDS_OUTPUT), OP},
     {ARG("VALUES.npy", input), ARG("S.npy", own[SEGREDUCE_STARTS])},
     {OUT("-o", output, IN(0))}},
    {"reduce-by-key",
     "reduce-by-key KEYS.npy VALUES.npy -o OUT_KEYS.npy --values-out OUT_VALUES.npy [--op add|min|max]\n"
     "                     [--device N|NAME] [--bench]",
     "one key and the reduction of its values per run of equal consecutive keys; prints the number of runs",
     "  keys are equal when their bits are (-0.0 and +0.0 differ; NaNs with the same bits are equal);\n"
     "  KEYS and VALUES have the same length, any dtypes\n",
     command_reduce_by_key,
     NULL,
     {INPUT, POSITIONAL(input_b, "needs KEYS.npy and VALUES.npy"), OUTPUT(NEEDS_OUTPUT),
      VALUE("--values-out", values_out, "needs --values-out OUT_VALUES.npy"), OP},
     {ARG("KEYS.npy", input), ARG("VALUES.npy", input_b)},
     {OUT("-o", output, IN(0)), OUT("--values-out", values_out, IN(1))}},
};
const cli_family cli_segreduce = CLI_FAMILY(commands);
