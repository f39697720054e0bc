/*
 * mgpuvk: the command-line tool over the library. Arrays in and out are 1-D NumPy .npy files.
 * The subcommands, their usage and which input each output may replace are the table `subcommands` below;
 * `mgpuvk --help` prints it, `mgpuvk CMD --help` one entry.
 *
 * Results go to stdout on one line (max-index: value, a space, index; floats with enough digits to
 * round-trip). Bad input (missing or malformed file, unsupported dtype, Fortran order, more than one
 * dimension, truncated data, unknown option, an output that cannot be written safely or that aliases an
 * input it may not replace) prints one line to stderr and exits with status 2, leaving every file as it was;
 * a device failure exits with status 1. With env MGPU_VALIDATION=1 the Vulkan validation layers run and any
 * message they print makes the exit status 3. Outputs go through tools/output.h: each replaces its file only
 * when the whole command has succeeded.
 */
#include "mgpuvk.h"
#include "npy.h"
#include "output.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_BAD_INPUT 2
#define EXIT_DEVICE 1
#define EXIT_VALIDATION 3

static uint64_t validation_messages;

/* One line on stderr, whatever bytes a file name holds: control bytes are written as \xNN. */
static void fail(int status, const char *format, ...) {
    char message[4096];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    fprintf(stderr, "mgpuvk: error: ");
    for (const unsigned char *c = (const unsigned char *)message; *c; ++c)
        if (*c < 0x20 || *c == 0x7f) fprintf(stderr, "\\x%02x", *c);
        else fputc(*c, stderr);
    fputc('\n', stderr);
    exit(status);
}

static void log_message(void *user, mgpu_log_level level, const char *message) {
    (void)user;
    if (level == MGPU_LOG_VALIDATION) {
        ++validation_messages;
        fprintf(stderr, "mgpuvk: validation: %s\n", message);
    }
}

typedef struct subcommand subcommand;

typedef struct options {
    const subcommand *sub;
    const char *command;
    const char *input;
    const char *input_b;
    const char *values_a;
    const char *values_b;
    const char *values_out;
    const char *gather;
    const char *scatter;
    const char *interval_input;
    const char *into;
    const char *bounds;
    const char *indices;
    const char *insert;
    const char *b_indices;
    const char *match_a;
    const char *match_b;
    const char *indices_out;
    const char *algo;
    const char *bits;
    bool descending;
    const char *output;
    const char *device;
    const char *op;
    bool exclusive;
    bool bench;
} options;

/* A file argument of a subcommand: its name in the usage and the options field that holds its path. An
 * output may replace the inputs whose bits (1 << index in inputs[]) are in may_replace; any other input it
 * is the same file as, and another output, is refused before any work. */
typedef struct file_arg {
    const char *name;
    size_t field;
    unsigned may_replace;
} file_arg;

#define FILE_ARG_MAX 6

struct subcommand {
    const char *name;
    const char *usage;   /* after "mgpuvk "; continuation lines start with spaces */
    const char *summary; /* one line */
    const char *details; /* more lines of `mgpuvk NAME --help`, or NULL */
    int (*run)(const options *o);
    file_arg inputs[FILE_ARG_MAX];
    file_arg outputs[FILE_ARG_MAX];
};

static int command_info(const options *o);
static int command_reduce(const options *o);
static int command_scan(const options *o);
static int command_merge(const options *o);
static int command_sort(const options *o);
static int command_search(const options *o);
static int command_bulk(const options *o);
static int command_load_balance(const options *o);
static int command_interval(const options *o);

#define ARG(name, field) {name, offsetof(options, field), 0}
#define OUT(name, field, may_replace) {name, offsetof(options, field), may_replace}
#define IN(k) (1u << (k)) /* may_replace: the input inputs[k] */

