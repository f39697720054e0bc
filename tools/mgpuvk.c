/*
 * mgpuvk: the command-line tool over the library. Arrays in and out are 1-D NumPy .npy files.
 * The subcommands, their usage, the options they take and which input each output may replace are the table
 * `subcommands` below; `mgpuvk --help` prints it, `mgpuvk CMD --help` one entry. The commands are in
 * tools/cli_<family>.c, the helpers they share in tools/cli.c (tools/cli.h).
 *
 * Results go to stdout on one line (max-index: value, a space, index; floats with enough digits to
 * round-trip). Bad input (missing or malformed file, unsupported dtype, Fortran order, more than one
 * dimension, truncated data, unknown option, an output that cannot be written safely or that aliases an
 * input it may not replace) prints one line to stderr and exits with status 2, leaving every file as it was;
 * a device failure exits with status 1. With env MGPU_VALIDATION=1 the Vulkan validation layers run and any
 * message they print makes the exit status 3. Outputs go through tools/output.h: each replaces its file only
 * when the whole command has succeeded.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define ARG(name, field) {name, offsetof(options, field), 0}
#define OUT(name, field, may_replace) {name, offsetof(options, field), may_replace}
#define IN(k) (1u << (k)) /* may_replace: the input inputs[k] */

#define POSITIONAL(field, needs) {NULL, OPTION_POSITIONAL, offsetof(options, field), 0, needs}
#define FLAG(name, field) {name, OPTION_FLAG, offsetof(options, field), 0, NULL}
#define VALUE(name, field, needs) {name, OPTION_VALUE, offsetof(options, field), 0, needs}
#define TWO_VALUES(name, field, second) \
    {name, OPTION_TWO_VALUES, offsetof(options, field), offsetof(options, second), NULL}
#define INPUT POSITIONAL(input, "needs an input .npy file")
#define NEEDS_OUTPUT "needs -o OUT.npy"
#define OUTPUT(needs) VALUE("-o", output, needs), VALUE("--output", output, NULL)
#define OP VALUE("--op", op, NULL)
/* sort, search and the bulk commands have always accepted --op, and ignore it */
#define IGNORED_OP OP

/* Each row: name, usage, summary, details; the command and its check; the options and positional arguments
 * it takes (--device and --bench: every one); its file inputs and outputs. */
