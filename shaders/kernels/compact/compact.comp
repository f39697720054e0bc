#version 460
#extension GL_GOOGLE_include_directive : require
// Compaction: select, partition, unique and run-length encode (OP), one tile of NT * VT elements at a time.
//   - Layout (the look-back scan's, scan_lookback.comp): the tile is cut into one segment per subgroup (per
//     thread without subgroups); lane l of a subgroup of S lanes holds chunks k * S + l (k < VT / C) of its
//     segment, C elements each: a uvec4 of elements (C = 16 / size) when VT is a multiple of it, else one. Full
//     tiles of 16-byte aligned arrays load whole uvec4s of elements and of flags, so each subgroup instruction
//     reads S * 16 contiguous bytes.
//   - Each element is kept or not (its flag nonzero; unique and rle: it differs from the element before it in its
//     bits, the key encoding of keys.glsl, or it is the first); the kept ones are counted serially within a
//     chunk, across the subgroup per chunk, and by one workgroup sum of the segments, which also gives the tile's
//     total: each element's rank among the tile's outputs.
//   - The outputs go to shared memory in their order (partition: the rejected ones after the kept ones, in
//     reverse), with their positions where the kernel writes indices or run lengths, and are stored coalesced
//     from the tile's first output: MODE WRITE reads it from the scanned counts, MODE ONEPASS finds it by
//     decoupled look-back (lookback.glsl's count words; thread 0, while the others fill shared memory).
//   - rle: a run's length is the next run start's position less its own; the tile writes the length of the run
//     before each of its run starts, the first one's from the last run start before the tile (the max-scan of the
//     tiles' last run starts, or its look-back words), and the last tile the last run's.
// MODE RANGES: the one pass with a look-back state per range of
// MGPU_COMPACT_RANGE_TILES tiles (mgpu_range): a range counts its tiles' outputs first (select and partition from
// their flags alone, keeping each thread's keep bits of a tile in a register), publishes them, walks back once,
// then writes its tiles from the range's first output on; so a tile waits on no other, and a range's walk is paid
// over its tiles (the per-tile walk's wait was a third of the one pass's time at 2^26: bench/RESULTS.md,
// seventeenth session). Unique and rle read their elements twice; rle's range also publishes its last run start
// (from its keep bits) and walks back for the one before it, then passes each tile's last run start to the next.
// MODE COUNT writes each tile's count (rle: and its last run start) only. In MODES COUNT and WRITE workgroups loop
// over tiles (mgpu_tuning.groups) and none waits on another; in ONEPASS the tiles are handed out in the order
// workgroups take them, so every tile waited on is running or done: it waits for a silent predecessor without bound
// where the look-back is safe, else (lavapipe, forced) LOOKBACK_WAIT reads, then recomputes the predecessor's word
// from the input (llvmpipe ends an invocation's loops once they have run 65535 iterations in all, cutting a wait).
// Indirect count (pc.count_address): the real count n, clamped to the capacity pc.count; only the real tiles
// (of n) are read and written; MODE COUNT writes 0 for the capacity's tiles past them, so the scans see only the
// real tiles; in ONEPASS a workgroup that takes a ticket past them stops (ticket 0 writes out_count 0 for n = 0).
#include "shared/spec_ids.h"
#include "kernels/compact/compact_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_OP) const uint COMPACT_OP = MGPU_COMPACT_SELECT;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_COMPACT_COUNT;
/* 1: the positions are written (the kept indices, or rle's run lengths), and held in shared memory */
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint POSITIONS = 0u;
/* keys.glsl's; equality does not depend on it */
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
/* ONEPASS: reads of a silent predecessor's word before it is recomputed. The host passes 0xffffffff where the
 * look-back is safe (GPUs: wait, no recompute in the pipeline), and a bound elsewhere (compact.c's
 * MGPU_COMPACT_LOOKBACK_WAIT). */
