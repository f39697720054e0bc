/*
 * path_search.glsl: the partition kernels' search along one cross diagonal of a merge (Merge Path, the seeds'
 * chapter 6), over sequences in global memory. The answer is the number of A elements among the first `diag`
 * outputs: the first position p in [lo, hi) where MGPU_PATH_A_FIRST(diag, p) is false (hi if none), for a
 * predicate that is true, then false along the diagonal.
 * Two forms, the same answer:
 *   - one thread per diagonal: a binary search, log2(hi - lo) dependent global reads;
 *   - the subgroup variant (MGPU_SUBGROUP): one subgroup per diagonal, each lane probing one of
 *     gl_SubgroupSize evenly spaced positions per round, so log_S(hi - lo) rounds: 5 instead of 25 for a range
 *     of 2^25 with subgroups of 32. The search's latency, not bandwidth, is the partition dispatch's cost.
 * Contract: include after types.glsl; define MGPU_PATH_A_FIRST(diag, p) (A's element p goes before B's element
 * diag - 1 - p) before including. The subgroup form is called by every lane of the subgroup with the same
 * arguments, and returns the answer in every lane. Input that breaks the precondition (unsorted sequences)
 * still ends, with some position in [lo, hi].
 */
#ifndef MGPU_PATH_SEARCH_GLSL
#define MGPU_PATH_SEARCH_GLSL

#ifndef MGPU_PATH_A_FIRST
#error "path_search.glsl: define MGPU_PATH_A_FIRST(diag, p)"
#endif

#ifdef MGPU_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require

uint mgpu_path_search(uint lo, uint hi, uint diag) {
    while (lo < hi) { /* uniform: lo and hi come from a ballot */
        uint step = (hi - lo + gl_SubgroupSize - 1u) / gl_SubgroupSize;
        uint probe = lo + gl_SubgroupInvocationID * step;
        bool before = probe < hi && MGPU_PATH_A_FIRST(diag, probe);
        uint count = subgroupBallotBitCount(subgroupBallot(before)); /* probes before the answer */
        if (count == 0u) {
            hi = lo;
        } else {
            uint next_lo = lo + (count - 1u) * step + 1u;
            hi = min(lo + count * step, hi);
            lo = next_lo;
        }
    }
    return lo;
}
#else
uint mgpu_path_search(uint lo, uint hi, uint diag) {
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (MGPU_PATH_A_FIRST(diag, mid)) lo = mid + 1u;
        else hi = mid;
    }
    return lo;
}
#endif

/* The partition kernels' loop: partition i = 0..last, one per thread, or one per subgroup in the subgroup
 * variant (every workgroup's subgroups in turn, then the next round of the whole grid). */
#ifdef MGPU_SUBGROUP
#define MGPU_PATH_FIRST_PARTITION (gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID)
#define MGPU_PATH_PARTITION_STRIDE (gl_NumWorkGroups.x * gl_NumSubgroups)
#define MGPU_PATH_WRITER subgroupElect()
#else
#define MGPU_PATH_FIRST_PARTITION gl_GlobalInvocationID.x
#define MGPU_PATH_PARTITION_STRIDE (gl_NumWorkGroups.x * gl_WorkGroupSize.x)
#define MGPU_PATH_WRITER true
#endif

#endif
