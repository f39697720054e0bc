/*
 * Scan's push constants (scan_tiles.comp, scan_lookback.comp; src/prims/scan.c). Read as C and as GLSL
 * (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_SCAN_PC_H
#define MGPU_SCAN_PC_H

#include "shared/push_constants.h"

/* scan_tiles.comp and scan_lookback.comp. partials: upsweep writes tile reductions, downsweep reads tile
 * prefixes. tile_state: the look-back's tile states (lookback.glsl); counter: the dynamic tile counter.
 * total: the reduction of the whole input. count_address: absent, or the device uint32 count, clamped to count
 * (include/count.glsl); with it, count is the capacity that sized the dispatch, and the upsweep's tiles past the
 * real count write the identity to partials. */
#define MGPU_SCAN_PC_FIELDS \
    MGPU_ADDR src;          \
    MGPU_ADDR dst;          \
    MGPU_ADDR partials;     \
    MGPU_ADDR tile_state;   \
    MGPU_ADDR counter;      \
    MGPU_ADDR total;        \
    MGPU_UINT count;        \
    MGPU_UINT vectorized;   \
    MGPU_UINT groups_x;     \
    MGPU_UINT pad0;         \
    MGPU_ADDR count_address;

#ifndef VULKAN
typedef struct mgpu_scan_pc {
    MGPU_SCAN_PC_FIELDS
} mgpu_scan_pc;
static_assert(sizeof(mgpu_scan_pc) == 72, "scan push constants");
#endif

#endif
