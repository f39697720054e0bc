/*
 * cta_sum.glsl: workgroup-wide exclusive sum of one uint per thread (counts and ranks, whatever the kernel's
 * element type T): subgroup arithmetic in the subgroup variant (MGPU_SUBGROUP), else a Hillis-Steele scan in
 * shared memory. Contract: the kernel defines MGPU_SUM_SHARED, a shared uint array of at least
 * MGPU_CTA_SCAN_LENGTH(NT) (2 * NT + 1, shared/constants.h) elements, or with MGPU_SUBGROUP at least
 * MGPU_CTA_SUBGROUP_SCAN_LENGTH(NT); NT is a power of two (with MGPU_SUBGROUP, a multiple of the subgroup size);
 * all threads call it together. The shared array is free again when it
 * returns.
 */
#ifndef MGPU_CTA_SUM_GLSL
#define MGPU_CTA_SUM_GLSL

#ifndef MGPU_SUM_SHARED
#error "cta_sum.glsl: define MGPU_SUM_SHARED (shared uint[2 * NT + 1])"
#endif

#ifdef MGPU_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require

uint mgpu_cta_exclusive_sum(uint x, out uint total) {
    uint inclusive = subgroupInclusiveAdd(x);
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) MGPU_SUM_SHARED[gl_SubgroupID] = inclusive;
    barrier();
    if (gl_LocalInvocationID.x == 0u) {
        uint sum = 0u; /* a few subgroups: a serial scan of their totals */
        for (uint s = 0u; s < gl_NumSubgroups; ++s) {
            uint v = MGPU_SUM_SHARED[s];
            MGPU_SUM_SHARED[s] = sum;
            sum += v;
        }
        MGPU_SUM_SHARED[gl_NumSubgroups] = sum;
    }
    barrier();
    uint result = MGPU_SUM_SHARED[gl_SubgroupID] + inclusive - x;
    total = MGPU_SUM_SHARED[gl_NumSubgroups];
    barrier();
    return result;
}
#else
uint mgpu_cta_exclusive_sum(uint x, out uint total) {
    uint tid = gl_LocalInvocationID.x, nt = gl_WorkGroupSize.x, src = 0u;
    MGPU_SUM_SHARED[tid] = x;
    barrier();
    for (uint delta = 1u; delta < nt; delta <<= 1u) {
        uint v = MGPU_SUM_SHARED[src + tid];
        if (tid >= delta) v += MGPU_SUM_SHARED[src + tid - delta];
        src = nt - src;
        MGPU_SUM_SHARED[src + tid] = v;
        barrier();
    }
    uint result = MGPU_SUM_SHARED[src + tid] - x;
    total = MGPU_SUM_SHARED[src + nt - 1u];
    barrier();
    return result;
}
#endif

#endif
