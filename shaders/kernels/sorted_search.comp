#version 460
#extension GL_GOOGLE_include_directive : require
// Vectorized sorted search, first version: every needle binary-searches the haystack (A log B work; the
// merge-like linear pass of the seeds' chapter 9 is the next step). MODE 0: lower bound, 1: upper bound.
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = 0u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(push_constant, std430) uniform SearchPush { MGPU_SEARCH_PC_FIELDS } pc;

#include "include/keys.glsl"

/* The first haystack position whose key is not before `key` (lower) or is after it (upper). */
uint mgpu_bound(TArray hay, uint count, T key, bool upper) {
    uint lo = 0u, hi = count;
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        bool go_right = upper ? !mgpu_key_less(key, hay.v[mid]) : mgpu_key_less(hay.v[mid], key);
        if (go_right) lo = mid + 1u;
        else hi = mid;
    }
    return lo;
}

void main() {
    TArray needles = TArray(pc.needles), hay = TArray(pc.haystack);
    uint stride = gl_WorkGroupSize.x * gl_NumWorkGroups.x;
    for (uint i = gl_GlobalInvocationID.x; i < pc.needle_count; i += stride) {
        T key = needles.v[i];
        uint lower = mgpu_bound(hay, pc.haystack_count, key, false);
        if (mgpu_present(pc.indices))
            IntArray(pc.indices).v[i] = int(MODE == 1u ? mgpu_bound(hay, pc.haystack_count, key, true) : lower);
        if (mgpu_present(pc.flags))
            IntArray(pc.flags).v[i] = (lower < pc.haystack_count && !mgpu_key_less(key, hay.v[lower])) ? 1 : 0;
    }
}
