#version 460
#extension GL_GOOGLE_include_directive : require
// Fill: ascending, uniform random, sorted random or constant values (mgpu_fill_mode), grid-stride.
#include "shared/spec_ids.h"
#include "kernels/fill/fill_pc.h"
#include "shared/constants.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(push_constant, std430) uniform FillPush { MGPU_FILL_PC_FIELDS } pc;

#include "include/types.glsl"
#include "include/random.glsl"

void main() {
    T a = mgpu_from_words(pc.a);
    T b = mgpu_from_words(pc.b);
    TArray dst = TArray(pc.dst);
    uint stride = gl_WorkGroupSize.x * gl_NumWorkGroups.x;
    for (uint i = gl_GlobalInvocationID.x; i < pc.count; i += stride) {
        T v;
        if (pc.mode == MGPU_SHADER_FILL_ASCENDING) v = a + T(i) * b;
        else if (pc.mode == MGPU_SHADER_FILL_RANDOM) v = mgpu_random_in(a, b, pc.seed, i);
        else if (pc.mode == MGPU_SHADER_FILL_SORTED_RANDOM) v = mgpu_sorted_random_in(a, b, pc.seed, i, pc.count);
        else v = a;
        dst.v[i] = v;
    }
}
