/*
 * cta_reduce.glsl: workgroup-wide reduction of one (value, index) pair per thread. The index takes part only
 * for OP == MGPU_OP_MAX_INDEX (mgpu_max_index_apply); other ops reduce the values and leave it alone.
 * Contract: the kernel includes types.glsl and ops.glsl (and subgroup.glsl when MGPU_SUBGROUP) and defines
 * MGPU_CTA_SHARED (shared T[NT] at least) and MGPU_CTA_SHARED_INDEX (shared int[NT] at least); NT is a
 * power of two (and a multiple of the subgroup size with MGPU_SUBGROUP). All threads call it together; the
 * result is valid in thread 0. The shared arrays are free again when it returns.
 */
#ifndef MGPU_CTA_REDUCE_GLSL
#define MGPU_CTA_REDUCE_GLSL

#if !defined(MGPU_CTA_SHARED) || !defined(MGPU_CTA_SHARED_INDEX)
#error "cta_reduce.glsl: define MGPU_CTA_SHARED (shared T[NT]) and MGPU_CTA_SHARED_INDEX (shared int[NT])"
#endif

void mgpu_pair_apply(inout T a, inout int ia, T b, int ib) {
    if (OP == MGPU_OP_MAX_INDEX) mgpu_max_index_apply(a, ia, b, ib);
    else a = mgpu_op_apply(a, b);
}

#ifdef MGPU_SUBGROUP
void mgpu_subgroup_reduce_pair(inout T v, inout int index) {
    for (uint mask = gl_SubgroupSize >> 1u; mask > 0u; mask >>= 1u) {
        T other = mgpu_subgroup_shuffle_xor(v, mask);
        int other_index = subgroupShuffleXor(index, mask);
        mgpu_pair_apply(v, index, other, other_index);
    }
}

void mgpu_cta_reduce(inout T v, inout int index) {
    uint lane = gl_SubgroupInvocationID;
    mgpu_subgroup_reduce_pair(v, index);
    if (lane == 0u) {
        MGPU_CTA_SHARED[gl_SubgroupID] = v;
        MGPU_CTA_SHARED_INDEX[gl_SubgroupID] = index;
    }
    barrier();
    if (gl_SubgroupID == 0u) {
        v = mgpu_op_identity();
        index = -1;
        for (uint i = lane; i < gl_NumSubgroups; i += gl_SubgroupSize)
            mgpu_pair_apply(v, index, MGPU_CTA_SHARED[i], MGPU_CTA_SHARED_INDEX[i]);
        mgpu_subgroup_reduce_pair(v, index);
    }
    barrier();
}
#else
void mgpu_cta_reduce(inout T v, inout int index) {
    uint tid = gl_LocalInvocationID.x;
    MGPU_CTA_SHARED[tid] = v;
    MGPU_CTA_SHARED_INDEX[tid] = index;
    barrier();
    for (uint half_ = gl_WorkGroupSize.x >> 1u; half_ > 0u; half_ >>= 1u) {
        if (tid < half_) {
            T a = MGPU_CTA_SHARED[tid];
            int ia = MGPU_CTA_SHARED_INDEX[tid];
            mgpu_pair_apply(a, ia, MGPU_CTA_SHARED[tid + half_], MGPU_CTA_SHARED_INDEX[tid + half_]);
            MGPU_CTA_SHARED[tid] = a;
            MGPU_CTA_SHARED_INDEX[tid] = ia;
        }
        barrier();
    }
    v = MGPU_CTA_SHARED[0];
    index = MGPU_CTA_SHARED_INDEX[0];
    barrier();
}
#endif

#endif