layout(constant_id = MGPU_SPEC_LOOKBACK_WAIT) const uint LOOKBACK_WAIT = 0xffffffffu;
layout(push_constant, std430) uniform CompactPush { MGPU_COMPACT_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "include/loadstore.glsl"
/* A silent predecessor's count word, recomputed (below). */
#define MGPU_LOOKBACK_COUNT_RECOMPUTE
uint mgpu_lookback_count_recompute(uint pred, uint slot);
#include "include/lookback.glsl"
#include "include/count.glsl"

shared uint s_sum[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"

/* The tile's outputs in their order; their positions in the input (one word when POSITIONS is 0). */
shared T s_out[gl_WorkGroupSize.x * VT];
shared uint s_pos[(gl_WorkGroupSize.x * VT - 1u) * POSITIONS + 1u];
shared uint s_ticket, s_first, s_head; /* the tile taken; its first output; 1 + the last run start before it */

const uint CHUNK = VT % MGPU_EPV == 0u ? MGPU_EPV : 1u; // elements per chunk
const uint CHUNKS = VT / CHUNK;                           // chunks per thread
const bool FLAGGED = COMPACT_OP == MGPU_COMPACT_SELECT || COMPACT_OP == MGPU_COMPACT_PARTITION;

#ifdef MGPU_SUBGROUP
#define SEGMENT_LANES gl_SubgroupSize
#define SEGMENT gl_SubgroupID
#define LANE gl_SubgroupInvocationID
#else
#define SEGMENT_LANES 1u
#define SEGMENT gl_LocalInvocationID.x
#define LANE 0u
#endif

/* Index in the tile of element e of chunk k of the calling thread. */
uint tile_element(uint k, uint e) { return SEGMENT * SEGMENT_LANES * VT + (k * SEGMENT_LANES + LANE) * CHUNK + e; }

bool mgpu_same(T a, T b) { return mgpu_key_bits(a) == mgpu_key_bits(b); }

/* The one pass's state: the ticket in word 0, then a block of MGPU_LOOKBACK_TILE_STRIDE words per tile (a cache
 * line each: lookback.glsl): word 0 its count word, word 1 (rle) its run-start word. */
uint mgpu_state_word(uint tile, uint i) { return (tile + 1u) * MGPU_LOOKBACK_TILE_STRIDE + i; }

uint g_n; /* the real count, set at the start of main */

/* Whether element i (< g_n) is an output: its flag is set (select, partition), or it starts a run (unique, rle). */
bool mgpu_is_output(uint i) {
    if (FLAGGED) return UintArray(pc.flags).v[i] != 0u;
    TArray src = TArray(pc.src);
    return i == 0u || !mgpu_same(src.v[i - 1u], src.v[i]);
}

/* The elements of the input one look-back state covers: a tile's, or MODE RANGES a range's. */
uint mgpu_state_elements() {
    return gl_WorkGroupSize.x * VT * (MODE == MGPU_COMPACT_RANGES ? MGPU_COMPACT_RANGE_TILES : 1u);
}

/* The count word of tile `pred` (slot 0, the only one), which the look-back found silent, recomputed from the
 * input by the walking subgroup (without subgroups: thread): its outputs, an aggregate; tile 0's, its inclusive
 * prefix (it publishes no aggregate). */
uint mgpu_lookback_count_recompute(uint pred, uint slot) {
    uint nv = mgpu_state_elements(), first = pred * nv, end = min(first + nv, g_n), count = 0u;
#ifdef MGPU_SUBGROUP
    for (uint i = first + gl_SubgroupInvocationID; i < end; i += gl_SubgroupSize) count += mgpu_is_output(i) ? 1u : 0u;
    count = subgroupAdd(count);
#else
    for (uint i = first; i < end; ++i) count += mgpu_is_output(i) ? 1u : 0u;
#endif
    return mgpu_lookback_count_word(count, pred == 0u);
}

/* The run-start word of tile `pred`, which mgpu_last_head_before found silent, recomputed from the input by the
 * walking thread: its last run start + 2, or 1 for none (what the tile publishes before its walk). */
uint mgpu_run_start_recompute(uint pred) {
    uint nv = mgpu_state_elements(), first = pred * nv;
    for (uint i = min(first + nv, g_n); i > first; --i)
        if (mgpu_is_output(i - 1u)) return i + 1u;
    return 1u;
}

/* 1 + the last run start before `tile` (0 for none), read back from tile - 1 over the run-start words. Waits for a
 * predecessor that has not published: without bound, or for LOOKBACK_WAIT reads, then recomputes its word. */
uint mgpu_last_head_before(UintArrayCoherent state, uint tile) {
    uint reads = 0u; /* reads that found predecessor p - 1 silent */
    for (uint p = tile; p > 0u;) {
        uint w = mgpu_lookback_load(state, mgpu_state_word(p - 1u, 1u));
        if (LOOKBACK_WAIT != MGPU_LOOKBACK_WAIT_FOREVER) {
            if (w != 0u) reads = 0u;
            else if (reads < LOOKBACK_WAIT) ++reads;
            else { /* give up waiting: its word from the input */
                w = mgpu_run_start_recompute(p - 1u);
                reads = 0u;
            }
        }
        if (w >= 2u) return w - 1u;
        if (w == 1u) --p; /* no run starts there: further back */
    }
    return 0u;
}

/* The one pass's walk for look-back state `index` of `states` (a tile's, or MODE RANGES a range's), which holds
 * `outputs` and has published them: with subgroups, subgroup 0 walks back a subgroup's width of states per round
 * trip (one thread walking 4 at a time made the one pass slower than count + scan + write past 1024 tiles:
 * bench/RESULTS.md, eighth session), and its first lane publishes the inclusive count, sets s_first (rle: s_head,
 * 1 + the last run start before the state) and, for the last state, out_count. Called by the whole workgroup. */
void mgpu_walk_back(UintArrayCoherent state, uint index, uint states, uint outputs) {
#ifdef MGPU_SUBGROUP
    bool leader = gl_SubgroupID == 0u && gl_SubgroupInvocationID == 0u;
    uint prefix = gl_SubgroupID == 0u ? mgpu_lookback_counts_subgroup(state, MGPU_LOOKBACK_TILE_STRIDE,
                                                                     MGPU_LOOKBACK_TILE_STRIDE, index, 0u)
                                      : 0u;
#else
    bool leader = gl_LocalInvocationID.x == 0u;
    uint prefix =
        leader ? mgpu_lookback_counts(state, MGPU_LOOKBACK_TILE_STRIDE, MGPU_LOOKBACK_TILE_STRIDE, index, 0u) : 0u;
#endif
    if (leader) {
        mgpu_lookback_store(state, mgpu_state_word(index, 0u), mgpu_lookback_count_word(prefix + outputs, true));
        if (COMPACT_OP == MGPU_COMPACT_RLE) {
            uint head = mgpu_last_head_before(state, index);
            // A state without a run start passes on its predecessors' last one, so that later ones stop here.
            if (outputs == 0u && head != 0u) mgpu_lookback_store(state, mgpu_state_word(index, 1u), head + 1u);
            s_head = head;
        }
        s_first = prefix;
        if (index + 1u == states && mgpu_present(pc.out_count)) UintArray(pc.out_count).v[0] = prefix + outputs;
    }
}

/* Tile `tile`'s elements of the real count n into x where `elements`; returns its keep bits where `bits` (bit
 * k * CHUNK + e: element e of chunk k is an output, partition: kept; select, partition: from the flags; unique,
 * rle: the run starts, from the elements, which it then loads whatever `elements` says). */
uint mgpu_load_tile(uint tile, uint n, bool elements, bool bits, out T x[VT]) {
    uint nv = gl_WorkGroupSize.x * VT, first = tile * nv;
    bool vector = CHUNK == MGPU_EPV && pc.vectorized != 0u && n - first >= nv;
    bool load = elements || (bits && !FLAGGED), flags = bits && FLAGGED;
    uint keep = 0u;
    if (vector) {
        Vec4Array q = Vec4Array(pc.src);
        if (load)
            [[unroll]] for (uint k = 0u; k < CHUNKS; ++k) {
                uvec4 w = q.v[(first + tile_element(k, 0u)) / MGPU_EPV];
                [[unroll]] for (uint e = 0u; e < CHUNK; ++e)
                    x[k * CHUNK + e] = mgpu_from_vec4(w, e);
            }
        if (flags) {
            [[unroll]] for (uint k = 0u; k < CHUNKS; ++k) {
                uint at = first + tile_element(k, 0u);
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
                uvec4 f = uvec4(Uvec2Array(pc.flags).v[at / 2u], 0u, 0u);
#else
                uvec4 f = Vec4Array(pc.flags).v[at / 4u];
#endif
                [[unroll]] for (uint e = 0u; e < CHUNK; ++e)
                    if (f[e] != 0u) keep |= 1u << (k * CHUNK + e);
            }
        }
    } else {
        TArray src = TArray(pc.src);
        [[unroll]] for (uint k = 0u; k < CHUNKS; ++k)
            [[unroll]] for (uint e = 0u; e < CHUNK; ++e) {
                uint i = first + tile_element(k, e);
                if (i < n) {
                    if (load) x[k * CHUNK + e] = src.v[i];
                    if (flags && UintArray(pc.flags).v[i] != 0u) keep |= 1u << (k * CHUNK + e);
                }
            }
    }
    if (bits && !FLAGGED) {
        TArray src = TArray(pc.src);
        [[unroll]] for (uint k = 0u; k < CHUNKS; ++k)
            [[unroll]] for (uint e = 0u; e < CHUNK; ++e) {
                uint i = first + tile_element(k, e);
                if (i < n) {
                    // The element before: in the chunk, in the thread's previous chunk (a thread's segment is
                    // contiguous without subgroups), else read again (another lane's, mostly in cache).
                    T prev;
                    if (e > 0u) prev = x[k * CHUNK + e - 1u];
                    else if (SEGMENT_LANES == 1u && k > 0u) prev = x[k * CHUNK - 1u];
                    else prev = src.v[i > 0u ? i - 1u : 0u];
                    if (i == 0u || !mgpu_same(prev, x[k * CHUNK + e])) keep |= 1u << (k * CHUNK + e);
                }
            }
    }
    return keep;
}

/* Tile `tile` of the `tiles` of the real count n (the capacity pc.count, or the indirect count clamped to it).
 * MODE RANGES: its keep bits `range_keep`, its first output `range_offset` and (rle) 1 + the last run start
 * before it `range_head` are given (its range's first phase and the tiles before it); returns the tile's outputs
 * (partition: kept). */
uint mgpu_tile(uint tile, uint tiles, uint n, uint range_keep, uint range_offset, uint range_head) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    uint first = tile * nv, tile_count = min(nv, n - first);
    uint keep = MODE == MGPU_COMPACT_RANGES ? range_keep : 0u;
    T x[VT];
    if (MODE == MGPU_COMPACT_RANGES) mgpu_load_tile(tile, n, true, false, x);
    else keep = mgpu_load_tile(tile, n, true, true, x);

    // Each chunk's outputs before it in the segment; `run` ends as the segment's.
    uint chunk_prefix[CHUNKS];
    uint run = 0u;
    [[unroll]] for (uint k = 0u; k < CHUNKS; ++k) {
        uint c = bitCount((keep >> (k * CHUNK)) & ((1u << CHUNK) - 1u));
#ifdef MGPU_SUBGROUP
        chunk_prefix[k] = run + subgroupInclusiveAdd(c) - c;
        run += subgroupAdd(c);
#else
        chunk_prefix[k] = run;
        run += c;
#endif
    }
    uint kept;
    uint segment_prefix = mgpu_cta_exclusive_sum(LANE == SEGMENT_LANES - 1u ? run : 0u, kept);

    UintArrayCoherent state = UintArrayCoherent(pc.state);
    if (MODE == MGPU_COMPACT_ONEPASS && tid == 0u) {
        if (tile > 0u) mgpu_lookback_store(state, mgpu_state_word(tile, 0u), mgpu_lookback_count_word(kept, false));
        if (COMPACT_OP == MGPU_COMPACT_RLE && kept == 0u) mgpu_lookback_store(state, mgpu_state_word(tile, 1u), 1u);
    }

    // Each output to shared memory at its rank (partition: each rejected element after the kept ones, reversed).
    [[unroll]] for (uint k = 0u; k < CHUNKS; ++k) {
        uint rank = segment_prefix + chunk_prefix[k];
        [[unroll]] for (uint e = 0u; e < CHUNK; ++e) {
            uint local = tile_element(k, e);
            if ((keep & (1u << (k * CHUNK + e))) != 0u) {
                if (COMPACT_OP == MGPU_COMPACT_RLE && rank + 1u == kept) { /* the tile's last run start */
                    if (MODE == MGPU_COMPACT_COUNT) UintArray(pc.heads).v[tile] = first + local + 1u;
                    if (MODE == MGPU_COMPACT_ONEPASS)
                        mgpu_lookback_store(state, mgpu_state_word(tile, 1u), first + local + 2u);
                }
                if (MODE != MGPU_COMPACT_COUNT) {
                    s_out[rank] = x[k * CHUNK + e];
                    if (POSITIONS != 0u) s_pos[rank] = first + local;
                }
                ++rank;
            } else if (COMPACT_OP == MGPU_COMPACT_PARTITION && MODE != MGPU_COMPACT_COUNT && local < tile_count) {
                uint slot = tile_count - 1u - local + rank; /* kept + (rejected - 1 - its rank among them) */
                s_out[slot] = x[k * CHUNK + e];
                if (POSITIONS != 0u) s_pos[slot] = first + local;
            }
        }
    }
    if (MODE == MGPU_COMPACT_COUNT) {
        if (tid == 0u) {
            UintArray(pc.counts).v[tile] = kept;
            if (COMPACT_OP == MGPU_COMPACT_RLE && kept == 0u) UintArray(pc.heads).v[tile] = 0u;
        }
        return kept;
    }
    if (MODE == MGPU_COMPACT_ONEPASS) mgpu_walk_back(state, tile, tiles, kept);
    barrier();

    uint offset = MODE == MGPU_COMPACT_ONEPASS  ? s_first
                  : MODE == MGPU_COMPACT_RANGES ? range_offset
                                                : UintArray(pc.counts).v[tile];
    TArray outputs = TArray(pc.dst);
    if (COMPACT_OP == MGPU_COMPACT_RLE) {
        uint head = MODE == MGPU_COMPACT_ONEPASS  ? s_head
                    : MODE == MGPU_COMPACT_RANGES ? range_head
                                                  : UintArray(pc.heads).v[tile];
        IntArray lengths = IntArray(pc.positions);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < kept) {
                outputs.v[offset + i] = s_out[i];
                // The run before this run start ends here; it started at the previous one (head - 1 for i = 0).
                uint start = i > 0u ? s_pos[i - 1u] : head - 1u;
                if (offset + i > 0u) lengths.v[offset + i - 1u] = int(s_pos[i] - start);
            }
        }
        if (tile + 1u == tiles && tid == 0u) {
            uint last = kept > 0u ? s_pos[kept - 1u] : head - 1u;
            lengths.v[offset + kept - 1u] = int(n - last);
        }
        return kept;
    }
    uint stored = COMPACT_OP == MGPU_COMPACT_PARTITION ? tile_count : kept;
    uint rejected_before = first - offset;
    IntArray indices = IntArray(pc.positions);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i < stored) {
            uint to = i < kept ? offset + i : n - rejected_before - tile_count + i;
            outputs.v[to] = s_out[i];
            if (POSITIONS != 0u) indices.v[to] = int(s_pos[i]);
        }
    }
    return kept;
}

