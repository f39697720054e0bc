/*
 * balanced_path.glsl: Balanced Path (the seeds' chapter 13), the partitioning of the multiset operations. Merge
 * Path takes every copy of a key from A before any from B; the multiset operations need each key-rank match (the
 * k-th copy of a key in A and the k-th in B) on one side of every partition boundary. Balanced Path is the path
 * that takes, within each run of equal keys, the matches first, each as A's copy then B's, then the copies left
 * without a match; elsewhere it is Merge Path. Where a diagonal cuts a match between its A and its B copy, the
 * diagonal is starred: the partition on its left also takes the B copy (so partitions hold their size +-1).
 * mgpu_balanced_path finds the crossing without building the path: Merge Path first, then the start of the run
 * of equal keys it cuts (searches back in A and B), and the path projected from there, its run divided evenly
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

/* One step of a search for key in [begin, end) of A or B (in_b), which splits at end - ceil((end - begin) / 2^shift):
 * the middle for shift 1, near the end for larger shifts. Lower bound: the first element not before key; upper:
 * the first element after it. */
void mgpu_balanced_step(bool in_b, bool upper, T key, uint shift, inout uint begin, inout uint end) {
    uint mid = end - ((end - begin + (1u << shift) - 1u) >> shift);
    T x = in_b ? MGPU_MERGE_B(mid) : MGPU_MERGE_A(mid);
    bool right = upper ? !mgpu_key_less(key, x) : mgpu_key_less(x, key);
    if (right) begin = mid + 1u;
    else end = mid;
}

/* The bound of key in [begin, end) of A or B. The sought position is likely near the end (runs of equal keys are
 * short), so the first `levels` steps (0..4) split 511/512, 127/128, 31/32 and 15/16 of the way to the end (the
 * seeds' biased search: 4 levels in global memory, 2 in shared memory); then halves. */
uint mgpu_balanced_search(bool in_b, bool upper, T key, uint begin, uint end, uint levels) {
    if (levels >= 4u && begin < end) mgpu_balanced_step(in_b, upper, key, 9u, begin, end);
    if (levels >= 3u && begin < end) mgpu_balanced_step(in_b, upper, key, 7u, begin, end);
    if (levels >= 2u && begin < end) mgpu_balanced_step(in_b, upper, key, 5u, begin, end);
    if (levels >= 1u && begin < end) mgpu_balanced_step(in_b, upper, key, 4u, begin, end);
    while (begin < end) mgpu_balanced_step(in_b, upper, key, 1u, begin, end);
    return begin;
}

/* Where the Balanced Path of A (a_count) and B (b_count) crosses diagonal diag: its A count, | MGPU_BALANCED_STAR
 * when the diagonal is starred (the left side then holds diag + 1 elements: A's count and diag - count + 1 of B).
 * Unsorted input (a broken precondition) still gives an A count in [0, min(diag, a_count)]. */
uint mgpu_balanced_path(uint a_count, uint b_count, uint diag, uint levels) {
    uint a = mgpu_merge_path(a_count, b_count, diag), b = diag - a;
    if (b >= b_count) return a;
    T x = MGPU_MERGE_B(b);
    // Merge Path takes A's copies of x first: the run of x it cuts starts at the lower bounds of x in both arrays.
    uint a_start = mgpu_balanced_search(false, false, x, 0u, a, levels);
    uint b_start = mgpu_balanced_search(true, false, x, 0u, b, levels);
    uint a_run = a - a_start, b_run = b - b_start, x_count = a_run + b_run;
    // The run divided evenly, A's copy of each match first: B's part is half of it, but no less than Merge Path's
    // and no more than B's copies of x (whose end is searched for only that far).
    uint b_advance = max(x_count >> 1u, b_run);
    uint b_end = min(b_count, b_start + b_advance + 1u);
    uint b_run_end = mgpu_balanced_search(true, true, x, b, b_end, 0u);
    b_advance = min(b_advance, b_run_end - b_start);
    uint a_advance = x_count - b_advance;
    bool star = a_advance == b_advance + 1u && b_advance < b_run_end - b_start;
    return (a_start + a_advance) | (star ? MGPU_BALANCED_STAR : 0u);
}

#endif
