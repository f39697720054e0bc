#version 460
#extension GL_GOOGLE_include_directive : require
// Relational join: the rows. A load-balancing search (the seeds' chapter 10, as lbs.comp) of the rows the join
// writes (mgpu_join_items) over the objects' starts (pc.counts: the exclusive scan of each object's rows), in
// tiles of NT x VT merge positions (bounds from join_partition.comp; starts loaded a tile ahead,
// lbs_pipeline.glsl). Each thread walks VT merge steps and notes
// each row's object in shared memory; then the workgroup writes the rows, row j * NT + tid per step (coalesced):
//   object o < a_count (A's element o):  a = o, b = its lower bound in B + the row's rank, or -1 when B holds
//                                         no equal key (lower's bit 31 clear: a left join's row);
//   object a_count + t (search tile t):  a = -1, b = the rank-th of the tile's unmatched B elements, listed from
//                                         the tile's first B element (t x search_tile - search_partitions[t]).
#include "shared/spec_ids.h"
#include "kernels/join/join_pc.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"
#include "include/lbs.glsl"
#include "include/loadstore.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 3u;
layout(push_constant, std430) uniform JoinPush { MGPU_JOIN_PC_FIELDS } pc;

#include "kernels/join/join.glsl"

shared uint s_starts[gl_WorkGroupSize.x * VT];
shared uint s_objects[gl_WorkGroupSize.x * VT]; /* per row of the tile: its object */

uint g_a0, g_b0, g_b_len;
#define MGPU_PATH_A_FIRST(diag, p) mgpu_lbs_item_first(g_a0 + (p), s_starts[(diag) - 1u - (p)])
#include "include/merge_path.glsl"

/* The start of object o >= b0 - 1: from shared memory within the tile, else from global memory. */
uint mgpu_start_of(uint o) { return o - g_b0 < g_b_len ? s_starts[o - g_b0] : UintArray(pc.counts).v[o]; }

void mgpu_tile(mgpu_tile_span span) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint a0 = span.a_first, b0 = span.b_first;
    uint a_len = span.a_len, b_len = span.b_len, count = a_len + b_len;
    g_a0 = a0;
    g_b0 = b0;
    g_b_len = b_len;

    uint diag = min(tid * VT, count);
    uint ai = mgpu_merge_path(a_len, b_len, diag), bi = diag - ai;
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if (diag + j < count) {
            bool item = bi >= b_len || (ai < a_len && mgpu_lbs_item_first(a0 + ai, s_starts[bi]));
            if (item) s_objects[ai++] = b0 + bi - 1u; /* the object of the last start at or before the row */
            else ++bi;
        }
    }
    barrier();

    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint k = j * nt + tid;
        if (k >= a_len) continue;
        uint row = a0 + k, o = s_objects[k], rank = row - mgpu_start_of(o);
        int a = -1, b;
        if (o < pc.a_count) {
            uint lower = UintArray(pc.lower).v[o];
            a = int(o);
            b = (lower & 0x80000000u) != 0u ? int((lower & 0x7fffffffu) + rank) : -1;
        } else {
            uint t = o - pc.a_count;
            uint first = t * pc.search_tile - UintArray(pc.search_partitions).v[t];
            b = int(UintArray(pc.unmatched).v[first + rank]);
        }
        IntArray(pc.a_out).v[row] = a;
        IntArray(pc.b_out).v[row] = b;
    }
}

#define MGPU_LBS_STARTS s_starts
#define MGPU_LBS_TILE_WORK mgpu_tile
#include "include/lbs_pipeline.glsl"

void main() { mgpu_lbs_pipelined_tiles(mgpu_join_items(), pc.objects, pc.counts); }
