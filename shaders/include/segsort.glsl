/*
 * segsort.glsl: the merge passes of the segmented and locality sorts. A pass merges sorted runs of pc.run keys
 * pairwise, like a mergesort pass, but in place in the sort's output: pair p's runs A = [first, mid) and
 * B = [mid, end) change only in their active region [lo, hi), the part of A from its last segment head and the
 * part of B before its first (the segment that straddles the A | B interface); without segments (locality sort)
 * the region is the whole pair. Every other key is already where the pass would put it. Within the region,
 * Merge Path decides per tile whether any key moves: a tile whose outputs all come from A, or all from B once A
 * is spent, is in place and does nothing.
 * Contract: include after types.glsl; the kernel's push constants are `pc` with MGPU_SEGSORT_PC_FIELDS.
 */
#ifndef MGPU_SEGSORT_GLSL
#define MGPU_SEGSORT_GLSL

/* A pair's active region: A's part [lo, mid), B's part [mid, hi), global positions. Nothing merges where either
 * part is empty. */
struct mgpu_segsort_region {
    uint lo, mid, hi;
};

/* The active region of the pair that output `position` belongs to, in the pass over runs of pc.run keys;
 * pc.ranges_in (present with segments) holds each run's first and last segment head. */
mgpu_segsort_region mgpu_segsort_active(uint position) {
    uint run = pc.run, n = pc.count;
    uint first = position / (2u * run) * (2u * run); /* < 2^31 and 2 run < 2^32: no overflow below */
    uint mid = min(first + run, n), end = min(first + 2u * run, n);
    mgpu_segsort_region r = mgpu_segsort_region(first, mid, end);
    if (mgpu_present(pc.ranges_in) && mid < n) {
        uint a = first / run; /* A's run; B's is the next */
        uint a_last = Uvec2Array(pc.ranges_in).v[a].y, b_first = Uvec2Array(pc.ranges_in).v[a + 1u].x;
        if (a_last != MGPU_SEGSORT_NONE) r.lo = a_last;
        if (b_first != MGPU_SEGSORT_NONE) r.hi = b_first;
    }
    return r;
}

#endif
