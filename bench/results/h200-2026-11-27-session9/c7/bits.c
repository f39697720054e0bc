/* Probe: one radix pass's time against its digit width (the ranking's ballots per key are the digit's bits):
 * u32 keys, 2^LG, bit ranges [0, b). GPU us, best of 15. Usage: bits LG */
#include "mgpuvk.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int lg = argc > 1 ? atoi(argv[1]) : 26;
    uint32_t n = 1u << lg;
    mgpu_context ctx;
    if (mgpu_context_create(&(mgpu_context_desc){0}, &ctx) != MGPU_SUCCESS) return 1;
    mgpu_range in, out, vin, vout;
    mgpu_buffer_alloc(ctx, (VkDeviceSize)n * 4, &in);
    mgpu_buffer_alloc(ctx, (VkDeviceSize)n * 4, &out);
    mgpu_buffer_alloc(ctx, (VkDeviceSize)n * 4, &vin);
    mgpu_buffer_alloc(ctx, (VkDeviceSize)n * 4, &vout);
    uint32_t *h = malloc((size_t)n * 4);
    uint64_t x = 88172645463325252ull;
    for (uint32_t i = 0; i < n; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        h[i] = (uint32_t)x;
    }
    mgpu_buffer_upload(ctx, in, h, (VkDeviceSize)n * 4);
    mgpu_buffer_upload(ctx, vin, h, (VkDeviceSize)n * 4);
    unsigned ends[] = {1, 2, 4, 6, 8, 16, 24, 32};
    for (int pairs = 0; pairs < 2; ++pairs)
        for (size_t e = 0; e < sizeof ends / sizeof ends[0]; ++e) {
            mgpu_sort_info info = {.key_type = MGPU_TYPE_U32,
                                   .count = n,
                                   .keys_in = in,
                                   .keys_out = out,
                                   .value_size = pairs ? 4 : 0,
                                   .values_in = pairs ? vin : (mgpu_range){0},
                                   .values_out = pairs ? vout : (mgpu_range){0},
                                   .begin_bit = 0,
                                   .end_bit = ends[e]};
            mgpu_requirements req;
            if (mgpu_radixsort_get_requirements(ctx, &info, &req) != MGPU_SUCCESS) return 2;
            mgpu_range scratch = {0};
            if (req.scratch_size) mgpu_buffer_alloc(ctx, req.scratch_size, &scratch);
            double best = 1e30;
            for (int r = 0; r < 18; ++r) {
                VkCommandBuffer cmd;
                double ns = 0;
                mgpu_commands_begin(ctx, &cmd);
                mgpu_result rr = mgpu_cmd_radixsort(ctx, cmd, &info, scratch);
                if (mgpu_commands_submit(ctx, &ns) != MGPU_SUCCESS || rr != MGPU_SUCCESS) return 3;
                if (r >= 3 && ns < best) best = ns;
            }
            printf("bits %s 2^%d end_bit %u: %.1f us\n", pairs ? "pairs" : "keys", lg, ends[e], best / 1000.0);
            if (scratch.buffer) mgpu_buffer_free(ctx, scratch);
        }
    return 0;
}
