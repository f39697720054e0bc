#version 460
#extension GL_GOOGLE_include_directive : require
// Load-balancing search partitions: partition i finds how many work items precede diagonal min(i * NV, total)
// of the merge of work items 0, 1, ... with the objects' start offsets (a start goes before the item equal to
// it). VT carries NV, the search kernel's tile size. One thread per partition, or one subgroup in the subgroup
// variant (merge_path.glsl's mgpu_partitions, the body of merge_partition.comp too, here over one pair).
#include "shared/spec_ids.h"
#include "kernels/load_balance/load_balance_pc.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"
#include "include/lbs.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u;
layout(push_constant, std430) uniform LbsPush { MGPU_LBS_PC_FIELDS } pc;

#define MGPU_PATH_A_FIRST(diag, p) mgpu_lbs_item_first(p, uint(IntArray(pc.starts).v[(diag) - 1u - (p)]))
#include "include/merge_path.glsl"

void main() { mgpu_partitions(pc.partitions, pc.item_count, pc.object_count, 0u, VT); }
