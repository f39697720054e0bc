/*
 * mgpuvk: the command-line tool over the library. Arrays in and out are 1-D NumPy .npy files.
 * The subcommands, their usage and which input each output may replace are the table `subcommands`
 * below; `mgpuvk --help` prints it, `mgpuvk CMD --help` one entry. The commands are in
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

int main(int argc, char **argv) {
    options o = parse(argc, argv);
    check_outputs(&o);
    return o.sub->run(&o);
}
