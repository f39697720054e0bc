#version 460
#extension GL_GOOGLE_include_directive : require
// Merge: each workgroup merges one tile of NT * VT outputs. Its A and B ranges come from the partitions; the
// keys go to shared memory, each thread finds its own start by Merge Path and merges VT outputs serially,
// and outputs (and values, gathered by source index) are stored coalesced.
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
shared uint s_source[gl_WorkGroupSize.x * VT]; /* bit 31: from B; the rest: index in A or B */
uint g_a_len;
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#include "include/merge_path.glsl"

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint total = pc.a_count + pc.b_count;
    uint tiles = (total + nv - 1u) / nv;
    uint tile = mgpu_linear_group(pc.groups_x);
    if (tile >= tiles) return;
    uint diag0 = tile * nv, diag1 = min(diag0 + nv, total);
    uint a0 = UintArray(pc.partitions).v[tile], a1 = UintArray(pc.partitions).v[tile + 1u];
    uint b0 = diag0 - a0, b1 = diag1 - a1;
    uint a_len = a1 - a0, b_len = b1 - b0;
    g_a_len = a_len;

    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys);
    for (uint i = tid; i < a_len + b_len; i += nt) s_keys[i] = i < a_len ? a_keys.v[a0 + i] : b_keys.v[b0 + i - a_len];
    barrier();

    uint diag = min(tid * VT, a_len + b_len);
    uint ai = mgpu_merge_path(a_len, b_len, diag);
    uint bi = diag - ai;
    T out_keys[VT];
    uint out_source[VT];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        bool take_a = bi >= b_len || (ai < a_len && !mgpu_key_less(s_keys[a_len + bi], s_keys[ai]));
        out_keys[j] = take_a ? s_keys[min(ai, nv - 1u)] : s_keys[min(a_len + bi, nv - 1u)];
        out_source[j] = take_a ? a0 + ai : (b0 + bi) | 0x80000000u;
        if (take_a) ++ai; else ++bi;
    }
    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint o = tid * VT + j;
        if (o < a_len + b_len) {
            s_keys[o] = out_keys[j];
            s_source[o] = out_source[j];
        }
    }
    barrier();

    TArray dst = TArray(pc.out_keys);
    for (uint o = tid; o < a_len + b_len; o += nt) dst.v[diag0 + o] = s_keys[o];
    if (VALUE_WORDS > 0u) {
        UintArray a_values = UintArray(pc.a_values), b_values = UintArray(pc.b_values);
        UintArray out_values = UintArray(pc.out_values);
        for (uint o = tid; o < a_len + b_len; o += nt) {
            uint source = s_source[o];
            bool from_b = (source & 0x80000000u) != 0u;
            uint index = source & 0x7fffffffu;
            for (uint w = 0u; w < VALUE_WORDS; ++w)
                out_values.v[(diag0 + o) * VALUE_WORDS + w] = from_b ? b_values.v[index * VALUE_WORDS + w]
                                                                      : a_values.v[index * VALUE_WORDS + w];
        }
    }
}