/* MODE RANGES: range `range` (of `ranges`) of MGPU_COMPACT_RANGE_TILES consecutive tiles. First the keep bits of
 * its tiles (select, partition: their flags only; each thread's bits of a tile in a register) and its outputs in
 * all, published for the ranges after it; then its first output by one look-back over the ranges before it (one
 * walk for the range's tiles, where the one pass walks for each); then its tiles in order, each loading its
 * elements and writing from its first output on. */
void mgpu_range(uint range, uint ranges, uint tiles, uint n) {
    uint tid = gl_LocalInvocationID.x, first_tile = range * MGPU_COMPACT_RANGE_TILES;
    uint keep[MGPU_COMPACT_RANGE_TILES];
    uint count = 0u, last = 0u; /* rle: the thread's last run start + 2, 0 for none */
    T unused[VT]; /* unique, rle: the elements their keep bits compare, loaded again in the tile's turn */
    if (COMPACT_OP == MGPU_COMPACT_RLE && tid == 0u) s_head = 0u;
    [[unroll]] for (uint i = 0u; i < MGPU_COMPACT_RANGE_TILES; ++i) {
        keep[i] = first_tile + i < tiles ? mgpu_load_tile(first_tile + i, n, false, true, unused) : 0u;
        count += bitCount(keep[i]);
        if (COMPACT_OP == MGPU_COMPACT_RLE && keep[i] != 0u) { /* bits rise with positions (tile_element) */
            uint b = uint(findMSB(keep[i]));
            last = (first_tile + i) * gl_WorkGroupSize.x * VT + tile_element(b / CHUNK, b % CHUNK) + 2u;
        }
    }
    if (COMPACT_OP == MGPU_COMPACT_RLE) {
        barrier(); /* s_head zeroed */
        if (last != 0u) atomicMax(s_head, last);
    }
    uint total;
    mgpu_cta_exclusive_sum(count, total);
    UintArrayCoherent state = UintArrayCoherent(pc.state);
    if (COMPACT_OP == MGPU_COMPACT_RLE) barrier(); /* every atomicMax done */
    if (tid == 0u) {
        if (range > 0u) mgpu_lookback_store(state, mgpu_state_word(range, 0u), mgpu_lookback_count_word(total, false));
        /* the range's last run start + 2, or 1: none here, look further back */
        if (COMPACT_OP == MGPU_COMPACT_RLE) mgpu_lookback_store(state, mgpu_state_word(range, 1u), max(s_head, 1u));
    }
    mgpu_walk_back(state, range, ranges, total);
    barrier();
    uint offset = s_first, head = s_head;
    for (uint i = 0u; i < MGPU_COMPACT_RANGE_TILES && first_tile + i < tiles; ++i) {
        barrier(); /* s_first and s_head read; the previous tile's shared memory free */
        uint kept = mgpu_tile(first_tile + i, tiles, n, keep[0], offset, head);
        offset += kept;
        if (COMPACT_OP == MGPU_COMPACT_RLE && kept > 0u) head = s_pos[kept - 1u] + 1u; /* the tile's last run start */
        [[unroll]] for (uint j = 0u; j + 1u < MGPU_COMPACT_RANGE_TILES; ++j) keep[j] = keep[j + 1u]; /* no indexing */
    }
}

