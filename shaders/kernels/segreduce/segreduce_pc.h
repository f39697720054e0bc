/*
 * The push constants and modes of segmented reduce and reduce-by-key (shaders/kernels/segreduce/;
 * src/prims/segreduce.c). Read as C and as GLSL (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also
 * the struct, its size checked.
 */
#ifndef MGPU_SEGREDUCE_PC_H
#define MGPU_SEGREDUCE_PC_H

#include "shared/push_constants.h"

/* segreduce_partition.comp, segreduce.comp and segreduce_spine.comp: `count` values and the segments' starts
 * (int32), merged with a last start at count (the end of the last segment): count + segments + 1 merge
 * positions, cut into tiles of tile_size (NT x VT of the tile kernel). segments: segment_count, or, when
 * segment_count_address is present, the device uint32 there clamped to segment_count (an indirect segment
 * count, or reduce-by-key's run count). The values: count, or, when count_address is present, the device uint32
 * there clamped to count (include/count.glsl; every kernel here, segreduce_keys.comp included); with a device
 * count, count and segment_count are the capacities that sized the scratch and the dispatches. partitions: the
 * value positions before each tile boundary; carries and carry_flags: each tile's carry-out (the reduction of its
 * values after its last start, or of all of them) and whether it holds a start. segreduce_keys.comp (values: the
 * keys; MODE MGPU_SEGREDUCE_HEADS): aux[tile] = the run heads in each tile of keys; (MODE
 * MGPU_SEGREDUCE_SCATTER): with aux their exclusive scan, the r-th head i of a tile starts run aux[tile] + r:
 * starts[run] = i and results[run] = key i.
 * The one pass (segreduce_clear.comp, segreduce_lookback.comp; partitions unused): tiles of tile_size values;
 * each workgroup reduces a range of range_tiles consecutive tiles
 * (the last range fewer), taking ranges from counter; tile_state holds one look-back state per range
 * (lookback.glsl, MGPU_LOOKBACK_TILE_STRIDE words apart); vectorized is nonzero where the values are 16-byte
 * aligned (uvec4 loads). */
#define MGPU_SEGREDUCE_PC_FIELDS     \
    MGPU_ADDR values;                \
    MGPU_ADDR starts;                \
    MGPU_ADDR results;               \
    MGPU_ADDR partitions;            \
    MGPU_ADDR carries;               \
    MGPU_ADDR carry_flags;           \
    MGPU_ADDR segment_count_address; \
    MGPU_ADDR aux;                   \
    MGPU_UINT count;                 \
    MGPU_UINT segment_count;         \
    MGPU_UINT tile_size;             \
    MGPU_UINT groups_x;              \
    MGPU_ADDR count_address;         \
    MGPU_ADDR tile_state;            \
    MGPU_ADDR counter;               \
    MGPU_UINT vectorized;            \
    MGPU_UINT range_tiles;
#define MGPU_SEGREDUCE_HEADS   0u /* segreduce_keys MODE */
#define MGPU_SEGREDUCE_SCATTER 1u

#ifndef VULKAN
typedef struct mgpu_segreduce_pc {
    MGPU_SEGREDUCE_PC_FIELDS
} mgpu_segreduce_pc;
static_assert(sizeof(mgpu_segreduce_pc) == 112, "segmented reduce push constants");
#endif

#endif
