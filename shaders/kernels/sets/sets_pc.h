/*
 * The multiset operations' push constants and modes (sets.comp; src/prims/sets.c). Read as C and as GLSL
 * (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_SETS_PC_H
#define MGPU_SETS_PC_H

#include "shared/push_constants.h"

/* partitions[i] (i = 0 .. tiles): the Merge Path partitions of the stable merge of A and B (A's element first on
 * equal keys), as the merge's partition kernel writes them. sets.comp, MODE MGPU_SETS_COUNT: counts[tile] = the
 * number of outputs of the tile; MODE MGPU_SETS_WRITE: counts[tile] is the tile's first output (the exclusive scan
 * of the counts), and the tile writes its outputs (keys, and values gathered from a_values and b_values) to
 * out_keys and out_values, those below capacity. MODE MGPU_SETS_ONEPASS: the write in one pass, each tile's first
 * output by decoupled look-back (lookback.glsl's count words): state[0] hands out the tiles in the order
 * workgroups take them, state[(1 + tile) * MGPU_LOOKBACK_TILE_STRIDE] is the tile's word (the state zeroed by the
 * host), and the last tile writes the number of outputs to out_count (when not 0). */
#define MGPU_SETS_PC_FIELDS \
    MGPU_ADDR a_keys;       \
    MGPU_ADDR b_keys;       \
    MGPU_ADDR a_values;     \
    MGPU_ADDR b_values;     \
    MGPU_ADDR out_keys;     \
    MGPU_ADDR out_values;   \
    MGPU_ADDR partitions;   \
    MGPU_ADDR counts;       \
    MGPU_ADDR state;        \
    MGPU_ADDR out_count;    \
    MGPU_UINT a_count;      \
    MGPU_UINT b_count;      \
    MGPU_UINT capacity;     \
    MGPU_UINT groups_x;
#define MGPU_SETS_COUNT   0u /* sets.comp MODE */
#define MGPU_SETS_WRITE   1u
#define MGPU_SETS_ONEPASS 2u

#ifndef VULKAN
typedef struct mgpu_sets_pc {
    MGPU_SETS_PC_FIELDS
} mgpu_sets_pc;
static_assert(sizeof(mgpu_sets_pc) == 96, "multiset push constants");
#endif

#endif
