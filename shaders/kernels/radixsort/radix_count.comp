#version 460
#extension GL_GOOGLE_include_directive : require
// Radix sort, first phase of a digit pass: each workgroup counts the digits of its tile of NT * VT keys in
// shared memory and writes the counts digit-major (counts[d * tiles + tile]); tiles past the element count
// write zeros, so that the scan of all counts gives every tile's first output position per digit.
#include "shared/spec_ids.h"
#include "kernels/radixsort/radixsort_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(push_constant, std430) uniform RadixPush { MGPU_RADIX_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "kernels/radixsort/radix.glsl"
#include "include/loadstore.glsl"

shared uint s_counts[MGPU_RADIX_DIGITS];

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint tile = mgpu_linear_group(pc.groups_x);
    if (tile >= pc.tiles) return;
    uint n = mgpu_count(pc.count_address, pc.count);
    uint first = tile * nt * VT;
    uint count = first < n ? min(nt * VT, n - first) : 0u;
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) s_counts[d] = 0u;
    barrier();
    TArray keys = TArray(pc.keys_in);
    T loaded[VT];
    mgpu_load_striped(loaded, keys.v, first, count);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i < count) atomicAdd(s_counts[mgpu_radix_digit(loaded[j], pc.shift, pc.bits)], 1u);
    }
    barrier();
    UintArray counts = UintArray(pc.counts);
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) counts.v[d * pc.tiles + tile] = s_counts[d];
}
