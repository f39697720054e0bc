#version 460
#extension GL_GOOGLE_include_directive : require
// Reduce-by-key's runs of equal keys, keys of VALUE_WORDS 32-bit words compared by their bits (the total
// order's equality: -0.0 and +0.0 differ, a NaN equals only the same bits). MODE MGPU_SEGREDUCE_HEADS:
// aux[i] = 1 where key i starts a run (i = 0 or key i differs from key i - 1), else 0. MODE
// MGPU_SEGREDUCE_SCATTER, after the exclusive scan of those flags into aux: run aux[i] of each head i starts at
// i (starts[aux[i]] = i) and has key i (results[aux[i]]). A grid-stride loop, one element per thread per step,
// coalesced.
#include "shared/spec_ids.h"
#include "kernels/segreduce/segreduce_pc.h"
#define MGPU_TYPE_U32
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_SEGREDUCE_HEADS;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 1u;

layout(push_constant, std430) uniform SegreducePush { MGPU_SEGREDUCE_PC_FIELDS } pc;

#include "include/values.glsl"
#include "include/count.glsl"

void main() {
    uint stride = gl_WorkGroupSize.x * gl_NumWorkGroups.x;
    uint count = mgpu_count(pc.count_address, pc.count); // indirect: the real count, at most the capacity
    for (uint i = gl_GlobalInvocationID.x; i < count; i += stride) {
        uvec2 key = mgpu_value_load(pc.values, i);
        bool head = i == 0u || mgpu_value_load(pc.values, i - 1u) != key;
        if (MODE == MGPU_SEGREDUCE_HEADS) {
            UintArray(pc.aux).v[i] = uint(head);
        } else if (head) {
            uint run = UintArray(pc.aux).v[i];
            IntArray(pc.starts).v[run] = int(i);
            mgpu_value_store(pc.results, run, key);
        }
    }
}
