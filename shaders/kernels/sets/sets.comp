#version 460
#extension GL_GOOGLE_include_directive : require
// Multiset operations, the tile kernel (the seeds' chapter 13), as a merge whose outputs are kept or dropped. Each
// tile is a tile of the stable merge of A and B (Merge Path partitions, A's element first on equal keys: the
// merge's partition kernel), loaded and merged as merge.comp does; each thread then decides, for each of its VT
// merged outputs, whether the operation keeps it:
//   - equal keys merge as A's copies of the key, then B's (a run of m and k copies); A's j-th copy (from 0) has a
//     match when k > j, B's j-th copy when m > j, so std::set_intersection keeps A's matched copies, set_union
//     every A copy and B's unmatched ones, set_difference A's unmatched ones and set_symmetric_difference both
//     sides' unmatched ones, each in the merge's order: the C++ standard's copies, stable;
//   - B's copy of rank r pairs with A's of rank r. Along the thread's outputs (consecutive in the merge), B's copy is
//     matched when A's copies, all merged before it, number more than its rank; A's copies wait in a mask until
//     B's copy of their rank comes. Three counts by galloping (gallop.glsl: one probe where the neighbour differs)
//     finish the runs cut by threads: the copies of the thread's first key before its place in A and in B, and
//     B's copies of its last key from its end place. They read the tile's keys in shared memory, its halo (the key
//     on each side of its parts, loaded with the tile), or, where a run of equal keys reaches past them, global
//     memory; no output needs a probe of its own.
// No Balanced Path is needed: the counts are exact wherever a run of equal keys is cut by tiles or threads. A
// workgroup sum of the kept outputs gives the tile's count:
//   - MODE MGPU_SETS_COUNT: to counts[tile];
//   - MODE MGPU_SETS_WRITE: counts[tile] is the tile's first output (the scanned counts); the kept outputs are
//     compacted in shared memory and stored coalesced, those below capacity, values gathered from their sources;
//   - MODE MGPU_SETS_ONEPASS: the write without the count pass and its scan: thread 0 publishes the tile's count and
//     subgroup 0 (thread 0 without subgroups) looks back over its predecessors' (lookback.glsl, count words) for the
//     tile's first output; the last tile writes the total to out_count.
// MODES COUNT and WRITE run the merge's software pipeline (tile_pipeline.glsl: each workgroup's next tile loads
// while it works on this one) and no workgroup waits on another; MODE ONEPASS hands the tiles out in the order
// workgroups take them, so every tile waited on is running or done.
// f32 keys are held as their order bits (keys.glsl): equal keys have equal bits, so an output key is the same
// whichever input's copy it comes from.
#include "shared/spec_ids.h"
#include "kernels/sets/sets_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 11u;
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

#define MGPU_MERGE_SLACK /* VT + 1 keys of slack: the serial merge's reads need no clamp (cta_merge.glsl) */
/* The tile's A keys, then its B keys; once its outputs are decided, the kept ones, compacted (MODES WRITE and
 * ONEPASS). */
shared MGPU_WKEY s_keys[gl_WorkGroupSize.x * VT + VT + 1u];
/* With values: each kept output's source (MGPU_SOURCE_B | index in B, or index in A). */
shared uint s_sources[VALUE_WORDS > 0u ? gl_WorkGroupSize.x * VT : 1u];
/* The tile's halo: A's key before its A part and after it, then B's (MGPU_HALO_*; each where it exists). */
shared MGPU_WKEY s_halo[4];
shared uint s_ticket, s_first; /* MODE ONEPASS: the tile taken, and its first output */

#define MGPU_HALO_A_BEFORE 0u
#define MGPU_HALO_A_AFTER  1u
#define MGPU_HALO_B_BEFORE 2u
#define MGPU_HALO_B_AFTER  3u

uint g_a_len;
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#define MGPU_MERGE_KEY(i) s_keys[i]
#include "include/merge_path.glsl"
#include "include/cta_merge.glsl"

/* mgpu_set_op's values */
#define MGPU_SET_INTERSECTION 0u
#define MGPU_SET_UNION 1u
#define MGPU_SET_DIFFERENCE 2u
#define MGPU_SOURCE_B 0x80000000u

mgpu_tile_span g_span; /* the tile being decided: where its A and B parts lie in their arrays */

