#version 460
#extension GL_GOOGLE_include_directive : require
// Multiset operations, the tile kernel (the seeds' chapter 13). Each workgroup takes a tile of NT * VT (+-1)
// elements of A and B between two Balanced Path partitions (sets_partition.comp), which never split a key-rank
// match:
//   - the tile's A and B elements are loaded into shared memory, coalesced;
//   - each thread finds its start by Balanced Path in shared memory (thread 0 starts at the tile's) and runs the
//     serial set op over its key-rank slots up to the next thread's start (at most VT slots): each slot is an
//     element of A or B alone, or a match, and gives at most one output, kept in registers with a commit bit;
//   - a workgroup sum of the threads' outputs gives the tile's count (MODE MGPU_SETS_COUNT: to counts[tile]) or,
//     MODE MGPU_SETS_WRITE, each thread's place among the tile's outputs: they are compacted in shared memory and
//     stored coalesced from counts[tile] (the scanned counts), those below capacity; values are gathered from
//     their sources (A's or B's element).
//   - MODE MGPU_SETS_ONEPASS is the write without the count pass and its scan: thread 0 publishes the tile's count
//     and subgroup 0 (thread 0 without subgroups) looks back over its predecessors' (lookback.glsl, count words)
//     for the tile's first output while the others compact theirs; the last tile writes the total to out_count.
//   - MODE MGPU_SETS_RANGES is the one pass by ranges of MGPU_SETS_RANGE_TILES tiles a ticket: one walk back a
//     range instead of a tile (the per-tile walk waited ~180 of set_union's 737 us at 2^26, H200), the range's
//     outputs held in registers until its first output is known.
// Workgroups loop over tiles (mgpu_tuning.groups). In MODES COUNT and WRITE no workgroup waits on another; in
// ONEPASS and RANGES the tiles (ranges) are handed out in the order workgroups take them, so every tile waited on
// is running or done.
// The tile's f32 keys are held as their order bits (keys.glsl): one unsigned compare each (equal keys have equal bits,
// so an output key is the same whichever input's copy it comes from).
#include "shared/spec_ids.h"
#include "kernels/sets/sets_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(constant_id = MGPU_SPEC_OP) const uint SET_OP = 0u; /* an mgpu_set_op */
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_SETS_COUNT;
layout(push_constant, std430) uniform SetsPush { MGPU_SETS_PC_FIELDS } pc;

/* The one pass's count word of `tile`: the ticket's block first, then a block of MGPU_LOOKBACK_TILE_STRIDE words
 * per tile (a cache line each: lookback.glsl). */
#define STATE(tile) (((tile) + 1u) * MGPU_LOOKBACK_TILE_STRIDE)

#define MGPU_KEYS_AS_BITS /* f32 keys in shared memory and registers as their order bits (keys.glsl) */
#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"
#include "include/lookback.glsl"

