#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented reduce partitions: partition i (0 .. tiles) is the number of value positions before merge position
// min(i * tile_size, total) of the merge of the positions with the segments' starts and the closing start at
// count (segreduce.glsl). One thread per partition, or one subgroup in the subgroup variant (merge_path.glsl's
// search and its loop over the grid, as the other partition kernels).
#include "shared/spec_ids.h"
#include "kernels/segreduce/segreduce_pc.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"
#include "include/lbs.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(push_constant, std430) uniform SegreducePush { MGPU_SEGREDUCE_PC_FIELDS } pc;

#include "include/count.glsl"
#include "kernels/segreduce/segreduce.glsl"

uint g_segments;
#define MGPU_PATH_A_FIRST(diag, p) mgpu_lbs_item_first(p, mgpu_segment_start((diag) - 1u - (p), g_segments))
#include "include/merge_path.glsl"

void main() {
    g_segments = mgpu_segreduce_begin();
    uint tiles = mgpu_segreduce_tiles(g_segments), starts = g_segments + 1u;
    for (uint i = MGPU_PATH_FIRST_PARTITION; i <= tiles; i += MGPU_PATH_PARTITION_STRIDE) {
        uint diag = mgpu_segreduce_diag(i, g_segments);
        uint a = MGPU_PATH_SEARCH(diag > starts ? diag - starts : 0u, min(diag, g_count), diag);
        if (MGPU_PATH_WRITER) UintArray(pc.partitions).v[i] = a;
    }
}
