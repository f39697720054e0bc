#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented and locality sort, a merge pass's first dispatch (segsort.glsl). Its first workgroups plan the
// next pass (mgpu_segsort_plan_chunk over every tile); the others walk this pass's list of active tiles, which
// the dispatch before planned; for one tile of the sort's output (keys_in here), it takes the tile's
// share of its pair's active region and decides whether any of those keys moves. Two reads settle most tiles
// (all from A: A's last key there goes before B's first; all from B: A's last key goes before B's key there);
// the others search their Merge Path bounds in global memory (mgpu_cta_merge_path). A tile that is not in place
// trims from its share the outputs that stay where they are: those before B's first key where its first output is
// A's (A's keys that B's first key does not precede) and those after A's last key where its last output is B's
// (B's keys that do not precede A's last); on nearly sorted keys (the locality sort) that leaves the few keys
// near the runs' interface. It copies what is left of its share, keys and values, to scratch (keys_out,
// values_out) at the same positions, writes the A and B parts it merges (global positions: first, end, first,
// end) to tile_info[tile] and joins the list of moving tiles, for segsort_merge to merge it back. Copying the
// moving tiles' trimmed outputs copies every input they read: the region's outputs that stay are its first
// A keys before B's first and its last B keys after A's last, which no moving tile reads.
#include "shared/spec_ids.h"
#include "kernels/segsort/segsort_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(push_constant, std430) uniform SegsortPush { MGPU_SEGSORT_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"
#define MGPU_SEGSORT_PLANNER
#include "kernels/segsort/segsort.glsl"

shared uint s_path[8];
shared uint s_trim[2]; /* a moving tile's outputs in place before its first that moves, and after its last */
shared uint s_queue[gl_WorkGroupSize.x]; /* a walk step's tiles that its threads could not settle alone */
shared uint s_queued;
uint g_lo, g_mid; /* where the region's A and B parts start */
#define MGPU_MERGE_GLOBAL_A(i) TArray(pc.keys_in).v[g_lo + (i)]
#define MGPU_MERGE_GLOBAL_B(i) TArray(pc.keys_in).v[g_mid + (i)]
#define MGPU_MERGE_PATH_SHARED s_path
#define MGPU_PATH_A_FIRST(diag, p) (!mgpu_key_less(MGPU_MERGE_GLOBAL_B((diag) - 1u - (p)), MGPU_MERGE_GLOBAL_A(p)))
#include "include/merge_path.glsl"

/* Whether tile `tile` is surely in place, from one thread's few reads: no share of an active region, or a share
 * whose outputs all come from A (A's key at its end goes before B's first) or all from B once A is spent (A's last
 * goes before B's key at its start). mgpu_tile decides the others. */
bool mgpu_tile_settled(uint tile) {
    uint nv = gl_WorkGroupSize.x * VT;
    uint x0 = tile * nv, x1 = min(x0 + nv, g_count);
    mgpu_segsort_region r = mgpu_segsort_active(x0);
    uint o0 = max(x0, r.lo), o1 = min(x1, r.hi);
    if (r.lo >= r.mid || r.mid >= r.hi || o0 >= o1) return true;
    uint a_len = r.mid - r.lo, d0 = o0 - r.lo, d1 = o1 - r.lo;
    TArray keys = TArray(pc.keys_in);
    if (d1 <= a_len) return !mgpu_key_less(keys.v[r.mid], keys.v[r.lo + d1 - 1u]);
    return d0 >= a_len && !mgpu_key_less(keys.v[r.mid + d0 - a_len], keys.v[r.mid - 1u]);
}

/* A tile mgpu_tile_settled did not settle: its Merge Path bounds, and if it is not in place its trimmed share
 * copied to scratch and listed. Called by the whole workgroup. */
void mgpu_tile(uint tile) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint x0 = tile * nv, x1 = min(x0 + nv, g_count);
    mgpu_segsort_region r = mgpu_segsort_active(x0);
    uint o0 = max(x0, r.lo), o1 = min(x1, r.hi);
    g_lo = r.lo;
    g_mid = r.mid;
    uint a_len = r.mid - r.lo, b_len = r.hi - r.mid, d0 = o0 - r.lo, d1 = o1 - r.lo;
    T a_last = MGPU_MERGE_GLOBAL_A(a_len - 1u);
    uvec2 split = mgpu_cta_merge_path(a_len, b_len, d0, d1, false);
    bool in_place = (split.x == d0 && split.y == d1) || (split.x == a_len && split.y == a_len);
    if (!in_place) {
        uint a0 = split.x, a1 = split.y, b0 = d0 - a0, b1 = d1 - a1;
        bool trim_front = b0 == 0u, trim_back = a1 == a_len; /* uniform */
        if (trim_front || trim_back) {
            if (tid < 2u) s_trim[tid] = 0u;
            barrier();
            T b_head = MGPU_MERGE_GLOBAL_B(0u);
            uint front = 0u, back = 0u;
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                uint i = j * nt + tid;
                if (trim_front && i < a1 - a0 && !mgpu_key_less(b_head, MGPU_MERGE_GLOBAL_A(a0 + i))) ++front;
                if (trim_back && i < b1 - b0 && !mgpu_key_less(MGPU_MERGE_GLOBAL_B(b0 + i), a_last)) ++back;
            }
            if (front > 0u) atomicAdd(s_trim[0], front);
            if (back > 0u) atomicAdd(s_trim[1], back);
            barrier();
            a0 += s_trim[0]; /* A's keys that B's first does not precede: a prefix of [a0, a1) */
            b1 -= s_trim[1]; /* B's keys that do not precede A's last: a suffix of [b0, b1) */
            o0 += s_trim[0];
            o1 -= s_trim[1];
            barrier(); /* s_trim is read before the next tile clears it */
        }
        if (tid == 0u) {
            Vec4Array(pc.tile_info).v[tile] = uvec4(r.lo + a0, r.lo + a1, r.mid + b0, r.mid + b1);
            uint slot = atomicAdd(UintArray(pc.lists).v[mgpu_segsort_counter(MGPU_SEGSORT_LIST_MOVING)], 1u);
            UintArray(pc.lists).v[mgpu_segsort_list_entry(MGPU_SEGSORT_LIST_MOVING, slot)] = tile;
        }
        TArray src = TArray(pc.keys_in), dst = TArray(pc.keys_out);
        uint count = o1 - o0;
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) dst.v[o0 + i] = src.v[o0 + i];
        }
        if (VALUE_WORDS > 0u)
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                uint i = j * nt + tid;
                if (i < count) mgpu_value_store(pc.values_out, o0 + i, mgpu_value_load(pc.values_in, o0 + i));
            }
    }
}

