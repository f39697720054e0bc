#version 460
#extension GL_GOOGLE_include_directive : require
// Load-balancing search partitions: thread i finds how many work items precede diagonal min(i * NV, total)
// of the merge of work items 0, 1, ... with the objects' start offsets (a start goes before the item equal to
// it). VT carries NV, the search kernel's tile size.
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"
#include "include/lbs.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u;
layout(push_constant, std430) uniform LbsPush { MGPU_LBS_PC_FIELDS } pc;

void main() {
    uint total = pc.item_count + pc.object_count;
    uint tiles = (total + VT - 1u) / VT;
    uint i = gl_GlobalInvocationID.x;
    if (i > tiles) return;
    IntArray starts = IntArray(pc.starts);
    uint diag = min(i * VT, total);
    uint lo = diag > pc.object_count ? diag - pc.object_count : 0u, hi = min(diag, pc.item_count);
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (mgpu_lbs_item_first(mid, uint(starts.v[diag - 1u - mid]))) lo = mid + 1u;
        else hi = mid;
    }
    UintArray(pc.partitions).v[i] = lo;
}
