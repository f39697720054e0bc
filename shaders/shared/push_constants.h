/*
 * Push-constant layouts shared by the host (C) and the kernels (GLSL). Addresses are buffer device
 * addresses: uint64_t in C, uvec2 in GLSL (GL_EXT_buffer_reference_uvec2 turns them into references), so
 * 32-bit kernels never need shaderInt64. An address of 0 means "absent". Every block fits the 128 bytes
 * Vulkan guarantees.
 */
#ifndef MGPU_PUSH_CONSTANTS_H
#define MGPU_PUSH_CONSTANTS_H

#ifdef VULKAN /* GLSL, compiled by glslangValidator -V */
#define MGPU_ADDR uvec2
#define MGPU_UINT uint
#else
#include <stdint.h>
#define MGPU_ADDR uint64_t
#define MGPU_UINT uint32_t
#endif

/* copy.comp: copies `words` 32-bit words; vectorized != 0 when both addresses are 16-byte aligned. */
#define MGPU_COPY_PC_FIELDS \
    MGPU_ADDR src;          \
    MGPU_ADDR dst;          \
    MGPU_UINT words;        \
    MGPU_UINT vectorized;

/* fill.comp: a and b are the element's bits (low word first). */
#define MGPU_FILL_PC_FIELDS \
    MGPU_ADDR dst;          \
    MGPU_ADDR a;            \
    MGPU_ADDR b;            \
    MGPU_ADDR seed;         \
    MGPU_UINT count;        \
    MGPU_UINT mode;

/* reduce.comp: src (count elements; src_index absent: element i has index i) -> one value (and index)
 * per workgroup at dst (and dst_index). flags: MGPU_REDUCE_* bits. */
#define MGPU_REDUCE_PC_FIELDS \
    MGPU_ADDR src;            \
    MGPU_ADDR src_index;      \
    MGPU_ADDR dst;            \
    MGPU_ADDR dst_index;      \
    MGPU_UINT count;          \
    MGPU_UINT flags;
#define MGPU_REDUCE_VEC4    1u /* input 16-byte aligned: vector loads on full tiles */
#define MGPU_REDUCE_INDEX64 2u /* dst_index is one int64 (the final result), else int32 per group */

/* scan_tiles.comp and scan_lookback.comp. partials: upsweep writes tile reductions, downsweep reads tile
 * prefixes. tile_state: the look-back's tile states (lookback.glsl); counter: the dynamic tile counter.
 * total: the reduction of the whole input. */
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
    MGPU_UINT pad0;

/* merge_partition.comp and merge.comp: A and B sorted, merged into out; partitions holds, for each tile
 * boundary, the count of its pair's A elements before it. Values are raw 32-bit words. run 0: a plain merge;
 * run > 0: a mergesort pass over a_count elements of a_keys (== b_keys, b_count 0) sorted in runs of `run`.
 * mergesort_block.comp: sorts each tile of a_count elements of a_keys into out_keys; its values come from
 * a_values, or are the element indices when MODE is MGPU_MERGESORT_INDICES. */
#define MGPU_MERGE_PC_FIELDS \
    MGPU_ADDR a_keys;        \
    MGPU_ADDR b_keys;        \
    MGPU_ADDR a_values;      \
    MGPU_ADDR b_values;      \
    MGPU_ADDR out_keys;      \
    MGPU_ADDR out_values;    \
    MGPU_ADDR partitions;    \
    MGPU_UINT a_count;       \
    MGPU_UINT b_count;       \
    MGPU_UINT groups_x;      \
    MGPU_UINT run;
#define MGPU_MERGESORT_VALUES  0u /* mergesort_block MODE: keys only or pairs */
#define MGPU_MERGESORT_INDICES 1u /* mergesort_block MODE: the values are the keys' original indices */

/* sorted_search.comp (partitioned by merge_partition.comp: the same layout as MGPU_MERGE_PC_FIELDS up to
 * `run`, which is 0): for each A element its bound in B, for each B element the other bound in A (int32), and
 * match flags (int32 0/1); absent outputs are skipped. */
