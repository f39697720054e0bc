/* mgpuvk reduce and scan. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

static mgpu_result record_reduce(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_reduce(ctx, cmd, info, scratch);
}

static mgpu_result record_scan(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_scan(ctx, cmd, info, scratch);
}

/* Reads the input array, opens the context and uploads the array (in stays empty for 0 elements). */
static mgpu_context open_with_input(const options *o, npy_array *a, mgpu_range *in) {
    char error[512];
    if (!npy_read(o->input, a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a->count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    mgpu_context ctx = open_context(o);
    *in = upload(ctx, a);
    return ctx;
}

int command_reduce(const options *o) {
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

int command_scan(const options *o) {
    mgpu_op op = parse_op(o->op, true);
    npy_array a;
    mgpu_range in, out = {0};
    mgpu_context ctx = open_with_input(o, &a, &in);
    size_t size = mgpu_type_size(a.type);
    mgpu_result r = MGPU_SUCCESS;
    if (a.count && (r = mgpu_buffer_alloc(ctx, a.count * size, &out)) != MGPU_SUCCESS)
        device_fail(ctx, "allocation", r);
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
