/* The helpers the mgpuvk tool's families share (declared in tools/cli.h). */
#include "cli.h"
#include "output.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static uint64_t validation_messages;

/* One line on stderr, whatever bytes a file name holds: control bytes are written as \xNN. */
_Noreturn void fail(int status, const char *format, ...) {
    char message[4096];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    fprintf(stderr, "mgpuvk: error: ");
    for (const unsigned char *c = (const unsigned char *)message; *c; ++c)
        if (*c < 0x20 || *c == 0x7f)
            fprintf(stderr, "\\x%02x", *c);
        else
            fputc(*c, stderr);
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

static const char *field(const options *o, const file_arg *f) {
    return *(const char *const *)((const char *)o + f->field);
}

void describe_replace(char *buf, size_t size, const subcommand *c, const file_arg *out) {
    int n = snprintf(buf, size, "%s %s", out->name, out->may_replace ? "may replace" : "replaces no input");
    for (int k = 0, first = 1; k < FILE_ARG_MAX && n > 0 && (size_t)n < size; ++k)
        if (out->may_replace & (1u << k)) {
            n += snprintf(buf + n, size - (size_t)n, "%s%s", first ? " " : " or ", c->inputs[k].name);
            first = 0;
        }
}

void check_outputs(const options *o) {
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
                fail(EXIT_BAD_INPUT, "%s %s: the same file as input %s %s (%s)", c->outputs[k].name, out,
                     c->inputs[j].name, in, rule);
            }
        }
    }
}

mgpu_context open_context(const options *o) {
    const char *validation_env = getenv("MGPU_VALIDATION");
    bool validation = validation_env && strcmp(validation_env, "0") != 0;
    mgpu_context ctx = NULL;
    mgpu_context_desc desc = {.device = o->device, .validation = validation, .log = log_message};
    mgpu_result r = mgpu_context_create(&desc, &ctx);
    if (r == MGPU_ERROR_NO_DEVICE) {
        const char *env = getenv("MGPU_DEVICE"), *want = o->device ? o->device : env && *env ? env : NULL;
        uint32_t count = 0, def = 0;
        bool index = want && *want && strspn(want, "0123456789") == strlen(want);
        if (index && mgpu_enumerate_devices(NULL, &count, &def) == MGPU_SUCCESS && strtoull(want, NULL, 10) >= count)
            fail(o->device ? EXIT_BAD_INPUT : EXIT_DEVICE, "no Vulkan device %s%s (list them with `mgpuvk info`)", want,
                 o->device ? "" : " (MGPU_DEVICE)");
        if (want)
            fail(o->device ? EXIT_BAD_INPUT : EXIT_DEVICE,
                 "no usable Vulkan device matches '%s'%s (list them with `mgpuvk info`)", want,
                 o->device ? "" : " (MGPU_DEVICE)");
    }
    if (r != MGPU_SUCCESS) fail(EXIT_DEVICE, "no Vulkan context: %s", mgpu_result_message(r));
    return ctx;
}

npy_array read_values_for(const char *file, const npy_array *keys) {
    char error[512];
    npy_array values;
    if (!npy_read(file, &values, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (values.count != keys->count)
        fail(EXIT_BAD_INPUT, "%s has %llu values for %llu keys", file, (unsigned long long)values.count,
             (unsigned long long)keys->count);
    return values;
}

mgpu_range upload(mgpu_context ctx, const npy_array *a) {
    mgpu_range r = {0};
    VkDeviceSize bytes = a->count * mgpu_type_size(a->type);
    if (!bytes) return r;
    mgpu_result res = mgpu_buffer_alloc(ctx, bytes, &r);
    if (res == MGPU_SUCCESS) res = mgpu_buffer_upload(ctx, r, a->data, bytes);
    if (res != MGPU_SUCCESS) device_fail(ctx, "upload", res);
    return r;
}

void *download_or_fail(mgpu_context ctx, mgpu_range range, uint64_t bytes) {
    void *host = malloc(bytes ? bytes : 1);
    if (!host) device_fail(ctx, "host memory", MGPU_ERROR_OUT_OF_MEMORY);
    mgpu_result r = bytes ? mgpu_buffer_download(ctx, range, host, bytes) : MGPU_SUCCESS;
    if (r != MGPU_SUCCESS) device_fail(ctx, "download", r);
    return host;
}

void write_output(mgpu_context ctx, const char *path, mgpu_type type, const void *data, uint64_t count) {
    char error[1024];
    if (!output_write(path, type, data, count, error, sizeof error)) {
        mgpu_context_destroy(ctx);
        fail(EXIT_BAD_INPUT, "%s", error);
    }
}

void commit_outputs(mgpu_context ctx) {
    char error[1024];
    if (!output_commit(error, sizeof error)) {
        mgpu_context_destroy(ctx);
        fail(EXIT_BAD_INPUT, "%s", error);
    }
}

void device_fail(mgpu_context ctx, const char *what, mgpu_result r) {
    char message[2048];
    snprintf(message, sizeof message, "%s: %s (%s)", what, mgpu_result_message(r), mgpu_context_last_error(ctx));
    mgpu_context_destroy(ctx);
    fail(r == MGPU_ERROR_UNSUPPORTED  ? EXIT_DEVICE
         : r < MGPU_ERROR_UNSUPPORTED ? EXIT_BAD_INPUT
                                      : EXIT_DEVICE,
         "%s", message);
}

int finish(mgpu_context ctx) {
    uint64_t messages = validation_messages;
    mgpu_context_destroy(ctx);
    return messages || validation_messages ? EXIT_VALIDATION : 0;
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

void require_sorted(const char *path, const npy_array *a, bool descending) {
    for (uint64_t i = 1; i < a->count; ++i) {
        uint64_t p = key_bits(a->type, a->data, i - 1), q = key_bits(a->type, a->data, i);
        if (descending ? p < q : q < p)
            fail(EXIT_BAD_INPUT, "%s is not sorted %s (element %llu)", path, descending ? "descending" : "ascending",
                 (unsigned long long)i);
    }
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

void bench(mgpu_context ctx, record_fn record, const void *info, VkDeviceSize scratch_size, uint64_t count,
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

mgpu_op parse_op(const char *name, bool scan) {
    if (!name || !strcmp(name, "add")) return MGPU_OP_ADD;
    if (!strcmp(name, "min")) return MGPU_OP_MIN;
    if (!strcmp(name, "max")) return MGPU_OP_MAX;
    if (!scan && !strcmp(name, "maxindex")) return MGPU_OP_MAX_INDEX;
    fail(EXIT_BAD_INPUT, "unknown --op '%s' (add, min, max%s)", name, scan ? "" : ", maxindex");
    return MGPU_OP_ADD;
}

void print_scalar(mgpu_type type, mgpu_scalar v) {
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

mgpu_context open_with_input(const options *o, npy_array *a, mgpu_range *in) {
    char error[512];
    if (!npy_read(o->input, a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a->count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    mgpu_context ctx = open_context(o);
    *in = upload(ctx, a);
    return ctx;
}