/* Key i of B (b_side) or A, i within the array: from the tile's part in shared memory, its halo, or global memory. */
MGPU_WKEY mgpu_side_key(bool b_side, uint i) {
    uint first = b_side ? g_span.b_first : g_span.a_first, len = b_side ? g_span.b_len : g_span.a_len;
    uint local = i - first; /* wraps below first */
    if (local < len) return s_keys[(b_side ? g_span.a_len : 0u) + local];
    uint halo = b_side ? MGPU_HALO_B_BEFORE : MGPU_HALO_A_BEFORE;
    if (local == len) return s_halo[halo + 1u];
    if (i + 1u == first) return s_halo[halo];
    return MGPU_TO_WKEY(b_side ? TArray(pc.b_keys).v[i] : TArray(pc.a_keys).v[i]);
}

/* The galloping search's predicate (gallop.glsl): the side searched, the key, and whether the bound is the end of
 * its run (g_gallop_upper) or its start. */
bool g_gallop_b, g_gallop_upper;
MGPU_WKEY g_gallop_key;
bool mgpu_gallop_right(uint i) {
    MGPU_WKEY k = mgpu_side_key(g_gallop_b, i);
    return g_gallop_upper ? !mgpu_wkey_less(g_gallop_key, k) : mgpu_wkey_less(k, g_gallop_key);
}
#define MGPU_GALLOP_RIGHT(i) mgpu_gallop_right(i)
#include "include/gallop.glsl"

/* The number of keys equal to x right before position i of B (b_side) or A (the keys before i are at most x). */
uint mgpu_equal_before(bool b_side, uint i, MGPU_WKEY x) {
    g_gallop_b = b_side;
    g_gallop_upper = false;
    g_gallop_key = x;
    return i - mgpu_gallop(0u, i, true);
}

/* The number of keys of B equal to x from position i on (the keys from i on are at least x). */
uint mgpu_equal_from_b(uint i, MGPU_WKEY x) {
    g_gallop_b = true;
    g_gallop_upper = true;
    g_gallop_key = x;
    return mgpu_gallop(i, pc.b_count, false) - i;
}

/* Thread t < 4 loads halo key t of a tile into g_halo (MODES COUNT, WRITE: of the tile it loads next, as
 * tile_pipeline.glsl's prefetch); MGPU_SETS_STAGE_HALO moves it to shared memory when that tile starts. */
T g_halo;
void mgpu_halo_load(mgpu_tile_span span) {
    uint t = gl_LocalInvocationID.x;
    if (t >= 4u) return;
    bool b_side = t >= MGPU_HALO_B_BEFORE, after = (t & 1u) != 0u;
    uint first = b_side ? span.b_first : span.a_first, len = b_side ? span.b_len : span.a_len;
    uint count = b_side ? pc.b_count : pc.a_count;
    uint i = after ? first + len : first - 1u;
    if (after ? i < count : first > 0u) g_halo = b_side ? TArray(pc.b_keys).v[i] : TArray(pc.a_keys).v[i];
}
#define MGPU_SETS_STAGE_HALO() \
    if (gl_LocalInvocationID.x < 4u) s_halo[gl_LocalInvocationID.x] = MGPU_TO_WKEY(g_halo)

/* The tile (keys in s_keys, halo in s_halo) merged and decided: each thread's kept outputs as bits of `kept`, their
 * keys and sources (the global index, MGPU_SOURCE_B for B's) in keys and sources, and its first place among the
 * tile's kept outputs; returns the tile's count. Ends after the workgroup sum's barriers (s_keys free). */
