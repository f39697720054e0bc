#version 460
#extension GL_GOOGLE_include_directive : require
// Reduce: each workgroup reduces tiles g, g + groups, ... of its input (strided, coalesced, uvec4 loads on
// full aligned tiles) to one value (and index) at output[g]. Two dispatches make a reduction: input ->
// per-workgroup partials -> one result; one dispatch when the input fits one workgroup.
#include "shared/spec_ids.h"
#include "kernels/reduce/reduce_pc.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_OP) const uint OP = 0u;

layout(push_constant, std430) uniform ReducePush { MGPU_REDUCE_PC_FIELDS } pc;

#include "include/types.glsl"
#include "include/ops.glsl"
#ifdef MGPU_SUBGROUP
#include "include/subgroup.glsl"
#endif
shared T s_values[gl_WorkGroupSize.x];
shared int s_indices[gl_WorkGroupSize.x];
#define MGPU_CTA_SHARED s_values
#define MGPU_CTA_SHARED_INDEX s_indices
#include "include/cta_reduce.glsl"
#include "include/count.glsl"

void main() {
    uint nt = gl_WorkGroupSize.x;
    uint tid = gl_LocalInvocationID.x;
    uint tile_size = nt * VT;
    uint count = mgpu_count(pc.count_address, pc.count); // indirect: the real count, at most the capacity
    // Every workgroup writes its partial, the identity (index -1) when no real tile is left to it.
    uint tiles = (count + tile_size - 1u) / tile_size;
    bool has_index = mgpu_present(pc.src_index);
    bool vector = (pc.flags & MGPU_REDUCE_VEC4) != 0u && !has_index; // vector loads imply the indices
    TArray src = TArray(pc.src);
    T v = mgpu_op_identity();
    int index = -1;
    for (uint tile = gl_WorkGroupID.x; tile < tiles; tile += gl_NumWorkGroups.x) {
        uint tile_first = tile * tile_size;
        if (vector && tile_first + tile_size <= count) {
            Vec4Array q = Vec4Array(pc.src);
            [[unroll]] for (uint j = 0u; j < VT / MGPU_EPV; ++j) {
                uint q_index = tile_first / MGPU_EPV + j * nt + tid;
                uvec4 w = q.v[q_index];
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
                mgpu_pair_apply(v, index, mgpu_from_words(w.xy), int(q_index * 2u));
                mgpu_pair_apply(v, index, mgpu_from_words(w.zw), int(q_index * 2u + 1u));
#else
                mgpu_pair_apply(v, index, mgpu_from_words(uvec2(w.x, 0u)), int(q_index * 4u));
                mgpu_pair_apply(v, index, mgpu_from_words(uvec2(w.y, 0u)), int(q_index * 4u + 1u));
                mgpu_pair_apply(v, index, mgpu_from_words(uvec2(w.z, 0u)), int(q_index * 4u + 2u));
                mgpu_pair_apply(v, index, mgpu_from_words(uvec2(w.w, 0u)), int(q_index * 4u + 3u));
#endif
            }
        } else {
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                uint i = tile_first + j * nt + tid;
                if (i < count)
                    mgpu_pair_apply(v, index, src.v[i], has_index ? IntArray(pc.src_index).v[i] : int(i));
            }
        }
    }
    mgpu_cta_reduce(v, index);
    if (tid != 0u) return;
    TArray(pc.dst).v[gl_WorkGroupID.x] = v;
    if (OP == MGPU_OP_MAX_INDEX) {
        if ((pc.flags & MGPU_REDUCE_INDEX64) != 0u) {
            UintArray(pc.dst_index).v[0] = uint(index);
            UintArray(pc.dst_index).v[1] = index < 0 ? ~0u : 0u; // sign extension
        } else {
            IntArray(pc.dst_index).v[gl_WorkGroupID.x] = index;
        }
    }
}