static const subcommand subcommands[] = {
    {"info", "info [--device N|NAME] [--bench]",
     "list the Vulkan devices (* marks the default); with --device or --bench also the details of one",
     "  --bench  the bandwidth of the copy shader on 64 MiB, the reference of every benchmark figure\n",
     command_info, {{0}}, {{0}}},
    {"reduce", "reduce IN.npy [--op add|min|max|maxindex] [--device N|NAME] [--bench]",
     "print the reduction of IN (maxindex: the value, a space, its first index)", NULL, command_reduce,
     {ARG("IN.npy", input)}, {{0}}},
    {"scan", "scan IN.npy -o OUT.npy [--op add|min|max] [--exclusive] [--device N|NAME] [--bench]",
     "the inclusive (or exclusive) scan of IN into OUT; prints the total", NULL, command_scan,
     {ARG("IN.npy", input)}, {OUT("-o", output, IN(0))}},
    {"merge",
     "merge A.npy B.npy -o OUT.npy [--values VA.npy VB.npy --values-out VOUT.npy] [--descending]\n"
     "             [--device N|NAME] [--bench]",
     "merge two sorted arrays (and the values that go with their keys) into one sorted array",
     "  stable: of equal keys, those of A come first\n", command_merge,
     {ARG("A.npy", input), ARG("B.npy", input_b), ARG("VA.npy", values_a), ARG("VB.npy", values_b)},
     {OUT("-o", output, IN(0) | IN(1)), OUT("--values-out", values_out, IN(2) | IN(3))}},
    {"sort",
     "sort KEYS.npy -o OUT.npy [--values V.npy --values-out VOUT.npy | --indices-out PERM.npy]\n"
     "            [--descending] [--algo radix|merge|auto] [--bits LO:HI] [--device N|NAME] [--bench]",
     "sort keys (with values, or giving the permutation PERM <i4); stable",
     "  --algo auto is the radix sort\n"
     "  --bits LO:HI  radix sort by bits LO..HI-1 of the key's order-preserving transform (0:0 = no bit:\n"
     "               keeps the input order)\n",
     command_sort, {ARG("KEYS.npy", input), ARG("V.npy", values_a)},
     {OUT("-o", output, IN(0)), OUT("--values-out", values_out, IN(1)), OUT("--indices-out", indices_out, 0)}},
    {"search",
     "search A.npy B.npy --bounds lower|upper [-o A_INDICES.npy] [--b-indices B_INDICES.npy]\n"
     "              [--match-a FLAGS.npy] [--match-b FLAGS.npy] [--descending] [--device N|NAME] [--bench]",
     "vectorized sorted search: for each key of A its bound in B, for each key of B the other bound in A",
     "  A and B sorted in the same order (ascending, or --descending); every output is optional and <i4.\n"
     "  -o           for each A[i], its --bounds (lower or upper) bound in B\n"
     "  --b-indices  for each B[j], the OTHER bound in A: upper with --bounds lower, lower with --bounds upper\n"
     "  --match-a    1 where A[i] has an equal key in B, else 0 (--match-b: the same for B in A)\n"
     "    A: 1 3 5  B: 3 3 4 5  --bounds lower -> A indices 0 0 3; B indices 2 2 2 3; A matches 0 1 1\n"
     "  With --match-a or --match-b it prints one line \"NA NB\": NA the number of elements of A that have an\n"
     "  equal key in B (0 without --match-a), NB the number of elements of B that have an equal key in A\n"
     "  (0 without --match-b). Without either it prints nothing.\n",
     command_search, {ARG("A.npy", input), ARG("B.npy", input_b)},
     {OUT("-o", output, IN(0)), OUT("--b-indices", b_indices, IN(1)), OUT("--match-a", match_a, IN(0)),
      OUT("--match-b", match_b, IN(1))}},
    {"bulk-remove", "bulk-remove IN.npy --indices IDX.npy -o OUT.npy [--device N|NAME]",
     "IN without the elements at IDX (<i4, strictly ascending)", NULL, command_bulk,
     {ARG("IN.npy", input), ARG("IDX.npy", indices)}, {OUT("-o", output, IN(0))}},
    {"bulk-insert", "bulk-insert B.npy --insert A.npy --indices IDX.npy -o OUT.npy [--device N|NAME]",
     "B with A[i] inserted before B[IDX[i]] (IDX <i4, ascending, at most the length of B)", NULL, command_bulk,
     {ARG("B.npy", input), ARG("A.npy", insert), ARG("IDX.npy", indices)}, {OUT("-o", output, IN(0))}},
    {"load-balance", "load-balance COUNTS.npy -o OBJ.npy [--device N|NAME] [--bench]",
     "for each work item of objects with COUNTS (<i4 >= 0) items, its object (OBJ <i4)",
     "    COUNTS: 3 0 2 1 -> OBJ: 0 0 0 2 2 3\n"
     "  OBJ has one element per work item, COUNTS one per object: -o never replaces COUNTS.\n",
     command_load_balance, {ARG("COUNTS.npy", input)},
     {OUT("-o", output, 0)}},
    {"interval-expand", "interval-expand COUNTS.npy VALUES.npy -o OUT.npy [--device N|NAME] [--bench]",
     "VALUES[i] repeated COUNTS[i] times", NULL, command_interval,
     {ARG("COUNTS.npy", input), ARG("VALUES.npy", input_b)}, {OUT("-o", output, IN(1))}},
    {"interval-gather",
     "interval-gather COUNTS.npy --gather G.npy --input IN.npy -o OUT.npy [--device N|NAME] [--bench]",
     "the intervals IN[G[i] .. G[i]+COUNTS[i]) one after another", NULL, command_interval,
     {ARG("COUNTS.npy", input), ARG("G.npy", gather), ARG("IN.npy", interval_input)}, {OUT("-o", output, IN(2))}},
    {"interval-scatter",
     "interval-scatter COUNTS.npy --scatter S.npy --input IN.npy --into DEST.npy -o OUT.npy\n"
     "                        [--device N|NAME] [--bench]",
     "DEST with the consecutive intervals of IN written at S[i] .. S[i]+COUNTS[i]", NULL, command_interval,
     {ARG("COUNTS.npy", input), ARG("S.npy", scatter), ARG("IN.npy", interval_input), ARG("DEST.npy", into)},
     {OUT("-o", output, IN(3))}},
    {"interval-move",
     "interval-move COUNTS.npy --gather G.npy --scatter S.npy --input IN.npy --into DEST.npy -o OUT.npy\n"
     "                     [--device N|NAME] [--bench]",
     "DEST with IN[G[i] .. G[i]+COUNTS[i]) written at S[i]", NULL, command_interval,
     {ARG("COUNTS.npy", input), ARG("G.npy", gather), ARG("S.npy", scatter), ARG("IN.npy", interval_input),
      ARG("DEST.npy", into)},
     {OUT("-o", output, IN(4))}},
};

static const char *field(const options *o, const file_arg *f) { return *(const char *const *)((const char *)o + f->field); }

/* "-o may replace KEYS.npy (in place)" or "-o replaces no input". */
static void describe_replace(char *buf, size_t size, const subcommand *c, const file_arg *out) {
    int n = snprintf(buf, size, "%s %s", out->name, out->may_replace ? "may replace" : "replaces no input");
    for (int k = 0, first = 1; k < FILE_ARG_MAX && n > 0 && (size_t)n < size; ++k)
        if (out->may_replace & (1u << k)) {
            n += snprintf(buf + n, size - (size_t)n, "%s%s", first ? " " : " or ", c->inputs[k].name);
            first = 0;
        }
}

static void print_usage_line(FILE *f, const subcommand *c, const char *prefix) {
    fprintf(f, "%smgpuvk %s\n", prefix, c->usage);
}

static void print_usage(FILE *f) {
    fprintf(f, "usage: mgpuvk COMMAND ARGS...   (mgpuvk COMMAND --help: one command; mgpuvk --version)\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; ++i) print_usage_line(f, &subcommands[i], "  ");
    fprintf(f, "--bench prints the GPU time (best of 10) and throughput; mgpuvk info --bench measures the copy shader,\n"
               "the reference of every figure. Devices: mgpuvk info.\n");
    fprintf(f, "Arrays are 1-D .npy files (<u4 <i4 <f4 <u8 <i8 <f8). Bad input exits with 2, a device failure with 1,\n"
               "a validation message (MGPU_VALIDATION=1) with 3. An output replaces its file only when the whole\n"
               "command succeeds; an output may replace only the inputs its command's --help names.\n");
}

static void print_help(const subcommand *c) {
    print_usage_line(stdout, c, "usage: ");
    printf("%s\n", c->summary);
    if (c->details) printf("%s", c->details);
    if (!c->outputs[0].name) return;
    printf("In place: an output may replace only these inputs\n");
    for (int k = 0; k < FILE_ARG_MAX && c->outputs[k].name; ++k) {
        char line[256];
        describe_replace(line, sizeof line, c, &c->outputs[k]);
        printf("  %s\n", line);
    }
    printf("Two outputs that are one file, or an output that is any other input, are refused (one character\n"
           "device such as /dev/null may take several outputs). Each output is written to a temporary file beside\n"
           "it and renamed into place once every output is written; a device output is written directly, last.\n");
}

static void print_version(void) {
    printf("mgpuvk %d.%d.%d\n", MGPU_VERSION_MAJOR, MGPU_VERSION_MINOR, MGPU_VERSION_PATCH);
    printf("libmgpuvk %d.%d.%d (Vulkan headers %u.%u.%u)\n", MGPU_VERSION_MAJOR, MGPU_VERSION_MINOR, MGPU_VERSION_PATCH,
           VK_API_VERSION_MAJOR(VK_HEADER_VERSION_COMPLETE), VK_API_VERSION_MINOR(VK_HEADER_VERSION_COMPLETE),
           VK_API_VERSION_PATCH(VK_HEADER_VERSION_COMPLETE));
}

static const subcommand *find_subcommand(const char *name) {
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; ++i)
        if (!strcmp(subcommands[i].name, name)) return &subcommands[i];
    char names[512];
    size_t n = 0;
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0] && n < sizeof names; ++i)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "", subcommands[i].name);
    fail(EXIT_BAD_INPUT, "unknown subcommand '%s' (%s; mgpuvk --help)", name, names);
    return NULL;
}

