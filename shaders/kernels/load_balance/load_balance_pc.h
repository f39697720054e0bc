/*
 * The load-balancing search's push constants and modes (lbs_partition.comp, lbs.comp; src/prims/load_balance.c),
 * which the interval moves and the bulk operations (src/prims/bulk.c) run too. Read as C and as GLSL
 * (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_LOAD_BALANCE_PC_H
#define MGPU_LOAD_BALANCE_PC_H

#include "shared/push_constants.h"

/* lbs_partition.comp and lbs.comp: starts = exclusive scan of the objects' counts (int32, ascending).
 * MODE (MGPU_INTERVAL_*) says what each work item i of object o, rank r = i - starts[o], writes to objects:
 * o itself, or values moved from `values` into objects (gather and scatter: int32 per object). */
#define MGPU_INTERVAL_SEARCH  0 /* objects[i] = o */
#define MGPU_INTERVAL_EXPAND  1 /* objects[i] = values[o] */
#define MGPU_INTERVAL_GATHER  2 /* objects[i] = values[gather[o] + r] */
#define MGPU_INTERVAL_SCATTER 3 /* objects[scatter[o] + r] = values[i] */
#define MGPU_INTERVAL_MOVE    4 /* objects[scatter[o] + r] = values[gather[o] + r] */
#define MGPU_BULK_INSERT      5 /* items: values' positions; starts: insert indices; inserts at gather */
#define MGPU_BULK_REMOVE      6 /* items: values' positions; starts: removal indices */
#define MGPU_LBS_PC_FIELDS  \
    MGPU_ADDR starts;       \
    MGPU_ADDR objects;      \
    MGPU_ADDR partitions;   \
    MGPU_ADDR values;       \
    MGPU_ADDR gather;       \
    MGPU_ADDR scatter;      \
    MGPU_UINT item_count;   \
    MGPU_UINT object_count; \
    MGPU_UINT groups_x;     \
    MGPU_UINT pad0;

#ifndef VULKAN
typedef struct mgpu_lbs_pc {
    MGPU_LBS_PC_FIELDS
} mgpu_lbs_pc;
static_assert(sizeof(mgpu_lbs_pc) == 64, "load-balancing search push constants");
#endif

#endif
