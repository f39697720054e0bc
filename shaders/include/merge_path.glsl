/*
 * merge_path.glsl: Merge Path (the seeds' chapter 6). For two sequences A and B sorted by mgpu_key_less, the
 * number of elements of A among the first `diag` outputs of their stable merge (A's element before an equal
 * B's): a binary search along the cross diagonal. The sequences are read through MGPU_MERGE_A(i) and
 * MGPU_MERGE_B(i), which the including file defines (global or shared memory).
 * Also: mgpu_merge_range, the A and B runs a merge tile reads, for a plain merge and for a mergesort pass;
 * mgpu_cta_merge_path, a workgroup's search for its tile's two bounds in global memory (the partition
 * dispatch folded into the merge kernel where tiles are few).
 * Contract: include after keys.glsl; define MGPU_MERGE_A and MGPU_MERGE_B before including. For
 * mgpu_cta_merge_path also MGPU_MERGE_GLOBAL_A(i), MGPU_MERGE_GLOBAL_B(i) and MGPU_MERGE_PATH_SHARED, a
 * shared uint array of at least 8 elements.
 */
#ifndef MGPU_MERGE_PATH_GLSL
#define MGPU_MERGE_PATH_GLSL

#if !defined(MGPU_MERGE_A) || !defined(MGPU_MERGE_B)
#error "merge_path.glsl: define MGPU_MERGE_A(i) and MGPU_MERGE_B(i)"

#ifdef MGPU_MERGE_GLOBAL_A
#if !defined(MGPU_MERGE_GLOBAL_B) || !defined(MGPU_MERGE_PATH_SHARED)
#error "merge_path.glsl: mgpu_cta_merge_path needs MGPU_MERGE_GLOBAL_B(i) and MGPU_MERGE_PATH_SHARED (shared uint[8])"
#endif

/* Whether A's key goes before B's key in the merge: unless B's is strictly smaller, or, with b_first, only
 * when A's is strictly smaller. */
bool mgpu_merge_a_first(T a_key, T b_key, bool b_first) {
    return b_first ? mgpu_key_less(a_key, b_key) : !mgpu_key_less(b_key, a_key);
}

/* A's element a goes before B's element diag - 1 - a, read from global memory. */
bool mgpu_merge_global_a_first(uint diag, uint a, bool b_first) {
    return mgpu_merge_a_first(MGPU_MERGE_GLOBAL_A(a), MGPU_MERGE_GLOBAL_B(diag - 1u - a), b_first);
}

/* The A counts before diagonals diag0 (x) and diag1 (y) of the merge of a_count and b_count elements, as
 * mgpu_merge_path (b_first: mgpu_merge_path_b_first) finds them, found by the whole workgroup at once, so that a
 * merge tile needs no partition dispatch: half of it (K = NT / 2 threads) per diagonal. Each round, the answer
 * known to lie in [lo, hi], thread `lane` tests the points lo + lane * step and lo + (lane + 1) * step, step =
 * ceil((hi - lo) / K); the one thread whose first point goes before and second does not (or thread 0, when its
 * first does not) writes the new [lo, hi], at most step - 1 wide, to shared memory, and one barrier shares it.
 * At most max(1, ceil(log_K(min(a_count, b_count)))) rounds (K = 128: 2 up to 16512 elements, 3 up to 2^21),
 * each one global read latency. It pays that latency in every tile, so the host uses it only where tiles are
 * few (merge.c). The rounds alternate between two halves of MGPU_MERGE_PATH_SHARED, so that a round's writes
 * never meet the previous round's reads. No subgroup operation: any subgroup size. Unsorted input (a broken
 * precondition) gives meaningless answers, each still within its diagonal's range. Call from every thread in
 * uniform control flow, with MGPU_MERGE_PATH_SHARED free; every thread gets the result, and the kernel may
 * write the array again after its next barrier(). NT is even. */
uvec2 mgpu_cta_merge_path(uint a_count, uint b_count, uint diag0, uint diag1, bool b_first) {
    uint k = gl_WorkGroupSize.x / 2u, tid = gl_LocalInvocationID.x;
    uint side = tid / k, lane = tid - side * k;
    uint diag = side == 0u ? diag0 : diag1;
    uvec4 range = uvec4(diag0 > b_count ? diag0 - b_count : 0u, min(diag0, a_count),
                        diag1 > b_count ? diag1 - b_count : 0u, min(diag1, a_count));
    for (uint iteration = 0u; range.x < range.y || range.z < range.w; ++iteration) {
        uint lo = side == 0u ? range.x : range.z, hi = side == 0u ? range.y : range.w;
        uint slot = (iteration & 1u) * 4u + side * 2u;
        bool write = lo >= hi && lane == 0u; /* a finished side keeps its answer in the new half */
        uint new_lo = lo, new_hi = hi;
        if (lo < hi) {
            uint step = (hi - lo + k - 1u) / k;
            uint first = lo + lane * step, second = first + step; /* second < hi only where lane + 1 < k */
            if (first < hi) {
                bool first_before = mgpu_merge_global_a_first(diag, first, b_first);
                bool second_before = second < hi ? mgpu_merge_global_a_first(diag, second, b_first) : false;
                if (first_before && !second_before) {
                    write = true;
                    new_lo = first + 1u;
                    new_hi = min(second, hi);
                } else if (!first_before && lane == 0u) {
                    write = true;
                    new_hi = lo;
                }
            }
        }
        if (write) { /* atomic: with unsorted input (a broken precondition) several threads may write */
            atomicExchange(MGPU_MERGE_PATH_SHARED[slot], new_lo);
            atomicExchange(MGPU_MERGE_PATH_SHARED[slot + 1u], new_hi);
        }
        barrier();
        uint base = (iteration & 1u) * 4u;
        range = uvec4(MGPU_MERGE_PATH_SHARED[base], MGPU_MERGE_PATH_SHARED[base + 1u],
                      MGPU_MERGE_PATH_SHARED[base + 2u], MGPU_MERGE_PATH_SHARED[base + 3u]);
    }
    return range.xz;
}
#endif

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


