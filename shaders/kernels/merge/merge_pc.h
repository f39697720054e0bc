/*
 * The merge's push constants (merge_partition.comp, merge.comp; src/prims/merge.c), which mergesort and the
 * partitions of the sorted search and the joins take too. Read as C and as GLSL (shaders/shared/push_constants.h:
 * MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_MERGE_PC_H
#define MGPU_MERGE_PC_H

#include "shared/push_constants.h"

/* merge_partition.comp and merge.comp: A and B sorted, merged into out; partitions holds, for each tile
 * boundary, the count of its pair's A elements before it. Values are raw 32-bit words. run 0: a plain merge;
 * run > 0: a mergesort pass over a_count elements of a_keys (== b_keys, b_count 0) sorted in runs of `run`.
 * a_count_address, b_count_address: absent (0), or each the device address of a uint32 count clamped to a_count
 * or b_count (count.glsl: the plain merge's indirect counts, or a_count_address a mergesort's; the host counts are
 * then the capacities).
 * samples, sample_shift (0 where unused): a sample array of ceil(a_count / S) + ceil(b_count / S) keys (a mergesort
 * pass: 2 * ceil(a_count / S)), S = 2^sample_shift: element i of [0, ceil(a_count / S)) holds A's key i * S,
 * element ceil(a_count / S) + i B's key i * S + S - 1 (where those exist; in a mergesort pass both are the pass's
 * output array). A merge kernel with MGPU_MERGE_MODE_SAMPLES writes them from its outputs for the next pass, a
 * partition dispatch with MGPU_PARTITION_MODE_GATHER from a sorted search's inputs; the partitions with
 * MGPU_PARTITION_MODE_SAMPLED search them first (shared/constants.h).
 * mergesort_block.comp takes this layout too (kernels/mergesort/mergesort_pc.h). */
#define MGPU_MERGE_PC_FIELDS   \
    MGPU_ADDR a_keys;          \
    MGPU_ADDR b_keys;          \
    MGPU_ADDR a_values;        \
    MGPU_ADDR b_values;        \
    MGPU_ADDR out_keys;        \
    MGPU_ADDR out_values;      \
    MGPU_ADDR partitions;      \
    MGPU_UINT a_count;         \
    MGPU_UINT b_count;         \
    MGPU_UINT groups_x;        \
    MGPU_UINT run;             \
    MGPU_ADDR a_count_address; \
    MGPU_ADDR b_count_address; \
    MGPU_ADDR samples;         \
    MGPU_UINT sample_shift;

#ifndef VULKAN
typedef struct mgpu_merge_pc {
    MGPU_MERGE_PC_FIELDS
} mgpu_merge_pc;
static_assert(sizeof(mgpu_merge_pc) == 104, "merge push constants");
#endif

#endif
