/*
 * cta_segscan.glsl: workgroup-wide segmented exclusive scan of one (flag, value) pair per thread, the carries
 * of the segmented reduce. A set flag marks a thread whose value opens a segment: the scan restarts there.
 * Thread i receives the reduction, in thread order, of the values of threads j < i back to the last flagged
 * one (included), and whether there is such a thread; the identity and false when there is none before it.
 * The total is the same for all NT threads: the reduction since the last flagged thread, and whether one is.
 *   flags  0 1 0 0 1 0    values 1 2 3 4 5 6  (add)
 *   exclusive values 0 1 2 5 9 5, flags 0 0 1 1 1 1; total 11, flag 1
 * The operator is the kernel's (ops.glsl), applied with the earlier operand first, so any op that is
 * associative works, commutative or not.
 * Contract: the kernel includes types.glsl and ops.glsl (and subgroup.glsl when MGPU_SUBGROUP) and defines
 * MGPU_SEGSCAN_SHARED (shared T) and MGPU_SEGSCAN_SHARED_FLAGS (shared uint), each at least
 * MGPU_CTA_SCAN_LENGTH(NT) (2 * NT + 1) elements; NT is a power of two (with MGPU_SUBGROUP, a multiple of the
 * subgroup size). All threads call it together, in uniform control flow. Without subgroups the shared arrays
 * are free again when it returns; with them (one barrier a call) the calls alternate between two halves of
 * the arrays, which stay the scan's: a kernel that also uses them elsewhere must put a barrier between.
 */
#ifndef MGPU_CTA_SEGSCAN_GLSL
#define MGPU_CTA_SEGSCAN_GLSL

#if !defined(MGPU_SEGSCAN_SHARED) || !defined(MGPU_SEGSCAN_SHARED_FLAGS)
#error "cta_segscan.glsl: define MGPU_SEGSCAN_SHARED (shared T[2 * NT + 1]) and MGPU_SEGSCAN_SHARED_FLAGS (shared uint[2 * NT + 1])"
#endif

/* (flag, value) := (flag, value) followed by (later_flag, later_value). */
void mgpu_segscan_apply(inout bool flag, inout T value, bool later_flag, T later_value) {
    value = later_flag ? later_value : mgpu_op_apply(value, later_value);
    flag = flag || later_flag;
}

#ifdef MGPU_SUBGROUP
uint g_segscan_half = 0u; /* the half of the shared arrays this call uses (calls alternate) */

void mgpu_cta_segmented_scan(bool flag, T value, out bool exclusive_flag, out T exclusive_value, out bool total_flag,
                             out T total_value) {
    uint lane = gl_SubgroupInvocationID;
    // Inclusive within the subgroup: Hillis-Steele over shuffles, the earlier lane's pair first.
    bool f = flag;
    T v = value;
    for (uint delta = 1u; delta < gl_SubgroupSize; delta <<= 1u) {
        T earlier = mgpu_subgroup_shuffle_up(v, delta);
        bool earlier_flag = subgroupShuffleUp(uint(f), delta) != 0u;
        if (lane >= delta && !f) v = mgpu_op_apply(earlier, v);
        if (lane >= delta) f = f || earlier_flag;
    }
    // The subgroups' pairs in this call's half: a thread still reading the other half (the call before) has
    // passed that call's barrier, so no write here meets its reads, and no barrier is needed on return.
    uint half_base = g_segscan_half * gl_NumSubgroups;
    g_segscan_half ^= 1u;
    if (lane == gl_SubgroupSize - 1u) {
        MGPU_SEGSCAN_SHARED[half_base + gl_SubgroupID] = v;
        MGPU_SEGSCAN_SHARED_FLAGS[half_base + gl_SubgroupID] = uint(f);
    }
    barrier();
    // Every thread combines the subgroups' pairs itself (a few, read by all lanes at once): the pairs before its
    // subgroup, and all of them for the total.
    bool before_flag = false, run_flag = false;
    T before = mgpu_op_identity(), run = before;
    for (uint s = 0u; s < gl_NumSubgroups; ++s) {
        if (s == gl_SubgroupID) {
            before_flag = run_flag;
            before = run;
        }
        mgpu_segscan_apply(run_flag, run, MGPU_SEGSCAN_SHARED_FLAGS[half_base + s] != 0u,
                           MGPU_SEGSCAN_SHARED[half_base + s]);
    }
    // Then the lanes before it.
    bool inclusive_flag = before_flag;
    T inclusive = before;
    mgpu_segscan_apply(inclusive_flag, inclusive, f, v);
    T up = mgpu_subgroup_shuffle_up(inclusive, 1u);
    bool up_flag = subgroupShuffleUp(uint(inclusive_flag), 1u) != 0u;
    exclusive_value = lane == 0u ? before : up;
    exclusive_flag = lane == 0u ? before_flag : up_flag;
    total_value = run;
    total_flag = run_flag;
}
#else
void mgpu_cta_segmented_scan(bool flag, T value, out bool exclusive_flag, out T exclusive_value, out bool total_flag,
                             out T total_value) {
    // Hillis-Steele in shared memory, double-buffered: log2(NT) steps, one barrier each.
    uint tid = gl_LocalInvocationID.x, nt = gl_WorkGroupSize.x, src = 0u;
    MGPU_SEGSCAN_SHARED[tid] = value;
    MGPU_SEGSCAN_SHARED_FLAGS[tid] = uint(flag);
    barrier();
    for (uint delta = 1u; delta < nt; delta <<= 1u) {
        T v = MGPU_SEGSCAN_SHARED[src + tid];
        bool f = MGPU_SEGSCAN_SHARED_FLAGS[src + tid] != 0u;
        if (tid >= delta) {
            bool earlier_flag = MGPU_SEGSCAN_SHARED_FLAGS[src + tid - delta] != 0u;
            T earlier = MGPU_SEGSCAN_SHARED[src + tid - delta];
            mgpu_segscan_apply(earlier_flag, earlier, f, v);
            v = earlier;
            f = earlier_flag;
        }
        src = nt - src;
        MGPU_SEGSCAN_SHARED[src + tid] = v;
        MGPU_SEGSCAN_SHARED_FLAGS[src + tid] = uint(f);
        barrier();
    }
    exclusive_value = tid > 0u ? MGPU_SEGSCAN_SHARED[src + tid - 1u] : mgpu_op_identity();
    exclusive_flag = tid > 0u ? MGPU_SEGSCAN_SHARED_FLAGS[src + tid - 1u] != 0u : false;
    total_value = MGPU_SEGSCAN_SHARED[src + nt - 1u];
    total_flag = MGPU_SEGSCAN_SHARED_FLAGS[src + nt - 1u] != 0u;
    barrier();
}
#endif

#endif
