/* mgpuvk segsort: the segmented sort of keys (with values, or giving the permutation), segments by heads or by
 * head flags. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Segsort's own options, slots of options.own (tools/cli.h): --heads and --flags. */
enum { SEGSORT_HEADS, SEGSORT_FLAGS, SEGSORT_OWN_COUNT };
static_assert(SEGSORT_OWN_COUNT <= OWN_MAX, "options.own holds segsort's own options");

static mgpu_result record_segsort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_segsort(ctx, cmd, info, scratch);
}

/* After parsing: values or the permutation, and heads or flags. */
static void check_segsort(const options *o) {
    if (!o->values_a != !o->values_out) fail(EXIT_BAD_INPUT, "--values and --values-out go together");
    if (o->values_a && o->indices_out) fail(EXIT_BAD_INPUT, "segsort takes --values or --indices-out, not both");
    if (!o->own[SEGSORT_HEADS] == !o->own[SEGSORT_FLAGS])
        fail(EXIT_BAD_INPUT, "segsort needs --heads H.npy or --flags F.npy (one of them)");
}

/* Reads the segments and checks them against n keys: heads <i4, ascending, in [0, n] (returned as they are),
 * or flags <u4 or <i4, one per key (returned packed, bit i % 32 of word i / 32). Exits with 2 on bad input. */
static npy_array read_segments(const options *o, uint64_t n, uint32_t *head_count) {
    const char *heads = o->own[SEGSORT_HEADS];
    char error[512];
    npy_array s;
    const char *path = heads ? heads : o->own[SEGSORT_FLAGS];
    if (!npy_read(path, &s, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (heads) {
        if (s.type != MGPU_TYPE_I32) fail(EXIT_BAD_INPUT, "%s: heads must be <i4, not %s", path, npy_descr(s.type));
        const int32_t *h = s.data;
        for (uint64_t k = 0; k < s.count; ++k) {
            if (h[k] < 0 || (uint64_t)h[k] > n)
                fail(EXIT_BAD_INPUT, "%s: head %d at %llu is out of range [0, %llu]", path, h[k], (unsigned long long)k,
                     (unsigned long long)n);
            if (k && h[k] < h[k - 1])
                fail(EXIT_BAD_INPUT, "%s: heads are not ascending at %llu", path, (unsigned long long)k);
        }
        if (s.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 heads", path);
        *head_count = (uint32_t)s.count;
        return s;
    }
    if (s.type != MGPU_TYPE_U32 && s.type != MGPU_TYPE_I32)
        fail(EXIT_BAD_INPUT, "%s: flags must be <u4 or <i4, not %s", path, npy_descr(s.type));
    if (s.count != n)
        fail(EXIT_BAD_INPUT, "%s has %llu flags for %llu keys", path, (unsigned long long)s.count,
             (unsigned long long)n);
    uint64_t words = (n + 31) / 32;
    uint32_t *packed = calloc(words ? words : 1, 4);
    if (!packed) fail(EXIT_DEVICE, "out of host memory");
    const uint32_t *f = s.data;
    for (uint64_t i = 0; i < n; ++i)
        if (f[i]) packed[i / 32] |= 1u << (i % 32);
    free(s.data);
    *head_count = 0;
    return (npy_array){.type = MGPU_TYPE_U32, .count = words, .data = packed};
}

static int command_segsort(const options *o) {
    char error[512];
    npy_array keys, values = {0};
    if (!npy_read(o->input, &keys, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (keys.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    uint32_t head_count = 0;
    npy_array segments = read_segments(o, keys.count, &head_count);
    if (o->values_a) values = read_values_for(o->values_a, &keys);
    mgpu_context ctx = open_context(o);
    uint64_t n = keys.count;
    size_t key_size = mgpu_type_size(keys.type), value_size = o->values_a ? mgpu_type_size(values.type) : 0;
    size_t out_value_size = o->indices_out ? 4 : value_size;
    mgpu_segsort_info info = {.key_type = keys.type,
                              .value_size = (uint32_t)value_size,
                              .indices = o->indices_out != NULL,
                              .descending = o->descending,
                              .count = (uint32_t)n,
                              .keys_in = upload(ctx, &keys),
                              .segments_kind = o->own[SEGSORT_FLAGS] ? MGPU_SEGMENTS_FLAGS : MGPU_SEGMENTS_HEADS,
                              .head_count = head_count,
                              .segments = upload(ctx, &segments)};
    mgpu_result r = MGPU_SUCCESS;
    if (n) r = mgpu_buffer_alloc(ctx, n * key_size, &info.keys_out);
    if (r == MGPU_SUCCESS && value_size) info.values_in = upload(ctx, &values);
    if (r == MGPU_SUCCESS && n && out_value_size) r = mgpu_buffer_alloc(ctx, n * out_value_size, &info.values_out);
    if (r == MGPU_SUCCESS) r = mgpu_segsort(ctx, &info);
    if (r != MGPU_SUCCESS) device_fail(ctx, "segsort", r);
    void *sorted = download_or_fail(ctx, info.keys_out, n * key_size);
    void *moved = download_or_fail(ctx, info.values_out, out_value_size ? n * out_value_size : 0);
    const char *values_path = o->indices_out ? o->indices_out : o->values_out;
    mgpu_type values_type = o->indices_out ? MGPU_TYPE_I32 : values.type;
    write_output(ctx, o->output, keys.type, sorted, n);
    if (values_path) write_output(ctx, values_path, values_type, moved, n);
    commit_outputs(ctx);
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_segsort_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_segsort, &info, req.scratch_size, n, (double)n * 2 * (double)(key_size + out_value_size));
    }
    mgpu_range ranges[] = {info.keys_in, info.keys_out, info.values_in, info.values_out, info.segments};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(sorted);
    free(moved);
    free(keys.data);
    free(values.data);
    free(segments.data);
    return finish(ctx);
}

/* The segmented sort family's subcommand (tools/mgpuvk.c); `sort --algo locality` is the sort's
 * (tools/cli_radixsort.c). */
static const subcommand commands[] = {
    {"segsort",
     "segsort KEYS.npy (--heads H.npy | --flags F.npy) -o OUT.npy\n"
     "               [--values V.npy --values-out VOUT.npy | --indices-out PERM.npy] [--descending]\n"
     "               [--device N|NAME] [--bench]",
     "sort keys within segments (with values, or giving the permutation PERM <i4); stable",
     "  --heads H.npy  <i4 segment heads: ascending, in [0, n]; the first segment starts at 0, a repeated head\n"
     "                 or one at 0 or n makes an empty segment\n"
     "  --flags F.npy  <u4 or <i4, one per key: nonzero where a segment starts\n"
     "  PERM: each sorted key's position in the whole input\n",
     command_segsort,
     check_segsort,
     {INPUT, OUTPUT(NEEDS_OUTPUT), VALUE("--heads", own[SEGSORT_HEADS], NULL),
      VALUE("--flags", own[SEGSORT_FLAGS], NULL), VALUE("--values", values_a, NULL),
      VALUE("--values-out", values_out, NULL), VALUE("--indices-out", indices_out, NULL),
      FLAG("--descending", descending)},
     {ARG("KEYS.npy", input), ARG("V.npy", values_a), ARG("H.npy", own[SEGSORT_HEADS]),
      ARG("F.npy", own[SEGSORT_FLAGS])},
     {OUT("-o", output, IN(0)), OUT("--values-out", values_out, IN(1)), OUT("--indices-out", indices_out, 0)}},
};
const cli_family cli_segsort = CLI_FAMILY(commands);