static bool is_help(const char *a) { return !strcmp(a, "--help") || !strcmp(a, "-h"); }

static options parse(int argc, char **argv) {
    options o = {0};
    if (argc < 2) {
        print_usage(stderr);
        exit(EXIT_BAD_INPUT);
    }
    o.command = argv[1];
    if (is_help(o.command) || !strcmp(o.command, "help")) {
        if (argc > 2 && !strcmp(o.command, "help")) print_help(find_subcommand(argv[2]));
        else print_usage(stdout);
        exit(0);
    }
    if (!strcmp(o.command, "--version")) {
        print_version();
        exit(0);
    }
    o.sub = find_subcommand(o.command);
    for (int i = 2; i < argc; ++i)
        if (is_help(argv[i])) {
            print_help(o.sub);
            exit(0);
        }
    bool merge = !strcmp(o.command, "merge"), lbs = !strcmp(o.command, "load-balance");
    bool expand = !strcmp(o.command, "interval-expand"), gather = !strcmp(o.command, "interval-gather");
    bool scatter = !strcmp(o.command, "interval-scatter"), move = !strcmp(o.command, "interval-move");
    bool interval = expand || gather || scatter || move;
    bool search = !strcmp(o.command, "search"), sort = !strcmp(o.command, "sort");
    bool bulk_remove = !strcmp(o.command, "bulk-remove"), bulk_insert = !strcmp(o.command, "bulk-insert");
    for (int i = 2; i < argc; ++i) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (!strcmp(a, "--device")) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--device needs a value");
            o.device = argv[++i];
        } else if (!strcmp(a, "--bench")) {
            o.bench = true;
        } else if (search && (!strcmp(a, "--bounds") || !strcmp(a, "--b-indices") || !strcmp(a, "--match-a") ||
                              !strcmp(a, "--match-b"))) {
            if (!has_value) fail(EXIT_BAD_INPUT, "%s needs a value", a);
            const char **slot = !strcmp(a, "--bounds") ? &o.bounds : !strcmp(a, "--b-indices") ? &o.b_indices
                              : !strcmp(a, "--match-a") ? &o.match_a : &o.match_b;
            *slot = argv[++i];
        } else if (!strcmp(a, "--indices") && (bulk_remove || bulk_insert)) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--indices needs a value");
            o.indices = argv[++i];
        } else if (!strcmp(a, "--insert") && bulk_insert) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--insert needs a value");
            o.insert = argv[++i];
        } else if (!strcmp(a, "--descending") && (merge || search || sort)) {
            o.descending = true;
        } else if ((!strcmp(a, "--values") || !strcmp(a, "--indices-out") || !strcmp(a, "--algo") || !strcmp(a, "--bits")) && sort) {
            if (!has_value) fail(EXIT_BAD_INPUT, "%s needs a value", a);
            const char **slot = !strcmp(a, "--values") ? &o.values_a : !strcmp(a, "--algo") ? &o.algo
                              : !strcmp(a, "--bits") ? &o.bits : &o.indices_out;
            *slot = argv[++i];
        } else if (!strcmp(a, "--values") && merge) {
            if (i + 2 >= argc) fail(EXIT_BAD_INPUT, "--values needs two files");
            o.values_a = argv[++i];
            o.values_b = argv[++i];
        } else if (!strcmp(a, "--values-out") && (merge || sort)) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--values-out needs a value");
            o.values_out = argv[++i];
        } else if (!strcmp(a, "--gather") && (gather || move)) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--gather needs a value");
            o.gather = argv[++i];
        } else if (!strcmp(a, "--scatter") && (scatter || move)) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--scatter needs a value");
            o.scatter = argv[++i];
        } else if (!strcmp(a, "--input") && (gather || scatter || move)) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--input needs a value");
            o.interval_input = argv[++i];
        } else if (!strcmp(a, "--into") && (scatter || move)) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--into needs a value");
            o.into = argv[++i];
        } else if (!strcmp(a, "--op") && strcmp(o.command, "info") && !merge && !lbs && !interval) {
            if (!has_value) fail(EXIT_BAD_INPUT, "--op needs a value");
            o.op = argv[++i];
        } else if (!strcmp(a, "--exclusive") && !strcmp(o.command, "scan")) {
            o.exclusive = true;
        } else if ((!strcmp(a, "-o") || !strcmp(a, "--output")) && (!strcmp(o.command, "scan") || merge || sort || lbs || interval || search || bulk_remove || bulk_insert)) {
            if (!has_value) fail(EXIT_BAD_INPUT, "%s needs a value", a);
            o.output = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            fail(EXIT_BAD_INPUT, "unknown option '%s' for %s", a, o.command);
        } else if (!o.input && strcmp(o.command, "info")) {
            o.input = a;
        } else if (!o.input_b && (merge || expand || search)) {
            o.input_b = a;
        } else {
            fail(EXIT_BAD_INPUT, "unexpected argument '%s'", a);
        }
    }
    if (strcmp(o.command, "info") && !o.input) fail(EXIT_BAD_INPUT, "%s needs an input .npy file", o.command);
    if ((!strcmp(o.command, "scan") || merge || sort || lbs || interval) && !o.output) fail(EXIT_BAD_INPUT, "%s needs -o OUT.npy", o.command);
    if (expand && !o.input_b) fail(EXIT_BAD_INPUT, "interval-expand needs COUNTS.npy and VALUES.npy");
    if (search && !o.input_b) fail(EXIT_BAD_INPUT, "search needs A.npy and B.npy");
    if ((bulk_remove || bulk_insert) && !o.indices) fail(EXIT_BAD_INPUT, "%s needs --indices IDX.npy", o.command);
    if (bulk_insert && !o.insert) fail(EXIT_BAD_INPUT, "bulk-insert needs --insert A.npy");
    if ((bulk_remove || bulk_insert) && !o.output) fail(EXIT_BAD_INPUT, "%s needs -o OUT.npy", o.command);
    if (search && (!o.bounds || (strcmp(o.bounds, "lower") && strcmp(o.bounds, "upper"))))
        fail(EXIT_BAD_INPUT, "search needs --bounds lower or --bounds upper");
    if ((gather || move) && !o.gather) fail(EXIT_BAD_INPUT, "%s needs --gather G.npy", o.command);
    if ((scatter || move) && !o.scatter) fail(EXIT_BAD_INPUT, "%s needs --scatter S.npy", o.command);
    if ((gather || scatter || move) && !o.interval_input) fail(EXIT_BAD_INPUT, "%s needs --input IN.npy", o.command);
    if ((scatter || move) && !o.into) fail(EXIT_BAD_INPUT, "%s needs --into DEST.npy", o.command);
    if (merge && !o.input_b) fail(EXIT_BAD_INPUT, "merge needs two input .npy files");
    if ((merge || sort) && !o.values_a != !o.values_out) fail(EXIT_BAD_INPUT, "--values and --values-out go together");
    if (sort && o.values_a && o.indices_out) fail(EXIT_BAD_INPUT, "sort takes --values or --indices-out, not both");
    if (sort && o.algo && strcmp(o.algo, "merge") && strcmp(o.algo, "auto") && strcmp(o.algo, "radix"))
        fail(EXIT_BAD_INPUT, "unknown --algo '%s' (radix, merge, auto)", o.algo);
    if (sort && o.bits && o.algo && !strcmp(o.algo, "merge")) fail(EXIT_BAD_INPUT, "--bits needs --algo radix or auto");
    return o;
}

