#version 460
#extension GL_GOOGLE_include_directive : require
// Balanced Path partitions of the multiset operations (the seeds' chapter 13): partition i (0 .. tiles) is where
// the Balanced Path of A and B crosses diagonal min(i * NV, a_count + b_count), NV the tile of sets.comp (given
// here as VT): its A count, with MGPU_BALANCED_STAR (bit 31) where the diagonal is starred. One thread per
// partition, searching global memory (balanced_path.glsl: Merge Path, then galloping searches back to the start of
// the run of equal keys it cuts). MODE MGPU_SETS_PARTITION_BALANCE: partitions[i] already holds the Merge Path's A
// count at the diagonal (the merge's sampled partitions: src/prims/sets.c), and only the galloping searches remain.
#include "shared/spec_ids.h"
#include "kernels/sets/sets_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u; /* the tile size NT * VT of sets.comp */
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_SETS_PARTITION_SEARCH;
layout(push_constant, std430) uniform SetsPush { MGPU_SETS_PC_FIELDS } pc;

#include "include/keys.glsl"
#define MGPU_MERGE_A(i) TArray(pc.a_keys).v[i]
#define MGPU_MERGE_B(i) TArray(pc.b_keys).v[i]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#include "include/merge_path.glsl"
#include "kernels/sets/balanced_path.glsl"

void main() {
    uint total = pc.a_count + pc.b_count, tiles = (total + VT - 1u) / VT;
    UintArray partitions = UintArray(pc.partitions);
    for (uint i = gl_GlobalInvocationID.x; i <= tiles; i += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {
        uint diag = min(i * VT, total);
        partitions.v[i] = MODE == MGPU_SETS_PARTITION_BALANCE
                              ? mgpu_balanced_path_from(partitions.v[i], pc.a_count, pc.b_count, diag)
                              : mgpu_balanced_path(pc.a_count, pc.b_count, diag);
    }
}
