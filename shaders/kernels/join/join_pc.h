/*
 * The relational joins' push constants and flags (shaders/kernels/join/; src/prims/join.c). Read as C and as GLSL
 * (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_JOIN_PC_H
#define MGPU_JOIN_PC_H

#include "shared/push_constants.h"

/* join_search.comp: one tile of the lower-bound Merge Path of a_keys and b_keys (A's element first on equal keys;
 * `partitions` from merge_partition.comp) per workgroup. For each A element i: lower[i], its lower bound in B with
 * bit 31 set when B holds an equal key, and counts[i], its rows (the B keys equal to it; at least 1 with
 * MGPU_JOIN_FLAG_LEFT). With MGPU_JOIN_FLAG_RIGHT, each tile lists its B elements that have no equal key in A, in
 * B order, at unmatched[b0 ..] (b0: the tile's first B element) and writes their number to counts[a_count + tile].
 * With MGPU_JOIN_FLAG_CHECKED, words[1] (the low word) and words[2] (its carries) add up every tile's rows, so
 * that more than 2^31-1 rows are told from the scan's total (words[0], modulo 2^32).
 * join_partition.comp: the row count (from words) to row_count when present; then, unless MGPU_JOIN_FLAG_FINISH,
 * the load-balancing search partitions of min(rows, capacity) rows against the objects' starts (counts: the
 * exclusive scan of `objects` row counts) at tiles of VT (the rows kernel's NT x VT).
 * join_rows.comp: for each of those rows, its object and rank, and its A and B index to a_out and b_out (objects
 * below a_count are A's elements: a_out = o, b_out = lower bound + rank, or -1 without a match; the others are
 * search tiles' unmatched B elements: a_out = -1, b_out = unmatched[tile's b0 + rank], the tile's b0 from
 * search_partitions at search_tile elements per tile). */
#define MGPU_JOIN_PC_FIELDS      \
    MGPU_ADDR a_keys;            \
    MGPU_ADDR b_keys;            \
    MGPU_ADDR partitions;        \
    MGPU_ADDR lower;             \
    MGPU_ADDR counts;            \
    MGPU_ADDR unmatched;         \
    MGPU_ADDR words;             \
    MGPU_ADDR search_partitions; \
    MGPU_ADDR a_out;             \
    MGPU_ADDR b_out;             \
    MGPU_ADDR row_count;         \
    MGPU_UINT a_count;           \
    MGPU_UINT b_count;           \
    MGPU_UINT capacity;          \
    MGPU_UINT objects;           \
    MGPU_UINT search_tile;       \
    MGPU_UINT groups_x;          \
    MGPU_UINT flags;             \
    MGPU_UINT sample_shift;                 /* join_partition.comp: the starts' sample array's stride 2^sample_shift */
#define MGPU_JOIN_FLAG_LEFT     1u          /* every A element has a row (left and outer joins) */
#define MGPU_JOIN_FLAG_RIGHT    2u          /* every B element has a row (right and outer joins) */
#define MGPU_JOIN_FLAG_CHECKED  4u          /* the sizes allow more than 2^31-1 rows: count them with their carries */
#define MGPU_JOIN_FLAG_FINISH   8u          /* join_partition: the row count only */
#define MGPU_JOIN_OVERFLOW_ROWS 0xffffffffu /* row_count of a join of more than 2^31-1 rows */

#ifndef VULKAN
#include "mgpuvk.h"

typedef struct mgpu_join_pc {
    MGPU_JOIN_PC_FIELDS
} mgpu_join_pc;
static_assert(sizeof(mgpu_join_pc) == 120, "join push constants");
static_assert(MGPU_JOIN_OVERFLOW_ROWS == MGPU_JOIN_OVERFLOW, "the kernels' overflow count is the header's");
#endif

#endif