shared uint s_sum[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"

/* The tile's A elements, then its B elements (NV + 1 where its end is starred); in MODE WRITE then its outputs. */
shared MGPU_WKEY s_keys[gl_WorkGroupSize.x * VT + 1u];
/* MODE WRITE with values: each output's source (MGPU_SOURCE_B | index in B, or index in A). */
shared uint s_sources[gl_WorkGroupSize.x * VT];
/* Each thread's start in the tile: A position | B position << 16; then the tile's end. */
shared uint s_starts[gl_WorkGroupSize.x + 1u];
shared uint s_ticket, s_first; /* MODES ONEPASS, RANGES: the tile (range) taken, and its first output */

uint g_a_len;
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#include "include/merge_path.glsl"
#include "kernels/sets/balanced_path.glsl"

/* mgpu_set_op's values */
#define MGPU_SET_INTERSECTION 0u
#define MGPU_SET_UNION 1u
#define MGPU_SET_DIFFERENCE 2u
#define MGPU_SOURCE_B 0x80000000u

/* The tile's outputs in registers: results (keys), sources (values: where from), the commit bits, and the thread's
 * first place among the tile's outputs; returns the tile's output count. Ends after the workgroup sum's barriers
 * (s_keys free). */
uint mgpu_tile_outputs(uint tile, uint p0, uint p1, out MGPU_WKEY results[VT], out uint sources[VT], out uint commit,
                       out uint place) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    uint total = pc.a_count + pc.b_count;
    uint diag0 = tile * nv, diag1 = min(diag0 + nv, total);
    // A starred partition gives its B element to the tile on its left. The clamps only matter for unsorted input
    // (a broken precondition): the tile then stays inside its arrays and its shared memory.
    uint a0 = min(p0 & ~MGPU_BALANCED_STAR, pc.a_count), b0 = min(diag0 - a0 + (p0 >> 31u), pc.b_count);
    uint a1 = clamp(p1 & ~MGPU_BALANCED_STAR, a0, pc.a_count), b1 = clamp(diag1 - min(a1, diag1) + (p1 >> 31u), b0, pc.b_count);
    uint a_len = min(a1 - a0, nv + 1u), b_len = min(b1 - b0, nv + 1u - a_len), count = a_len + b_len;
    g_a_len = a_len;

    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys);
    T loaded[VT];
    mgpu_load_striped2(loaded, a_keys.v, a0, b_keys.v, b0, a_len, count);
    mgpu_striped_to_shared(s_keys, loaded, count);
    if (tid == 0u && count > nv) s_keys[nv] = MGPU_TO_WKEY(a_len > nv ? a_keys.v[a0 + nv] : b_keys.v[b0 + nv - a_len]);
    barrier();

    // The thread's slots: from its Balanced Path start (the tile's own partitions are the path's, so the path of
    // the tile's elements is the tile's part of it) to the next thread's.
    uint a = 0u, b = 0u;
    if (tid > 0u) {
        uint diag = tid * VT - (p0 >> 31u);
        if (diag >= count) {
            a = a_len;
            b = b_len;
        } else {
            uint p = mgpu_balanced_path(a_len, b_len, diag);
            a = p & ~MGPU_BALANCED_STAR;
            b = min(diag - a + (p >> 31u), b_len);
        }
    }
    s_starts[tid] = a | (b << 16u);
    if (tid == 0u) s_starts[nt] = a_len | (b_len << 16u);
    barrier();
    uint next = s_starts[tid + 1u];
    uint end = (next & 0xffffu) + (next >> 16u);

    commit = 0u;
    /* the next keys, read as a side advances */
    MGPU_WKEY a_key = s_keys[min(a, nv)], b_key = s_keys[min(a_len + b, nv)];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if (a + b < end) {
            bool a_in = a < a_len, b_in = b < b_len;
            // A's element alone (before B's, or B is done), B's alone, or neither: a match.
            bool a_alone = a_in && (!b_in || mgpu_wkey_less(a_key, b_key));
            bool b_alone = b_in && (!a_in || mgpu_wkey_less(b_key, a_key));
            bool emit, from_b;
            if (SET_OP == MGPU_SET_INTERSECTION) {
                emit = !a_alone && !b_alone;
                from_b = false;
            } else if (SET_OP == MGPU_SET_UNION) {
                emit = true;
                from_b = b_alone;
            } else if (SET_OP == MGPU_SET_DIFFERENCE) {
                emit = a_alone;
                from_b = false;
            } else {
                emit = a_alone != b_alone;
                from_b = b_alone;
            }
            results[j] = from_b ? b_key : a_key;
            sources[j] = from_b ? (b0 + b) | MGPU_SOURCE_B : a0 + a;
            if (emit) commit |= 1u << j;
            if (!b_alone) a_key = s_keys[min(++a, nv)];
            if (!a_alone) b_key = s_keys[min(a_len + ++b, nv)];
        }
    }

    uint tile_total;
    place = mgpu_cta_exclusive_sum(uint(bitCount(commit)), tile_total); /* its barriers: s_keys is free */
    return tile_total;
}

