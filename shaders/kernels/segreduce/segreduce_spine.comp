#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented reduce, the carries between tiles: one workgroup. The segment that a tile's first start closes
// opened in an earlier tile when the tile's threads before that start held all of it: segreduce.comp wrote only
// the tile's part. Its missing part is the segmented exclusive scan of the tiles' carries (a tile holding a
// start restarts it with its own carry), which this workgroup computes over chunks of NT * VT tiles, VT
// consecutive tiles per thread (a serial segmented reduction, then cta_segscan.glsl across the threads, a
// running carry across the chunks), and applies before the tile's part: output[first start - 1] =
// op(carry-in, output[first start - 1]). Reads and writes one value per tile: tiny beside the values.
#include "shared/spec_ids.h"
#include "kernels/segreduce/segreduce_pc.h"
#include "shared/constants.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_OP) const uint OP = 0u;

layout(push_constant, std430) uniform SegreducePush { MGPU_SEGREDUCE_PC_FIELDS } pc;

#include "include/types.glsl"
#include "include/ops.glsl"
#ifdef MGPU_SUBGROUP
#include "include/subgroup.glsl"
#endif
shared T s_scan[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
shared uint s_scan_flags[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SEGSCAN_SHARED s_scan
#define MGPU_SEGSCAN_SHARED_FLAGS s_scan_flags
#include "include/cta_segscan.glsl"
#include "include/count.glsl"
#include "kernels/segreduce/segreduce.glsl"

void main() {
    uint segments = mgpu_segreduce_begin();
    uint tiles = mgpu_segreduce_tiles(segments);
    uint chunk = gl_WorkGroupSize.x * VT;
    TArray carries = TArray(pc.carries), results = TArray(pc.results);
    UintArray flags = UintArray(pc.carry_flags);
    T run = mgpu_op_identity(); // the carry of the chunks before: uniform
    for (uint first = 0u; first < tiles; first += chunk) {
        uint mine = first + gl_LocalInvocationID.x * VT;
        T c[VT];
        bool f[VT];
        bool thread_flag = false;
        T thread_value = mgpu_op_identity();
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint t = mine + j;
            c[j] = t < tiles ? carries.v[t] : mgpu_op_identity();
            f[j] = t < tiles && flags.v[t] != 0u;
            mgpu_segscan_apply(thread_flag, thread_value, f[j], c[j]);
        }
        bool before_flag, total_flag;
        T before, total;
        mgpu_cta_segmented_scan(thread_flag, thread_value, before_flag, before, total_flag, total);
        T carry_in = before_flag ? before : mgpu_op_apply(run, before);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint t = mine + j;
            if (t >= tiles) break;
            if (f[j]) {
                uint diag = mgpu_segreduce_diag(t, segments);
                uint k = diag - mgpu_segreduce_tile_a(t, diag, segments); // the tile's first start
                if (k - 1u < segments) results.v[k - 1u] = mgpu_op_apply(carry_in, results.v[k - 1u]);
            }
            carry_in = f[j] ? c[j] : mgpu_op_apply(carry_in, c[j]);
        }
        run = total_flag ? total : mgpu_op_apply(run, total);
    }
}