#define MGPU_SEARCH_PC_FIELDS \
    MGPU_ADDR a_keys;         \
    MGPU_ADDR b_keys;         \
    MGPU_ADDR a_indices;      \
    MGPU_ADDR b_indices;      \
    MGPU_ADDR a_matches;      \
    MGPU_ADDR b_matches;      \
    MGPU_ADDR partitions;     \
    MGPU_UINT a_count;        \
    MGPU_UINT b_count;        \
    MGPU_UINT groups_x;       \
    MGPU_UINT run;

/* radix_count.comp, radix_scatter.comp, radix_histogram.comp and radix_onesweep.comp, one 8-bit (or narrower)
 * digit pass:
 * keys_in -> keys_out (and values), digit = `bits` bits from `shift` of the order-preserving key bits.
 * Reduce-then-scan passes (radix_count, radix_scatter): counts holds the tiles' digit counts, digit-major
 * (counts[d * tiles + tile]), which the scan turns into each tile's first output per digit. One-sweep passes
 * (radix_onesweep): counts holds the pass's 256 digit counts of the whole input (from
 * radix_histogram.comp, which counts the digits of every pass from shift to end_bit at once), and status the
 * pass's tile counter and look-back count words (constants.h: MGPU_RADIX_STATUS_HEADER words, then
 * status[MGPU_RADIX_STATUS_HEADER + tile * 256 + digit]); next_status the next pass's (absent on
 * the last), which each tile zeroes for its own tile (tile 0 also the counter). count_address: absent, or the device
 * uint32 element count (clamped to count). flags: MGPU_RADIX_*. */
#define MGPU_RADIX_PC_FIELDS \
    MGPU_ADDR keys_in;       \
    MGPU_ADDR keys_out;      \
    MGPU_ADDR values_in;     \
    MGPU_ADDR values_out;    \
    MGPU_ADDR counts;        \
    MGPU_ADDR count_address; \
    MGPU_ADDR status;        \
    MGPU_ADDR next_status;   \
    MGPU_UINT count;         \
    MGPU_UINT shift;         \
    MGPU_UINT bits;          \
    MGPU_UINT tiles;         \
    MGPU_UINT groups_x;      \
    MGPU_UINT flags;         \
    MGPU_UINT end_bit;       \
    MGPU_UINT pad0;
#define MGPU_RADIX_INDICES 1u /* the values are the elements' input positions (the first pass of an index sort) */

/* lbs_partition.comp and lbs.comp: starts = exclusive scan of the objects' counts (int32, ascending).
 * MODE (MGPU_INTERVAL_*) says what each work item i of object o, rank r = i - starts[o], writes to objects:
 * o itself, or values moved from `values` into objects (gather and scatter: int32 per object). */
#define MGPU_INTERVAL_SEARCH  0 /* objects[i] = o */
#define MGPU_INTERVAL_EXPAND  1 /* objects[i] = values[o] */
#define MGPU_INTERVAL_GATHER  2 /* objects[i] = values[gather[o] + r] */
#define MGPU_INTERVAL_SCATTER 3 /* objects[scatter[o] + r] = values[i] */
#define MGPU_INTERVAL_MOVE    4 /* objects[scatter[o] + r] = values[gather[o] + r] */
#define MGPU_BULK_INSERT      5 /* items: values' positions; starts: insert indices; inserts at gather */
#define MGPU_BULK_REMOVE      6 /* items: values' positions; starts: removal indices */
#define MGPU_LBS_PC_FIELDS  \
    MGPU_ADDR starts;       \
    MGPU_ADDR objects;      \
    MGPU_ADDR partitions;   \
    MGPU_ADDR values;       \
    MGPU_ADDR gather;       \
    MGPU_ADDR scatter;      \
    MGPU_UINT item_count;   \
    MGPU_UINT object_count; \
    MGPU_UINT groups_x;     \
    MGPU_UINT pad0;

/* ---- segmented reduce and reduce-by-key (src/prims/segreduce.c, shaders/kernels/segreduce/) ---- */
/* segreduce_partition.comp, segreduce.comp and segreduce_spine.comp: `count` values and the segments' starts
 * (int32), merged with a last start at count (the end of the last segment): count + segments + 1 merge
 * positions, cut into tiles of tile_size (NT x VT of the tile kernel). segments: segment_count, or, when
 * segment_count_address is present, the device uint32 there clamped to segment_count (reduce-by-key's run
 * count). partitions: the value positions before each tile boundary; carries and carry_flags: each tile's
 * carry-out (the reduction of its values after its last start, or of all of them) and whether it holds a
 * start. segreduce_keys.comp (MODE MGPU_SEGREDUCE_HEADS): aux[i] = 1 where key i (values: the keys) starts a
 * run, else 0; (MODE MGPU_SEGREDUCE_SCATTER): for each run head i, with aux its exclusive scan,
 * starts[aux[i]] = i and results[aux[i]] = key i. */
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
    MGPU_UINT groups_x;