static mgpu_op parse_op(const char *name, bool scan) {
    if (!name || !strcmp(name, "add")) return MGPU_OP_ADD;
    if (!strcmp(name, "min")) return MGPU_OP_MIN;
    if (!strcmp(name, "max")) return MGPU_OP_MAX;
    if (!scan && !strcmp(name, "maxindex")) return MGPU_OP_MAX_INDEX;
    fail(EXIT_BAD_INPUT, "unknown --op '%s' (add, min, max%s)", name, scan ? "" : ", maxindex");
    return MGPU_OP_ADD;
}

static void print_scalar(mgpu_type type, mgpu_scalar v) {
    switch (type) {
    case MGPU_TYPE_U32: printf("%" PRIu32, v.u32); break;
    case MGPU_TYPE_I32: printf("%" PRId32, v.i32); break;
    case MGPU_TYPE_F32: printf("%.9g", (double)v.f32); break;
    case MGPU_TYPE_U64: printf("%" PRIu64, v.u64); break;
    case MGPU_TYPE_I64: printf("%" PRId64, v.i64); break;
    case MGPU_TYPE_F64: printf("%.17g", v.f64); break;
    default: break;
    }
}

static mgpu_context open_context(const options *o) {
    bool validation = getenv("MGPU_VALIDATION") && strcmp(getenv("MGPU_VALIDATION"), "0");
    mgpu_context ctx = NULL;
    mgpu_result r = mgpu_context_create(&(mgpu_context_desc){.device = o->device, .validation = validation, .log = log_message}, &ctx);
    if (r == MGPU_ERROR_NO_DEVICE) {
        const char *env = getenv("MGPU_DEVICE"), *want = o->device ? o->device : env && *env ? env : NULL;
        uint32_t count = 0, def = 0;
        bool index = want && *want && strspn(want, "0123456789") == strlen(want);
        if (index && mgpu_enumerate_devices(NULL, &count, &def) == MGPU_SUCCESS && strtoull(want, NULL, 10) >= count)
            fail(o->device ? EXIT_BAD_INPUT : EXIT_DEVICE, "no Vulkan device %s%s (list them with `mgpuvk info`)", want,
                 o->device ? "" : " (MGPU_DEVICE)");
        if (want)
            fail(o->device ? EXIT_BAD_INPUT : EXIT_DEVICE, "no usable Vulkan device matches '%s'%s (list them with `mgpuvk info`)",
                 want, o->device ? "" : " (MGPU_DEVICE)");
    }
    if (r != MGPU_SUCCESS) fail(EXIT_DEVICE, "no Vulkan context: %s", mgpu_result_message(r));
    return ctx;
}

/* Writes an output array (to its temporary: output.h); on failure exits with 2, every file as it was. */
static void write_output(mgpu_context ctx, const char *path, mgpu_type type, const void *data, uint64_t count) {
    char error[1024];
    if (!output_write(path, type, data, count, error, sizeof error)) {
        mgpu_context_destroy(ctx);
        fail(EXIT_BAD_INPUT, "%s", error);
    }
}

/* Puts every output of the command in place (devices first), or exits with 2. */
static void commit_outputs(mgpu_context ctx) {
    char error[1024];
    if (!output_commit(error, sizeof error)) {
        mgpu_context_destroy(ctx);
        fail(EXIT_BAD_INPUT, "%s", error);
    }
}

/* Before any work: every output can be written safely, no two are one file, and none is an input it may not
 * replace. */