/* The thread's outputs of the tile to their places in shared memory (s_keys, s_sources). */
void mgpu_tile_compact(MGPU_WKEY results[VT], uint sources[VT], uint commit, uint place) {
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if ((commit & (1u << j)) != 0u) {
            s_keys[place] = results[j];
            if (VALUE_WORDS > 0u) s_sources[place] = sources[j];
            ++place;
        }
    }
}

/* The tile's outputs, compacted in shared memory, stored coalesced from `first` on (those below capacity). */
void mgpu_tile_store(uint first, uint tile_total) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint stored = min(tile_total, pc.capacity > first ? pc.capacity - first : 0u);
    TArray out_keys = TArray(pc.out_keys);
    mgpu_store_striped(out_keys.v, first, s_keys, stored);
    if (VALUE_WORDS > 0u) {
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < stored) {
                uint source = s_sources[i];
                uvec2 address = (source & MGPU_SOURCE_B) != 0u ? pc.b_values : pc.a_values;
                mgpu_value_store(pc.out_values, first + i, mgpu_value_load(address, source & ~MGPU_SOURCE_B));
            }
        }
    }
}

/* MODES ONEPASS, RANGES: the outputs of the tiles before `tile`, valid in thread 0. With subgroups, subgroup 0
 * walks back a subgroup's width of tiles per round trip (H200, set_union u32 at 2^26: one thread walking 4 at a
 * time made the one pass slower than count, scan and write past 16384 tiles: bench/RESULTS.md, eleventh session);
 * without, thread 0. */
uint mgpu_walk_back(UintArrayCoherent state, uint tile) {
#ifdef MGPU_SUBGROUP
    return gl_SubgroupID == 0u ? mgpu_lookback_counts_subgroup(state, MGPU_LOOKBACK_TILE_STRIDE,
                                                               MGPU_LOOKBACK_TILE_STRIDE, tile, 0u)
                               : 0u;
#else
    return gl_LocalInvocationID.x == 0u
               ? mgpu_lookback_counts(state, MGPU_LOOKBACK_TILE_STRIDE, MGPU_LOOKBACK_TILE_STRIDE, tile, 0u)
               : 0u;
#endif
}

void mgpu_tile(uint tile, uint tiles, uint p0, uint p1) {
    uint tid = gl_LocalInvocationID.x;
    MGPU_WKEY results[VT];
    uint sources[VT];
    uint commit, place;
    uint tile_total = mgpu_tile_outputs(tile, p0, p1, results, sources, commit, place);
    if (MODE == MGPU_SETS_COUNT) {
        if (tid == 0u) UintArray(pc.counts).v[tile] = tile_total;
        return;
    }
    if (MODE == MGPU_SETS_ONEPASS) {
        // The tile's first output, published by thread 0.
        UintArrayCoherent state = UintArrayCoherent(pc.state);
        if (tid == 0u && tile > 0u)
            mgpu_lookback_store(state, STATE(tile), mgpu_lookback_count_word(tile_total, false));
        bool leader = tid == 0u;
        uint prefix = mgpu_walk_back(state, tile);
        if (leader) {
            mgpu_lookback_store(state, STATE(tile), mgpu_lookback_count_word(prefix + tile_total, true));
            s_first = prefix;
            if (tile + 1u == tiles && pc.out_count != uvec2(0u)) UintArray(pc.out_count).v[0] = prefix + tile_total;
        }
    }
    mgpu_tile_compact(results, sources, commit, place);
    barrier();
    mgpu_tile_store(MODE == MGPU_SETS_ONEPASS ? s_first : UintArray(pc.counts).v[tile], tile_total);
}

/* MODE RANGES: the range's tiles' outputs computed in turn and kept in registers, each tile's count published as
 * an aggregate (tile 0: none); then one walk back from the range's first tile, every tile of the range published
 * inclusive, and the tiles stored. */
