/*
 * Mergesort's blocksort modes (mergesort_block.comp; src/prims/mergesort.c), read as C and as GLSL. Its push
 * constants are the merge's (kernels/merge/merge_pc.h).
 */
#ifndef MGPU_MERGESORT_PC_H
#define MGPU_MERGESORT_PC_H

#include "kernels/merge/merge_pc.h"

/* mergesort_block.comp, with the merge's layout (MGPU_MERGE_PC_FIELDS): sorts each tile of a_count elements of
 * a_keys into out_keys; its values come from a_values, or are the element indices when MODE is
 * MGPU_MERGESORT_INDICES. */
#define MGPU_MERGESORT_VALUES  0u /* mergesort_block MODE: keys only or pairs */
#define MGPU_MERGESORT_INDICES 1u /* mergesort_block MODE: the values are the keys' original indices */

#endif
