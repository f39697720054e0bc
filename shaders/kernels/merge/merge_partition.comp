#version 460
#extension GL_GOOGLE_include_directive : require
// Merge Path partitions: partition i finds how many of its pair's A elements precede output min(i * NV, total),
// counted from the pair's start (a plain merge has one pair), NV = NT * VT of the merge kernel (given here as
// VT). With pc.run > 0 this partitions a mergesort pass over runs of pc.run elements of a_keys. MODE 1 merges
// B's element before an equal A's (the upper-bound sorted search). One thread per partition, or one subgroup
// in the subgroup variant (path_search.glsl).
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
#define MGPU_PATH_A(i) TArray(pc.a_keys).v[g_a_base + (i)]
#define MGPU_PATH_B(i) TArray(pc.b_keys).v[g_b_base + (i)]
#define MGPU_PATH_A_FIRST(diag, p) \
    (MODE == 1u ? mgpu_key_less(MGPU_PATH_A(p), MGPU_PATH_B((diag) - 1u - (p))) \
                : !mgpu_key_less(MGPU_PATH_B((diag) - 1u - (p)), MGPU_PATH_A(p)))
#define MGPU_MERGE_A(i) MGPU_PATH_A(i)
#define MGPU_MERGE_B(i) MGPU_PATH_B(i)
#include "include/merge_path.glsl"
#include "include/path_search.glsl"

void main() {
    uint total = pc.run == 0u ? pc.a_count + pc.b_count : pc.a_count;
    uint tiles = (total + VT - 1u) / VT;
    for (uint i = MGPU_PATH_FIRST_PARTITION; i <= tiles; i += MGPU_PATH_PARTITION_STRIDE) {
        uint out_pos = min(i * VT, total);
        mgpu_merge_pair pair = mgpu_merge_range(pc.a_count, pc.b_count, pc.run, out_pos);
        g_a_base = pair.a_base;
        g_b_base = pair.b_base;
        uint diag = out_pos - pair.first;
        uint lo = diag > pair.b_len ? diag - pair.b_len : 0u, hi = min(diag, pair.a_len);
        uint a = mgpu_path_search(lo, hi, diag);
        if (MGPU_PATH_WRITER) UintArray(pc.partitions).v[i] = a;
    }
}
