/*
 * Constants the host (C) and the kernels (GLSL) must agree on, each defined once: the operator and fill-mode
 * ids that copy public enums (asserted equal in C below), the radix sort's digits and status layout, the
 * look-back states' words, and each kernel's shared memory, as the array lengths the kernels declare and the
 * byte totals the host checks against the device's limit (src/core/tuning.c, src/prims/radixsort.c). A kernel
 * that changes its shared arrays changes them here, in both places.
 * Unsigned literals (`u`) read the same in both languages; the function-like macros take C uint32_t or GLSL
 * uint (specialization-constant) expressions.
 */
#ifndef MGPU_CONSTANTS_H
#define MGPU_CONSTANTS_H

/* Reduce and scan operators: the OP specialization constant holds an mgpu_op (ops.glsl names them MGPU_OP_*). */
#define MGPU_SHADER_OP_ADD       0u
#define MGPU_SHADER_OP_MIN       1u
#define MGPU_SHADER_OP_MAX       2u
#define MGPU_SHADER_OP_MAX_INDEX 3u

/* fill.comp's pc.mode: an mgpu_fill_mode. */
#define MGPU_SHADER_FILL_ASCENDING     0u
#define MGPU_SHADER_FILL_RANDOM        1u
#define MGPU_SHADER_FILL_SORTED_RANDOM 2u
#define MGPU_SHADER_FILL_CONSTANT      3u

/* The mergesort's passes over order bits (src/prims/mergesort.c, float keys): the ORDER_BITS specialization
 * constant of the blocksort (ENCODE: it writes each key's order bits, keys.glsl's mgpu_order_bits, in place of the
 * key) and of the merge kernel compiled for u32 and u64 keys, whose last pass turns order bits back into the keys
 * of the sort's type and order (the DECODE flags, combined). */
#define MGPU_ORDER_BITS_ENCODE            1u
#define MGPU_ORDER_BITS_DECODE_FLOAT      2u /* the keys are floats (f32, f64) */
#define MGPU_ORDER_BITS_DECODE_DESCENDING 4u /* the sort is descending */

/* merge.comp's MODE specialization constant, flags: SEARCHED, each tile's bounds searched by its workgroup (no
 * partition dispatch: passes of few tiles); ONE_ARRAY, a mergesort pass, whose A and B are runs of one array, so
 * each key of a tile is one load from a selected index (tile_pipeline.glsl's MGPU_TILE_ONE_ARRAY). */
#define MGPU_MERGE_MODE_SEARCHED    1u
#define MGPU_MERGE_MODE_ONE_ARRAY   2u
/* merge.comp's MODE, in a mergesort pass followed by another: it writes the sample array of its outputs
 * (kernels/merge/merge_pc.h) that the next pass's partitions search. */
#define MGPU_MERGE_MODE_SAMPLES     4u
/* merge_partition.comp's MODE, flags: B_FIRST, B's element before an equal A's (the upper-bound sorted search);
 * SAMPLED, partitions that search a sample array first (merge_path.glsl's mgpu_path_search_sampled: a mergesort
 * pass after the first, or a sorted search after GATHER); GATHER, no partitions: the dispatch writes the sample
 * array of A's and B's keys (kernels/merge/merge_pc.h) for the SAMPLED dispatch after it (a sorted search of many
 * tiles). */
#define MGPU_PARTITION_MODE_B_FIRST 1u
#define MGPU_PARTITION_MODE_SAMPLED 2u
#define MGPU_PARTITION_MODE_GATHER  4u
/* The sample array's stride: at most 2^MGPU_MERGE_SAMPLE_MAX_SHIFT, the largest power of two that divides the
 * merge tile (src/mgpu_internal.h's mgpu__merge_sample_shift), and none below 2^MGPU_MERGE_SAMPLE_MIN_SHIFT.
 * (H200 at 2^26, bench/RESULTS.md, twenty-fifth session: every 256th key against every 64th, mergesort u32
 * 3370 -> 3327 us, merge 200.8 -> 194.6, sorted search 594.5 -> 568.0.) */
#define MGPU_MERGE_SAMPLE_MAX_SHIFT 8u
#define MGPU_MERGE_SAMPLE_MIN_SHIFT 3u

/* Radix sort: 8-bit digits (a last pass may take fewer bits), MGPU_RADIX_DIGITS counts per tile and pass. */
#define MGPU_RADIX_BITS                   8u
#define MGPU_RADIX_DIGITS                 256u
/* Digit passes of a whole key of `key_words` 32-bit words (radix_histogram counts them all at once). */
#define MGPU_RADIX_MAX_PASSES(key_words)  ((key_words) * (32u / MGPU_RADIX_BITS))
/* radix_histogram: threads per copy of the shared counters (the host makes at most NT / 32 copies). */
#define MGPU_RADIX_HISTOGRAM_COPY_THREADS 32u
/* One-sweep status array of a pass, in 32-bit words: MGPU_RADIX_STATUS_HEADER words (the tile counter, then
 * unused), then MGPU_RADIX_DIGITS look-back count words per tile. */
