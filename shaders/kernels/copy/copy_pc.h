/*
 * The copy's push constants (copy.comp; src/prims/copy.c). Read as C and as GLSL (shaders/shared/push_constants.h:
 * MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_COPY_PC_H
#define MGPU_COPY_PC_H

#include "shared/push_constants.h"

/* copy.comp: copies `words` 32-bit words; vectorized != 0 when both addresses are 16-byte aligned. */
#define MGPU_COPY_PC_FIELDS \
    MGPU_ADDR src;          \
    MGPU_ADDR dst;          \
    MGPU_UINT words;        \
    MGPU_UINT vectorized;

#ifndef VULKAN
typedef struct mgpu_copy_pc {
    MGPU_COPY_PC_FIELDS
} mgpu_copy_pc;
static_assert(sizeof(mgpu_copy_pc) == 24, "copy push constants");
#endif

#endif