static const subcommand subcommands[] = {
    {"info", "info [--device N|NAME] [--bench]",
     "list the Vulkan devices (* marks the default); with --device or --bench also the details of one",
     "  --bench  the bandwidth of the copy shader on 64 MiB, the reference of every benchmark figure\n",
     command_info, NULL, {{0}}, {{0}}, {{0}}},
    {"reduce", "reduce IN.npy [--op add|min|max|maxindex] [--device N|NAME] [--bench]",
     "print the reduction of IN (maxindex: the value, a space, its first index)", NULL, command_reduce, NULL,
     {INPUT, OP},
     {ARG("IN.npy", input)}, {{0}}},
    {"scan", "scan IN.npy -o OUT.npy [--op add|min|max] [--exclusive] [--device N|NAME] [--bench]",
     "the inclusive (or exclusive) scan of IN into OUT; prints the total", NULL, command_scan, NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), OP, FLAG("--exclusive", exclusive)},
     {ARG("IN.npy", input)}, {OUT("-o", output, IN(0))}},
    {"merge",
     "merge A.npy B.npy -o OUT.npy [--values VA.npy VB.npy --values-out VOUT.npy] [--descending]\n"
     "             [--device N|NAME] [--bench]",
     "merge two sorted arrays (and the values that go with their keys) into one sorted array",
     "  stable: of equal keys, those of A come first\n", command_merge, check_merge,
     {INPUT, OUTPUT(NEEDS_OUTPUT), POSITIONAL(input_b, "needs two input .npy files"),
      TWO_VALUES("--values", values_a, values_b), VALUE("--values-out", values_out, NULL),
      FLAG("--descending", descending)},
     {ARG("A.npy", input), ARG("B.npy", input_b), ARG("VA.npy", values_a), ARG("VB.npy", values_b)},
     {OUT("-o", output, IN(0) | IN(1)), OUT("--values-out", values_out, IN(2) | IN(3))}},
    {"sort",
     "sort KEYS.npy -o OUT.npy [--values V.npy --values-out VOUT.npy | --indices-out PERM.npy]\n"
     "            [--descending] [--algo radix|merge|auto] [--bits LO:HI] [--device N|NAME] [--bench]",
     "sort keys (with values, or giving the permutation PERM <i4); stable",
     "  --algo auto is the radix sort\n"
     "  --bits LO:HI  radix sort by bits LO..HI-1 of the key's order-preserving transform (0:0 = no bit:\n"
     "               keeps the input order)\n",
     command_sort, check_sort,
     {INPUT, OUTPUT(NEEDS_OUTPUT), VALUE("--values", values_a, NULL), VALUE("--values-out", values_out, NULL),
      VALUE("--indices-out", indices_out, NULL), FLAG("--descending", descending), VALUE("--algo", algo, NULL),
      VALUE("--bits", bits, NULL), IGNORED_OP},
     {ARG("KEYS.npy", input), ARG("V.npy", values_a)},
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
     command_search, check_search,
     {INPUT, POSITIONAL(input_b, "needs A.npy and B.npy"), VALUE("--bounds", bounds, NULL), OUTPUT(NULL),
      VALUE("--b-indices", b_indices, NULL), VALUE("--match-a", match_a, NULL), VALUE("--match-b", match_b, NULL),
      FLAG("--descending", descending), IGNORED_OP},
     {ARG("A.npy", input), ARG("B.npy", input_b)},
     {OUT("-o", output, IN(0)), OUT("--b-indices", b_indices, IN(1)), OUT("--match-a", match_a, IN(0)),
      OUT("--match-b", match_b, IN(1))}},
    {"bulk-remove", "bulk-remove IN.npy --indices IDX.npy -o OUT.npy [--device N|NAME]",
     "IN without the elements at IDX (<i4, strictly ascending)", NULL, command_bulk, NULL,
     {INPUT, VALUE("--indices", indices, "needs --indices IDX.npy"), OUTPUT(NEEDS_OUTPUT), IGNORED_OP},
     {ARG("IN.npy", input), ARG("IDX.npy", indices)}, {OUT("-o", output, IN(0))}},
    {"bulk-insert", "bulk-insert B.npy --insert A.npy --indices IDX.npy -o OUT.npy [--device N|NAME]",
     "B with A[i] inserted before B[IDX[i]] (IDX <i4, ascending, at most the length of B)", NULL, command_bulk, NULL,
     {INPUT, VALUE("--indices", indices, "needs --indices IDX.npy"), VALUE("--insert", insert, "needs --insert A.npy"),
      OUTPUT(NEEDS_OUTPUT), IGNORED_OP},
     {ARG("B.npy", input), ARG("A.npy", insert), ARG("IDX.npy", indices)}, {OUT("-o", output, IN(0))}},
    {"load-balance", "load-balance COUNTS.npy -o OBJ.npy [--device N|NAME] [--bench]",
     "for each work item of objects with COUNTS (<i4 >= 0) items, its object (OBJ <i4)",
     "    COUNTS: 3 0 2 1 -> OBJ: 0 0 0 2 2 3\n"
     "  OBJ has one element per work item, COUNTS one per object: -o never replaces COUNTS.\n",
     command_load_balance, NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT)},
     {ARG("COUNTS.npy", input)}, {OUT("-o", output, 0)}},
    {"interval-expand", "interval-expand COUNTS.npy VALUES.npy -o OUT.npy [--device N|NAME] [--bench]",
     "VALUES[i] repeated COUNTS[i] times", NULL, command_interval, NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), POSITIONAL(input_b, "needs COUNTS.npy and VALUES.npy")},
     {ARG("COUNTS.npy", input), ARG("VALUES.npy", input_b)}, {OUT("-o", output, IN(1))}},
    {"interval-gather",
     "interval-gather COUNTS.npy --gather G.npy --input IN.npy -o OUT.npy [--device N|NAME] [--bench]",
     "the intervals IN[G[i] .. G[i]+COUNTS[i]) one after another", NULL, command_interval, NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), VALUE("--gather", gather, "needs --gather G.npy"),
      VALUE("--input", interval_input, "needs --input IN.npy")},
     {ARG("COUNTS.npy", input), ARG("G.npy", gather), ARG("IN.npy", interval_input)}, {OUT("-o", output, IN(2))}},
    {"interval-scatter",
     "interval-scatter COUNTS.npy --scatter S.npy --input IN.npy --into DEST.npy -o OUT.npy\n"
     "                        [--device N|NAME] [--bench]",
     "DEST with the consecutive intervals of IN written at S[i] .. S[i]+COUNTS[i]", NULL, command_interval, NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), VALUE("--scatter", scatter, "needs --scatter S.npy"),
      VALUE("--input", interval_input, "needs --input IN.npy"), VALUE("--into", into, "needs --into DEST.npy")},
     {ARG("COUNTS.npy", input), ARG("S.npy", scatter), ARG("IN.npy", interval_input), ARG("DEST.npy", into)},
     {OUT("-o", output, IN(3))}},
    {"interval-move",
     "interval-move COUNTS.npy --gather G.npy --scatter S.npy --input IN.npy --into DEST.npy -o OUT.npy\n"
     "                     [--device N|NAME] [--bench]",
     "DEST with IN[G[i] .. G[i]+COUNTS[i]) written at S[i]", NULL, command_interval, NULL,
     {INPUT, OUTPUT(NEEDS_OUTPUT), VALUE("--gather", gather, "needs --gather G.npy"),
      VALUE("--scatter", scatter, "needs --scatter S.npy"), VALUE("--input", interval_input, "needs --input IN.npy"),
      VALUE("--into", into, "needs --into DEST.npy")},
     {ARG("COUNTS.npy", input), ARG("G.npy", gather), ARG("S.npy", scatter), ARG("IN.npy", interval_input),
      ARG("DEST.npy", into)},
     {OUT("-o", output, IN(4))}},
};

