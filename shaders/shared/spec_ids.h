/* Specialization-constant ids shared by the host (C) and the kernels (GLSL). */
#ifndef MGPU_SPEC_IDS_H
#define MGPU_SPEC_IDS_H

#define MGPU_SPEC_NT            0 /* threads per workgroup (local_size_x_id) */
#define MGPU_SPEC_VT            1 /* values per thread: the grain size */
#define MGPU_SPEC_OP            2 /* mgpu_op */
#define MGPU_SPEC_EXCLUSIVE     3 /* scan: exclusive (1) or inclusive (0) */
#define MGPU_SPEC_MODE          4 /* kernel-specific mode, e.g. MGPU_SCAN_MODE_* */
#define MGPU_SPEC_LOOKBACK_WAIT 5 /* look-back kernels: reads of a silent predecessor before recomputing it */
/* radix ranking: the largest subgroup size the device may use (<= 32: one ballot word) */
#define MGPU_SPEC_MAX_SUBGROUP  6
#define MGPU_SPEC_DESCENDING    7  /* merge and sorts: descending order */
#define MGPU_SPEC_VALUE_WORDS   8  /* merge and sorts: 32-bit words per value (0: keys only) */
#define MGPU_SPEC_WARPS         9  /* radix scatter (subgroup variant): the subgroups per workgroup the host expects */
#define MGPU_SPEC_ORDER_BITS    10 /* mergesort: passes over order bits (MGPU_ORDER_BITS_*, shared/constants.h) */
#define MGPU_SPEC_COUNT         11

/* scan_tiles.comp modes */
#define MGPU_SCAN_MODE_DOWNSWEEP 0 /* scan each tile, adding the tile prefix read from partials when given */
#define MGPU_SCAN_MODE_UPSWEEP   1 /* write each tile's reduction to partials */

#endif
