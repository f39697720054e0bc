/*
 * ops.glsl: the reduction/scan operator of a kernel, chosen by the specialization constant OP (mgpu_op).
 * Contract: the kernel declares `layout(constant_id = MGPU_SPEC_OP) const uint OP` and includes types.glsl.
 * Integer addition wraps. Float min/max propagate NaN; otherwise IEEE comparison.
 */
#ifndef MGPU_OPS_GLSL
#define MGPU_OPS_GLSL

#include "shared/constants.h"
#define MGPU_OP_ADD MGPU_SHADER_OP_ADD /* mgpu_op's names for the ids of shared/constants.h */
#define MGPU_OP_MIN MGPU_SHADER_OP_MIN
#define MGPU_OP_MAX MGPU_SHADER_OP_MAX
#define MGPU_OP_MAX_INDEX MGPU_SHADER_OP_MAX_INDEX

T mgpu_op_identity() {
    if (OP == MGPU_OP_MIN) return mgpu_type_max();
    if (OP == MGPU_OP_MAX || OP == MGPU_OP_MAX_INDEX) return mgpu_type_lowest();
    return T(0);
}

/* a is the earlier operand in sequence order. */
T mgpu_op_apply(T a, T b) {
    if (OP == MGPU_OP_MIN) return (a < b || mgpu_is_nan(a)) ? a : b;
    if (OP == MGPU_OP_MAX || OP == MGPU_OP_MAX_INDEX) return (a > b || mgpu_is_nan(a)) ? a : b;
    return a + b;
}

/* max-index: (value, index) pairs; index < 0 marks the identity (no element). The larger value wins, NaN
 * above every number; among equal values the smaller index. Commutative and associative. */
void mgpu_max_index_apply(inout T a, inout int ia, T b, int ib) {
    bool take_b;
    if (ia < 0) take_b = true;
    else if (ib < 0) take_b = false;
    else {
        bool a_nan = mgpu_is_nan(a), b_nan = mgpu_is_nan(b);
        bool equal = (a == b) || (a_nan && b_nan);
        take_b = equal ? (ib < ia) : ((b > a && !a_nan) || (b_nan && !a_nan));
    }
    if (take_b) { a = b; ia = ib; }
}

#endif