static void print_usage_line(FILE *f, const subcommand *c, const char *prefix) {
    fprintf(f, "%smgpuvk %s\n", prefix, c->usage);
}

static void print_usage(FILE *f) {
    fprintf(f, "usage: mgpuvk COMMAND ARGS...   (mgpuvk COMMAND --help: one command; mgpuvk --version)\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; ++i) print_usage_line(f, &subcommands[i], "  ");
    fprintf(f, "--bench prints the GPU time (best of 10) and throughput; mgpuvk info --bench measures the copy "
               "shader,\nthe reference of every figure. Devices: mgpuvk info.\n");
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

/* The field of o at offset (offsetof(options, ...)): a bool for a flag, else a string. */
static void *field_at(options *o, size_t offset) { return (char *)o + offset; }

/* The string field of o at offset: an option's value or a positional argument. */
static const char **text_field(options *o, size_t offset) { return field_at(o, offset); }

/* The option of c spelt a, or NULL. */
static const option_spec *find_option(const subcommand *c, const char *a) {
    for (int k = 0; k < OPTION_MAX && c->takes[k].kind; ++k)
        if (c->takes[k].name && !strcmp(c->takes[k].name, a)) return &c->takes[k];
    return NULL;
}

/* The first positional argument of c not yet given, or NULL. */
static const option_spec *next_positional(const subcommand *c, options *o) {
    for (int k = 0; k < OPTION_MAX && c->takes[k].kind; ++k)
        if (c->takes[k].kind == OPTION_POSITIONAL && !*text_field(o, c->takes[k].field)) return &c->takes[k];
    return NULL;
}

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
    const subcommand *c = o.sub = find_subcommand(o.command);
    for (int i = 2; i < argc; ++i)
        if (is_help(argv[i])) {
            print_help(c);
            exit(0);
        }
    for (int i = 2; i < argc; ++i) {
        const char *a = argv[i];
        const option_spec *s = find_option(c, a), *p = NULL;
        if (!strcmp(a, "--device")) {
            if (i + 1 >= argc) fail(EXIT_BAD_INPUT, "--device needs a value");
            o.device = argv[++i];
        } else if (!strcmp(a, "--bench")) {
            o.bench = true;
        } else if (s && s->kind == OPTION_FLAG) {
            *(bool *)field_at(&o, s->field) = true;
        } else if (s && s->kind == OPTION_TWO_VALUES) {
            if (i + 2 >= argc) fail(EXIT_BAD_INPUT, "%s needs two files", a);
            *text_field(&o, s->field) = argv[++i];
            *text_field(&o, s->second) = argv[++i];
        } else if (s) {
            if (i + 1 >= argc) fail(EXIT_BAD_INPUT, "%s needs a value", a);
            *text_field(&o, s->field) = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            fail(EXIT_BAD_INPUT, "unknown option '%s' for %s", a, o.command);
        } else if ((p = next_positional(c, &o))) {
            *text_field(&o, p->field) = a;
        } else {
            fail(EXIT_BAD_INPUT, "unexpected argument '%s'", a);
        }
    }
    for (int k = 0; k < OPTION_MAX && c->takes[k].kind; ++k)
        if (c->takes[k].needs && !*text_field(&o, c->takes[k].field))
            fail(EXIT_BAD_INPUT, "%s %s", o.command, c->takes[k].needs);
    if (c->check) c->check(&o);
    return o;
}

int main(int argc, char **argv) {
    options o = parse(argc, argv);
    check_outputs(&o);
    return o.sub->run(&o);
}
