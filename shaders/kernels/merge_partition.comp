#version 460
#extension GL_GOOGLE_include_directive : require
// Merge Path partitions: thread i finds how many of A's elements precede output diagonal min(i * NV, total),
// NV = NT * VT of the merge kernel (given here as VT).
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u; /* the merge kernel's tile size NT * VT */
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(push_constant, std430) uniform MergePush { MGPU_MERGE_PC_FIELDS } pc;

#include "include/keys.glsl"
#define MGPU_MERGE_A(i) TArray(pc.a_keys).v[i]
#define MGPU_MERGE_B(i) TArray(pc.b_keys).v[i]
#include "include/merge_path.glsl"

void main() {
    uint total = pc.a_count + pc.b_count;
    uint tiles = (total + VT - 1u) / VT;
    uint i = gl_GlobalInvocationID.x;
    if (i > tiles) return;
    uint diag = min(i * VT, total);
    UintArray(pc.partitions).v[i] = mgpu_merge_path(pc.a_count, pc.b_count, diag);
}