uint mgpu_tile_decide(mgpu_tile_span span, out MGPU_WKEY keys[VT], out uint sources[VT], out uint kept,
                      out uint place) {
    uint tid = gl_LocalInvocationID.x, nv = gl_WorkGroupSize.x * VT;
    uint a_len = span.a_len, count = span.a_len + span.b_len;
    g_a_len = a_len;
    g_span = span;
    uint diag = min(tid * VT, count);
    uint a = mgpu_merge_path(a_len, span.b_len, diag);
    uint b = a_len + diag - a;
    uint a0 = a, b0 = b - a_len; /* the thread's place in the tile's A and B parts */
    mgpu_serial_merge(keys, sources, a, a_len, b, count, nv - 1u);
    // Each output decided from the thread's outputs (consecutive in the merge) and three counts at most, with no
    // probe per output: the copies of its first key before its place in A and B, and the copies in B of its last
    // key from its end place in B (each by galloping, one probe where the neighbour differs). A key's copies merge
    // as A's, then B's; B's copy of rank r is paired with A's of rank r:
    //   - B's copy of rank r is matched when A has more than r copies: all of them merge before it, so they are
    //     counted by then (run_a, from the copies before the thread's place in A);
    //   - A's copies wait in `pending` (consecutive outputs, lowest first) until B's copy of their rank comes: the
    //     first `skip` B copies of the thread's first run pair with A's copies before the thread, each later one
    //     takes the lowest pending copy; B's copies past the thread's end pair with its last run's. (A run with A's
    //     copies in the thread has none of B's before the thread, so its B copies here start at rank 0.)
    bool a_decided = SET_OP != MGPU_SET_UNION, b_decided = SET_OP == MGPU_SET_UNION || SET_OP > MGPU_SET_DIFFERENCE;
    uint valid = diag < count ? min(VT, count - diag) : 0u; /* the thread's outputs within the tile */
    MGPU_WKEY run_key = keys[0];
    uint run_a = 0u, run_b = 0u; /* the copies of run_key before the next output, in A and in B */
    if (valid > 0u) {
        run_a = mgpu_equal_before(false, span.a_first + a0, run_key);
        if (b_decided) run_b = mgpu_equal_before(true, span.b_first + b0, run_key);
    }
    uint skip = run_a;                          /* B copies of the run still to pair with A's before the thread */
    uint pending = 0u, matched = 0u, a_bits = 0u; /* A's outputs: unpaired in the run, paired, all */
    kept = 0u;
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        bool is_a = sources[j] < a_len;
        if (j < valid) {
            if (!mgpu_wkey_equal(keys[j], run_key)) { /* a new run: the last one's unpaired A copies stay so */
                run_key = keys[j];
                run_a = 0u;
                run_b = 0u;
                skip = 0u;
                pending = 0u;
            }
            if (is_a) {
                a_bits |= 1u << j;
                pending |= 1u << j;
                ++run_a;
            } else {
                if (b_decided && run_b >= run_a) kept |= 1u << j; /* unmatched */
                ++run_b;
                if (skip > 0u) --skip;
                else {
                    matched |= pending & (0u - pending); /* the lowest */
                    pending &= pending - 1u;
                }
            }
        }
        sources[j] = is_a ? span.a_first + sources[j] : (span.b_first + sources[j] - a_len) | MGPU_SOURCE_B;
    }
    if (a_decided) {
        if (pending != 0u) { /* the last run's: paired with B's copies past the thread's end place in B */
            uint after = mgpu_equal_from_b(span.b_first + b - a_len, run_key);
            int paired = after > skip ? int(min(after - skip, uint(bitCount(pending)))) : 0;
            matched |= bitfieldInsert(0u, ~0u, findLSB(pending), paired);
        }
        kept |= SET_OP == MGPU_SET_INTERSECTION ? matched : a_bits & ~matched;
    } else {
        kept |= a_bits; /* union: every A copy */
    }
    uint total;
    place = mgpu_cta_exclusive_sum(uint(bitCount(kept)), total); /* its barriers: s_keys is free */
    return total;
}

/* The one pass loads 32-bit values from their sources before its look-back, so that the loads overlap the wait,
 * and stages them in shared memory with the keys (H200, set_union_pairs u32 2^26: 760 -> 727 us); 64-bit values
 * are gathered after it (loaded early they took 88 registers and 30 KB of shared memory: 1041 -> 1647 us;
 * bench/RESULTS.md, twenty-ninth session). */
const bool EARLY_VALUES = VALUE_WORDS == 1u;

/* The value of the output whose source is `source` (MGPU_SOURCE_B | index in B, or index in A). */
uvec2 mgpu_source_value(uint source) {
    uvec2 address = (source & MGPU_SOURCE_B) != 0u ? pc.b_values : pc.a_values;
    return mgpu_value_load(address, source & ~MGPU_SOURCE_B);
}

/* EARLY_VALUES: each kept output's value, loaded from its source into `values`. */
void mgpu_tile_load_values(uint sources[VT], uint kept, out uint values[VT]) {
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        values[j] = 0u;
        if ((kept & (1u << j)) != 0u) values[j] = mgpu_source_value(sources[j]).x;
    }
}

/* The thread's kept outputs to their places in shared memory (s_keys; s_sources: their sources, or where `loaded`
 * (EARLY_VALUES) their values), then (after a barrier) the tile's `total` outputs stored coalesced from `first`
 * on, those below capacity, values gathered from their sources where not loaded. */
void mgpu_tile_store(MGPU_WKEY keys[VT], uint sources[VT], bool loaded, uint values[VT], uint kept, uint place,
                     uint first, uint total) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if ((kept & (1u << j)) != 0u) {
            s_keys[place] = keys[j];
            if (VALUE_WORDS > 0u) s_sources[place] = loaded ? values[j] : sources[j];
            ++place;
        }
    }
    barrier();
    uint stored = min(total, pc.capacity > first ? pc.capacity - first : 0u);
    TArray out_keys = TArray(pc.out_keys);
    mgpu_store_striped(out_keys.v, first, s_keys, stored);
    if (VALUE_WORDS > 0u && loaded) { /* as bits (mgpu_store_striped would convert them as keys) */
        UintArray out_values = UintArray(pc.out_values);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < stored) out_values.v[first + i] = s_sources[i];
        }
    } else if (VALUE_WORDS > 0u) { /* all loads in flight before the stores */
        uvec2 values[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < stored) values[j] = mgpu_source_value(s_sources[i]);
        }
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < stored) mgpu_value_store(pc.out_values, first + i, values[j]);
        }
    }
}

