#version 460
#extension GL_GOOGLE_include_directive : require
// Copy: the bandwidth reference of the benchmarks. Grid-stride over uvec4 (both addresses 16-byte aligned)
// or over 32-bit words.
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#define MGPU_TYPE_U32
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(push_constant, std430) uniform CopyPush { MGPU_COPY_PC_FIELDS } pc;

void main() {
    uint stride = gl_WorkGroupSize.x * gl_NumWorkGroups.x;
    uint i = gl_GlobalInvocationID.x;
    if (pc.vectorized != 0u) {
        Vec4Array src = Vec4Array(pc.src), dst = Vec4Array(pc.dst);
        for (uint q = i; q < pc.words / 4u; q += stride) dst.v[q] = src.v[q];
        uint tail = (pc.words / 4u) * 4u + i; // the last words that do not fill a uvec4
        if (tail < pc.words) UintArray(pc.dst).v[tail] = UintArray(pc.src).v[tail];
    } else {
        for (uint w = i; w < pc.words; w += stride) UintArray(pc.dst).v[w] = UintArray(pc.src).v[w];
    }
}