static void check_outputs(const options *o) {
    const subcommand *c = o->sub;
    char error[1024];
    for (int k = 0; k < FILE_ARG_MAX && c->outputs[k].name; ++k) {
        const char *out = field(o, &c->outputs[k]);
        if (out && !output_declare(out, c->outputs[k].name, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    }
    for (int k = 0; k < FILE_ARG_MAX && c->outputs[k].name; ++k) {
        const char *out = field(o, &c->outputs[k]);
        for (int j = 0; out && j < FILE_ARG_MAX && c->inputs[j].name; ++j) {
            const char *in = field(o, &c->inputs[j]);
            if (in && !(c->outputs[k].may_replace & (1u << j)) && output_is_input(out, in)) {
                char rule[256];
                describe_replace(rule, sizeof rule, c, &c->outputs[k]);
                fail(EXIT_BAD_INPUT, "%s %s: the same file as input %s %s (%s)", c->outputs[k].name, out, c->inputs[j].name,
                     in, rule);
            }
        }
    }
}

static void device_fail(mgpu_context ctx, const char *what, mgpu_result r) {
    char message[2048];
    snprintf(message, sizeof message, "%s: %s (%s)", what, mgpu_result_message(r), mgpu_context_last_error(ctx));
    mgpu_context_destroy(ctx);
    fail(r == MGPU_ERROR_UNSUPPORTED ? EXIT_DEVICE : r < MGPU_ERROR_UNSUPPORTED ? EXIT_BAD_INPUT : EXIT_DEVICE, "%s", message);
}

static int finish(mgpu_context ctx) {
    uint64_t messages = validation_messages;
    mgpu_context_destroy(ctx);
    return messages || validation_messages ? EXIT_VALIDATION : 0;
}

/* GPU time of `runs` recordings of the primitive (best), after one warm-up. */
typedef mgpu_result (*record_fn)(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch);

static mgpu_result record_reduce(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_reduce(ctx, cmd, info, scratch);
}

static mgpu_result record_scan(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_scan(ctx, cmd, info, scratch);
}

static mgpu_result record_copy(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    (void)scratch;
    return mgpu_cmd_copy(ctx, cmd, info);
}

/* A rate with three significant digits and an SI prefix, never rounded to 0: "1.23 G elements/s", "512 kB/s". */
static void format_rate(char *buf, size_t size, double per_second, const char *space, const char *unit) {
    static const char *const prefixes[] = {"", "k", "M", "G", "T", "P"};
    size_t p = 0;
    while (per_second >= 999.5 && p + 1 < sizeof prefixes / sizeof prefixes[0]) {
        per_second /= 1000;
        ++p;
    }
    snprintf(buf, size, "%.3g %s%s%s", per_second, prefixes[p], p ? space : "", unit);
}

static void bench(mgpu_context ctx, record_fn record, const void *info, VkDeviceSize scratch_size, uint64_t count,
                  double bytes) {
    mgpu_range scratch = {0};
    if (scratch_size && mgpu_buffer_alloc(ctx, scratch_size, &scratch) != MGPU_SUCCESS) return;
    double best = 0;
    for (int run = 0; run < 11; ++run) {
        VkCommandBuffer cmd;
        double ns = 0;
        if (mgpu_commands_begin(ctx, &cmd) != MGPU_SUCCESS) break;
        mgpu_result r = record(ctx, cmd, info, scratch);
        if (mgpu_commands_submit(ctx, &ns) != MGPU_SUCCESS || r != MGPU_SUCCESS) break;
        if (run > 0 && (best == 0 || ns < best)) best = ns;
    }
    mgpu_buffer_free(ctx, scratch);
    if (best > 0) {
        char elements[64], bandwidth[64];
        format_rate(elements, sizeof elements, (double)count / best * 1e9, " ", "elements/s");
        format_rate(bandwidth, sizeof bandwidth, bytes / best * 1e9, "", "B/s");
        printf("gpu time %.3f us (best of 10), %s, %s\n", best / 1e3, elements, bandwidth);
    } else
        printf("gpu time unavailable\n");
}

/* info --bench: the bandwidth of the copy shader on 64 MiB, the reference of every benchmark figure. */
static void bench_copy(mgpu_context ctx) {
    VkDeviceSize bytes = (VkDeviceSize)64 << 20;
    mgpu_range src = {0}, dst = {0};
    if (mgpu_buffer_alloc(ctx, bytes, &src) == MGPU_SUCCESS && mgpu_buffer_alloc(ctx, bytes, &dst) == MGPU_SUCCESS) {
        printf("copy of 64 MiB: ");
        bench(ctx, record_copy, &(mgpu_copy_info){.src = src, .dst = dst, .bytes = bytes}, 0, bytes / 4, 2.0 * (double)bytes);
    }
    mgpu_buffer_free(ctx, src);
    mgpu_buffer_free(ctx, dst);
}

static int command_info(const options *o) {
    uint32_t count = 0, def = UINT32_MAX;
    mgpu_result r = mgpu_enumerate_devices(NULL, &count, &def);
    if (r != MGPU_SUCCESS) fail(EXIT_DEVICE, "cannot list Vulkan devices: %s", mgpu_result_message(r));
    mgpu_device_info *infos = calloc(count ? count : 1, sizeof *infos);
    if (!infos) fail(EXIT_DEVICE, "out of memory");
    mgpu_enumerate_devices(infos, &count, &def);
    static const char *const types[] = {"other", "integrated", "discrete", "virtual", "cpu"};
    for (uint32_t i = 0; i < count; ++i) {
        const mgpu_device_info *d = &infos[i];
        printf("%c %u: %s [%s] driver %s %s, subgroup %u, memory %llu MiB\n", i == def ? '*' : ' ', i, d->name,
               (unsigned)d->type < 5 ? types[d->type] : "other", d->driver_name, d->driver_info, d->subgroup_size,
               (unsigned long long)(d->device_local_bytes >> 20));
    }
    if (o->device || o->bench) {
        mgpu_context ctx = open_context(o);
        mgpu_device_info info;
        mgpu_context_get_device_info(ctx, &info);
        mgpu_device_info_print(&info, stdout);
        if (o->bench) bench_copy(ctx);
        free(infos);
        return finish(ctx);
    }
    free(infos);
    return 0;
}

/* Reads the input array, opens the context and uploads the array (in stays empty for 0 elements). */
static mgpu_context open_with_input(const options *o, npy_array *a, mgpu_range *in) {
    char error[512];
    if (!npy_read(o->input, a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a->count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    mgpu_context ctx = open_context(o);
    VkDeviceSize bytes = a->count * mgpu_type_size(a->type);
    *in = (mgpu_range){0};
    if (bytes) {
        mgpu_result r = mgpu_buffer_alloc(ctx, bytes, in);
        if (r == MGPU_SUCCESS) r = mgpu_buffer_upload(ctx, *in, a->data, bytes);
        if (r != MGPU_SUCCESS) device_fail(ctx, "upload", r);
    }
    return ctx;
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
                bench(ctx, record_reduce, &info, req.scratch_size, a.count, (double)a.count * size);
            mgpu_buffer_free(ctx, result);
        }
    }
    mgpu_buffer_free(ctx, in);
    free(a.data);
    return finish(ctx);
}

static int command_scan(const options *o) {
    mgpu_op op = parse_op(o->op, true);
    npy_array a;
    mgpu_range in, out = {0};
    mgpu_context ctx = open_with_input(o, &a, &in);
    size_t size = mgpu_type_size(a.type);
    mgpu_result r = MGPU_SUCCESS;
    if (a.count && (r = mgpu_buffer_alloc(ctx, a.count * size, &out)) != MGPU_SUCCESS) device_fail(ctx, "allocation", r);
    mgpu_scan_info info = {.type = a.type, .op = op, .exclusive = o->exclusive, .count = (uint32_t)a.count,
                           .input = in, .output = out};
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
            bench(ctx, record_scan, &info, req.scratch_size, a.count, 2.0 * (double)a.count * size);
    }
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, out);
    free(a.data);
    return finish(ctx);
}