#ifdef MGPU_MERGE_GLOBAL_A
#if !defined(MGPU_MERGE_GLOBAL_B) || !defined(MGPU_MERGE_PATH_SHARED)
#error "merge_path.glsl: mgpu_cta_merge_path needs MGPU_MERGE_GLOBAL_B(i) and MGPU_MERGE_PATH_SHARED (shared uint[8])"
#endif

/* Whether A's key goes before B's key in the merge: unless B's is strictly smaller, or, with b_first, only
 * when A's is strictly smaller. */
bool mgpu_merge_a_first(T a_key, T b_key, bool b_first) {
    return b_first ? mgpu_key_less(a_key, b_key) : !mgpu_key_less(b_key, a_key);
}

/* A's element a goes before B's element diag - 1 - a, read from global memory. */
bool mgpu_merge_global_a_first(uint diag, uint a, bool b_first) {
    return mgpu_merge_a_first(MGPU_MERGE_GLOBAL_A(a), MGPU_MERGE_GLOBAL_B(diag - 1u - a), b_first);
}

/* The A counts before diagonals diag0 (x) and diag1 (y) of the merge of a_count and b_count elements, as
 * mgpu_merge_path (b_first: mgpu_merge_path_b_first) finds them, found by the whole workgroup at once, so that a
 * merge tile needs no partition dispatch: half of it (K = NT / 2 threads) per diagonal. Each round, the answer
 * known to lie in [lo, hi], thread `lane` tests the points lo + lane * step and lo + (lane + 1) * step, step =
 * ceil((hi - lo) / K); the one thread whose first point goes before and second does not (or thread 0, when its
 * first does not) writes the new [lo, hi], at most step - 1 wide, to shared memory, and one barrier shares it.
 * At most max(1, ceil(log_K(min(a_count, b_count)))) rounds (K = 128: 2 up to 16512 elements, 3 up to 2^21),
 * each one global read latency. It pays that latency in every tile, so the host uses it only where tiles are
 * few (merge.c). The rounds alternate between two halves of MGPU_MERGE_PATH_SHARED, so that a round's writes
 * never meet the previous round's reads. No subgroup operation: any subgroup size. Unsorted input (a broken
 * precondition) gives meaningless answers, each still within its diagonal's range. Call from every thread in
 * uniform control flow, with MGPU_MERGE_PATH_SHARED free; every thread gets the result, and the kernel may
 * write the array again after its next barrier(). NT is even. */
uvec2 mgpu_cta_merge_path(uint a_count, uint b_count, uint diag0, uint diag1, bool b_first) {
    uint k = gl_WorkGroupSize.x / 2u, tid = gl_LocalInvocationID.x;
    uint side = tid / k, lane = tid - side * k;
    uint diag = side == 0u ? diag0 : diag1;
    uvec4 range = uvec4(diag0 > b_count ? diag0 - b_count : 0u, min(diag0, a_count),
                        diag1 > b_count ? diag1 - b_count : 0u, min(diag1, a_count));
    for (uint iteration = 0u; range.x < range.y || range.z < range.w; ++iteration) {
        uint lo = side == 0u ? range.x : range.z, hi = side == 0u ? range.y : range.w;
        uint slot = (iteration & 1u) * 4u + side * 2u;
        bool write = lo >= hi && lane == 0u; /* a finished side keeps its answer in the new half */
        uint new_lo = lo, new_hi = hi;
        if (lo < hi) {
            uint step = (hi - lo + k - 1u) / k;
            uint first = lo + lane * step, second = first + step; /* second < hi only where lane + 1 < k */
            if (first < hi) {
                bool first_before = mgpu_merge_global_a_first(diag, first, b_first);
                bool second_before = second < hi ? mgpu_merge_global_a_first(diag, second, b_first) : false;
                if (first_before && !second_before) {
                    write = true;
                    new_lo = first + 1u;
                    new_hi = min(second, hi);
                } else if (!first_before && lane == 0u) {
                    write = true;
                    new_hi = lo;
                }
            }
        }
        if (write) { /* atomic: with unsorted input (a broken precondition) several threads may write */
            atomicExchange(MGPU_MERGE_PATH_SHARED[slot], new_lo);
            atomicExchange(MGPU_MERGE_PATH_SHARED[slot + 1u], new_hi);
        }
        barrier();
        uint base = (iteration & 1u) * 4u;
        range = uvec4(MGPU_MERGE_PATH_SHARED[base], MGPU_MERGE_PATH_SHARED[base + 1u],
                      MGPU_MERGE_PATH_SHARED[base + 2u], MGPU_MERGE_PATH_SHARED[base + 3u]);
    }
    return range.xz;
}
#endif

#endif