void main() {
    uint nv = gl_WorkGroupSize.x * VT;
    uint n = mgpu_count(pc.count_address, pc.count); // indirect: the real count, at most the capacity pc.count
    uint tiles = (n + nv - 1u) / nv;                 // the real tiles
    g_n = n;
    if (MODE == MGPU_COMPACT_ONEPASS) {
        for (;;) {
            if (gl_LocalInvocationID.x == 0u) s_ticket = mgpu_lookback_take_tile(UintArrayCoherent(pc.state));
            barrier();
            uint tile = s_ticket;
            if (tile >= tiles) {
                // Past the real tiles: nothing to publish, none waits on it. No real tile: ticket 0 writes 0.
                if (tile == 0u && gl_LocalInvocationID.x == 0u && mgpu_present(pc.out_count))
                    UintArray(pc.out_count).v[0] = 0u;
                break;
            }
            mgpu_tile(tile, tiles, n, 0u, 0u, 0u);
            barrier(); /* the next tile reuses shared memory, s_ticket included */
        }
        return;
    }
    if (MODE == MGPU_COMPACT_RANGES) {
        uint ranges = (tiles + MGPU_COMPACT_RANGE_TILES - 1u) / MGPU_COMPACT_RANGE_TILES;
        for (;;) {
            if (gl_LocalInvocationID.x == 0u) s_ticket = mgpu_lookback_take_tile(UintArrayCoherent(pc.state));
            barrier();
            uint range = s_ticket;
            if (range >= ranges) { /* as in the one pass: ticket 0 writes 0 where there is no real tile */
                if (range == 0u && gl_LocalInvocationID.x == 0u && mgpu_present(pc.out_count))
                    UintArray(pc.out_count).v[0] = 0u;
                break;
            }
            mgpu_range(range, ranges, tiles, n);
            barrier(); /* the next range reuses shared memory, s_ticket included */
        }
        return;
    }
    if (MODE == MGPU_COMPACT_COUNT) { /* the capacity's tiles (those past the real ones count 0 for the scans), or
                                         * with real_tiles only the real ones */
        mgpu_for_each_tile(tile, pc.real_tiles != 0u ? tiles : (pc.count + nv - 1u) / nv, pc.groups_x) {
            if (tile < tiles) mgpu_tile(tile, tiles, n, 0u, 0u, 0u);
            else if (gl_LocalInvocationID.x == 0u) {
                UintArray(pc.counts).v[tile] = 0u;
                if (COMPACT_OP == MGPU_COMPACT_RLE) UintArray(pc.heads).v[tile] = 0u;
            }
            barrier(); /* the next tile reuses shared memory */
        }
        return;
    }
    mgpu_for_each_tile(tile, tiles, pc.groups_x) {
        mgpu_tile(tile, tiles, n, 0u, 0u, 0u);
        barrier(); /* the next tile reuses shared memory */
    }
}