#define MGPU_RADIX_STATUS_HEADER          4u

/* Look-back states (lookback.glsl). The host zeroes them, which is MGPU_LOOKBACK_NOT_READY everywhere. Split
 * words (the scan): the flags below in each word's high 16 bits, MGPU_LOOKBACK_STATE_WORDS(words) words per
 * tile for an element of `words` 32-bit words. Count words (the radix pass): 0, count + 1 (an aggregate), or
 * count | MGPU_LOOKBACK_COUNT_INCLUSIVE. */
#define MGPU_LOOKBACK_NOT_READY          0u
#define MGPU_LOOKBACK_AGGREGATE          1u
#define MGPU_LOOKBACK_INCLUSIVE          2u
#define MGPU_LOOKBACK_STATE_WORDS(words) (2u * (words))
/* Words from one tile's look-back state to the next one's (the scan's split words, the compaction's and the set
 * operations' count words): 128 bytes, a cache line each, so that the states a look-back polls lie on different
 * lines and L2 slices. Packed states (8 bytes a tile) put every polling workgroup on the same one or two lines:
 * H200, scan of 2^26 u32 195.8 -> 166.7 us, u64 340.3 -> 308.8 (bench/RESULTS.md, eleventh session). */
#define MGPU_LOOKBACK_TILE_STRIDE        32u
#define MGPU_LOOKBACK_COUNT_INCLUSIVE    0x80000000u

/*
 * Shared memory. Array lengths, in elements, as the kernels declare them (nt: NT, gl_WorkGroupSize.x):
 */
/* cta_scan.glsl, cta_sum.glsl: a Hillis-Steele scan, double-buffered, and the total. */
#define MGPU_CTA_SCAN_LENGTH(nt)                (2u * (nt) + 1u)
/* cta_sum.glsl's array where only its subgroup variant runs (MGPU_SUBGROUP): a word per subgroup (of 4 lanes or
 * more) and the total. */
#define MGPU_CTA_SUBGROUP_SCAN_LENGTH(nt)       ((nt) / 4u + 1u)
/* loadstore.glsl's padded tile (MGPU_TILE_SHARED), in words, for a tile of `words` words: one padding word per
 * 32 keeps the blocked accesses free of bank conflicts. */
#define MGPU_TILE_SHARED_WORDS(words)           ((words) + (words) / 32u + 1u)
/* radix_onesweep: the staged part of a tile (nv elements of `stage_words` words each, one plane per word), which
 * holds the `counters` subgroup digit counters during ranking. A tile's rows of keys (and of values) go through it
 * in MGPU_RADIX_STAGE_PARTS parts of MGPU_RADIX_STAGE_ROWS rows of NT elements (the last part: what is left): one
 * part more than the staged words, so that the staging takes a fraction of the tile's shared memory and more
 * workgroups fit an SM; a frame-sized tile (VT 8 or less: few tiles) in one. H200 (bench/RESULTS.md, twenty-fifth
 * session): the pass of 256 x 17 u32 keys staging its whole tile (22.5 KB) held two workgroups an SM, its
 * registers three; in two parts three (u32 keys 2^26 2319 -> 1982 us at 256 x 17); with the rows retuned, u32
 * keys 2299 -> 1776 us (256 x 23), u64 keys 6137 -> 4462 (512 x 12, three parts). */
#define MGPU_RADIX_STAGE_PARTS(vt, stage_words) ((vt) <= 8u ? 1u : (stage_words) + 1u)
#define MGPU_RADIX_STAGE_ROWS(vt, stage_words) \
    (((vt) + MGPU_RADIX_STAGE_PARTS(vt, stage_words) - 1u) / MGPU_RADIX_STAGE_PARTS(vt, stage_words))
#define MGPU_RADIX_STAGE_WORDS(nv, stage_words, counters) \
    ((nv) * (stage_words) > (counters) ? (nv) * (stage_words) : (counters))
/* radix_histogram: `copies` copies of every pass's digit counters. */
#define MGPU_RADIX_HISTOGRAM_WORDS(copies, key_words) ((copies)*MGPU_RADIX_MAX_PASSES(key_words) * MGPU_RADIX_DIGITS)

/*
 * Bytes per kernel, the sum of its arrays: element of `size` bytes (`words` 32-bit words), tile of nt x vt,
 * `warps` subgroups per workgroup at the smallest subgroup size.
 */
