/*
 * balanced_path.glsl: Balanced Path (the seeds' chapter 13), the partitioning of the multiset operations. Merge
 * Path takes every copy of a key from A before any from B; the multiset operations need each key-rank match (the
 * k-th copy of a key in A and the k-th in B) on one side of every partition boundary. Balanced Path is the path
 * that takes, within each run of equal keys, the matches first, each as A's copy then B's, then the copies left
 * without a match; elsewhere it is Merge Path. Where a diagonal cuts a match between its A and its B copy, the
 * diagonal is starred: the partition on its left also takes the B copy (so partitions hold their size +-1).
 * mgpu_balanced_path finds the crossing without building the path: Merge Path first, then the start of the run
 * of equal keys it cuts (galloping searches back in A and B), and the path projected from there, its run divided evenly
 * between A and B as far as B's run goes.
 * Contract: include after keys.glsl and merge_path.glsl, with MGPU_MERGE_A(i) and MGPU_MERGE_B(i) the keys of A
 * and B and MGPU_PATH_A_FIRST(diag, p) defined as mgpu_merge_keys_a_first(diag, p) (the stable merge).
 */
#ifndef MGPU_BALANCED_PATH_GLSL
#define MGPU_BALANCED_PATH_GLSL

#if !defined(MGPU_KEYS_GLSL) || !defined(MGPU_MERGE_PATH_GLSL)
#error "balanced_path.glsl: include after keys.glsl and merge_path.glsl"
#endif

/* The star of mgpu_balanced_path's result (and of a partition): the partition left of it takes one more B. */
#define MGPU_BALANCED_STAR 0x80000000u

/* The search mgpu_balanced_gallop runs: for g_search_key in A or B (g_search_in_b), its lower bound (the first
 * element not before it) or upper bound (the first element after it). */
bool g_search_in_b, g_search_upper;
MGPU_WKEY g_search_key;
bool mgpu_balanced_right(uint i) {
    MGPU_WKEY x = g_search_in_b ? MGPU_MERGE_B(i) : MGPU_MERGE_A(i);
    return g_search_upper ? !mgpu_wkey_less(g_search_key, x) : mgpu_wkey_less(x, g_search_key);
}
#define MGPU_GALLOP_RIGHT(i) mgpu_balanced_right(i)
#include "include/gallop.glsl"

/* The bound of key in [begin, end) of A or B, galloping from one end (from_end: the last; else the first), where
 * it likely is: runs of equal keys are short (H200, u32 set operations: 2-3% faster than the seeds' biased binary
 * search, which splits 511/512, 127/128, .. of the way first). */
uint mgpu_balanced_gallop(bool in_b, bool upper, MGPU_WKEY key, uint begin, uint end, bool from_end) {
    g_search_in_b = in_b;
    g_search_upper = upper;
    g_search_key = key;
    return mgpu_gallop(begin, end, from_end);
}

/* Where the Balanced Path of A (a_count) and B (b_count) crosses diagonal diag, from a, where Merge Path crosses
 * it: its A count, | MGPU_BALANCED_STAR when the diagonal is starred (the left side then holds diag + 1 elements:
 * A's count and diag - count + 1 of B). Unsorted input (a broken precondition) still gives an A count in
 * [0, min(diag, a_count)]. */
uint mgpu_balanced_path_from(uint a, uint a_count, uint b_count, uint diag) {
    uint b = diag - a;
    if (b >= b_count) return a;
    MGPU_WKEY x = MGPU_MERGE_B(b);
    // Merge Path takes A's copies of x first: the run of x it cuts starts at the lower bounds of x in both arrays.
    uint a_start = mgpu_balanced_gallop(false, false, x, 0u, a, true);
    uint b_start = mgpu_balanced_gallop(true, false, x, 0u, b, true);
    uint a_run = a - a_start, b_run = b - b_start, x_count = a_run + b_run;
    // The run divided evenly, A's copy of each match first: B's part is half of it, but no less than Merge Path's
    // and no more than B's copies of x (whose end is searched for only that far).
    uint b_advance = max(x_count >> 1u, b_run);
    uint b_end = min(b_count, b_start + b_advance + 1u);
    uint b_run_end = mgpu_balanced_gallop(true, true, x, b, b_end, false);
    b_advance = min(b_advance, b_run_end - b_start);
    uint a_advance = x_count - b_advance;
    bool star = a_advance == b_advance + 1u && b_advance < b_run_end - b_start;
    return (a_start + a_advance) | (star ? MGPU_BALANCED_STAR : 0u);
}

/* mgpu_balanced_path_from where Merge Path crosses diag. */
uint mgpu_balanced_path(uint a_count, uint b_count, uint diag) {
    return mgpu_balanced_path_from(mgpu_merge_path(a_count, b_count, diag), a_count, b_count, diag);
}

#endif
