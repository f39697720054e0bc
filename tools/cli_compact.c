/* mgpuvk select, partition, unique, rle: the compaction family. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* The compaction family's own options, slots of options.own (tools/cli.h): --flags and --counts-out. */
enum { COMPACT_FLAGS, COMPACT_COUNTS_OUT, COMPACT_OWN_COUNT };
static_assert(COMPACT_OWN_COUNT <= OWN_MAX, "options.own holds the compaction family's own options");

typedef enum compact_command { SELECT, PARTITION, UNIQUE, RLE } compact_command;
static const char *const names[4] = {"select", "partition", "unique", "rle"};

static mgpu_result record_select(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_select(ctx, cmd, info, scratch);
}
static mgpu_result record_partition(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_partition(ctx, cmd, info, scratch);
}
static mgpu_result record_unique(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_unique(ctx, cmd, info, scratch);
}
static mgpu_result record_rle(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_rle(ctx, cmd, info, scratch);
}

/* The flags of n elements: <i4 or <u4, as many as the elements; else exits with 2. */
static npy_array read_flags(const char *path, uint64_t n) {
    char error[512];
    npy_array f;
    if (!npy_read(path, &f, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (f.type != MGPU_TYPE_I32 && f.type != MGPU_TYPE_U32)
        fail(EXIT_BAD_INPUT, "%s: flags must be <i4 or <u4, not %s", path, npy_descr(f.type));
    if (f.count != n)
        fail(EXIT_BAD_INPUT, "%s has %llu flags for %llu elements", path, (unsigned long long)f.count,
             (unsigned long long)n);
    return f;
}

static int run_compact(const options *o, compact_command which) {
    char error[512];
    npy_array in, flags = {0};
    if (!npy_read(o->input, &in, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (in.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    bool flagged = which <= PARTITION, positions = which == RLE || (flagged && o->indices_out);
    if (flagged) flags = read_flags(o->own[COMPACT_FLAGS], in.count);
    mgpu_context ctx = open_context(o);
    size_t size = mgpu_type_size(in.type);
    uint64_t n = in.count;
    mgpu_range rin = upload(ctx, &in), rflags = flagged ? upload(ctx, &flags) : (mgpu_range){0};
    mgpu_range rout = {0}, rpos = {0};
    mgpu_result r = MGPU_SUCCESS;
    if (n) r = mgpu_buffer_alloc(ctx, n * size, &rout);
    if (r == MGPU_SUCCESS && n && positions) r = mgpu_buffer_alloc(ctx, n * 4, &rpos);
    mgpu_select_info select = {
        .type = in.type, .count = (uint32_t)n, .input = rin, .flags = rflags, .output = rout, .indices = rpos};
    mgpu_unique_info unique = {.type = in.type, .count = (uint32_t)n, .input = rin, .output = rout, .lengths = rpos};
    uint32_t count = 0;
    if (r == MGPU_SUCCESS) {
        switch (which) {
            case SELECT: r = mgpu_select(ctx, &select, &count); break;
            case PARTITION: r = mgpu_partition(ctx, &select, &count); break;
            case UNIQUE: r = mgpu_unique(ctx, &unique, &count); break;
            default: r = mgpu_rle(ctx, &unique, &count); break;
        }
    }
    if (r != MGPU_SUCCESS) device_fail(ctx, names[which], r);
    uint64_t written = which == PARTITION ? n : count;
    void *out = download_or_fail(ctx, rout, written * size);
    void *pos = download_or_fail(ctx, rpos, positions ? written * 4 : 0);
    write_output(ctx, o->output, in.type, out, written);
    if (positions)
        write_output(ctx, which == RLE ? o->own[COMPACT_COUNTS_OUT] : o->indices_out, MGPU_TYPE_I32, pos, written);
    commit_outputs(ctx);
    printf("%u\n", count);
    if (o->bench) {
        static const record_fn records[4] = {record_select, record_partition, record_unique, record_rle};
        const void *info = flagged ? (const void *)&select : (const void *)&unique;
        mgpu_range out_count = {0};
        mgpu_requirements req;
        r = mgpu_buffer_alloc(ctx, 4, &out_count);
        select.out_count = unique.out_count = out_count;
        if (r == MGPU_SUCCESS) {
            switch (which) {
                case SELECT: r = mgpu_select_get_requirements(ctx, &select, &req); break;
                case PARTITION: r = mgpu_partition_get_requirements(ctx, &select, &req); break;
                case UNIQUE: r = mgpu_unique_get_requirements(ctx, &unique, &req); break;
                default: r = mgpu_rle_get_requirements(ctx, &unique, &req); break;
            }
        }
        /* Bytes: the input (and flags) read, the outputs written. */
        double bytes = (double)n * (double)size + (flagged ? (double)n * 4 : 0) +
                       (double)written * (double)(size + (positions ? 4 : 0));
        if (r == MGPU_SUCCESS) bench(ctx, records[which], info, req.scratch_size, n, bytes);
        mgpu_buffer_free(ctx, out_count);
    }
    mgpu_range ranges[] = {rin, rflags, rout, rpos};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(out);
    free(pos);
    free(in.data);
    free(flags.data);
    return finish(ctx);
}

static int command_select(const options *o) { return run_compact(o, SELECT); }
static int command_partition(const options *o) { return run_compact(o, PARTITION); }
static int command_unique(const options *o) { return run_compact(o, UNIQUE); }
static int command_rle(const options *o) { return run_compact(o, RLE); }

/* The compaction family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"select",
     "select IN.npy --flags F.npy -o OUT.npy [--indices-out I.npy] [--device N|NAME] [--bench]",
     "the elements whose flag is nonzero, in order; prints how many",
     "  F: <i4 or <u4, one flag per element; OUT has IN's dtype and one element per nonzero flag, I (<i4) each\n"
     "  one's position in IN\n",
     command_select,
     NULL,
     {INPUT, VALUE("--flags", own[COMPACT_FLAGS], "needs --flags F.npy"), OUTPUT(NEEDS_OUTPUT),
      VALUE("--indices-out", indices_out, NULL)},
     {ARG("IN.npy", input), ARG("F.npy", own[COMPACT_FLAGS])},
     {OUT("-o", output, IN(0)), OUT("--indices-out", indices_out, IN(1))}},
    {"partition",
     "partition IN.npy --flags F.npy -o OUT.npy [--device N|NAME] [--bench]",
     "the elements whose flag is nonzero, in order, then the others in reverse order; prints how many are kept",
     "  F: <i4 or <u4, one flag per element; OUT has IN's dtype and length (the order of CUB's\n"
     "  DevicePartition::Flagged)\n",
     command_partition,
     NULL,
     {INPUT, VALUE("--flags", own[COMPACT_FLAGS], "needs --flags F.npy"), OUTPUT(NEEDS_OUTPUT)},
     {ARG("IN.npy", input), ARG("F.npy", own[COMPACT_FLAGS])},
     {OUT("-o", output, IN(0))}},
    {"unique",
     "unique IN.npy -o OUT.npy [--device N|NAME] [--bench]",
     "drops consecutive duplicates (the first of each run stays); prints how many remain",
     "  elements are equal when their bits are (-0.0 and +0.0 differ, NaNs of the same bits are equal)\n",
     command_unique,
     NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT)},
     {ARG("IN.npy", input)},
     {OUT("-o", output, IN(0))}},
    {"rle",
     "rle IN.npy -o KEYS.npy --counts-out C.npy [--device N|NAME] [--bench]",
     "run-length encoding: each run's element and length; prints the number of runs",
     "  KEYS has IN's dtype, C (<i4) the runs' lengths; elements are equal when their bits are\n",
     command_rle,
     NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), VALUE("--counts-out", own[COMPACT_COUNTS_OUT], "needs --counts-out C.npy")},
     {ARG("IN.npy", input)},
     {OUT("-o", output, IN(0)), OUT("--counts-out", own[COMPACT_COUNTS_OUT], IN(0))}},
};
const cli_family cli_compact = CLI_FAMILY(commands);
