/*
 * Reduce's push constants and flags (reduce.comp; src/prims/reduce.c). Read as C and as GLSL
 * (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_REDUCE_PC_H
#define MGPU_REDUCE_PC_H

#include "shared/push_constants.h"

/* reduce.comp: src (count elements; src_index absent: element i has index i) -> one value (and index)
 * per workgroup at dst (and dst_index). flags: MGPU_REDUCE_* bits. count_address: absent, or the device uint32
 * count, clamped to count (include/count.glsl). */
#define MGPU_REDUCE_PC_FIELDS \
    MGPU_ADDR src;            \
    MGPU_ADDR src_index;      \
    MGPU_ADDR dst;            \
    MGPU_ADDR dst_index;      \
    MGPU_UINT count;          \
    MGPU_UINT flags;          \
    MGPU_ADDR count_address;
#define MGPU_REDUCE_VEC4    1u /* input 16-byte aligned: vector loads on full tiles */
#define MGPU_REDUCE_INDEX64 2u /* dst_index is one int64 (the final result), else int32 per group */

#ifndef VULKAN
typedef struct mgpu_reduce_pc {
    MGPU_REDUCE_PC_FIELDS
} mgpu_reduce_pc;
static_assert(sizeof(mgpu_reduce_pc) == 48, "reduce push constants");
#endif

#endif
