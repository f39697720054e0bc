#version 460
#extension GL_GOOGLE_include_directive : require
// Merge Path partitions: partition i finds how many of its pair's A elements precede output min(i * NV, total),
// counted from the pair's start (a plain merge has one pair), NV = NT * VT of the merge kernel (given here as
// VT). With pc.run > 0 this partitions a mergesort pass over runs of pc.run elements of a_keys. MODE 1 merges
// B's element before an equal A's (the upper-bound sorted search). One thread per partition, or one subgroup
// in the subgroup variant (merge_path.glsl's mgpu_partitions, the body of lbs_partition.comp too). With indirect
// counts (a plain merge or sorted search) the partitions are those of the real counts: the tile kernel reads the
// same counts, so it never reads a partition past the real tiles' (the rest of the capacity's are not written).
#include "shared/spec_ids.h"
#include "kernels/merge/merge_pc.h"
#include "include/types.glsl"
#include "include/count.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u; /* the merge kernel's tile size NT * VT */
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = 0u; /* 1: B's element before an equal A's */
layout(push_constant, std430) uniform MergePush { MGPU_MERGE_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "include/count.glsl"
#define MGPU_MERGE_A(i) TArray(pc.a_keys).v[g_path_a_base + (i)]
#define MGPU_MERGE_B(i) TArray(pc.b_keys).v[g_path_b_base + (i)]
#define MGPU_PATH_A_FIRST(diag, p) (MODE == 1u ? mgpu_merge_keys_b_first(diag, p) : mgpu_merge_keys_a_first(diag, p))
#include "include/merge_path.glsl"

void main() {
    uint a_count = mgpu_count(pc.a_count_address, pc.a_count), b_count = mgpu_count(pc.b_count_address, pc.b_count);
    mgpu_partitions(pc.partitions, a_count, b_count, pc.run, VT);
}
