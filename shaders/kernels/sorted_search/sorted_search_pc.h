/*
 * Sorted search's push constants (sorted_search.comp; src/prims/sorted_search.c), partitioned with the merge's
 * (kernels/merge/merge_pc.h). Read as C and as GLSL (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C
 * also the struct, its size checked.
 */
#ifndef MGPU_SORTED_SEARCH_PC_H
#define MGPU_SORTED_SEARCH_PC_H

#include "shared/push_constants.h"
#include "kernels/merge/merge_pc.h"

/* sorted_search.comp (partitioned by merge_partition.comp: the same layout as MGPU_MERGE_PC_FIELDS, `run` 0,
 * a_count_address and b_count_address the indirect counts or 0): for each A element its bound in B, for each B
 * element the other bound in A (int32), and match flags (int32 0/1); absent outputs are skipped. samples and
 * sample_shift complete the merge's layout (a mergesort's; 0 here). */
#define MGPU_SEARCH_PC_FIELDS  \
    MGPU_ADDR a_keys;          \
    MGPU_ADDR b_keys;          \
    MGPU_ADDR a_indices;       \
    MGPU_ADDR b_indices;       \
    MGPU_ADDR a_matches;       \
    MGPU_ADDR b_matches;       \
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
typedef struct mgpu_search_pc {
    MGPU_SEARCH_PC_FIELDS
} mgpu_search_pc;
static_assert(sizeof(mgpu_search_pc) == sizeof(mgpu_merge_pc), "sorted search push constants: the merge layout");
#endif

#endif