/* The span of `tile` whose A elements are [a0, a1). */
mgpu_tile_span mgpu_span(uint tile, uint a0, uint a1) {
    return mgpu_merge_tile_span(pc.a_count, pc.b_count, 0u, gl_WorkGroupSize.x * VT, tile, a0, a1);
}

/* MODES COUNT and WRITE: one tile of the pipeline (its keys and halo in shared memory). */
void mgpu_tile_work(mgpu_tile_span span) {
    MGPU_WKEY keys[VT];
    uint sources[VT];
    uint kept, place;
    uint total = mgpu_tile_decide(span, keys, sources, kept, place);
    uint tile = span.first / (gl_WorkGroupSize.x * VT);
    if (MODE == MGPU_SETS_COUNT) {
        if (gl_LocalInvocationID.x == 0u) UintArray(pc.counts).v[tile] = total;
        return;
    }
    uint unused[VT];
    mgpu_tile_store(keys, sources, false, unused, kept, place, UintArray(pc.counts).v[tile], total);
}

#define MGPU_TILE_KEYS s_keys
#define MGPU_TILE_SPAN mgpu_span
#define MGPU_TILE_WORK mgpu_tile_work
#define MGPU_TILE_PREFETCH(span) mgpu_halo_load(span)
#define MGPU_TILE_STAGE(span) MGPU_SETS_STAGE_HALO()
#include "include/tile_pipeline.glsl"

/* MODE ONEPASS: the tiles before `tile`'s outputs, valid in thread 0. With subgroups, subgroup 0 walks back a
 * subgroup's width of tiles per round trip (H200, set_union u32 at 2^26: one thread walking 4 at a time made the
 * one pass slower than count, scan and write past 16384 tiles: bench/RESULTS.md, eleventh session); without,
 * thread 0. */
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

/* MODE ONEPASS: one tile, loaded, decided, its first output found by look-back, stored. */
void mgpu_onepass_tile(uint tile, uint tiles) {
    uint tid = gl_LocalInvocationID.x;
    mgpu_tile_span span = mgpu_span(tile, UintArray(pc.partitions).v[tile], UintArray(pc.partitions).v[tile + 1u]);
    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys);
    T loaded[VT];
    mgpu_tile_load(loaded, a_keys, b_keys, span);
    mgpu_halo_load(span);
    mgpu_striped_to_shared(s_keys, loaded, span.a_len + span.b_len);
    MGPU_SETS_STAGE_HALO();
    barrier();
    MGPU_WKEY keys[VT];
    uint sources[VT];
    uint kept, place;
    uint total = mgpu_tile_decide(span, keys, sources, kept, place);
    uint values[VT];
    if (EARLY_VALUES) mgpu_tile_load_values(sources, kept, values);
    UintArrayCoherent state = UintArrayCoherent(pc.state);
    if (tid == 0u && tile > 0u) mgpu_lookback_store(state, STATE(tile), mgpu_lookback_count_word(total, false));
    uint prefix = mgpu_walk_back(state, tile);
    if (tid == 0u) {
        mgpu_lookback_store(state, STATE(tile), mgpu_lookback_count_word(prefix + total, true));
        s_first = prefix;
        if (tile + 1u == tiles && pc.out_count != uvec2(0u)) UintArray(pc.out_count).v[0] = prefix + total;
    }
    barrier();
    mgpu_tile_store(keys, sources, EARLY_VALUES, values, kept, place, s_first, total);
}

void main() {
    uint nv = gl_WorkGroupSize.x * VT;
    uint tiles = (pc.a_count + pc.b_count + nv - 1u) / nv;
    if (MODE != MGPU_SETS_ONEPASS) {
        mgpu_pipelined_tiles(tiles);
        return;
    }
    for (;;) {
        if (gl_LocalInvocationID.x == 0u) s_ticket = mgpu_lookback_take_tile(UintArrayCoherent(pc.state));
        barrier();
        uint tile = s_ticket;
        if (tile >= tiles) break;
        mgpu_onepass_tile(tile, tiles);
        barrier(); /* the next tile reuses shared memory, s_ticket included */
    }
}