/* reduce: a value and an int index per thread. */
#define MGPU_SHARED_BYTES_REDUCE(nt, size) ((nt) * ((size) + 4u))
/* scan_tiles: the workgroup scan's values and the padded tile. */
#define MGPU_SHARED_BYTES_SCAN_TILES(nt, vt, size) \
    (MGPU_CTA_SCAN_LENGTH(nt) * (size) + 4u * MGPU_TILE_SHARED_WORDS((nt) * (vt) * ((size) / 4u)))
/* scan_lookback: the workgroup scan's values, the tile index and the tile's prefix. */
#define MGPU_SHARED_BYTES_SCAN_LOOKBACK(nt, size)      (MGPU_CTA_SCAN_LENGTH(nt) * (size) + 4u + (size))
/* merge, sorted_search, mergesort_block with tags: a key and a uint (source, result or tag) per tile element, and
 * VT + 1 keys of slack (merge, mergesort_block: cta_merge.glsl's MGPU_MERGE_SLACK). */
#define MGPU_SHARED_BYTES_MERGE(nt, vt, size)          ((nt) * (vt) * ((size) + 4u) + ((vt) + 1u) * (size))
/* lbs: a start and a slot per tile element. */
#define MGPU_SHARED_BYTES_LBS(nt, vt)                  ((nt) * (vt)*8u)
/* mergesort_block of keys alone: a key per tile element, VT + 1 keys of slack and a one-word tags array (with
 * values or indices: MGPU_SHARED_BYTES_MERGE). */
#define MGPU_SHARED_BYTES_MERGESORT_KEYS(nt, vt, size) ((nt) * (vt) * (size) + ((vt) + 1u) * (size) + 4u)
/* radix_scatter: keys and tags per tile element, two digit arrays, the workgroup sum and the subgroup
 * variant's digit counters. */
#define MGPU_SHARED_BYTES_RADIX_SCATTER(nt, vt, key_words, warps)                                          \
    ((nt) * (vt) * ((key_words) + 1u) * 4u + 2u * MGPU_RADIX_DIGITS * 4u + MGPU_CTA_SCAN_LENGTH(nt) * 4u + \
     (warps)*MGPU_RADIX_DIGITS * 4u)
/* radix_onesweep: the staging of a part (keys or values, the wider: stage_words), three digit arrays, the tile
 * index and the workgroup sum (subgroups only). */
#define MGPU_RADIX_PART_WORDS(nt, vt, stage_words, warps) \
    MGPU_RADIX_STAGE_WORDS((nt)*MGPU_RADIX_STAGE_ROWS(vt, stage_words), stage_words, (warps)*MGPU_RADIX_DIGITS)
#define MGPU_SHARED_BYTES_RADIX_ONESWEEP(nt, vt, stage_words, warps)               \
    ((MGPU_RADIX_PART_WORDS(nt, vt, stage_words, warps) + 3u * MGPU_RADIX_DIGITS + \
      MGPU_CTA_SUBGROUP_SCAN_LENGTH(nt)) *                                         \
         4u +                                                                      \
     4u)
/* radix_small: the subgroup digit counters, two digit arrays and the workgroup sum. */
#define MGPU_SHARED_BYTES_RADIX_SMALL(nt, warps) \
    ((warps)*MGPU_RADIX_DIGITS * 4u + 2u * MGPU_RADIX_DIGITS * 4u + MGPU_CTA_SCAN_LENGTH(nt) * 4u)
/* radix_histogram. */
#define MGPU_SHARED_BYTES_RADIX_HISTOGRAM(copies, key_words) (MGPU_RADIX_HISTOGRAM_WORDS(copies, key_words) * 4u)

#ifndef VULKAN /* C: the copies of public enums agree with them */
#include <assert.h>

#include "mgpuvk.h"

static_assert(MGPU_SHADER_OP_ADD == MGPU_OP_ADD && MGPU_SHADER_OP_MIN == MGPU_OP_MIN &&
                  MGPU_SHADER_OP_MAX == MGPU_OP_MAX && MGPU_SHADER_OP_MAX_INDEX == MGPU_OP_MAX_INDEX,
              "the kernels' operator ids are mgpu_op's");
static_assert(MGPU_SHADER_FILL_ASCENDING == MGPU_FILL_ASCENDING && MGPU_SHADER_FILL_RANDOM == MGPU_FILL_RANDOM &&
                  MGPU_SHADER_FILL_SORTED_RANDOM == MGPU_FILL_SORTED_RANDOM &&
                  MGPU_SHADER_FILL_CONSTANT == MGPU_FILL_CONSTANT,
              "fill.comp's modes are mgpu_fill_mode's");
static_assert((1u << MGPU_RADIX_BITS) == MGPU_RADIX_DIGITS, "a digit of MGPU_RADIX_BITS bits");
static_assert(MGPU_LOOKBACK_NOT_READY == 0u, "the host zeroes look-back states");
#endif

#endif
