/* mgpuvk histogram. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Histogram's own options, slots of options.own (tools/cli.h): --bins and --range. */
enum { HISTOGRAM_BINS, HISTOGRAM_RANGE, HISTOGRAM_OWN_COUNT };
static_assert(HISTOGRAM_OWN_COUNT <= OWN_MAX, "options.own holds histogram's own options");

static mgpu_result record_histogram(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_histogram(ctx, cmd, info, scratch);
}

/* --bins N: 1..MGPU_HISTOGRAM_MAX_BINS, else exit 2. */
static uint32_t parse_bins(const char *text) {
    char *end = NULL;
    errno = 0;
    unsigned long long bins = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno || bins == 0 || bins > MGPU_HISTOGRAM_MAX_BINS)
        fail(EXIT_BAD_INPUT, "--bins '%s': a whole number from 1 to %u", text, MGPU_HISTOGRAM_MAX_BINS);
    return (uint32_t)bins;
}

static void check_histogram(const options *o) { parse_bins(o->own[HISTOGRAM_BINS]); }

/* One bound of --range, `length` characters of text, in the type's class: integers exactly within the type,
 * floats as a double (rounded to float for f32). */
static bool parse_bound(const char *text, size_t length, mgpu_type type, mgpu_scalar *out) {
    char buf[128];
    if (length == 0 || length >= sizeof buf) return false;
    memcpy(buf, text, length);
    buf[length] = '\0';
    char *end = NULL;
    errno = 0;
    memset(out, 0, sizeof *out);
    switch (type) {
        case MGPU_TYPE_U32:
        case MGPU_TYPE_U64: {
            if (buf[0] < '0' || buf[0] > '9') return false; /* strtoull would wrap "-1" */
            unsigned long long v = strtoull(buf, &end, 10);
            if (*end || errno || (type == MGPU_TYPE_U32 && v > UINT32_MAX)) return false;
            if (type == MGPU_TYPE_U32)
                out->u32 = (uint32_t)v;
            else
                out->u64 = v;
            return true;
        }
        case MGPU_TYPE_I32:
        case MGPU_TYPE_I64: {
            if (buf[0] != '-' && (buf[0] < '0' || buf[0] > '9')) return false;
            long long v = strtoll(buf, &end, 10);
            if (*end || errno || (type == MGPU_TYPE_I32 && (v < INT32_MIN || v > INT32_MAX))) return false;
            if (type == MGPU_TYPE_I32)
                out->i32 = (int32_t)v;
            else
                out->i64 = v;
            return true;
        }
        default: {
            double v = strtod(buf, &end);
            if (*end || isspace((unsigned char)buf[0])) return false;
            if (type == MGPU_TYPE_F32)
                out->f32 = (float)v;
            else
                out->f64 = v;
            return true;
        }
    }
}

/* --range LO:HI in IN's type: LO < HI, and for floats finite bounds whose width and bins / width are finite in
 * the type (what the library accepts, mgpu_histogram_info); else exit 2. */
static void parse_range(const char *text, mgpu_type type, uint32_t bins, mgpu_scalar *lower, mgpu_scalar *upper) {
    const char *colon = strchr(text, ':');
    bool ok = colon && parse_bound(text, (size_t)(colon - text), type, lower) &&
              parse_bound(colon + 1, strlen(colon + 1), type, upper);
    if (!ok)
        fail(EXIT_BAD_INPUT, "--range '%s': LO:HI, two numbers of the input's type (%s)", text, mgpu_type_name(type));
    bool ordered, finite = true;
    switch (type) {
        case MGPU_TYPE_U32: ordered = lower->u32 < upper->u32; break;
        case MGPU_TYPE_I32: ordered = lower->i32 < upper->i32; break;
        case MGPU_TYPE_U64: ordered = lower->u64 < upper->u64; break;
        case MGPU_TYPE_I64: ordered = lower->i64 < upper->i64; break;
        case MGPU_TYPE_F32: {
            float w = upper->f32 - lower->f32;
            ordered = lower->f32 < upper->f32;
            finite = isfinite(lower->f32) && isfinite(upper->f32) && isfinite(w) && isfinite((float)bins / w);
            break;
        }
        default: {
            double w = upper->f64 - lower->f64;
            ordered = lower->f64 < upper->f64;
            finite = isfinite(lower->f64) && isfinite(upper->f64) && isfinite(w) && isfinite((double)bins / w);
            break;
        }
    }
    if (!finite)
        fail(EXIT_BAD_INPUT, "--range '%s': LO, HI, HI - LO and bins / (HI - LO) must be finite in %s", text,
             mgpu_type_name(type));
    if (!ordered) fail(EXIT_BAD_INPUT, "--range '%s': LO must be below HI", text);
}

static int command_histogram(const options *o) {
    uint32_t bins = parse_bins(o->own[HISTOGRAM_BINS]);
    char error[512];
    npy_array a;
    if (!npy_read(o->input, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    mgpu_scalar lower, upper;
    parse_range(o->own[HISTOGRAM_RANGE], a.type, bins, &lower, &upper);
    mgpu_context ctx = open_context(o);
    mgpu_range in = upload(ctx, &a), counts = {0};
    mgpu_result r = mgpu_buffer_alloc(ctx, (VkDeviceSize)bins * 4, &counts);
    mgpu_histogram_info info = {.type = a.type,
                                .count = (uint32_t)a.count,
                                .bins = bins,
                                .lower = lower,
                                .upper = upper,
                                .input = in,
                                .counts = counts};
    uint32_t counted = 0;
    if (r == MGPU_SUCCESS) r = mgpu_histogram(ctx, &info, &counted);
    if (r != MGPU_SUCCESS) device_fail(ctx, "histogram", r);
    void *host = download_or_fail(ctx, counts, (uint64_t)bins * 4);
    write_output(ctx, o->output, MGPU_TYPE_U32, host, bins);
    commit_outputs(ctx);
    printf("%" PRIu32 "\n", counted);
    if (o->bench) {
        mgpu_requirements req;
        if (mgpu_histogram_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
            bench(ctx, record_histogram, &info, req.scratch_size, a.count,
                  (double)a.count * (double)mgpu_type_size(a.type));
    }
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, counts);
    free(host);
    free(a.data);
    return finish(ctx);
}

/* The histogram family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"histogram",
     "histogram IN.npy --bins N --range LO:HI -o COUNTS.npy [--device N|NAME] [--bench]",
     "the number of values of IN in each of N bins of equal width over [LO, HI); prints the number counted",
     "  COUNTS is <u4, N counts; a value v is counted iff LO <= v < HI (NaN never; -0.0 as 0.0), in bin\n"
     "  floor((v - LO) * N / (HI - LO)) (integers exactly; floats as mgpuvk.h says, in IN's precision);\n"
     "  N is 1..1048576; LO and HI are numbers of IN's type (integers exact, floats finite, HI - LO finite)\n",
     command_histogram,
     check_histogram,
     {INPUT, VALUE("--bins", own[HISTOGRAM_BINS], "needs --bins N"),
      VALUE("--range", own[HISTOGRAM_RANGE], "needs --range LO:HI"), OUTPUT(NEEDS_OUTPUT)},
     {ARG("IN.npy", input)},
     {OUT("-o", output, IN(0))}},
};
const cli_family cli_histogram = CLI_FAMILY(commands);
