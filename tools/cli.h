/*
 * The mgpuvk tool's shared parts: the parsed command line, the row of the subcommand table, and the helpers
 * that more than one family of subcommands uses (tools/cli.c). Each primitive family's file
 * (tools/cli_<family>.c, named after its row of src/families.def) holds its command_* functions, their
 * record_* helpers and its rows of the table (cli_family); tools/mgpuvk.c gathers the rows, parses the
 * arguments and holds main. A new family's subcommands are its file alone: the build finds it.
 */
#ifndef MGPU_TOOLS_CLI_H
#define MGPU_TOOLS_CLI_H

#include "mgpuvk.h"
#include "npy.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>

#define EXIT_BAD_INPUT  2
#define EXIT_DEVICE     1
#define EXIT_VALIDATION 3

typedef struct subcommand subcommand;

/* The most options a family's file may keep in options.own, and flags in options.own_flag. */
#define OWN_MAX      8
#define OWN_FLAG_MAX 4

/* The parsed command line: each subcommand's row says which options and positional arguments set which field.
 * The fields are the options several families take; an option only one family takes is that family's own: its
 * file, tools/cli_<family>.c, numbers such options (an enum of its own, checked against OWN_MAX or OWN_FLAG_MAX)
 * and names own[k] (own_flag[k] for a flag) in its rows and commands, e.g. VALUE("--kind", own[JOIN_KIND], NULL)
 * and o->own[JOIN_KIND]. Families number their slots from 0 alike: one subcommand runs, and reads only its own. */
typedef struct options {
    const subcommand *sub;
    const char *command;
    const char *input;
    const char *input_b;
    const char *values_a;
    const char *values_b;
    const char *values_out;
    const char *indices_out;
    bool descending;
    const char *output;
    const char *device;
    const char *op;
    bool bench;
    const char *own[OWN_MAX];
    bool own_flag[OWN_FLAG_MAX];
} options;

/* What an entry of subcommand.takes is; OPTION_END (zero) ends the list. */
typedef enum option_kind {
    OPTION_END,
    OPTION_POSITIONAL, /* the next bare argument, in the order of the list */
    OPTION_FLAG,       /* sets a bool */
    OPTION_VALUE,      /* takes the next argument */
    OPTION_TWO_VALUES  /* takes the next two arguments (field, then second) */
} option_kind;

/* An option or positional argument a subcommand takes: its spelling (NULL for a positional one), the options
 * field it sets (offsetof), and when it is required the rest of the message "COMMAND needs ...". Required
 * arguments are checked in the order of the list. */
typedef struct option_spec {
    const char *name;
    option_kind kind;
    size_t field;
    size_t second;
    const char *needs;
} option_spec;

/* The most entries in subcommand.takes. */
#define OPTION_MAX 12

/* A file argument of a subcommand: its name in the usage and the options field that holds its path. An
 * output may replace the inputs whose bits (1 << index in inputs[]) are in may_replace; any other input it
 * is the same file as, and another output, is refused before any work. */
typedef struct file_arg {
    const char *name;
    size_t field;
    unsigned may_replace;
} file_arg;

/* The most inputs, and the most outputs, of one subcommand. */
#define FILE_ARG_MAX 6

/* A row of the subcommand table (tools/mgpuvk.c). --device and --bench are taken by every subcommand. */
struct subcommand {
    const char *name;
    const char *usage;   /* after "mgpuvk "; continuation lines start with spaces */
    const char *summary; /* one line */
    const char *details; /* more lines of `mgpuvk NAME --help`, or NULL */
    int (*run)(const options *o);
    void (*check)(const options *o); /* after parsing: refuses a bad combination of options (exit 2), or NULL */
    option_spec takes[OPTION_MAX];
    file_arg inputs[FILE_ARG_MAX];
    file_arg outputs[FILE_ARG_MAX];
};

/* The subcommands of a family's file, tools/cli_<family>.c: `const cli_family cli_<family> = CLI_FAMILY(rows);`.
 * tools/mgpuvk.c lists them after its own (info), in the order of src/families.def (cmake/families.cmake
 * finds the families that have such a file). */
typedef struct cli_family {
    const subcommand *commands;
    size_t count;
} cli_family;
#define CLI_FAMILY(rows) \
    { rows, sizeof rows / sizeof rows[0] }

