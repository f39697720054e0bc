/*
 * The compaction family's push constants, operations and modes (compact.comp; src/prims/compact.c). Read as C and as
 * GLSL (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_COMPACT_PC_H
#define MGPU_COMPACT_PC_H

#include "shared/push_constants.h"

/* compact.comp over `count` elements of src (and, select and partition, their int32 flags), in tiles of NT x VT.
 * positions: select and partition, the kept indices (int32, absent: 0); rle, the run lengths. MODE
 * MGPU_COMPACT_COUNT: counts[tile] = the tile's outputs (kept elements, runs started in it) and, rle, heads[tile] =
 * 1 + the position of the tile's last run start (0: none). MODE MGPU_COMPACT_WRITE: counts[tile] is the tile's
 * first output (the exclusive scan of the counts) and, rle, heads[tile] 1 + the last run start before the tile
 * (their exclusive max-scan); the tile writes its outputs. MODE MGPU_COMPACT_ONEPASS: the write in one pass, the
 * tiles handed out by state[0] in the order workgroups take them, each tile's first output by decoupled look-back
 * over the count words state[1 + tile] (lookback.glsl) and, rle, the last run start before it from the words
 * state[1 + tiles + tile] (0: not yet; 1: no run starts in the tile; p + 2: p is the last run start at or before
 * the tile); the host zeroes the state; the last tile writes the number of outputs to out_count (when not 0). */
#define MGPU_COMPACT_PC_FIELDS \
    MGPU_ADDR src;             \
    MGPU_ADDR flags;           \
    MGPU_ADDR dst;             \
    MGPU_ADDR positions;       \
    MGPU_ADDR counts;          \
    MGPU_ADDR heads;           \
    MGPU_ADDR state;           \
    MGPU_ADDR out_count;       \
    MGPU_UINT count;           \
    MGPU_UINT groups_x;        \
    MGPU_UINT vectorized;      \
    MGPU_UINT pad0;
/* compact.comp's OP: the operation */
#define MGPU_COMPACT_SELECT    0u
#define MGPU_COMPACT_PARTITION 1u
#define MGPU_COMPACT_UNIQUE    2u
#define MGPU_COMPACT_RLE       3u
/* compact.comp's MODE */
#define MGPU_COMPACT_COUNT     0u
#define MGPU_COMPACT_WRITE     1u
#define MGPU_COMPACT_ONEPASS   2u

#ifndef VULKAN
typedef struct mgpu_compact_pc {
    MGPU_COMPACT_PC_FIELDS
} mgpu_compact_pc;
static_assert(sizeof(mgpu_compact_pc) == 80, "compaction push constants");
#endif

#endif
