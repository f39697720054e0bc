/*
 * segsort.glsl: the merge passes of the segmented and locality sorts. A pass merges sorted runs of pc.run keys
 * pairwise, like a mergesort pass, but in place in the sort's output: pair p's runs A = [first, mid) and
 * B = [mid, end) change only in their active region [lo, hi), the part of A from its last segment head and the
 * part of B before its first (the segment that straddles the A | B interface); without segments (locality sort)
 * the region is the whole pair. Every other key is already where the pass would put it. Within the region,
 * Merge Path decides per tile whether any key moves: a tile whose outputs all come from A, or all from B once A
 * is spent, is in place and does nothing.
 * Contract: include after types.glsl; the kernel's push constants are `pc` with MGPU_SEGSORT_PC_FIELDS; main()
 * calls mgpu_segsort_read_count() first.
 */
#ifndef MGPU_SEGSORT_GLSL
#define MGPU_SEGSORT_GLSL

#include "include/count.glsl"

/* The keys sorted: pc.count, or the indirect count clamped to it. pc.count stays the capacity, which laid out
 * the scratch; the runs, tiles and lists here are the real count's (every kernel of a sort reads the same). */
uint g_count;

void mgpu_segsort_read_count() { g_count = mgpu_count(pc.count_address, pc.count); }

/* A pair's active region: A's part [lo, mid), B's part [mid, hi), global positions. Nothing merges where either
 * part is empty. bounded: lo is a segment's first key and hi the end of that segment (the region is the whole
 * segment). */
struct mgpu_segsort_region {
    uint lo, mid, hi;
    bool bounded;
};

/* Whether segsort_straddle merged the segment [lo, hi) across the tile boundary at mid (tiles of nv keys): a whole
 * segment (bounded) with keys on both sides of mid and at most nv of them (so it lies in the two tiles around mid).
 * Such a segment is sorted before the first pass, and no pass needs to merge it. */
bool mgpu_segsort_straddled(uint lo, uint mid, uint hi, bool bounded, uint nv) {
    return bounded && lo < mid && mid < hi && hi - lo <= nv;
}

/* The active region of the pair that output `position` belongs to, in a pass over runs of `run` keys; `ranges`
 * (present with segments) holds each run's first and last segment head. */
mgpu_segsort_region mgpu_segsort_active_in(uint position, uint run, uvec2 ranges) {
    uint n = g_count;
    uint first = position / (2u * run) * (2u * run); /* < 2^31 and 2 run < 2^32: no overflow below */
    uint mid = min(first + run, n), end = min(first + 2u * run, n);
    mgpu_segsort_region r = mgpu_segsort_region(first, mid, end, false);
    if (mgpu_present(ranges) && mid < n) {
        uint a = first / run; /* A's run; B's is the next */
        uint a_last = Uvec2Array(ranges).v[a].y, b_first = Uvec2Array(ranges).v[a + 1u].x;
        if (a_last != MGPU_SEGSORT_NONE) r.lo = a_last;
        if (b_first != MGPU_SEGSORT_NONE) r.hi = b_first;
        r.bounded = (a_last != MGPU_SEGSORT_NONE || first == 0u) && (b_first != MGPU_SEGSORT_NONE || end == n);
    }
    return r;
}

/* Where B's run starts in the pair of `position` in this pass (pc.run): the region's mid, whatever the segments. */
uint mgpu_segsort_mid(uint position) {
    uint first = position / (2u * pc.run) * (2u * pc.run);
    return min(first + pc.run, g_count);
}

/* The active region of `position`'s pair in this pass (pc.run, pc.ranges_in). */
mgpu_segsort_region mgpu_segsort_active(uint position) {
    return mgpu_segsort_active_in(position, pc.run, pc.ranges_in);
}

/* The work lists of the merge passes at pc.lists: two counters a pass (2 pass + MGPU_SEGSORT_LIST_ACTIVE or
 * _MOVING), then two lists of active tiles and one of moving tiles, a word per tile each. A pass's lists are
 * filled by the dispatch before the one that walks them. */
uint mgpu_segsort_tiles() { return (g_count + gl_WorkGroupSize.x * VT - 1u) / (gl_WorkGroupSize.x * VT); }