/* The parts of a row. A file argument: its name in the usage, the field of its path, and for an output the
 * inputs it may replace (IN(k): inputs[k]). */
#define ARG(name, field) \
    { name, offsetof(options, field), 0 }
#define OUT(name, field, may_replace) \
    { name, offsetof(options, field), may_replace }
#define IN(k) (1u << (k))

/* Options and positional arguments (subcommand.takes); needs: the message when one is required. */
#define POSITIONAL(field, needs) \
    { NULL, OPTION_POSITIONAL, offsetof(options, field), 0, needs }
#define FLAG(name, field) \
    { name, OPTION_FLAG, offsetof(options, field), 0, NULL }
#define VALUE(name, field, needs) \
    { name, OPTION_VALUE, offsetof(options, field), 0, needs }
#define TWO_VALUES(name, field, second) \
    { name, OPTION_TWO_VALUES, offsetof(options, field), offsetof(options, second), NULL }
#define INPUT         POSITIONAL(input, "needs an input .npy file")
#define NEEDS_OUTPUT  "needs -o OUT.npy"
#define OUTPUT(needs) VALUE("-o", output, needs), VALUE("--output", output, NULL)
#define OP            VALUE("--op", op, NULL)
/* sort, search and the bulk commands have always accepted --op, and ignore it */
#define IGNORED_OP    OP

/* Prints "mgpuvk: error: " and the message as one line on stderr (control bytes as \xNN) and exits with status. */
_Noreturn void fail(int status, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* What an output of c may replace, into buf: "-o may replace A.npy or B.npy", or "-o replaces no input". */
void describe_replace(char *buf, size_t size, const subcommand *c, const file_arg *out);

/* Before any work: every output can be written safely, no two are one file, and none is an input it may not
 * replace; else exits with 2. */
void check_outputs(const options *o);

/* Creates the context on --device (or MGPU_DEVICE), with the validation layers when MGPU_VALIDATION is set;
 * exits with 2 for a --device that matches none, else 1. */
mgpu_context open_context(const options *o);

/* Reads the values of `keys` from file: exits with 2 when it cannot be read or its length differs from the keys'. */
npy_array read_values_for(const char *file, const npy_array *keys);

/* Allocates a device range for the array and uploads it ({0} for an empty array); exits on failure. */
mgpu_range upload(mgpu_context ctx, const npy_array *a);

/* Allocates host memory and downloads bytes from range into it (one byte for 0); exits on failure. */
void *download_or_fail(mgpu_context ctx, mgpu_range range, uint64_t bytes);

/* Writes an output array (to its temporary: output.h); on failure exits with 2, every file as it was. */
void write_output(mgpu_context ctx, const char *path, mgpu_type type, const void *data, uint64_t count);

/* Puts every output of the command in place (devices first), or exits with 2. */
void commit_outputs(mgpu_context ctx);

/* Destroys the context and exits with "what: message (last error)": 2 for bad input, 1 for the device. */
void device_fail(mgpu_context ctx, const char *what, mgpu_result r);

/* Destroys the context; the exit status of a command that succeeded (3 when a validation message came). */
int finish(mgpu_context ctx);

/* Exits with 2 unless the array is sorted (ascending, or descending) in the total order of the keys. */
void require_sorted(const char *path, const npy_array *a, bool descending);

/* Records one run of a primitive (info is its mgpu_*_info) for bench. */
typedef mgpu_result (*record_fn)(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch);

/* The reduce and scan --op: add (the default), min, max, and for reduce maxindex; else exits with 2. */
mgpu_op parse_op(const char *name, bool scan);

/* Prints one value of type as the tool prints results (floats with enough digits to round-trip). */
void print_scalar(mgpu_type type, mgpu_scalar v);

/* Reads the input array (o->input), opens the context and uploads the array (*in stays empty for 0 elements);
 * exits on failure. */
mgpu_context open_with_input(const options *o, npy_array *a, mgpu_range *in);

/* --bench: prints the GPU time of 10 recordings (best, after one warm-up) as count elements/s and bytes/s. */
void bench(mgpu_context ctx, record_fn record, const void *info, VkDeviceSize scratch_size, uint64_t count,
           double bytes);

#endif
