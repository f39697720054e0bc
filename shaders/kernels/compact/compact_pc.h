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
 * the tile); the host zeroes the state; the last tile writes the number of outputs to out_count (when not 0).
 * count_address (0: none): a device uint32, the real count, clamped to count (count.glsl's mgpu_count), count then
 * being the capacity that sized the state and the dispatches: MODE COUNT writes 0 (rle: and no run start) for the
 * capacity's tiles past the real ones, MODES WRITE and ONEPASS do nothing for them (ONEPASS: a workgroup whose
 * ticket is past the real tiles stops, so exactly the real tiles publish; for a real count of 0 the one holding
 * ticket 0 writes out_count). real_tiles (MODE COUNT, with count_address): 1 when the scans that follow read the
 * real tiles' number as their own indirect count (mgpu__indirect_setup's sized grids): only the real tiles are
 * counted, none past them written. */
#define MGPU_COMPACT_PC_FIELDS \
    MGPU_ADDR src;             \
    MGPU_ADDR flags;           \
    MGPU_ADDR dst;             \
    MGPU_ADDR positions;       \
    MGPU_ADDR counts;          \
    MGPU_ADDR heads;           \
    MGPU_ADDR state;           \
    MGPU_ADDR out_count;       \
    MGPU_ADDR count_address;   \
    MGPU_UINT count;           \
    MGPU_UINT groups_x;        \
    MGPU_UINT vectorized;      \
    MGPU_UINT real_tiles;
/* compact.comp's OP: the operation */
#define MGPU_COMPACT_SELECT      0u
#define MGPU_COMPACT_PARTITION   1u
#define MGPU_COMPACT_UNIQUE      2u
#define MGPU_COMPACT_RLE         3u
/* compact.comp's MODE */
#define MGPU_COMPACT_COUNT       0u
#define MGPU_COMPACT_WRITE       1u
#define MGPU_COMPACT_ONEPASS     2u
/* The one pass by ranges of MGPU_COMPACT_RANGE_TILES tiles (mgpu_tuning.fold; compact.c): the state's words are
 * the ranges' (as ONEPASS's are the tiles'); each range publishes its outputs (rle: and its last run start) once
 * its tiles' keep bits are known, walks back once, then writes its tiles. */
#define MGPU_COMPACT_RANGES      3u
#define MGPU_COMPACT_RANGE_TILES 8u

#ifndef VULKAN
typedef struct mgpu_compact_pc {
    MGPU_COMPACT_PC_FIELDS
} mgpu_compact_pc;
static_assert(sizeof(mgpu_compact_pc) == 88, "compaction push constants");
#endif

#endif
