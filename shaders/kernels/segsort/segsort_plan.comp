#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented and locality sort: the plan of the first merge pass (segsort.glsl, mgpu_segsort_plan_chunk), a
// thread per tile. Each pass's segsort_prep plans the pass after it.
#include "shared/spec_ids.h"
#include "kernels/segsort/segsort_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(push_constant, std430) uniform SegsortPush { MGPU_SEGSORT_PC_FIELDS } pc;

#define MGPU_SEGSORT_PLANNER
#include "kernels/segsort/segsort.glsl"

void main() {
    mgpu_segsort_read_count();
    uint chunks = (mgpu_segsort_tiles() + gl_WorkGroupSize.x - 1u) / gl_WorkGroupSize.x;
    for (uint chunk = gl_WorkGroupID.x; chunk < chunks; chunk += gl_NumWorkGroups.x)
        mgpu_segsort_plan_chunk(chunk, pc.pass, pc.run, pc.ranges_in, pc.ranges_out);
}
