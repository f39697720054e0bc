#version 460
#extension GL_GOOGLE_include_directive : require
// Relational join: the rows. A load-balancing search (the seeds' chapter 10, as lbs.comp) of the rows the join
// writes (mgpu_join_items) over the objects' starts (pc.counts: the exclusive scan of each object's rows), in
// tiles of NT x VT merge positions (bounds from join_partition.comp). Each thread walks VT merge steps and notes
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

void mgpu_tile(uint tile, uint items) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint total = items + pc.objects;
    uint diag0 = tile * nv, diag1 = min(diag0 + nv, total);
    uint a0, a1;
    mgpu_tile_a_range(a0, a1, pc.partitions, tile, false, items);
    uint b0 = diag0 - a0, b1 = diag1 - a1;
    uint a_len = a1 - a0, b_len = b1 - b0, count = a_len + b_len;
    g_a0 = a0;
    g_b0 = b0;
    g_b_len = b_len;
    UintArray starts = UintArray(pc.counts);
    uint loaded[VT];
    mgpu_load_striped(loaded, starts.v, b0, b_len);
    mgpu_striped_to_shared(s_starts, loaded, b_len);
    barrier();

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

void main() {
    uint items = mgpu_join_items();
    uint tiles = (items + pc.objects + gl_WorkGroupSize.x * VT - 1u) / (gl_WorkGroupSize.x * VT);
    mgpu_for_each_tile(tile, tiles, pc.groups_x) {
        mgpu_tile(tile, items);
        barrier(); /* the next tile reuses shared memory */
    }
}