/* Keys in the total order of docs/ARCHITECTURE.md as unsigned bits (floats: IEEE total order). */
static uint64_t key_bits(mgpu_type type, const void *array, uint64_t i) {
    uint64_t v = 0;
    memcpy(&v, (const char *)array + i * mgpu_type_size(type), mgpu_type_size(type));
    switch (type) {
    case MGPU_TYPE_I32: return v ^ 0x80000000u;
    case MGPU_TYPE_F32: return v ^ ((v >> 31) ? 0xffffffffu : 0x80000000u);
    case MGPU_TYPE_I64: return v ^ 0x8000000000000000ull;
    case MGPU_TYPE_F64: return v ^ ((v >> 63) ? 0xffffffffffffffffull : 0x8000000000000000ull);
    default: return v;
    }
}

static void require_sorted(const char *path, const npy_array *a, bool descending) {
    for (uint64_t i = 1; i < a->count; ++i) {
        uint64_t p = key_bits(a->type, a->data, i - 1), q = key_bits(a->type, a->data, i);
        if (descending ? p < q : q < p)
            fail(EXIT_BAD_INPUT, "%s is not sorted %s (element %llu)", path, descending ? "descending" : "ascending",
                 (unsigned long long)i);
    }
}

static mgpu_range upload(mgpu_context ctx, const npy_array *a) {
    mgpu_range r = {0};
    VkDeviceSize bytes = a->count * mgpu_type_size(a->type);
    if (!bytes) return r;
    mgpu_result res = mgpu_buffer_alloc(ctx, bytes, &r);
    if (res == MGPU_SUCCESS) res = mgpu_buffer_upload(ctx, r, a->data, bytes);
    if (res != MGPU_SUCCESS) device_fail(ctx, "upload", res);
    return r;
}

