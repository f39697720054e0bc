/*
 * merge_path.glsl: Merge Path (the seeds' chapter 6). For two sequences A and B sorted by mgpu_key_less, the
 * number of elements of A among the first `diag` outputs of their stable merge (A's element before an equal
 * B's): a binary search along the cross diagonal. The sequences are read through MGPU_MERGE_A(i) and
 * MGPU_MERGE_B(i), which the including file defines (global or shared memory).
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

#endif
