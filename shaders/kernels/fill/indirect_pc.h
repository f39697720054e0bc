/*
 * The indirect setup's push constants (indirect_setup.comp; src/core/record.c). Read as C and as GLSL
 * (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_INDIRECT_PC_H
#define MGPU_INDIRECT_PC_H

#include "shared/push_constants.h"

/* Rules per setup dispatch: the distinct grid sizes one call's dispatches take. */
#define MGPU_INDIRECT_MAX_RULES   4u
/* Bytes of one rule's arguments: a VkDispatchIndirectCommand (x, y, 1) and the unfolded workgroup count. */
#define MGPU_INDIRECT_ARGS_STRIDE 16u

/* indirect_setup.comp: r = min(*count_address, capacity); when overflow is present, 1 there if the device count
 * exceeds capacity or, when count2_address is present (a call's second indirect count, for the flag only), if
 * *count2_address exceeds capacity2, else 0. For each rule i < rule_count (per_group, extra, min_groups, max_groups):
 * groups = min(max(ceil(r / per_group) + extra, min_groups), max_groups), folded into (x, y) by fold_limit as
 * mgpu__fold_grid folds (x = groups, y = 1 up to fold_limit), written to args + 16 i as x, y, 1, groups. */
#ifdef VULKAN
#define MGPU_INDIRECT_RULES uvec4 rules[MGPU_INDIRECT_MAX_RULES];
#else
#define MGPU_INDIRECT_RULES uint32_t rules[MGPU_INDIRECT_MAX_RULES][4];
#endif
#define MGPU_INDIRECT_PC_FIELDS \
    MGPU_INDIRECT_RULES         \
    MGPU_ADDR count_address;    \
    MGPU_ADDR overflow;         \
    MGPU_ADDR args;             \
    MGPU_ADDR count2_address;   \
    MGPU_UINT capacity;         \
    MGPU_UINT rule_count;       \
    MGPU_UINT fold_limit;       \
    MGPU_UINT capacity2;

#ifndef VULKAN
typedef struct mgpu_indirect_pc {
    MGPU_INDIRECT_PC_FIELDS
} mgpu_indirect_pc;
static_assert(sizeof(mgpu_indirect_pc) == 112, "indirect setup push constants");
#endif

#endif
