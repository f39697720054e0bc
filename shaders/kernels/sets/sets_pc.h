/*
 * The multiset operations' push constants and modes (sets_partition.comp, sets.comp; src/prims/sets.c). Read as C
 * and as GLSL (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_SETS_PC_H
#define MGPU_SETS_PC_H

#include "shared/push_constants.h"

/* sets_partition.comp: partitions[i] (i = 0 .. tiles) = the Balanced Path's A count at diagonal
 * min(i * tile, a_count + b_count), bit 31 set where the diagonal is starred (the left tile also takes the next
 * B element, the match of its last A element). sets.comp, MODE MGPU_SETS_COUNT: counts[tile] = the number of
 * outputs of the tile; MODE MGPU_SETS_WRITE: counts[tile] is the tile's first output (the exclusive scan of the
 * counts), and the tile writes its outputs (keys, and values gathered from a_values and b_values) to out_keys
 * and out_values, those below capacity. MODE MGPU_SETS_ONEPASS: the write in one pass, each tile's first output
 * by decoupled look-back (lookback.glsl's count words): state[0] hands out the tiles in the order workgroups take
 * them, state[1 + tile] is the tile's word (zeroed by the host), and the last tile writes the number of outputs
 * to out_count (when not 0). MODE MGPU_SETS_RANGES: the one pass by ranges of MGPU_SETS_RANGE_TILES tiles, one
 * ticket a range (state[0] hands out ranges): the range computes its tiles' outputs in turn, keeping them in
 * registers and publishing each tile's count, then walks back once from its first tile and stores its tiles; the
 * tiles' words as in MODE ONEPASS. */
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
#define MGPU_SETS_COUNT             0u /* sets.comp MODE */
#define MGPU_SETS_WRITE             1u
#define MGPU_SETS_ONEPASS           2u
#define MGPU_SETS_RANGES            3u
/* MODE MGPU_SETS_RANGES: tiles a ticket (H200, set_union u32 2^26 by ranges of 2 / 4 tiles: 711.7 -> 649.8 /
 * 622.0 us; bench/RESULTS.md, twenty-seventh session). */
#define MGPU_SETS_RANGE_TILES       4u
#define MGPU_SETS_PARTITION_SEARCH  0u /* sets_partition.comp MODE: the whole search */
#define MGPU_SETS_PARTITION_BALANCE 1u /* from the Merge Path partitions already in partitions */

#ifndef VULKAN
typedef struct mgpu_sets_pc {
    MGPU_SETS_PC_FIELDS
} mgpu_sets_pc;
static_assert(sizeof(mgpu_sets_pc) == 96, "multiset push constants");
#endif

#endif
