/* Probe: an indirect count far below the capacity, grids sized on the device (tuning grids=on) against the
 * capacity's grids (off), and the host count alone. GPU us, best of 20. Usage: capacity LOG2_CAPACITY */
#include "mgpuvk.h"
#include <stdio.h>
#include <stdlib.h>

typedef mgpu_result (*rec_fn)(mgpu_context, VkCommandBuffer, const void *, mgpu_range);
static mgpu_result rec_scan(mgpu_context c, VkCommandBuffer b, const void *i, mgpu_range s) {
    return mgpu_cmd_scan(c, b, i, s);
}
static mgpu_result rec_reduce(mgpu_context c, VkCommandBuffer b, const void *i, mgpu_range s) {
    return mgpu_cmd_reduce(c, b, i, s);
}
static mgpu_result rec_radix(mgpu_context c, VkCommandBuffer b, const void *i, mgpu_range s) {
    return mgpu_cmd_radixsort(c, b, i, s);
}
static mgpu_result rec_select(mgpu_context c, VkCommandBuffer b, const void *i, mgpu_range s) {
    return mgpu_cmd_select(c, b, i, s);
}

static double best_us(mgpu_context ctx, rec_fn rec, const void *info, mgpu_range scratch) {
    double best = 1e30;
    for (int r = 0; r < 25; ++r) {
        VkCommandBuffer cmd;
        double ns = 0;
        if (mgpu_commands_begin(ctx, &cmd) != MGPU_SUCCESS) return -1;
        mgpu_result rr = rec(ctx, cmd, info, scratch);
        if (mgpu_commands_submit(ctx, &ns) != MGPU_SUCCESS || rr != MGPU_SUCCESS) return -1;
        if (r >= 5 && ns < best) best = ns;
    }
    return best / 1000.0;
}

int main(int argc, char **argv) {
    int lg = argc > 1 ? atoi(argv[1]) : 24;
    uint32_t cap = 1u << lg;
    mgpu_context ctx;
    if (mgpu_context_create(&(mgpu_context_desc){0}, &ctx) != MGPU_SUCCESS) return 1;
    mgpu_range in, out, flags, cnt, res, outc, scratch;
    mgpu_buffer_alloc(ctx, (VkDeviceSize)cap * 4, &in);
    mgpu_buffer_alloc(ctx, (VkDeviceSize)cap * 4, &out);
    mgpu_buffer_alloc(ctx, (VkDeviceSize)cap * 4, &flags);
    mgpu_buffer_alloc(ctx, 16, &cnt);
    mgpu_buffer_alloc(ctx, 64, &res);
    mgpu_buffer_alloc(ctx, 16, &outc);
    uint32_t *h = malloc((size_t)cap * 4);
    for (uint32_t i = 0; i < cap; ++i) h[i] = (i * 2654435761u) >> 7;
    mgpu_buffer_upload(ctx, in, h, (VkDeviceSize)cap * 4);
    for (uint32_t i = 0; i < cap; ++i) h[i] = i & 1;
    mgpu_buffer_upload(ctx, flags, h, (VkDeviceSize)cap * 4);
    const char *names[] = {"scan", "reduce", "radix", "select"};
    for (int p = 0; p < 4; ++p) {
        mgpu_prim prim = p == 0   ? MGPU_PRIM_SCAN
                         : p == 1 ? MGPU_PRIM_REDUCE
                         : p == 2 ? MGPU_PRIM_RADIXSORT
                                  : MGPU_PRIM_COMPACT;
        for (int real_lg = 10; real_lg <= lg; real_lg += 4) {
            uint32_t real = 1u << real_lg;
            mgpu_buffer_upload(ctx, cnt, &real, 4);
            double t[3];
            for (int mode = 0; mode < 3; ++mode) { /* 0: grids on, 1: off, 2: the host count */
                mgpu_tuning tu = {.grids = mode == 0 ? MGPU_SWITCH_ON : MGPU_SWITCH_OFF};
                mgpu_context_set_tuning(ctx, prim, MGPU_TYPE_MASK_ALL, &tu);
                uint32_t count = mode == 2 ? real : cap;
                mgpu_range ic = mode == 2 ? (mgpu_range){0} : mgpu_range_slice(cnt, 0, 4);
                mgpu_scan_info si = {.type = MGPU_TYPE_U32,
                                     .op = MGPU_OP_ADD,
                                     .exclusive = true,
                                     .count = count,
                                     .input = in,
                                     .output = out,
                                     .indirect_count = ic};
                mgpu_reduce_info ri = {.type = MGPU_TYPE_U32,
                                       .op = MGPU_OP_ADD,
                                       .count = count,
                                       .input = in,
                                       .result = res,
                                       .indirect_count = ic};
                mgpu_sort_info so = {
                    .key_type = MGPU_TYPE_U32, .count = count, .keys_in = in, .keys_out = out, .indirect_count = ic};
                mgpu_select_info se = {.type = MGPU_TYPE_U32,
                                       .count = count,
                                       .input = in,
                                       .flags = flags,
                                       .output = out,
                                       .out_count = outc,
                                       .indirect_count = ic};
                const void *info = p == 0 ? (void *)&si : p == 1 ? (void *)&ri : p == 2 ? (void *)&so : (void *)&se;
                rec_fn rec = p == 0 ? rec_scan : p == 1 ? rec_reduce : p == 2 ? rec_radix : rec_select;
                mgpu_requirements req = {0};
                mgpu_result rr = p == 0   ? mgpu_scan_get_requirements(ctx, &si, &req)
                                 : p == 1 ? mgpu_reduce_get_requirements(ctx, &ri, &req)
                                 : p == 2 ? mgpu_radixsort_get_requirements(ctx, &so, &req)
                                          : mgpu_select_get_requirements(ctx, &se, &req);
                scratch = (mgpu_range){0};
                if (rr == MGPU_SUCCESS && req.scratch_size) mgpu_buffer_alloc(ctx, req.scratch_size, &scratch);
                t[mode] = rr == MGPU_SUCCESS ? best_us(ctx, rec, info, scratch) : -2;
                if (scratch.buffer) mgpu_buffer_free(ctx, scratch);
            }
            printf("capacity %s cap 2^%d real 2^%d sized %.2f capacity_grids %.2f host %.2f\n", names[p], lg, real_lg,
                   t[0], t[1], t[2]);
        }
        mgpu_context_set_tuning(ctx, prim, MGPU_TYPE_MASK_ALL, NULL);
    }
    return 0;
}
