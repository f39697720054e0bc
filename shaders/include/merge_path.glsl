/*
 * merge_path.glsl: Merge Path (the seeds' chapter 6). For two sequences A and B sorted by mgpu_key_less, the
 * number of elements of A among the first `diag` outputs of their stable merge (A's element before an equal
 * B's): a binary search along the cross diagonal. The sequences are read through MGPU_MERGE_A(i) and
 * MGPU_MERGE_B(i), which the including file defines (global or shared memory).
 * Also: mgpu_merge_range, the A and B runs a merge tile reads, for a plain merge and for a mergesort pass.
 * Contract: include after keys.glsl; define MGPU_MERGE_A and MGPU_MERGE_B before including.
 */
#ifndef MGPU_MERGE_PATH_GLSL
#define MGPU_MERGE_PATH_GLSL

#if !defined(MGPU_MERGE_A) || !defined(MGPU_MERGE_B)
#error "merge_path.glsl: define MGPU_MERGE_A(i) and MGPU_MERGE_B(i)"
#endif

uint mgpu_merge_path(uint a_count, uint b_count, uint diag) {
    uint lo = diag > b_count ? diag - b_count : 0u;
    uint hi = min(diag, a_count);
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        // A[mid] belongs before B[diag - 1 - mid] unless B's key is strictly smaller.
        if (!mgpu_key_less(MGPU_MERGE_B(diag - 1u - mid), MGPU_MERGE_A(mid))) lo = mid + 1u;
        else hi = mid;
    }
    return lo;
}

/* The same for the merge that puts B's element before an equal A's (the upper-bound sorted search). */
uint mgpu_merge_path_b_first(uint a_count, uint b_count, uint diag) {
    uint lo = diag > b_count ? diag - b_count : 0u;
    uint hi = min(diag, a_count);
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (mgpu_key_less(MGPU_MERGE_A(mid), MGPU_MERGE_B(diag - 1u - mid))) lo = mid + 1u;
        else hi = mid;
    }
    return lo;
}

/* The pair of sorted runs that output `position` belongs to. A plain merge (run 0) has one pair: A is
 * [0, a_count) of its array and B [0, b_count) of its own. A mergesort pass (run > 0) merges runs of `run`
 * elements of one array of a_count elements pairwise: pair p is A = [2p run, 2p run + run) and B the next
 * run, both cut at a_count. a_base, b_base: where A and B start in their arrays; first: the pair's first
 * output. 2 * run must be a multiple of every tile size, so that no tile straddles two pairs. */
struct mgpu_merge_pair {
    uint a_base, a_len, b_base, b_len, first;
};

mgpu_merge_pair mgpu_merge_range(uint a_count, uint b_count, uint run, uint position) {
    if (run == 0u) return mgpu_merge_pair(0u, a_count, 0u, b_count, 0u);
    uint first = position / (2u * run) * (2u * run);
    uint a_len = min(run, a_count - min(first, a_count));
    uint b_base = first + a_len;
    return mgpu_merge_pair(first, a_len, b_base, min(run, a_count - b_base), first);
}

#endif
