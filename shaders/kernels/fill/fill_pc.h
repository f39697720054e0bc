/*
 * The fill's push constants (fill.comp; src/prims/fill.c). Read as C and as GLSL (shaders/shared/push_constants.h:
 * MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_FILL_PC_H
#define MGPU_FILL_PC_H

#include "shared/push_constants.h"

/* fill.comp: a and b are the element's bits (low word first). */
#define MGPU_FILL_PC_FIELDS \
    MGPU_ADDR dst;          \
    MGPU_ADDR a;            \
    MGPU_ADDR b;            \
    MGPU_ADDR seed;         \
    MGPU_UINT count;        \
    MGPU_UINT mode;

#ifndef VULKAN
typedef struct mgpu_fill_pc {
    MGPU_FILL_PC_FIELDS
} mgpu_fill_pc;
static_assert(sizeof(mgpu_fill_pc) == 40, "fill push constants");
#endif

#endif
