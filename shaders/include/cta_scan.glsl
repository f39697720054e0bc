/*
 * cta_scan.glsl: workgroup-wide exclusive scan of one value per thread.
 * Contract: the kernel includes types.glsl and ops.glsl (and subgroup.glsl when MGPU_SUBGROUP) and defines
 * MGPU_CTA_SHARED, a shared array of T with at least MGPU_CTA_SCAN_LENGTH(NT) (2 * NT + 1) elements
 * (shared/constants.h). NT is a power of two; with
 * MGPU_SUBGROUP it is a multiple of the subgroup size. All threads of the workgroup call it together.
 * Returns the exclusive prefix of the caller's x; `total` receives the reduction of all NT values. The
 * shared array is free again when it returns.
 */
#ifndef MGPU_CTA_SCAN_GLSL
#define MGPU_CTA_SCAN_GLSL

#ifndef MGPU_CTA_SHARED
#error "cta_scan.glsl: define MGPU_CTA_SHARED (shared T[2 * NT + 1])"
#endif

#ifdef MGPU_SUBGROUP
T mgpu_cta_exclusive_scan(T x, out T total) {
    uint lane = gl_SubgroupInvocationID;
    uint subgroup = gl_SubgroupID;
    uint subgroups = gl_NumSubgroups;
    T inclusive = mgpu_subgroup_inclusive_scan(x);
    if (lane == gl_SubgroupSize - 1u) MGPU_CTA_SHARED[subgroup] = inclusive;
    barrier();
    if (subgroup == 0u) {
        // Subgroup 0 scans the subgroup totals, gl_SubgroupSize at a time (there may be more of them than
        // lanes when subgroups are narrow).
        T carry = mgpu_op_identity();
        for (uint first = 0u; first < subgroups; first += gl_SubgroupSize) {
            uint i = first + lane;
            T v = i < subgroups ? MGPU_CTA_SHARED[i] : mgpu_op_identity();
            T v_inclusive = mgpu_subgroup_inclusive_scan(v);
            T v_exclusive = mgpu_subgroup_exclusive_from_inclusive(v_inclusive);
            if (i < subgroups) MGPU_CTA_SHARED[i] = mgpu_op_apply(carry, v_exclusive);
            carry = mgpu_op_apply(carry, mgpu_subgroup_shuffle(v_inclusive, gl_SubgroupSize - 1u));
        }
        if (lane == 0u) MGPU_CTA_SHARED[subgroups] = carry;
    }
    barrier();
    T result = mgpu_op_apply(MGPU_CTA_SHARED[subgroup], mgpu_subgroup_exclusive_from_inclusive(inclusive));
    total = MGPU_CTA_SHARED[subgroups];
    barrier();
    return result;
}
#else
T mgpu_cta_exclusive_scan(T x, out T total) {
    // Hillis-Steele in shared memory, double-buffered: log2(NT) steps, one barrier each.
    uint tid = gl_LocalInvocationID.x;
    uint nt = gl_WorkGroupSize.x;
    uint src = 0u;
    MGPU_CTA_SHARED[tid] = x;
    barrier();
    for (uint delta = 1u; delta < nt; delta <<= 1u) {
        T v = MGPU_CTA_SHARED[src + tid];
        if (tid >= delta) v = mgpu_op_apply(MGPU_CTA_SHARED[src + tid - delta], v);
        src = nt - src;
        MGPU_CTA_SHARED[src + tid] = v;
        barrier();
    }
    T result = tid > 0u ? MGPU_CTA_SHARED[src + tid - 1u] : mgpu_op_identity();
    total = MGPU_CTA_SHARED[src + nt - 1u];
    barrier();
    return result;
}
#endif

#endif
