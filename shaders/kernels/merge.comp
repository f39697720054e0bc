#version 460
#extension GL_GOOGLE_include_directive : require
// Merge: each workgroup merges one tile of NT * VT outputs. Its A and B ranges come from the partitions; the
// keys go to shared memory, each thread finds its own start by Merge Path and merges VT outputs serially,
// and outputs (and values, gathered by source index) are stored coalesced. With pc.run > 0 this is one
// mergesort pass: runs of pc.run sorted elements of a_keys (== b_keys) are merged pairwise.
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(push_constant, std430) uniform MergePush { MGPU_MERGE_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "include/loadstore.glsl"

shared T s_keys[gl_WorkGroupSize.x * VT];
shared uint s_source[gl_WorkGroupSize.x * VT]; /* bit 31: from B; the rest: index in A's or B's array */
uint g_a_len;
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_MERGE_KEY(i) s_keys[i]
#include "include/merge_path.glsl"
#include "include/cta_merge.glsl"

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint total = pc.run == 0u ? pc.a_count + pc.b_count : pc.a_count;
    uint tiles = (total + nv - 1u) / nv;
    uint tile = mgpu_linear_group(pc.groups_x);
    if (tile >= tiles) return;
    uint first = tile * nv;
    mgpu_merge_pair pair = mgpu_merge_range(pc.a_count, pc.b_count, pc.run, first);
    uint diag0 = first - pair.first, diag1 = min(diag0 + nv, pair.a_len + pair.b_len);
    uint a0 = UintArray(pc.partitions).v[tile];
    uint a1 = diag1 == pair.a_len + pair.b_len ? pair.a_len : UintArray(pc.partitions).v[tile + 1u];
    uint b0 = diag0 - a0, b1 = diag1 - a1;
    uint a_len = a1 - a0, b_len = b1 - b0, count = a_len + b_len;
    g_a_len = a_len;

    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys);
    uint a_first = pair.a_base + a0, b_first = pair.b_base + b0;
    for (uint i = tid; i < count; i += nt) s_keys[i] = i < a_len ? a_keys.v[a_first + i] : b_keys.v[b_first + i - a_len];
    barrier();

    uint diag = min(tid * VT, count);
    uint a = mgpu_merge_path(a_len, b_len, diag);
    uint b = a_len + diag - a;
    T keys[VT];
    uint sources[VT];
    mgpu_serial_merge(keys, sources, a, a_len, b, count, nv - 1u);
    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint o = tid * VT + j;
        if (o < count) {
            s_keys[o] = keys[j];
            s_source[o] = sources[j] < a_len ? a_first + sources[j] : (b_first + sources[j] - a_len) | 0x80000000u;
        }
    }
    barrier();

    TArray dst = TArray(pc.out_keys);
    for (uint o = tid; o < count; o += nt) dst.v[first + o] = s_keys[o];
    if (VALUE_WORDS > 0u) {
        UintArray a_values = UintArray(pc.a_values), b_values = UintArray(pc.b_values);
        UintArray out_values = UintArray(pc.out_values);
        for (uint o = tid; o < count; o += nt) {
            uint source = s_source[o];
            bool from_b = (source & 0x80000000u) != 0u;
            uint index = source & 0x7fffffffu;
            for (uint w = 0u; w < VALUE_WORDS; ++w)
                out_values.v[(first + o) * VALUE_WORDS + w] = from_b ? b_values.v[index * VALUE_WORDS + w]
                                                                     : a_values.v[index * VALUE_WORDS + w];
        }
    }
}
