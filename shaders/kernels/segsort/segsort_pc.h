/*
 * The push constants and constants of segmented sort and locality sort (shaders/kernels/segsort/;
 * src/prims/segsort.c). Read as C and as GLSL (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the
 * struct, its size checked.
 */
#ifndef MGPU_SEGSORT_PC_H
#define MGPU_SEGSORT_PC_H

#include "shared/push_constants.h"

/* segsort_block.comp, segsort_prep.comp, segsort_merge.comp, segsort_plan.comp and segsort_heads.comp:
 * segsort_block sorts each tile of `count` keys of keys_in into keys_out within its segments (values from
 * values_in, or the input positions with MODE MGPU_SEGSORT_INDICES) and, where ranges_out is present, writes
 * each tile's first and last segment head (global positions, MGPU_SEGSORT_NONE for none) to ranges_out[tile].
 * Segments come from `segments`: packed head flags (source MGPU_SEGSORT_FLAGS, bit i % 32 of word i / 32) or
 * head_count ascending int32 heads (MGPU_SEGSORT_HEADS); MGPU_SEGSORT_UNSEGMENTED: one segment (locality sort).
 * A merge pass over sorted runs of `run` keys (pass `pass`) walks work lists at `lists` (MGPU_SEGSORT_LIST_*: two
 * counters a pass, which segsort_block zeroes, then three lists of tiles). A pass's plan lists the tiles that hold
 * part of their pair's active region (ranges_in: the runs' first and last heads, absent without segments) and
 * writes the next level of heads (ranges_out): segsort_plan plans the first pass, each segsort_prep the next one
 * (its heads are the prep's ranges_out, the level after them follows it in memory). segsort_prep, looping over
 * its pass's list, reads keys_in (the sort's output), copies the listed tiles that must merge to keys_out
 * (scratch) at the same positions, writes their tile_info[tile] (a uvec4: the A and B parts the tile merges, global
 * positions first, end, first, end) and lists them again; segsort_merge, looping over that second list, merges
 * those tiles from keys_in (scratch) back into keys_out.
 * count_address and head_count_address: absent (0), or the device address of a uint32 that replaces count
 * (head_count), clamped to it (mgpu_count: the indirect counts); count and head_count are then the capacities
 * that laid out the scratch (the lists, the runs' heads) and sized the dispatches. */
#define MGPU_SEGSORT_PC_FIELDS \
    MGPU_ADDR keys_in;         \
    MGPU_ADDR keys_out;        \
    MGPU_ADDR values_in;       \
    MGPU_ADDR values_out;      \
    MGPU_ADDR segments;        \
    MGPU_ADDR ranges_in;       \
    MGPU_ADDR ranges_out;      \
    MGPU_ADDR tile_info;       \
    MGPU_ADDR lists;           \
    MGPU_UINT count;           \
    MGPU_UINT head_count;      \
    MGPU_UINT run;             \
    MGPU_UINT groups_x;        \
    MGPU_UINT source;          \
    MGPU_UINT pass;            \
    MGPU_ADDR count_address;   \
    MGPU_ADDR head_count_address;
#define MGPU_SEGSORT_UNSEGMENTED 0u          /* pc.source: no segments (locality sort) */
#define MGPU_SEGSORT_FLAGS       1u          /* pc.source: packed head flags */
#define MGPU_SEGSORT_HEADS       2u          /* pc.source: ascending int32 heads */
#define MGPU_SEGSORT_VALUES      0u          /* segsort_block MODE: keys only or pairs */
#define MGPU_SEGSORT_INDICES     1u          /* segsort_block MODE: the values are the keys' input positions */
#define MGPU_SEGSORT_SEGMENTED   2u          /* segsort_block MODE bit: sort within segments */
#define MGPU_SEGSORT_NONE        0xffffffffu /* no head (ranges) */
#define MGPU_SEGSORT_MAX_PASSES  32u         /* merge passes: count < 2^31 keys, tiles of at least 2 keys */
#define MGPU_SEGSORT_LIST_ACTIVE 0u          /* lists[2 pass + this]: the tiles segsort_plan listed */
#define MGPU_SEGSORT_LIST_MOVING 1u          /* lists[2 pass + this]: the tiles segsort_prep listed */
#define MGPU_SEGSORT_LIST_GROUPS 2048u       /* workgroups of the dispatches that loop over a list */

#ifndef VULKAN
typedef struct mgpu_segsort_pc {
    MGPU_SEGSORT_PC_FIELDS
} mgpu_segsort_pc;
static_assert(sizeof(mgpu_segsort_pc) == 112, "segmented sort push constants");
#endif

#endif
