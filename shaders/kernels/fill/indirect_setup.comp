#version 460
#extension GL_GOOGLE_include_directive : require
// The indirect setup (src/core/record.c, mgpu__indirect_setup): one workgroup reads a call's device count,
// clamps it to the capacity, writes the overflow flag when asked (mgpu__write_overflow: of one or two counts),
// and writes the VkDispatchIndirectCommand of each of the call's count-sized grids (indirect_pc.h: one rule per
// grid, thread i computes rule i).
#include "shared/spec_ids.h"
#include "kernels/fill/indirect_pc.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(push_constant, std430) uniform IndirectPush { MGPU_INDIRECT_PC_FIELDS } pc;

#include "include/types.glsl"

void main() {
    uint i = gl_LocalInvocationID.x;
    uint device_count = UintArray(pc.count_address).v[0];
    uint r = min(device_count, pc.capacity);
    if (i == 0u && mgpu_present(pc.overflow)) {
        bool over = device_count > pc.capacity;
        if (mgpu_present(pc.count2_address)) over = over || UintArray(pc.count2_address).v[0] > pc.capacity2;
        UintArray(pc.overflow).v[0] = over ? 1u : 0u;
    }
    if (i >= pc.rule_count) return;
    uvec4 rule = pc.rules[i];
    uint groups = r / rule.x + (r % rule.x != 0u ? 1u : 0u) + rule.y; // ceil without overflowing r + per_group
    groups = min(max(groups, rule.z), rule.w);
    uint x = groups, y = 1u;
    if (groups > pc.fold_limit) { // as mgpu__fold_grid: full rows of fold_limit, the last one rounded up
        x = pc.fold_limit;
        y = groups / x + (groups % x != 0u ? 1u : 0u);
    }
    UintArray args = UintArray(pc.args);
    args.v[i * 4u] = x;
    args.v[i * 4u + 1u] = y;
    args.v[i * 4u + 2u] = 1u;
    args.v[i * 4u + 3u] = groups;
}
