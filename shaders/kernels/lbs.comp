#version 460
#extension GL_GOOGLE_include_directive : require
// Load-balancing search and the interval operations built on it (MODE): each workgroup takes one tile of
// NT * VT elements of the merge of work items and object starts (bounds from the partitions), loads its
// starts into shared memory, and each thread walks VT elements serially; for every work item it passes it
// writes the object, or moves the item's value (VALUE_WORDS 32-bit words) as MODE says.
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"
#include "include/lbs.glsl"
#include "include/loadstore.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_INTERVAL_SEARCH;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 1u;
layout(push_constant, std430) uniform LbsPush { MGPU_LBS_PC_FIELDS } pc;

shared uint s_starts[gl_WorkGroupSize.x * VT];

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint total = pc.item_count + pc.object_count;
    uint tiles = (total + nv - 1u) / nv;
    uint tile = mgpu_linear_group(pc.groups_x);
    if (tile >= tiles) return;
    uint diag0 = tile * nv, diag1 = min(diag0 + nv, total);
    uint a0 = UintArray(pc.partitions).v[tile], a1 = UintArray(pc.partitions).v[tile + 1u];
    uint b0 = diag0 - a0, b1 = diag1 - a1;
    uint a_len = a1 - a0, b_len = b1 - b0;
    IntArray starts = IntArray(pc.starts);
    for (uint i = tid; i < b_len; i += nt) s_starts[i] = uint(starts.v[b0 + i]);
    barrier();

    // This thread's start in the tile, by Merge Path over (items a0.., starts in shared memory).
    uint diag = min(tid * VT, a_len + b_len);
    uint lo = diag > b_len ? diag - b_len : 0u, hi = min(diag, a_len);
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (mgpu_lbs_item_first(a0 + mid, s_starts[diag - 1u - mid])) lo = mid + 1u;
        else hi = mid;
    }
    uint ai = lo, bi = diag - lo;
    IntArray objects = IntArray(pc.objects);
    uint end = min(diag + VT, a_len + b_len);
    for (uint k = diag; k < end; ++k) {
        bool item = bi >= b_len || (ai < a_len && mgpu_lbs_item_first(a0 + ai, s_starts[bi]));
        if (item) {
            uint i = a0 + ai;
            int o = int(b0 + bi) - 1;
            if (MODE == MGPU_INTERVAL_SEARCH) {
                objects.v[i] = o;
            } else {
                uint rank = i - uint(starts.v[o]);
                uint from = MODE == MGPU_INTERVAL_EXPAND ? uint(o)
                          : MODE == MGPU_INTERVAL_SCATTER ? i
                          : uint(IntArray(pc.gather).v[o]) + rank;
                uint to = (MODE == MGPU_INTERVAL_SCATTER || MODE == MGPU_INTERVAL_MOVE) ? uint(IntArray(pc.scatter).v[o]) + rank : i;
                UintArray src = UintArray(pc.values), dst = UintArray(pc.objects);
                for (uint w = 0u; w < VALUE_WORDS; ++w) dst.v[to * VALUE_WORDS + w] = src.v[from * VALUE_WORDS + w];
            }
            ++ai;
        } else {
            ++bi;
        }
    }
}