uint mgpu_segsort_counter_of(uint pass, uint list) { return 2u * pass + list; }

uint mgpu_segsort_counter(uint list) { return mgpu_segsort_counter_of(pc.pass, list); }

/* The i-th entry of pass `pass`'s list `list`: the active tiles of consecutive passes alternate between two
 * lists, since a prep walks its pass's list while it fills the next pass's. */
uint mgpu_segsort_list_entry_of(uint pass, uint list, uint i) {
    uint which = list == MGPU_SEGSORT_LIST_ACTIVE ? pass & 1u : 2u;
    return 2u * MGPU_SEGSORT_MAX_PASSES + which * mgpu_segsort_tiles() + i;
}

uint mgpu_segsort_list_entry(uint list, uint i) { return mgpu_segsort_list_entry_of(pc.pass, list, i); }

/* How many tiles this pass's list `list` holds, and its i-th tile. A dispatch that walks a list is one-dimensional
 * and takes every gl_NumWorkGroups.x-th entry from its gl_WorkGroupID.x on (every thread reads the same). */
uint mgpu_segsort_listed(uint list) { return UintArray(pc.lists).v[mgpu_segsort_counter(list)]; }

uint mgpu_segsort_listed_tile(uint list, uint i) { return UintArray(pc.lists).v[mgpu_segsort_list_entry(list, i)]; }

#ifdef MGPU_SEGSORT_PLANNER
shared uint s_plan_count, s_plan_base;
shared uint s_plan_tiles[gl_WorkGroupSize.x];

/* Plans pass `pass` (runs of `run` keys, the runs' heads in ranges_in) for the tiles [chunk NT, chunk NT + NT),
 * a thread per tile: a tile that holds part of its pair's active region, unless that region is a segment
 * segsort_straddle merged, joins the pass's list of active tiles (the workgroup gathers them in shared memory
 * and reserves their places with one atomic); every other tile is in place and costs the pass nothing. The thread of each pair's first tile writes the pair's first and last
 * heads to ranges_out, the next pass's runs. Called by the whole workgroup; ends with a barrier. */
void mgpu_segsort_plan_chunk(uint chunk, uint pass, uint run, uvec2 ranges_in, uvec2 ranges_out) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT, n = g_count;
    uint tile = chunk * nt + tid; /* tiles < 2^31 / 2 */
    if (tid == 0u) s_plan_count = 0u;
    barrier();
    if (tile < mgpu_segsort_tiles()) {
        uint x0 = tile * nv, x1 = min(x0 + nv, n);
        mgpu_segsort_region r = mgpu_segsort_active_in(x0, run, ranges_in);
        if (mgpu_present(ranges_in) && x0 % (2u * run) == 0u) {
            uint a = x0 / run;
            uvec2 range = Uvec2Array(ranges_in).v[a];
            if (r.mid < n) {
                uvec2 b = Uvec2Array(ranges_in).v[a + 1u];
                range = uvec2(range.x != MGPU_SEGSORT_NONE ? range.x : b.x, b.y != MGPU_SEGSORT_NONE ? b.y : range.y);
            }
            Uvec2Array(ranges_out).v[a / 2u] = range;
        }
        if (r.lo < r.mid && r.mid < r.hi && max(x0, r.lo) < min(x1, r.hi) &&
            !mgpu_segsort_straddled(r.lo, r.mid, r.hi, r.bounded, nv))
            s_plan_tiles[atomicAdd(s_plan_count, 1u)] = tile;
    }
    barrier();
    uint listed = s_plan_count;
    uint counter = mgpu_segsort_counter_of(pass, MGPU_SEGSORT_LIST_ACTIVE);
    if (tid == 0u && listed > 0u) s_plan_base = atomicAdd(UintArray(pc.lists).v[counter], listed);
    barrier();
    if (tid < listed)
        UintArray(pc.lists).v[mgpu_segsort_list_entry_of(pass, MGPU_SEGSORT_LIST_ACTIVE, s_plan_base + tid)] =
            s_plan_tiles[tid];
    barrier();
}
#endif

#endif
