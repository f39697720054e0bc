#version 460
#extension GL_GOOGLE_include_directive : require
// Merge Path partitions: thread i finds how many of its pair's A elements precede output min(i * NV, total),
// counted from the pair's start (a plain merge has one pair), NV = NT * VT of the merge kernel (given here as
// VT). With pc.run > 0 this partitions a mergesort pass over runs of pc.run elements of a_keys. MODE 1 merges
// B's element before an equal A's (the upper-bound sorted search).
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u; /* the merge kernel's tile size NT * VT */
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = 0u; /* 1: B's element before an equal A's */
layout(push_constant, std430) uniform MergePush { MGPU_MERGE_PC_FIELDS } pc;

#include "include/keys.glsl"
uint g_a_base, g_b_base;
#define MGPU_MERGE_A(i) TArray(pc.a_keys).v[g_a_base + (i)]
#define MGPU_MERGE_B(i) TArray(pc.b_keys).v[g_b_base + (i)]
#include "include/merge_path.glsl"

void main() {
    uint total = pc.run == 0u ? pc.a_count + pc.b_count : pc.a_count;
    uint tiles = (total + VT - 1u) / VT;
    uint i = gl_GlobalInvocationID.x;
    if (i > tiles) return;
    uint out_pos = min(i * VT, total);
    mgpu_merge_pair pair = mgpu_merge_range(pc.a_count, pc.b_count, pc.run, out_pos);
    g_a_base = pair.a_base;
    g_b_base = pair.b_base;
    uint diag = out_pos - pair.first;
    UintArray(pc.partitions).v[i] = MODE == 1u ? mgpu_merge_path_b_first(pair.a_len, pair.b_len, diag)
                                               : mgpu_merge_path(pair.a_len, pair.b_len, diag);
}
