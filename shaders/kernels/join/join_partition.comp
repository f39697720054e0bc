#version 460
#extension GL_GOOGLE_include_directive : require
// Relational join, after the scan of the row counts: the row count to row_count (when present; invocation 0),
// then, unless MGPU_JOIN_FLAG_FINISH, the load-balancing search partitions of the rows the join writes
// (mgpu_join_items: min(rows, capacity)) against the objects' starts (pc.counts, pc.objects entries): partition
// i is the number of rows before merge position min(i * VT, rows + objects), VT carrying join_rows' NT x VT. One
// thread per partition, or one subgroup in the subgroup variant (merge_path.glsl's mgpu_partitions).
// MODE (MGPU_PARTITION_MODE_*), as lbs_partition.comp: GATHER writes a sample array of the starts, start k * S + S - 1
// at [k] (S = 2^pc.sample_shift; in the scratch right after the partitions of capacity rows), and nothing else;
// SAMPLED starts each one-thread search in it.
#include "shared/spec_ids.h"
#include "shared/constants.h"
#include "kernels/join/join_pc.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"
#include "include/lbs.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = 0u;
layout(push_constant, std430) uniform JoinPush { MGPU_JOIN_PC_FIELDS } pc;

#include "kernels/join/join.glsl"

#define MGPU_PATH_A_FIRST(diag, p) mgpu_lbs_item_first(p, UintArray(pc.counts).v[(diag) - 1u - (p)])
uvec2 g_samples; /* the sample array's address */
#define MGPU_PATH_SAMPLED ((MODE & MGPU_PARTITION_MODE_SAMPLED) != 0u)
#define MGPU_PATH_SAMPLE_SHIFT pc.sample_shift
#define MGPU_PATH_SAMPLE_A_FIRST(diag, k)       \
    mgpu_lbs_item_first((k) << pc.sample_shift, \
                        UintArray(g_samples).v[((diag) - 1u - ((k) << pc.sample_shift)) >> pc.sample_shift])
#include "include/merge_path.glsl"

void main() {
    g_samples = mgpu_address_add(pc.partitions, ((pc.capacity + pc.objects + VT - 1u) / VT + 1u) * 4u);
    if ((MODE & MGPU_PARTITION_MODE_GATHER) != 0u) {
        uint stride = 1u << pc.sample_shift, samples = mgpu_sample_count(pc.objects, pc.sample_shift);
        for (uint i = gl_GlobalInvocationID.x; i < samples; i += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {
            uint o = (i << pc.sample_shift) + stride - 1u;
            if (o < pc.objects) UintArray(g_samples).v[i] = UintArray(pc.counts).v[o];
        }
        return;
    }
    bool overflow;
    uint rows = mgpu_join_row_count(overflow);
    if (gl_GlobalInvocationID.x == 0u && mgpu_present(pc.row_count))
        UintArray(pc.row_count).v[0] = overflow ? MGPU_JOIN_OVERFLOW_ROWS : rows;
    if ((pc.flags & MGPU_JOIN_FLAG_FINISH) != 0u) return;
    uint items = overflow ? 0u : min(rows, pc.capacity);
    mgpu_partitions(pc.partitions, items, pc.objects, 0u, VT);
}