void mgpu_range(uint range, uint tiles) {
    const uint RANGE_TILES = MGPU_SETS_RANGE_TILES;
    uint tid = gl_LocalInvocationID.x, first_tile = range * RANGE_TILES;
    MGPU_WKEY results[RANGE_TILES][VT];
    uint sources[RANGE_TILES][VT];
    uint commit[RANGE_TILES], place[RANGE_TILES], totals[RANGE_TILES];
    UintArrayCoherent state = UintArrayCoherent(pc.state);
    [[unroll]] for (uint i = 0u; i < RANGE_TILES; ++i) {
        uint tile = first_tile + i;
        totals[i] = 0u;
        commit[i] = 0u;
        place[i] = 0u;
        if (tile < tiles) {
            if (i > 0u) barrier(); /* the tile before's shared memory read */
            totals[i] = mgpu_tile_outputs(tile, UintArray(pc.partitions).v[tile], UintArray(pc.partitions).v[tile + 1u],
                                          results[i], sources[i], commit[i], place[i]);
            if (tid == 0u && tile > 0u)
                mgpu_lookback_store(state, STATE(tile), mgpu_lookback_count_word(totals[i], false));
        }
    }
    bool leader = tid == 0u;
    uint prefix = mgpu_walk_back(state, first_tile);
    if (leader) {
        uint run = prefix;
        [[unroll]] for (uint i = 0u; i < RANGE_TILES; ++i) {
            uint tile = first_tile + i;
            if (tile >= tiles) break;
            run += totals[i];
            mgpu_lookback_store(state, STATE(tile), mgpu_lookback_count_word(run, true));
            if (tile + 1u == tiles && pc.out_count != uvec2(0u)) UintArray(pc.out_count).v[0] = run;
        }
        s_first = prefix;
    }
    uint first = 0u;
    [[unroll]] for (uint i = 0u; i < RANGE_TILES; ++i) {
        if (first_tile + i >= tiles) break;
        if (i > 0u) barrier(); /* the tile before's outputs stored */
        mgpu_tile_compact(results[i], sources[i], commit[i], place[i]);
        barrier();
        if (i == 0u) first = s_first;
        mgpu_tile_store(first, totals[i]);
        first += totals[i];
    }
}

void main() {
    uint nv = gl_WorkGroupSize.x * VT;
    uint tiles = (pc.a_count + pc.b_count + nv - 1u) / nv;
    if (MODE == MGPU_SETS_ONEPASS || MODE == MGPU_SETS_RANGES) {
        for (;;) {
            if (gl_LocalInvocationID.x == 0u) s_ticket = mgpu_lookback_take_tile(UintArrayCoherent(pc.state));
            barrier();
            uint tile = s_ticket;
            if (MODE == MGPU_SETS_RANGES) { /* the ticket is a range */
                if (tile * MGPU_SETS_RANGE_TILES >= tiles) break;
                mgpu_range(tile, tiles);
                barrier(); /* the next range reuses shared memory, s_ticket included */
                continue;
            }
            if (tile >= tiles) break;
            mgpu_tile(tile, tiles, UintArray(pc.partitions).v[tile], UintArray(pc.partitions).v[tile + 1u]);
            barrier(); /* the next tile reuses shared memory, s_ticket included */
        }
        return;
    }
    // The next tile's partitions are read before this tile's work, so that their latency is not added to the
    // next tile's key loads.
    uint p0 = 0u, p1 = 0u;
    mgpu_for_each_tile(tile, tiles, pc.groups_x) {
        if (tile < mgpu_group_count()) { /* the workgroup's first tile */
            p0 = UintArray(pc.partitions).v[tile];
            p1 = UintArray(pc.partitions).v[tile + 1u];
        }
        uint next = tile + mgpu_group_count(), q0 = 0u, q1 = 0u;
        if (next < tiles) {
            q0 = UintArray(pc.partitions).v[next];
            q1 = UintArray(pc.partitions).v[next + 1u];
        }
        mgpu_tile(tile, tiles, p0, p1);
        barrier(); /* the next tile reuses shared memory */
        p0 = q0;
        p1 = q1;
    }
}
