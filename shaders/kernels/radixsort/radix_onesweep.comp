#version 460
#extension GL_GOOGLE_include_directive : require
/*
 * Radix sort, one-sweep digit pass (Onesweep, Adinets and Merrill 2022; the shape of CUB's and GPUSorting's):
 * each workgroup takes the next tile in start order, ranks its keys by the digit in registers and shared
 * memory, finds the tile's first output per digit by decoupled look-back over the tiles' digit counts, and
 * writes each digit's run from shared memory (coalesced). Built with subgroups only; by default the host runs it
 * only where workgroups that have started make progress independently (there a tile waits for its predecessors'
 * counts without bound), else the reduce-then-scan passes (radix_count, scan, radix_scatter). Forced elsewhere
 * (lavapipe), a tile waits LOOKBACK_WAIT round trips for a silent predecessor's count, then recomputes it from
 * the pass's input keys (mgpu_lookback_count_recompute): llvmpipe ends every loop of an invocation once its loops
 * together have run 65535 iterations, so with more than one thread a walk waiting on a descheduled predecessor
 * was cut and took its zero word for a count (keys misplaced).
 *
 * Per tile, in order:
 * 1. The keys, warp-striped: subgroup s holds the tile positions [s * SG * VT, (s + 1) * SG * VT), key j of
 *    lane l at j * SG + l; ranks follow (s, j, l), so the sort is stable.
 * 2. Early counts: one shared atomicAdd per key on its subgroup's digit counter. Per digit, the subgroups'
 *    counts become their prefixes and the tile's count is published at once (relaxed, before the ranking, so
 *    that successors rarely find it missing). Tile 0 first sums the pass's histogram (and, with pc.partials,
 *    the histogram workgroups' own counts) into the digits' global bases and publishes base + count as its
 *    inclusive prefix, so that every look-back carries the base.
 * 3. The digits' starts in the tile (a workgroup sum), added into the counters.
 * 4. Ranking: per key, the lanes with the same digit (8 ballots), the subgroup counter read and advanced by
 *    the lowest of them between subgroup barriers; the key is staged in shared memory at its rank. Ranks are
 *    16-bit (NT * VT <= 65536). (On the H100, subgroupPartitionNV with a leader atomicAdd whose old value is
 *    shuffled, CUB's ranking, measured slower overall: bench/RESULTS.md.)
 * 5. Look-back, one digit per thread (lookback.glsl's count walk): predecessors' words read 4 per round trip
 *    with relaxed atomics (a word carries its flag and its value together, so no fence is needed) until an
 *    inclusive prefix, which includes the digit's global base (2.); the tile's inclusive prefix published.
 *    With 64-bit keys the look-back comes before the ranking (4.), so that successors find the inclusive prefix
 *    sooner: H200 at 2^26, u64 keys 6536 -> 6138 us, 2^24 1691 -> 1588; with 32-bit keys it cost 2% (2302 ->
 *    2352), the ranking being the shorter wait there.
 * 6. Each thread writes tile positions j * NT + tid: key k goes to offset[digit(k)] + position. The keys pass
 *    through shared memory in MGPU_RADIX_STAGE_PARTS parts of rows j (constants.h): each part's keys staged at
 *    their ranks, then its rows written, so that the staging takes a part of the tile.
 * 7. Values (or indices): loaded warp-striped, staged at the keys' ranks in the same shared memory part by part,
 *    written with the keys' digits. No global gather.
 * Status words: lookback.glsl's count words (0 not ready, count + 1 an aggregate, prefix |
 * MGPU_LOOKBACK_COUNT_INCLUSIVE an inclusive prefix), after MGPU_RADIX_STATUS_HEADER words (the tile counter,
 * then the chained passes' count of tiles done). The host zeroes the first pass's; each tile zeroes its words of
 * the next pass's.
 * CHAINED (MODE: small inputs, radixsort.c): every pass in one dispatch, without a barrier and a dispatch between
 * passes. Tickets from the first pass's counter run pass by pass (ticket = pass * tiles + tile, the real tiles of
 * the count); a tile of pass p > 0 waits until every tile of pass p - 1 has written its keys and values (their
 * count of tiles done), then reads them. The tickets' order makes the wait safe where the look-back is: every
 * tile of an earlier pass was taken by a workgroup that has started. Keys and values move through coherent
 * references (one pass's writes read by another workgroup in the next), each tile's writes ordered before its
 * done count by memoryBarrierBuffer; the host zeroes every pass's status beforehand.
 * Shared memory: the staged part (max(key, value) words per element, one plane per word), which also holds
 * the WARPS x 256 digit counters during ranking, and 3 x 256 words.
 */