void main() {
    // The first workgroups plan the next pass (its runs' heads are this pass's ranges_out), beside the others,
    // which walk this pass's list.
    mgpu_segsort_read_count();
    uint next_run = 2u * pc.run; /* pc.run < pc.count < 2^31 */
    /* No next pass to plan once the runs cover the real count (its list stays empty, the counters zeroed). */
    uint chunks = next_run < g_count ? (mgpu_segsort_tiles() + gl_WorkGroupSize.x - 1u) / gl_WorkGroupSize.x : 0u;
    uint planners = min(chunks, MGPU_SEGSORT_LIST_GROUPS);
    if (gl_WorkGroupID.x < planners) { /* the next level's place: the capacity's runs, as the host laid them out */
        uvec2 next_out = mgpu_present(pc.ranges_out)
                             ? mgpu_address_add(pc.ranges_out, (pc.count + next_run - 1u) / next_run * 8u)
                             : uvec2(0u);
        for (uint chunk = gl_WorkGroupID.x; chunk < chunks; chunk += planners)
            mgpu_segsort_plan_chunk(chunk, pc.pass + 1u, next_run, pc.ranges_out, next_out);
        return;
    }
    uint listed = mgpu_segsort_listed(MGPU_SEGSORT_LIST_ACTIVE);
    uint step = gl_NumWorkGroups.x - planners, i = gl_WorkGroupID.x - planners;
    if (listed <= step) { /* a tile a workgroup at most: nothing to read ahead */
        if (i < listed) {
            uint tile = mgpu_segsort_listed_tile(MGPU_SEGSORT_LIST_ACTIVE, i);
            if (!mgpu_tile_settled(tile)) mgpu_tile(tile); /* uniform: every thread reads the same */
        }
        return;
    }
    if (mgpu_present(pc.ranges_in)) {
        /* With segments the plan lists only the tiles of the segments across the pairs' interfaces, which mostly
         * move: each list entry read a tile ahead (a workgroup's tiles one after another). */
        uint tile = i < listed ? mgpu_segsort_listed_tile(MGPU_SEGSORT_LIST_ACTIVE, i) : 0u;
        for (; i < listed; i += step) {
            uint current = tile;
            if (i + step < listed) tile = mgpu_segsort_listed_tile(MGPU_SEGSORT_LIST_ACTIVE, i + step);
            if (!mgpu_tile_settled(current)) mgpu_tile(current);
            barrier(); /* the next tile reuses s_path and s_trim */
        }
        return;
    }
    /* Without segments the plan lists every tile of every pair, and once the runs are long most of them are in
     * place (all of them but those around the interfaces on nearly sorted input), so each workgroup takes `chunk`
     * consecutive entries a step (at most NT), a thread each, which settles alone the tiles surely in place; the
     * workgroup then works through the others one by one. H200, locality sort u32 2^26 of noise 100: its preps
     * 1004 -> 581 us (their later passes 27-100 -> 10-55), 2227 -> 1831 us in all; segmented sorts, whose listed
     * tiles mostly move, lost 4-6% with it at mean 10000 (bench/RESULTS.md, thirty-first session). */
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint chunk = min((listed + step - 1u) / step, nt);
    for (uint first = i * chunk; first < listed; first += step * chunk) { /* < 2^31: listed <= tiles */
        if (tid == 0u) s_queued = 0u;
        barrier();
        uint entry = first + tid;
        if (tid < chunk && entry < listed) {
            uint tile = mgpu_segsort_listed_tile(MGPU_SEGSORT_LIST_ACTIVE, entry);
            if (!mgpu_tile_settled(tile)) s_queue[atomicAdd(s_queued, 1u)] = tile;
        }
        barrier();
        uint queued = s_queued;
        for (uint q = 0u; q < queued; ++q) {
            mgpu_tile(s_queue[q]);
            barrier(); /* the next tile reuses s_path and s_trim */
        }
        barrier(); /* s_queued is read before the next step clears it */
    }
}
