#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented reduce, the tile kernel. Each workgroup takes a tile of NT * VT positions of the merge of the value
// positions with the segments' starts (segreduce.glsl; its bounds from the partitions), so that a tile holds at
// most NT * VT values and starts together however long or short the segments are:
//   - its values and starts are loaded into shared memory, coalesced;
//   - each thread finds its first merge position by Merge Path in shared memory and walks VT of them serially,
//     reducing values in a register; a start closes the open segment: a segment that opened in the same thread
//     is complete and written at once, the thread's first one is kept for the workgroup;
//   - a segmented scan of the threads' carries (cta_segscan.glsl: the reduction after each thread's last start,
//     flagged where the thread holds a start) gives each thread the part of its first segment that earlier
//     threads of the tile hold, and the thread writes that segment;
//   - the tile's own carry (the reduction after its last start, and whether it holds one) goes to carries and
//     carry_flags: a segment that opened in an earlier tile is still missing those tiles' part, which
//     segreduce_spine.comp adds.
// Workgroups loop over tiles (mgpu_tuning.groups). No workgroup waits on another.
#include "shared/spec_ids.h"
#include "kernels/segreduce/segreduce_pc.h"
#include "shared/constants.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_OP) const uint OP = 0u;

layout(push_constant, std430) uniform SegreducePush { MGPU_SEGREDUCE_PC_FIELDS } pc;

#include "include/types.glsl"
#include "include/ops.glsl"
#ifdef MGPU_SUBGROUP
#include "include/subgroup.glsl"
#endif
shared T s_scan[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
shared uint s_scan_flags[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SEGSCAN_SHARED s_scan
#define MGPU_SEGSCAN_SHARED_FLAGS s_scan_flags
#include "include/cta_segscan.glsl"
#include "include/loadstore.glsl"
#include "include/lbs.glsl"
#include "include/count.glsl"
#include "kernels/segreduce/segreduce.glsl"

shared T s_values[gl_WorkGroupSize.x * VT];
shared uint s_starts[gl_WorkGroupSize.x * VT];

uint g_a0; /* the tile's first value position, for the search's predicate */
#define MGPU_PATH_A_FIRST(diag, p) mgpu_lbs_item_first(g_a0 + (p), s_starts[(diag) - 1u - (p)])
#include "include/merge_path.glsl"

void mgpu_tile(uint tile, uint segments) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint diag0 = mgpu_segreduce_diag(tile, segments), diag1 = mgpu_segreduce_diag(tile + 1u, segments);
    uint len = diag1 - diag0;
    uint a0 = mgpu_segreduce_tile_a(tile, diag0, segments);
    uint a1 = clamp(mgpu_segreduce_tile_a(tile + 1u, diag1, segments), a0, a0 + len);
    uint a_len = a1 - a0, b0 = diag0 - a0, b_len = len - a_len;
    g_a0 = a0;

    TArray values = TArray(pc.values);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i < a_len) s_values[i] = values.v[a0 + i];
        if (i < b_len) s_starts[i] = mgpu_segment_start(b0 + i, segments);
    }
    barrier();

    // The thread's VT merge positions from diag.
    uint diag = min(tid * VT, len);
    uint ai = mgpu_merge_path(a_len, b_len, diag), bi = diag - ai;
    TArray results = TArray(pc.results);
    T acc = mgpu_op_identity();
    bool head = false;       // the thread holds a start
    T head_value = acc;      // the part of its first closed segment the thread holds
    uint head_start = 0u;    // the start that closes it
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if (diag + j >= len) break;
        bool item = bi >= b_len || (ai < a_len && mgpu_lbs_item_first(a0 + ai, s_starts[bi]));
        if (item) {
            acc = mgpu_op_apply(acc, s_values[ai]);
            ++ai;
        } else {
            uint k = b0 + bi; // closes segment k - 1
            if (!head) {
                head = true;
                head_value = acc;
                head_start = k;
            } else if (k - 1u < segments) {
                results.v[k - 1u] = acc; // opened in this thread: complete
            }
            acc = mgpu_op_identity();
            ++bi;
        }
    }

    bool before_flag, total_flag;
    T before, total;
    mgpu_cta_segmented_scan(head, acc, before_flag, before, total_flag, total);
    // k - 1 wraps for start 0, which closes no segment.
    if (head && head_start - 1u < segments) results.v[head_start - 1u] = mgpu_op_apply(before, head_value);
    if (tid == 0u) {
        TArray(pc.carries).v[tile] = total;
        UintArray(pc.carry_flags).v[tile] = uint(total_flag);
    }
}

void main() {
    uint segments = mgpu_segreduce_begin();
    uint tiles = mgpu_segreduce_tiles(segments);
    mgpu_for_each_tile(tile, tiles, pc.groups_x) {
        mgpu_tile(tile, segments);
        barrier(); /* the next tile reuses shared memory */
    }
}