#include "shared/spec_ids.h"
#include "kernels/radixsort/radixsort_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(constant_id = MGPU_SPEC_WARPS) const uint WARPS = 1u; /* subgroups per workgroup at the smallest size */
/* lookback.glsl: round trips that find a predecessor silent before its count is recomputed. The host passes
 * 0xffffffff where the look-back is safe (GPUs: wait, no recompute in the pipeline), and a bound elsewhere
 * (radixsort.c's MGPU_RADIX_LOOKBACK_WAIT). */
layout(constant_id = MGPU_SPEC_LOOKBACK_WAIT) const uint LOOKBACK_WAIT = 0xffffffffu;
layout(constant_id = MGPU_SPEC_MODE) const bool CHAINED = false; /* every pass in this dispatch (header comment) */
layout(push_constant, std430) uniform RadixPush { MGPU_RADIX_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "kernels/radixsort/radix.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"
/* A silent predecessor's digit count, recomputed (below). */
#define MGPU_LOOKBACK_COUNT_RECOMPUTE
uint mgpu_lookback_count_recompute(uint tile, uint digit);
#include "include/lookback.glsl"

const uint NV = gl_WorkGroupSize.x * VT;
const uint STAGE_WORDS = VALUE_WORDS > MGPU_WORDS ? VALUE_WORDS : MGPU_WORDS;
const uint COUNTERS = WARPS * MGPU_RADIX_DIGITS;
const uint PARTS = MGPU_RADIX_STAGE_PARTS(VT, STAGE_WORDS);        /* the staging's parts of a tile */
const uint PART_ROWS = MGPU_RADIX_STAGE_ROWS(VT, STAGE_WORDS);     /* rows j of a part (the last: the rest) */
const uint PART = gl_WorkGroupSize.x * PART_ROWS;                  /* tile positions of a part: a plane */
shared uint s_stage[MGPU_RADIX_STAGE_WORDS(PART, STAGE_WORDS, COUNTERS)];
shared uint s_count[MGPU_RADIX_DIGITS];  /* the tile's keys per digit */
shared uint s_start[MGPU_RADIX_DIGITS];  /* the tile position of each digit's first key */
shared uint s_offset[MGPU_RADIX_DIGITS]; /* tile 0: the digits' global bases; then, every tile, the output of
                                           tile position 0 for each digit's run */
shared uint s_tile;
shared uint s_sum[MGPU_CTA_SUBGROUP_SCAN_LENGTH(gl_WorkGroupSize.x)]; /* built with subgroups only */
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"
#define MGPU_RADIX_COUNTERS s_stage
#include "kernels/radixsort/radix_rank.glsl"

/* The status word of (tile, digit) in the pass's status array. */
uint mgpu_status_index(uint tile, uint digit) { return MGPU_RADIX_STATUS_HEADER + tile * MGPU_RADIX_DIGITS + digit; }

/* The pass this tile belongs to, set at the start of main: the key count, the digit, the input keys and values,
 * the output keys and values, and the pass's histogram (pc's, unless CHAINED). */
uint g_n, g_shift, g_bits;
uvec2 g_keys_in, g_values_in, g_keys_out, g_values_out, g_counts;

/* A key of the pass's input (a coherent read when CHAINED: the previous pass wrote it in this dispatch). */
T mgpu_input_key(uint i) { return CHAINED ? TArrayCoherent(g_keys_in).v[i] : TArray(g_keys_in).v[i]; }

/* The status word of (tile, digit), which the look-back found silent (a device that does not keep started
 * workgroups progressing), recomputed by the walking thread from the pass's input keys: the tile's keys of the
 * digit (a full tile: only the last is partial, and none follows it), an aggregate; tile 0's with the digit's
 * global base from the histogram, its inclusive prefix (2. in the header comment). */
uint mgpu_lookback_count_recompute(uint tile, uint digit) {
    uint first = tile * NV, end = min(first + NV, g_n), count = 0u;
    for (uint i = first; i < end; ++i) count += mgpu_radix_digit(mgpu_input_key(i), g_shift, g_bits) == digit ? 1u : 0u;
    if (tile > 0u) return mgpu_lookback_count_word(count, false);
    UintArray histogram = UintArray(g_counts);
    for (uint d = 0u; d < digit; ++d) {
        count += histogram.v[d];
        for (uint g = 1u; g < pc.partials; ++g) count += histogram.v[g * MGPU_RADIX_DIGITS + d];
    }
    return mgpu_lookback_count_word(count, true);
}

/* Exclusive sum over the 256 digits of f(d) (f a macro of d), into dst[d], by the whole workgroup; each thread
 * takes a run of digits. Ends with a barrier. */
#define MGPU_DIGIT_EXCLUSIVE_SUM(dst, f)                                                                           \
    {                                                                                                              \
        uint per = (MGPU_RADIX_DIGITS + nt - 1u) / nt, d0 = min(tid * per, MGPU_RADIX_DIGITS);                     \
        uint d1 = min(d0 + per, MGPU_RADIX_DIGITS), mine = 0u, all_;                                               \
        for (uint d = d0; d < d1; ++d) mine += (f);                                                                \
        uint run = mgpu_cta_exclusive_sum(mine, all_);                                                             \
        for (uint d = d0; d < d1; ++d) {                                                                           \
            uint c = (f);                                                                                          \
            dst[d] = run;                                                                                          \
            run += c;                                                                                              \
        }                                                                                                          \
        barrier();                                                                                                 \
    }

/* 5. Look-back per digit (lookback.glsl: MGPU_LOOKBACK_COUNT_WINDOW predecessors per round trip); then each
 * digit's output for tile position 0, into s_offset. Tile 0 published its digits' global bases plus its counts as
 * its inclusive prefixes, so every walk's prefix is the global output of the tile's first key of the digit: no tile
 * but the first reads the histogram or sums it (H200 at 2^26: u32 keys 2399 -> 2300 us, u64 7026 -> 6534). */
void mgpu_digit_offsets(UintArrayCoherent status, uint tile) {
    for (uint d = gl_LocalInvocationID.x; d < MGPU_RADIX_DIGITS; d += gl_WorkGroupSize.x) {
        uint prefix = tile == 0u ? s_offset[d]
                                 : mgpu_lookback_counts(status, MGPU_RADIX_STATUS_HEADER, MGPU_RADIX_DIGITS, tile, d);
        if (tile > 0u)
            mgpu_lookback_store(status, mgpu_status_index(tile, d), mgpu_lookback_count_word(prefix + s_count[d], true));
        s_offset[d] = prefix - s_start[d];
    }
}

/* The look-back before the ranking (64-bit keys) or after it (header comment, 5.). */
const bool LOOKBACK_FIRST = MGPU_WORDS == 2u;

/* CHAINED: the status of pass `pass` (its tile counter unused but pass 0's, then its count of tiles done). */
uvec2 mgpu_pass_status(uint pass) {
    return mgpu_address_add(pc.status, pass * (MGPU_RADIX_STATUS_HEADER + pc.tiles * MGPU_RADIX_DIGITS) * 4u);
}
#define MGPU_DONE_WORD 1u /* the status header's word that counts a chained pass's tiles done */

/* CHAINED: where pass `pass` of `passes` writes: the last pass to `out`, the one before to `scratch`, and so on. */
uvec2 mgpu_pass_output(uint pass, uint passes, uvec2 out_, uvec2 scratch) {
    return (passes - pass) % 2u == 1u ? out_ : scratch;
}

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint sg = gl_SubgroupSize, lane = gl_SubgroupInvocationID, warp = gl_SubgroupID;
    UintArrayCoherent status = UintArrayCoherent(pc.status);
    if (tid == 0u) s_tile = mgpu_lookback_take_tile(status); /* tiles in the order workgroups start */
    for (uint i = tid; i < gl_NumSubgroups * MGPU_RADIX_DIGITS; i += nt) s_stage[i] = 0u;
    barrier();
    uint tile = s_tile;
    uint n = mgpu_count(pc.count_address, pc.count);
    g_n = n;
    uint pass = 0u, passes = 1u;
    g_shift = pc.shift;
    g_bits = pc.bits;
    g_keys_in = pc.keys_in;
    g_values_in = pc.values_in;
    g_keys_out = pc.keys_out;
    g_values_out = pc.values_out;
    g_counts = pc.counts;
    if (CHAINED) { /* the ticket's pass and tile, and the pass's arrays */
        uint tiles = (n + NV - 1u) / NV;
        passes = (pc.end_bit - pc.shift + MGPU_RADIX_BITS - 1u) / MGPU_RADIX_BITS;
        if (tile >= passes * tiles) return;
        pass = tile / tiles;
        tile -= pass * tiles;
        g_shift = pc.shift + pass * MGPU_RADIX_BITS;
        g_bits = min(MGPU_RADIX_BITS, pc.end_bit - g_shift);
        if (pass > 0u) {
            g_keys_in = mgpu_pass_output(pass - 1u, passes, pc.keys_out, pc.scratch_keys);
            g_values_in = mgpu_pass_output(pass - 1u, passes, pc.values_out, pc.scratch_values);
        }
        g_keys_out = mgpu_pass_output(pass, passes, pc.keys_out, pc.scratch_keys);
        g_values_out = mgpu_pass_output(pass, passes, pc.values_out, pc.scratch_values);
        g_counts = mgpu_address_add(pc.counts, pass * max(pc.partials, 1u) * MGPU_RADIX_DIGITS * 4u);
        status = UintArrayCoherent(mgpu_pass_status(pass));
    } else if (tile >= pc.tiles || tile * NV >= n) {
        return;
    }
    uint shift = g_shift, bits = g_bits;
    if (tile == 0u) { /* the digits' global bases: the exclusive sum of the pass's digit counts */
        UintArray histogram = UintArray(g_counts);
        for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) {
            uint sum = histogram.v[d];
            for (uint g = 1u; g < pc.partials; ++g) sum += histogram.v[g * MGPU_RADIX_DIGITS + d];
            s_offset[d] = sum;
        }
        barrier();
        MGPU_DIGIT_EXCLUSIVE_SUM(s_offset, s_offset[d]) /* in place; ends with a barrier */
    }
    if (!CHAINED && mgpu_present(pc.next_status)) { /* the next pass's status, zeroed here instead of by a fill */
        UintArray next = UintArray(pc.next_status);
        for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) next.v[mgpu_status_index(tile, d)] = 0u;
        if (tile == 0u && tid == 0u) next.v[0] = 0u;
    }
    if (CHAINED && pass > 0u) { /* the previous pass's keys and values, all written */
        if (tid == 0u) {
            UintArrayCoherent before = UintArrayCoherent(mgpu_pass_status(pass - 1u));
            uint tiles = (n + NV - 1u) / NV;
            while (mgpu_lookback_load(before, MGPU_DONE_WORD) < tiles) {
            }
            memoryBarrierBuffer();
        }
        barrier();
    }
    uint first = tile * NV, count = min(NV, n - first);

    // 1. Keys, warp-striped (a last, partial subgroup strides by its own width). Registers hold the keys and
    // the ranks (16 bits each, two per word); digits are recomputed where needed.
    uint width = min(sg, nt - warp * sg), chunk = warp * sg * VT;
    T keys[VT];
    if (CHAINED) {
        TArrayCoherent src = TArrayCoherent(g_keys_in);
        mgpu_load_warp_striped(keys, src.v, first, count, chunk, width);
    } else {
        TArray src = TArray(g_keys_in);
        mgpu_load_warp_striped(keys, src.v, first, count, chunk, width);
    }

    // 2. Early counts, published as the tile's aggregate. A partial (the last) tile's positions past count are
    // padding of the largest digit: ranked last in the tile, counted in its aggregate (which no tile reads: none
    // follows it), never stored. So the ranking needs no validity test per key (H200, u32 keys at 2^26: 15 fewer
    // registers per thread, 2906 against 2816 us).
    uint pad_digit = (1u << bits) - 1u;
