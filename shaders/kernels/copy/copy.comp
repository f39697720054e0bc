#version 460
#extension GL_GOOGLE_include_directive : require
// Copy: the bandwidth reference of the benchmarks. Each workgroup copies tiles of NT * VT uvec4 (all VT
// loads issued before the stores), grid-stride; 32-bit words where an address is not 16-byte aligned.
#include "shared/spec_ids.h"
#include "kernels/copy/copy_pc.h"
#define MGPU_TYPE_U32
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 4u;
layout(push_constant, std430) uniform CopyPush { MGPU_COPY_PC_FIELDS } pc;

void main() {
    uint nt = gl_WorkGroupSize.x;
    uint tid = gl_LocalInvocationID.x;
    if (pc.vectorized != 0u) {
        Vec4Array src = Vec4Array(pc.src), dst = Vec4Array(pc.dst);
        uint vectors = pc.words / 4u;
        for (uint first = gl_WorkGroupID.x * nt * VT; first < vectors; first += gl_NumWorkGroups.x * nt * VT) {
            uvec4 v[VT];
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                uint q = first + j * nt + tid;
                if (q < vectors) v[j] = src.v[q];
            }
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                uint q = first + j * nt + tid;
                if (q < vectors) dst.v[q] = v[j];
            }
        }
        uint tail = vectors * 4u + gl_GlobalInvocationID.x; // the last words that do not fill a uvec4
        if (tail < pc.words) UintArray(pc.dst).v[tail] = UintArray(pc.src).v[tail];
    } else {
        uint stride = nt * gl_NumWorkGroups.x;
        for (uint w = gl_GlobalInvocationID.x; w < pc.words; w += stride) UintArray(pc.dst).v[w] = UintArray(pc.src).v[w];
    }
}