#define MGPU_SEGREDUCE_HEADS   0u /* segreduce_keys MODE */
#define MGPU_SEGREDUCE_SCATTER 1u
/* ---- segmented sort and locality sort (segsort_block.comp, segsort_prep.comp, segsort_merge.comp) ---------
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
 * (scratch) at the same positions, writes their tile_info[tile] and lists them again; segsort_merge, looping over
 * that second list, merges those tiles from keys_in (scratch) back into keys_out. */
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
    MGPU_UINT pass;
#define MGPU_SEGSORT_UNSEGMENTED 0u          /* pc.source: no segments (locality sort) */
#define MGPU_SEGSORT_FLAGS       1u          /* pc.source: packed head flags */
#define MGPU_SEGSORT_HEADS       2u          /* pc.source: ascending int32 heads */
#define MGPU_SEGSORT_VALUES      0u          /* segsort_block MODE: keys only or pairs */
#define MGPU_SEGSORT_INDICES     1u          /* segsort_block MODE: the values are the keys' input positions */
#define MGPU_SEGSORT_SEGMENTED   2u          /* segsort_block MODE bit: sort within segments */
#define MGPU_SEGSORT_NONE        0xffffffffu /* no head (ranges), no merge (tile_info) */
#define MGPU_SEGSORT_MAX_PASSES  32u         /* merge passes: count < 2^31 keys, tiles of at least 2 keys */
#define MGPU_SEGSORT_LIST_ACTIVE 0u          /* lists[2 pass + this]: the tiles segsort_plan listed */
#define MGPU_SEGSORT_LIST_MOVING 1u          /* lists[2 pass + this]: the tiles segsort_prep listed */
#define MGPU_SEGSORT_LIST_GROUPS 2048u       /* workgroups of the dispatches that loop over a list */

/* ---- multiset operations (src/prims/sets.c, shaders/kernels/sets/) ----
 * sets_partition.comp: partitions[i] (i = 0 .. tiles) = the Balanced Path's A count at diagonal
 * min(i * tile, a_count + b_count), bit 31 set where the diagonal is starred (the left tile also takes the next
 * B element, the match of its last A element). sets.comp, MODE MGPU_SETS_COUNT: counts[tile] = the number of
 * outputs of the tile; MODE MGPU_SETS_WRITE: counts[tile] is the tile's first output (the exclusive scan of the
 * counts), and the tile writes its outputs (keys, and values gathered from a_values and b_values) to out_keys
 * and out_values, those below capacity. MODE MGPU_SETS_ONEPASS: the write in one pass, each tile's first output
 * by decoupled look-back (lookback.glsl's count words): state[0] hands out the tiles in the order workgroups take
 * them, state[1 + tile] is the tile's word (zeroed by the host), and the last tile writes the number of outputs
 * to out_count (when not 0). */
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
#define MGPU_SETS_COUNT   0u /* sets.comp MODE */
#define MGPU_SETS_WRITE   1u
#define MGPU_SETS_ONEPASS 2u

/* ---- relational joins (src/prims/join.c, shaders/kernels/join/) ----------------------------------------------
 * join_search.comp: one tile of the lower-bound Merge Path of a_keys and b_keys (A's element first on equal keys;
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
    MGPU_UINT pad0;
#define MGPU_JOIN_FLAG_LEFT     1u          /* every A element has a row (left and outer joins) */
#define MGPU_JOIN_FLAG_RIGHT    2u          /* every B element has a row (right and outer joins) */
#define MGPU_JOIN_FLAG_CHECKED  4u          /* the sizes allow more than 2^31-1 rows: count them with their carries */
#define MGPU_JOIN_FLAG_FINISH   8u          /* join_partition: the row count only */
#define MGPU_JOIN_OVERFLOW_ROWS 0xffffffffu /* row_count of a join of more than 2^31-1 rows */

#endif
