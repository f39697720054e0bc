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

/* One step of a binary search for key in [begin, end) of A or B (in_b). Lower bound: the first element not before
 * key; upper: the first element after it. */
void mgpu_balanced_step(bool in_b, bool upper, T key, inout uint begin, inout uint end) {
    uint mid = (begin + end) >> 1u;
    T x = in_b ? MGPU_MERGE_B(mid) : MGPU_MERGE_A(mid);
    bool right = upper ? !mgpu_key_less(key, x) : mgpu_key_less(x, key);
    if (right) begin = mid + 1u;
    else end = mid;
}

/* The bound of key in [begin, end) of A or B, found from one end (from_end: the last; else the first), where it
 * likely is (runs of equal keys are short): probes 1, 2, 4, .. elements in from that end until one lies past the
 * bound, then halves the last gap. A run of r keys costs about 2 log2(r + 1) + 1 reads (H200, u32 set operations:
 * 2-3% faster than the seeds' biased binary search, which splits 511/512, 127/128, .. of the way first). */
uint mgpu_balanced_gallop(bool in_b, bool upper, T key, uint begin, uint end, bool from_end) {
    for (uint step = 1u; begin < end; step <<= 1u) {
        uint mid = from_end ? end - min(step, end - begin) : begin + min(step, end - begin) - 1u;
        T x = in_b ? MGPU_MERGE_B(mid) : MGPU_MERGE_A(mid);
        bool right = upper ? !mgpu_key_less(key, x) : mgpu_key_less(x, key); /* the bound lies right of mid */
        if (from_end && right) {
            begin = mid + 1u;
            break;
        }
        if (!from_end && !right) {
            end = mid;
            break;
        }
        if (from_end) end = mid;
        else begin = mid + 1u;
    }
    while (begin < end) mgpu_balanced_step(in_b, upper, key, begin, end);
    return begin;
}

/* Where the Balanced Path of A (a_count) and B (b_count) crosses diagonal diag: its A count, | MGPU_BALANCED_STAR
 * when the diagonal is starred (the left side then holds diag + 1 elements: A's count and diag - count + 1 of B).
 * Unsorted input (a broken precondition) still gives an A count in [0, min(diag, a_count)]. */
uint mgpu_balanced_path(uint a_count, uint b_count, uint diag) {
    uint a = mgpu_merge_path(a_count, b_count, diag), b = diag - a;
    if (b >= b_count) return a;
    T x = MGPU_MERGE_B(b);
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

#endif
