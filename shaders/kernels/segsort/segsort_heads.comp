#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented sort from heads, before the blocksort: for each tile boundary t in [0, tiles], the first head at or
// after it (the heads' lower bound of min(t * NV, count), as int32 positions) goes to tile_info[t], so that each
// blocksort tile finds its heads [tile_info[tile], tile_info[tile + 1]) with two reads instead of two binary
// searches in global memory on its own path. A thread per boundary, looping over them.
#include "shared/spec_ids.h"
#include "kernels/segsort/segsort_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(push_constant, std430) uniform SegsortPush { MGPU_SEGSORT_PC_FIELDS } pc;

#include "kernels/segsort/segsort.glsl"

void main() {
    mgpu_segsort_read_count();
    uint nv = gl_WorkGroupSize.x * VT, boundaries = mgpu_segsort_tiles() + 1u;
    IntArray heads = IntArray(pc.segments);
    uint head_count = mgpu_count(pc.head_count_address, pc.head_count);
    for (uint t = gl_GlobalInvocationID.x; t < boundaries; t += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {
        uint x = min(t * nv, g_count); /* t * nv <= count + nv - 1 < 2^32 */
        uint lo = 0u, hi = head_count;
        while (lo < hi) {
            uint mid = (lo + hi) >> 1u;
            if (heads.v[mid] < int(x)) lo = mid + 1u;
            else hi = mid;
        }
        UintArray(pc.tile_info).v[t] = lo;
    }
}
