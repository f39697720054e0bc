#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented reduce in one pass (segreduce_lookback.comp), its setup: zeroes the range counter and the look-back
// state of each range of pc.range_tiles tiles (scratch is never assumed to be zero): words [0, 4) of pc.counter
// and the MGPU_LOOKBACK_STATE_WORDS(2) words of each range's state in pc.tile_state (MGPU_LOOKBACK_TILE_STRIDE
// words apart). The ranges follow the device count where there is one. One thread per word.
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
    mgpu_segreduce_begin();
    uint tiles = max(1u, g_count / pc.tile_size + (g_count % pc.tile_size != 0u ? 1u : 0u));
    uint ranges = tiles / pc.range_tiles + (tiles % pc.range_tiles != 0u ? 1u : 0u);
    const uint per_range = MGPU_LOOKBACK_STATE_WORDS(2u);
    uint words = ranges * per_range;
    UintArray state = UintArray(pc.tile_state);
    uint threads = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uint thread = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    for (uint w = thread; w < words; w += threads)
        state.v[w / per_range * MGPU_LOOKBACK_TILE_STRIDE + w % per_range] = 0u;
    if (thread < 4u) UintArray(pc.counter).v[thread] = 0u;
}