#define MGPU_TILE_DIGIT(j) \
    (chunk + (j) * width + lane < count ? mgpu_radix_digit(keys[j], shift, bits) : pad_digit)
    [[unroll]] for (uint j = 0u; j < VT; ++j) atomicAdd(s_stage[warp * MGPU_RADIX_DIGITS + MGPU_TILE_DIGIT(j)], 1u);
    barrier();
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) {
        uint run = mgpu_radix_subgroup_prefixes(d);
        s_count[d] = run;
        uint word = tile == 0u ? mgpu_lookback_count_word(s_offset[d] + run, true) : mgpu_lookback_count_word(run, false);
        mgpu_lookback_store(status, mgpu_status_index(tile, d), word);
    }
    barrier();

    // 3. The digits' starts in the tile, added into the subgroups' counters.
    MGPU_DIGIT_EXCLUSIVE_SUM(s_start, s_count[d])
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt)
        for (uint w = 0u; w < gl_NumSubgroups; ++w) s_stage[w * MGPU_RADIX_DIGITS + d] += s_start[d];
    barrier();

    if (LOOKBACK_FIRST) mgpu_digit_offsets(status, tile); /* 5., with 64-bit keys (read after the ranking's barrier) */

    // 4. Ranks: the counter holds the tile position of the subgroup's next key of each digit.
    uint ranks[(VT + 1u) / 2u];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint rank = mgpu_radix_rank_in_subgroup(true, MGPU_TILE_DIGIT(j));
        if ((j & 1u) == 0u) ranks[j >> 1u] = rank;
        else ranks[j >> 1u] |= rank << 16u;
    }
    barrier(); /* the counters free */

    // 6. Keys, in digit runs, part by part (their digits kept for the values, 8 bits each, four per word);
    // 5. comes with the first part's staging, with 32-bit keys (else before the ranking).
    uint out_digits[(VT + 3u) / 4u];
    [[unroll]] for (uint part = 0u; part < PARTS; ++part) {
        uint lo = part * PART; /* the part's tile positions: [lo, lo + PART) */
        if (part > 0u) barrier(); /* the part before written */
        [[unroll]] for (uint j = 0u; j < VT; ++j) { /* padding too (unused words past count) */
            uint rank = ((ranks[j >> 1u] >> (16u * (j & 1u))) & 0xffffu) - lo;
            if (rank >= PART) continue; /* (wraps below lo) */
            uvec2 w = mgpu_to_words(keys[j]);
            s_stage[rank] = w.x;
            if (MGPU_WORDS == 2u) s_stage[PART + rank] = w.y;
        }
        if (part == 0u && !LOOKBACK_FIRST) mgpu_digit_offsets(status, tile); /* s_offset: the barrier below */
        barrier();
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (j / PART_ROWS != part || i >= count) continue; /* the part's rows */
            uint at = i - lo;
            T key = mgpu_from_words(uvec2(s_stage[at], MGPU_WORDS == 2u ? s_stage[PART + at] : 0u));
            uint d = mgpu_radix_digit(key, shift, bits);
            if ((j & 3u) == 0u) out_digits[j >> 2u] = d;
            else out_digits[j >> 2u] |= d << (8u * (j & 3u));
            if (CHAINED) TArrayCoherent(g_keys_out).v[s_offset[d] + i] = key;
            else TArray(g_keys_out).v[s_offset[d] + i] = key;
        }
    }

    // 7. Values through the same staging, part by part.
    if (VALUE_WORDS > 0u) {
        uvec2 values[VT];
        bool indices = (pc.flags & MGPU_RADIX_INDICES) != 0u && pass == 0u;
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = chunk + j * width + lane;
            if (i >= count) continue;
            values[j] = indices   ? uvec2(first + i, 0u)
                        : CHAINED ? mgpu_value_load_coherent(g_values_in, first + i)
                                  : mgpu_value_load(g_values_in, first + i);
        }
        [[unroll]] for (uint part = 0u; part < PARTS; ++part) {
            uint lo = part * PART;
            barrier(); /* the keys' (or the part before's) staging read */
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                if (chunk + j * width + lane >= count) continue;
                uint rank = ((ranks[j >> 1u] >> (16u * (j & 1u))) & 0xffffu) - lo;
                if (rank >= PART) continue;
                s_stage[rank] = values[j].x;
                if (VALUE_WORDS == 2u) s_stage[PART + rank] = values[j].y;
            }
            barrier();
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                uint i = j * nt + tid;
                if (j / PART_ROWS != part || i >= count) continue;
                uint at = i - lo;
                uint d = (out_digits[j >> 2u] >> (8u * (j & 3u))) & 0xffu;
                uvec2 v = uvec2(s_stage[at], VALUE_WORDS == 2u ? s_stage[PART + at] : 0u);
                if (CHAINED) mgpu_value_store_coherent(g_values_out, s_offset[d] + i, v);
                else mgpu_value_store(g_values_out, s_offset[d] + i, v);
            }
        }
    }

    // CHAINED: the tile's writes, then its count among the pass's tiles done (none waits on the last pass).
    if (CHAINED && pass + 1u < passes) {
        memoryBarrierBuffer();
        barrier();
        if (tid == 0u) {
            memoryBarrierBuffer();
            atomicAdd(status.v[MGPU_DONE_WORD], 1u);
        }
    }
}
