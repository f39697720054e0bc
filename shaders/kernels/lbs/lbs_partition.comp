#version 460
#extension GL_GOOGLE_include_directive : require
// Load-balancing search partitions: partition i finds how many work items precede diagonal min(i * NV, total)
// of the merge of work items 0, 1, ... with the objects' start offsets (a start goes before the item equal to
// it). VT carries NV, the search kernel's tile size. One thread per partition, or one subgroup in the subgroup
// variant (path_search.glsl).
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"
#include "include/lbs.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u;
layout(push_constant, std430) uniform LbsPush { MGPU_LBS_PC_FIELDS } pc;

#define MGPU_PATH_A_FIRST(diag, p) mgpu_lbs_item_first(p, uint(IntArray(pc.starts).v[(diag) - 1u - (p)]))
#include "include/path_search.glsl"

void main() {
    uint total = pc.item_count + pc.object_count;
    uint tiles = (total + VT - 1u) / VT;
    for (uint i = MGPU_PATH_FIRST_PARTITION; i <= tiles; i += MGPU_PATH_PARTITION_STRIDE) {
        uint diag = min(i * VT, total);
        uint lo = diag > pc.object_count ? diag - pc.object_count : 0u, hi = min(diag, pc.item_count);
        uint a = mgpu_path_search(lo, hi, diag);
        if (MGPU_PATH_WRITER) UintArray(pc.partitions).v[i] = a;
    }
}
