#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented reduce in one pass (segreduce_lookback.comp), its setup: for each tile of tile_size values
// (at least one tile, for no values), partitions[t] = the first start at or past the tile's first value (a
// binary search of the starts), and partitions[tiles] = segments, so that tile t's starts are
// [partitions[t], partitions[t + 1]) and the last tile's include those at count. Also zeroes each tile's
// look-back state and the tile counter (scratch is never assumed to be zero). One thread per tile boundary.
#include "shared/spec_ids.h"
#include "kernels/segreduce/segreduce_pc.h"
#include "shared/constants.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(push_constant, std430) uniform SegreducePush { MGPU_SEGREDUCE_PC_FIELDS } pc;

#include "include/count.glsl"
#include "kernels/segreduce/segreduce.glsl"

void main() {
    uint segments = mgpu_segreduce_begin();
    uint nv = pc.tile_size;
    uint tiles = max(1u, g_count / nv + (g_count % nv != 0u ? 1u : 0u));
    UintArray partitions = UintArray(pc.partitions), state = UintArray(pc.tile_state);
    uint threads = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    for (uint t = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x; t <= tiles; t += threads) {
        uint lo = segments;
        if (t < tiles) {
            uint value = t * nv, hi = segments;
            lo = 0u;
            while (lo < hi) {
                uint mid = (lo + hi) >> 1u;
                if (mgpu_segment_start(mid, segments) < value) lo = mid + 1u;
                else hi = mid;
            }
            for (uint w = 0u; w < MGPU_LOOKBACK_STATE_WORDS(2u); ++w) state.v[t * MGPU_LOOKBACK_TILE_STRIDE + w] = 0u;
        }
        partitions.v[t] = lo;
        if (t == 0u) UintArray(pc.counter).v[0] = 0u;
    }
}