static mgpu_result record_merge(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_merge(ctx, cmd, info, scratch);
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
        if (!npy_read(o->values_a, &va, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
        if (!npy_read(o->values_b, &vb, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
        if (va.type != vb.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", o->values_a, o->values_b);
        if (va.count != a.count) fail(EXIT_BAD_INPUT, "%s has %llu values for %llu keys", o->values_a,
                                      (unsigned long long)va.count, (unsigned long long)a.count);
        if (vb.count != b.count) fail(EXIT_BAD_INPUT, "%s has %llu values for %llu keys", o->values_b,
                                      (unsigned long long)vb.count, (unsigned long long)b.count);
    }
    mgpu_context ctx = open_context(o);
    uint64_t total = a.count + b.count;
    size_t key_size = mgpu_type_size(a.type), value_size = o->values_a ? mgpu_type_size(va.type) : 0;
    mgpu_merge_info info = {.key_type = a.type, .value_size = (uint32_t)value_size, .descending = o->descending,
                            .a_count = (uint32_t)a.count, .b_count = (uint32_t)b.count,
                            .a_keys = upload(ctx, &a), .b_keys = upload(ctx, &b)};
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
    if (r == MGPU_SUCCESS && total && value_size) r = mgpu_buffer_download(ctx, info.out_values, values, total * value_size);
    if (r != MGPU_SUCCESS) device_fail(ctx, "download", r);
    write_output(ctx, o->output, a.type, keys, total);
    if (value_size) write_output(ctx, o->values_out, va.type, values, total);
    commit_outputs(ctx);
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_merge_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_merge, &info, req.scratch_size, total, (double)total * 2 * (key_size + value_size));
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

static mgpu_result record_mergesort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_mergesort(ctx, cmd, info, scratch);
}

static void *download_or_fail(mgpu_context ctx, mgpu_range range, uint64_t bytes) {
    void *host = malloc(bytes ? bytes : 1);
    if (!host) device_fail(ctx, "host memory", MGPU_ERROR_OUT_OF_MEMORY);
    mgpu_result r = bytes ? mgpu_buffer_download(ctx, range, host, bytes) : MGPU_SUCCESS;
    if (r != MGPU_SUCCESS) device_fail(ctx, "download", r);
    return host;
}

/* "LO:HI" with 0 <= LO <= HI <= key_bits, else exit 2. */
static void parse_bits(const char *text, uint32_t key_bits, uint32_t *lo, uint32_t *hi) {
    char *end = NULL;
    unsigned long a = strtoul(text, &end, 10), b = 0;
    bool ok = end != text && *end == ':' && text[0] >= '0' && text[0] <= '9';
    if (ok) {
        const char *second = end + 1;
        b = strtoul(second, &end, 10);
        ok = end != second && *end == '\0' && second[0] >= '0' && second[0] <= '9';
    }
    if (!ok || a > b || b > key_bits)
        fail(EXIT_BAD_INPUT, "--bits '%s': LO:HI with 0 <= LO <= HI <= %u", text, key_bits);
    *lo = (uint32_t)a;
    *hi = (uint32_t)b;
}

static mgpu_result record_radixsort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_radixsort(ctx, cmd, info, scratch);
}

/* sort: --algo auto is the radix sort (every key type has one). */
static int command_sort(const options *o) {
    char error[512];
    npy_array keys, values = {0};
    if (!npy_read(o->input, &keys, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    bool radix = !o->algo || strcmp(o->algo, "merge") != 0;
    uint32_t begin_bit = 0, end_bit = 0;
    if (o->bits) parse_bits(o->bits, (uint32_t)mgpu_type_size(keys.type) * 8, &begin_bit, &end_bit);
    if (o->bits && end_bit == 0) /* 0:0 sorts by no bit (the input order); the API's 0, 0 means every bit */
        begin_bit = end_bit = (uint32_t)mgpu_type_size(keys.type) * 8;
    if (keys.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    if (o->values_a) {
        if (!npy_read(o->values_a, &values, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
        if (values.count != keys.count)
            fail(EXIT_BAD_INPUT, "%s has %llu values for %llu keys", o->values_a, (unsigned long long)values.count,
                 (unsigned long long)keys.count);
    }
    mgpu_context ctx = open_context(o);
    uint64_t n = keys.count;
    size_t key_size = mgpu_type_size(keys.type), value_size = o->values_a ? mgpu_type_size(values.type) : 0;
    size_t out_value_size = o->indices_out ? 4 : value_size;
    mgpu_sort_info info = {.key_type = keys.type, .value_size = (uint32_t)value_size, .indices = o->indices_out != NULL,
                           .descending = o->descending, .count = (uint32_t)n, .keys_in = upload(ctx, &keys),
                           .begin_bit = begin_bit, .end_bit = end_bit};
    mgpu_result r = MGPU_SUCCESS;
    if (n) r = mgpu_buffer_alloc(ctx, n * key_size, &info.keys_out);
    if (r == MGPU_SUCCESS && value_size) info.values_in = upload(ctx, &values);
    if (r == MGPU_SUCCESS && n && out_value_size) r = mgpu_buffer_alloc(ctx, n * out_value_size, &info.values_out);
    if (r == MGPU_SUCCESS) r = radix ? mgpu_radixsort(ctx, &info) : mgpu_mergesort(ctx, &info);
    if (r != MGPU_SUCCESS) device_fail(ctx, "sort", r);
    void *sorted = download_or_fail(ctx, info.keys_out, n * key_size);
    void *moved = download_or_fail(ctx, info.values_out, out_value_size ? n * out_value_size : 0);
    const char *values_path = o->indices_out ? o->indices_out : o->values_out;
    mgpu_type values_type = o->indices_out ? MGPU_TYPE_I32 : values.type;
    write_output(ctx, o->output, keys.type, sorted, n);
    if (values_path) write_output(ctx, values_path, values_type, moved, n);
    commit_outputs(ctx);
    if (o->bench) {
        mgpu_requirements req;
        if ((radix ? mgpu_radixsort_get_requirements : mgpu_mergesort_get_requirements)(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, radix ? record_radixsort : record_mergesort, &info, req.scratch_size, n,
                  (double)n * 2 * (key_size + out_value_size));
    }
    mgpu_range ranges[] = {info.keys_in, info.keys_out, info.values_in, info.values_out};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(sorted);
    free(moved);
    free(keys.data);
    free(values.data);
    return finish(ctx);
}

static mgpu_result record_load_balance(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_load_balance(ctx, cmd, info, scratch);
}

static int command_load_balance(const options *o) {
    char error[512];
    npy_array counts;
    if (!npy_read(o->input, &counts, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (counts.type != MGPU_TYPE_I32) fail(EXIT_BAD_INPUT, "%s: counts must be <i4, not %s", o->input, npy_descr(counts.type));
    uint64_t items = 0;
    for (uint64_t j = 0; j < counts.count; ++j) {
        int32_t c = ((const int32_t *)counts.data)[j];
        if (c < 0) fail(EXIT_BAD_INPUT, "%s: negative count %d at %llu", o->input, c, (unsigned long long)j);
        items += (uint64_t)c;
    }
    if (items + counts.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 work items and objects", o->input);
    mgpu_context ctx = open_context(o);
    mgpu_range in = upload(ctx, &counts), starts = {0}, objects = {0};
    mgpu_result r = MGPU_SUCCESS;
    if (counts.count) r = mgpu_buffer_alloc(ctx, counts.count * 4, &starts);
    if (r == MGPU_SUCCESS && items) r = mgpu_buffer_alloc(ctx, items * 4, &objects);
    if (r == MGPU_SUCCESS)
        r = mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I32, .exclusive = true, .count = (uint32_t)counts.count,
                                             .input = in, .output = starts}, NULL);
    mgpu_load_balance_info info = {.item_count = (uint32_t)items, .object_count = (uint32_t)counts.count,
                                   .object_starts = starts, .out_objects = objects};
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
            bench(ctx, record_load_balance, &info, req.scratch_size, items, 4.0 * ((double)items + (double)counts.count));
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
    if (a.count != n) fail(EXIT_BAD_INPUT, "%s: %llu %s for %llu intervals", path, (unsigned long long)a.count, what,
                           (unsigned long long)n);
    return a;
}

/* Each interval [index[o], index[o] + count[o]) lies inside [0, length). */
static void require_intervals_inside(const char *path, const npy_array *index, const int32_t *counts, uint64_t length) {
    for (uint64_t o = 0; o < index->count; ++o) {
        int32_t x = ((const int32_t *)index->data)[o];
        if (x < 0 || (uint64_t)x + (uint64_t)counts[o] > length)
            fail(EXIT_BAD_INPUT, "%s: interval %llu, [%d, %lld), is outside the array of %llu", path, (unsigned long long)o, x,
                 (long long)x + counts[o], (unsigned long long)length);
    }
}

static mgpu_result record_interval(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_interval(ctx, cmd, info, scratch);
}

static int command_interval(const options *o) {
    mgpu_interval_op op = !strcmp(o->command, "interval-expand") ? MGPU_INTERVAL_OP_EXPAND
                        : !strcmp(o->command, "interval-gather") ? MGPU_INTERVAL_OP_GATHER
                        : !strcmp(o->command, "interval-scatter") ? MGPU_INTERVAL_OP_SCATTER : MGPU_INTERVAL_OP_MOVE;
    char error[512];
    npy_array counts, input, dest = {0}, gather = {0}, scatter = {0};
    if (!npy_read(o->input, &counts, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (counts.type != MGPU_TYPE_I32) fail(EXIT_BAD_INPUT, "%s: counts must be <i4, not %s", o->input, npy_descr(counts.type));
    const int32_t *c = counts.data;
    uint64_t items = 0;
    for (uint64_t j = 0; j < counts.count; ++j) {
        if (c[j] < 0) fail(EXIT_BAD_INPUT, "%s: negative count %d at %llu", o->input, c[j], (unsigned long long)j);
        items += (uint64_t)c[j];
    }
    if (items + counts.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    const char *input_path = op == MGPU_INTERVAL_OP_EXPAND ? o->input_b : o->interval_input;
    if (!npy_read(input_path, &input, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (op == MGPU_INTERVAL_OP_EXPAND && input.count != counts.count)
        fail(EXIT_BAD_INPUT, "%s: %llu values for %llu intervals", input_path, (unsigned long long)input.count,
             (unsigned long long)counts.count);
    if (op == MGPU_INTERVAL_OP_SCATTER && input.count != items)
        fail(EXIT_BAD_INPUT, "%s: %llu values for %llu interval elements", input_path, (unsigned long long)input.count,
             (unsigned long long)items);
    if (o->gather) {
        gather = read_indices(o->gather, counts.count, "gather offsets");
        require_intervals_inside(o->gather, &gather, c, input.count);
    }
    if (o->into) {
        if (!npy_read(o->into, &dest, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
        if (dest.type != input.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", input_path, o->into);
        if (dest.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->into);
        scatter = read_indices(o->scatter, counts.count, "scatter offsets");
        require_intervals_inside(o->scatter, &scatter, c, dest.count);
    }
    mgpu_context ctx = open_context(o);
    size_t vs = mgpu_type_size(input.type);
    npy_array starts = {.type = MGPU_TYPE_I32, .count = counts.count, .data = malloc(counts.count * 4 + 4)};
    for (uint64_t j = 0, s = 0; j < counts.count; s += (uint64_t)c[j], ++j) ((int32_t *)starts.data)[j] = (int32_t)s;
    uint64_t out_count = o->into ? dest.count : items;
    mgpu_interval_info info = {.op = op, .value_size = (uint32_t)vs, .item_count = (uint32_t)items,
                               .interval_count = (uint32_t)counts.count, .interval_starts = upload(ctx, &starts),
                               .gather = upload(ctx, &gather), .scatter = upload(ctx, &scatter),
                               .input = upload(ctx, &input), .input_count = (uint32_t)input.count,
                               .output = o->into ? upload(ctx, &dest) : (mgpu_range){0}, .output_count = (uint32_t)out_count};
    mgpu_result r = MGPU_SUCCESS;
    if (!o->into && out_count) r = mgpu_buffer_alloc(ctx, out_count * vs, &info.output);
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

static mgpu_result record_search(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_sorted_search(ctx, cmd, info, scratch);
}

static int command_search(const options *o) {
    char error[512];
    npy_array a, b;
    if (!npy_read(o->input, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (!npy_read(o->input_b, &b, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a.type != b.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", o->input, o->input_b);
    if (a.count > 0x7fffffffu || b.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "more than 2^31-1 elements");
    require_sorted(o->input, &a, o->descending);
    require_sorted(o->input_b, &b, o->descending);
    mgpu_context ctx = open_context(o);
    mgpu_sorted_search_info info = {.key_type = a.type, .bounds = strcmp(o->bounds, "upper") ? MGPU_BOUNDS_LOWER : MGPU_BOUNDS_UPPER,
                                    .descending = o->descending, .a_count = (uint32_t)a.count, .b_count = (uint32_t)b.count,
                                    .a_keys = upload(ctx, &a), .b_keys = upload(ctx, &b)};
    struct { const char *path; mgpu_range *range; uint64_t count; } outs[] = {
        {o->output, &info.a_indices, a.count}, {o->b_indices, &info.b_indices, b.count},
        {o->match_a, &info.a_matches, a.count}, {o->match_b, &info.b_matches, b.count}};
    mgpu_result r = MGPU_SUCCESS;
    for (size_t i = 0; i < 4 && r == MGPU_SUCCESS; ++i)
        if (outs[i].path) r = mgpu_buffer_alloc(ctx, outs[i].count * 4 + 4, outs[i].range);
    uint32_t a_matches = 0, b_matches = 0;
    if (r == MGPU_SUCCESS) r = mgpu_sorted_search(ctx, &info, &a_matches, &b_matches);
    if (r != MGPU_SUCCESS) device_fail(ctx, "search", r);
    void *hosts[4] = {NULL, NULL, NULL, NULL}; /* a device output is written at the commit, from these */
    for (size_t i = 0; i < 4; ++i)
        if (outs[i].path) {
            hosts[i] = download_or_fail(ctx, *outs[i].range, outs[i].count * 4);
            write_output(ctx, outs[i].path, MGPU_TYPE_I32, hosts[i], outs[i].count);
        }
    commit_outputs(ctx);
    for (size_t i = 0; i < 4; ++i) free(hosts[i]);
    if (o->match_a || o->match_b) printf("%u %u\n", a_matches, b_matches);
    mgpu_requirements req;
    if (o->bench && mgpu_sorted_search_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
        bench(ctx, record_search, &info, req.scratch_size, a.count + b.count, 4.0 * (double)(a.count + b.count) * 2);
    mgpu_range ranges[] = {info.a_keys, info.b_keys, info.a_indices, info.b_indices, info.a_matches, info.b_matches};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(a.data);
    free(b.data);
    return finish(ctx);
}

static int command_bulk(const options *o) {
    bool insert = !strcmp(o->command, "bulk-insert");
    char error[512];
    npy_array b, a = {0}, idx;
    if (!npy_read(o->input, &b, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (insert && !npy_read(o->insert, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (insert && a.type != b.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", o->insert, o->input);
    if (!npy_read(o->indices, &idx, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (idx.type != MGPU_TYPE_I32) fail(EXIT_BAD_INPUT, "%s: indices must be <i4, not %s", o->indices, npy_descr(idx.type));
    if (insert && idx.count != a.count)
        fail(EXIT_BAD_INPUT, "%s: %llu indices for %llu values to insert", o->indices, (unsigned long long)idx.count,
             (unsigned long long)a.count);
    if (b.count + a.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "more than 2^31-1 elements");
    const int32_t *x = idx.data;
    for (uint64_t k = 0; k < idx.count; ++k) {
        int64_t limit = insert ? (int64_t)b.count : (int64_t)b.count - 1;
        if (x[k] < 0 || x[k] > limit)
            fail(EXIT_BAD_INPUT, "%s: index %d at %llu is out of range [0, %lld]", o->indices, x[k], (unsigned long long)k,
                 (long long)limit);
        if (k && (insert ? x[k] < x[k - 1] : x[k] <= x[k - 1]))
            fail(EXIT_BAD_INPUT, "%s: indices are not %s at %llu", o->indices, insert ? "ascending" : "strictly ascending",
                 (unsigned long long)k);
    }
    mgpu_context ctx = open_context(o);
    size_t vs = mgpu_type_size(b.type);
    uint64_t out_count = insert ? a.count + b.count : b.count - idx.count;
    mgpu_range rb = upload(ctx, &b), ra = upload(ctx, &a), rx = upload(ctx, &idx), ro = {0};
    mgpu_result r = MGPU_SUCCESS;
    if (out_count) r = mgpu_buffer_alloc(ctx, out_count * vs, &ro);
    if (r == MGPU_SUCCESS && insert)
        r = mgpu_bulk_insert(ctx, &(mgpu_bulk_insert_info){.value_size = (uint32_t)vs, .b_count = (uint32_t)b.count, .b = rb,
                                                           .a_count = (uint32_t)a.count, .insert = ra, .indices = rx, .output = ro});
    else if (r == MGPU_SUCCESS)
        r = mgpu_bulk_remove(ctx, &(mgpu_bulk_remove_info){.value_size = (uint32_t)vs, .count = (uint32_t)b.count, .input = rb,
                                                           .index_count = (uint32_t)idx.count, .indices = rx, .output = ro});
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

int main(int argc, char **argv) {
    options o = parse(argc, argv);
    check_outputs(&o);
    return o.sub->run(&o);
}
