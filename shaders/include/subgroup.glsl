/*
 * subgroup.glsl: subgroup scans and reductions for any T, correct for any subgroup size 4..128.
 * Contract: included only by the subgroup variant of a kernel (MGPU_SUBGROUP defined), after types.glsl and
 * ops.glsl; every lane of the subgroup must be active (the host keeps NT a multiple of the subgroup size).
 * 64-bit values move as two 32-bit words, so shaderSubgroupExtendedTypes is never needed.
 */
#ifndef MGPU_SUBGROUP_GLSL
#define MGPU_SUBGROUP_GLSL

#ifndef MGPU_SUBGROUP
#error "subgroup.glsl: only the subgroup variant (MGPU_SUBGROUP) includes it"
#endif

#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_arithmetic : require

#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
T mgpu_subgroup_shuffle_up(T x, uint delta) { return mgpu_from_words(subgroupShuffleUp(mgpu_to_words(x), delta)); }
T mgpu_subgroup_shuffle_xor(T x, uint mask) { return mgpu_from_words(subgroupShuffleXor(mgpu_to_words(x), mask)); }
T mgpu_subgroup_shuffle(T x, uint lane) { return mgpu_from_words(subgroupShuffle(mgpu_to_words(x), lane)); }
#else
T mgpu_subgroup_shuffle_up(T x, uint delta) { return subgroupShuffleUp(x, delta); }
T mgpu_subgroup_shuffle_xor(T x, uint mask) { return subgroupShuffleXor(x, mask); }
T mgpu_subgroup_shuffle(T x, uint lane) { return subgroupShuffle(x, lane); }
#endif

/* Inclusive scan with OP across the subgroup: the device's subgroup arithmetic for 32-bit values (all ops
 * of integers, float addition), Hillis-Steele over shuffles for 64-bit values and float min/max (whose NaN
 * rule the built-ins do not promise). */
T mgpu_subgroup_inclusive_scan(T x) {
#if defined(MGPU_TYPE_U32) || defined(MGPU_TYPE_I32)
    if (OP == MGPU_OP_ADD) return subgroupInclusiveAdd(x);
    if (OP == MGPU_OP_MIN) return subgroupInclusiveMin(x);
    return subgroupInclusiveMax(x);
#else
#if defined(MGPU_TYPE_F32)
    if (OP == MGPU_OP_ADD) return subgroupInclusiveAdd(x);
#endif
    uint lane = gl_SubgroupInvocationID;
    for (uint delta = 1u; delta < gl_SubgroupSize; delta <<= 1u) {
        T y = mgpu_subgroup_shuffle_up(x, delta);
        if (lane >= delta) x = mgpu_op_apply(y, x);
    }
    return x;
#endif
}

/* Exclusive scan from the inclusive one: lane i gets lane i-1's inclusive value, lane 0 the identity. */
T mgpu_subgroup_exclusive_from_inclusive(T inclusive) {
    T y = mgpu_subgroup_shuffle_up(inclusive, 1u);
    return gl_SubgroupInvocationID == 0u ? mgpu_op_identity() : y;
}

/* Reduction with OP; every lane receives the result (butterfly over shuffle-xor). */
T mgpu_subgroup_reduce(T x) {
    for (uint mask = gl_SubgroupSize >> 1u; mask > 0u; mask >>= 1u)
        x = mgpu_op_apply(x, mgpu_subgroup_shuffle_xor(x, mask));
    return x;
}

#endif
