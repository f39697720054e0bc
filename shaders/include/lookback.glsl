/*
 * lookback.glsl: decoupled look-back (Merrill and Garland), the single-pass kernels' way to give each tile the
 * reduction of all tiles before it: the scan (scan_lookback.comp: one value of T per tile) and the one-sweep
 * radix pass (radix_onesweep.comp: one count per digit and tile).
 *
 * The protocol, one for both:
 *   - Tiles are numbered in the order workgroups start (mgpu_lookback_take_tile: a counter), so every
 *     predecessor of a tile is running or done.
 *   - Per slot (the scan: its value; the radix pass: each digit's count), a tile publishes its aggregate as
 *     soon as it has it, and its inclusive prefix once it knows it (tile 0 publishes its aggregate as its
 *     inclusive prefix).
 *   - A reader walks back from the tile's predecessor, adding aggregates, until an inclusive prefix.
 *   - A state is self-describing 32-bit words: each word carries the flag (not ready, aggregate, inclusive:
 *     MGPU_LOOKBACK_*) together with its value, so a reader needs no ordering between a value and its flag. Words are
 *     written and read with relaxed device-scope atomics (mgpu_lookback_store, mgpu_lookback_load): no fence, no
 *     acquire, no release. The host zeroes the states (0: not ready) before the first tile runs.
 *
 * Two encodings of a word, for the two kinds of value:
 *   - split words (any T): MGPU_TILE_WORDS words per tile (MGPU_LOOKBACK_TILE_STRIDE words apart: a cache line
 *     each, so that pollers of neighbouring tiles do not meet on one line), word i = {flag: high 16 bits | bits
 *     [16 i, 16 i + 16)
 *     of the value}. A tile writes each word twice at most (its aggregate, then its inclusive prefix) with
 *     different flags, so words that agree on the flag belong to one publish; a reader that sees them disagree
 *     reads again. 32-bit words need no 64-bit atomics (the split-word scheme of the Decoupled Fallback paper,
 *     section 5). mgpu_tile_state_publish, mgpu_tile_state_read.
 *   - count words (counts below 2^31 - 1): one word per slot: 0 not ready, count + 1 an aggregate, count |
 *     MGPU_LOOKBACK_COUNT_INCLUSIVE an inclusive prefix. mgpu_lookback_count_word.
 *
 * Two walks, which stay apart: their loops divide different work, and either in the other's shape would be
 * slower. The scan has one value per tile: a whole subgroup walks for it, one predecessor per lane per round
 * trip, reducing the values with the kernel's operator, and a predecessor silent for LOOKBACK_WAIT reads is
 * reduced from the input instead, so that an out-of-place scan never waits without bound (mgpu_lookback_values).
 * The radix pass has 256 slots per tile: one thread per digit walks, MGPU_LOOKBACK_COUNT_WINDOW predecessors per
 * round trip, adding counts (mgpu_lookback_counts). A subgroup per digit would spend 256 subgroup walks per tile;
 * one thread per scan tile would serialize its round trips. The count walks wait without bound, unless the kernel
 * gives them a recompute (below).
 *
 * Contract: include after types.glsl. The value walk (defined when ops.glsl is included) needs T's operator
 * (ops.glsl, and subgroup.glsl with MGPU_SUBGROUP) and `layout(constant_id = MGPU_SPEC_LOOKBACK_WAIT) const uint
 * LOOKBACK_WAIT`: a predecessor still silent after LOOKBACK_WAIT reads is reduced from the input by the waiting
 * tile itself (0: at once, a verification mode; MGPU_LOOKBACK_WAIT_FOREVER, 0xffffffff: wait without bound, for
 * in-place scans, whose predecessors may have overwritten their input, and kernels on devices known to keep
 * started workgroups progressing; the specialized pipeline then holds no fallback code: with the segmented
 * reduce's recompute in it, its one pass ran at 170 us instead of 125, bench/RESULTS.md, sixteenth session). A
 * kernel whose predecessors' values are not the reduction of their inputs defines MGPU_LOOKBACK_RECOMPUTE and
 * `uint mgpu_lookback_recompute(uint pred, out T value)` (its flag and value, recomputed; called by the whole
 * subgroup in the subgroup walk, by the walking thread otherwise) before including this file. A kernel whose count
 * walks must not wait without bound (where the look-back is not known safe: llvmpipe ends every loop of an
 * invocation once its loops together have run 65535 iterations, so a long wait there is cut silently and the walk
 * takes an unpublished word for a count) defines MGPU_LOOKBACK_COUNT_RECOMPUTE, declares LOOKBACK_WAIT as above
 * and defines `uint mgpu_lookback_count_recompute(uint pred, uint slot)`: the count word predecessor `pred`
 * publishes in `slot`, recomputed from the input (an aggregate, or the inclusive prefix a tile publishes at once,
 * such as the radix pass's tile 0); called by the whole subgroup in the subgroup walk, by the walking thread in
 * mgpu_lookback_counts. A predecessor still silent after LOOKBACK_WAIT reads of its word is then recomputed; with
 * MGPU_LOOKBACK_WAIT_FOREVER the walks wait, and the specialized pipeline holds no recompute. GLSL450 memory
 * model with coherent buffers, not the Vulkan memory model (lavapipe, Mesa 22.3, drops a subgroup's stores from
 * modules that declare it).
 */
#ifndef MGPU_LOOKBACK_GLSL
#define MGPU_LOOKBACK_GLSL

#extension GL_KHR_memory_scope_semantics : require
#include "shared/constants.h" /* the flags and word layouts, shared with the host */

/* The next tile in the order workgroups start, from the counter at counter[0] (zeroed by the host). */
uint mgpu_lookback_take_tile(UintArrayCoherent counter) { return atomicAdd(counter.v[0], 1u); }

/* Word i of a state (UintArrayCoherent), written and read relaxed at device scope. Macros: the word's address
 * and value are computed in the order the caller writes them. */
#define mgpu_lookback_store(state, i, word) \
    atomicStore((state).v[i], word, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed)
#define mgpu_lookback_load(state, i) \
    atomicLoad((state).v[i], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed)

/* Split words: tile `tile`'s state is words [tile * MGPU_LOOKBACK_TILE_STRIDE, .. + MGPU_TILE_WORDS). */
#define MGPU_TILE_WORDS MGPU_LOOKBACK_STATE_WORDS(MGPU_WORDS)

/* LOOKBACK_WAIT: wait without bound, never recompute (a constant, so the fallback's code goes). */
#define MGPU_LOOKBACK_WAIT_FOREVER 0xffffffffu

void mgpu_tile_state_publish(UintArrayCoherent state, uint tile, T value, uint flag) {
    uvec2 w = mgpu_to_words(value);
    [[unroll]] for (uint i = 0u; i < MGPU_TILE_WORDS; ++i) {
        uint piece = (w[i >> 1u] >> (16u * (i & 1u))) & 0xffffu;
        mgpu_lookback_store(state, tile * MGPU_LOOKBACK_TILE_STRIDE + i, (flag << 16u) | piece);
    }
}

/* The flag of `tile` and, unless MGPU_LOOKBACK_NOT_READY, the value published with it. */
uint mgpu_tile_state_read(UintArrayCoherent state, uint tile, out T value) {
    uint word[MGPU_TILE_WORDS];
    [[unroll]] for (uint i = 0u; i < MGPU_TILE_WORDS; ++i)
        word[i] = mgpu_lookback_load(state, tile * MGPU_LOOKBACK_TILE_STRIDE + i);
    uint flag = word[0] >> 16u;
    [[unroll]] for (uint i = 1u; i < MGPU_TILE_WORDS; ++i)
        if (word[i] >> 16u != flag) flag = MGPU_LOOKBACK_NOT_READY;
    uvec2 w = uvec2((word[0] & 0xffffu) | (word[1] << 16u), 0u);
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
    w.y = (word[2] & 0xffffu) | (word[3] << 16u);
#endif
    value = mgpu_from_words(w);
    return flag;
}

/* Count words: the word that publishes `count` as an aggregate, or as an inclusive prefix. */
uint mgpu_lookback_count_word(uint count, bool inclusive) {
    return inclusive ? count | MGPU_LOOKBACK_COUNT_INCLUSIVE : count + 1u;
}

/* Count-word reads per round trip of mgpu_lookback_counts (H100, u32 at 2^26: 4 694, 8 705, 16 699 us per
 * radix pass). */
#define MGPU_LOOKBACK_COUNT_WINDOW 4u

/* The exclusive prefix of slot `slot` of `tile`: the sum of the counts its predecessors published there, read
 * back from tile - 1 until an inclusive prefix (0 for tile 0), MGPU_LOOKBACK_COUNT_WINDOW words per round trip.
 * Waits for a predecessor that has not published: without bound, or with MGPU_LOOKBACK_COUNT_RECOMPUTE for
 * LOOKBACK_WAIT round trips that find it first in the window and silent, then recomputes its word. The word of
 * (tile, slot) is state[header + tile * slots + slot]. */
uint mgpu_lookback_counts(UintArrayCoherent state, uint header, uint slots, uint tile, uint slot) {
    uint prefix = 0u;
    bool done = tile == 0u;
#ifdef MGPU_LOOKBACK_COUNT_RECOMPUTE
    uint reads = 0u; /* round trips that found predecessor p - 1 silent */
#endif
    for (uint p = tile; !done;) { /* p: the predecessors not yet added are 0 .. p - 1 */
        uint words[MGPU_LOOKBACK_COUNT_WINDOW];
        [[unroll]] for (uint k = 0u; k < MGPU_LOOKBACK_COUNT_WINDOW; ++k) /* before tile 0: an inclusive 0 */
            words[k] = p > k ? mgpu_lookback_load(state, header + (p - 1u - k) * slots + slot)
                             : MGPU_LOOKBACK_COUNT_INCLUSIVE;
#ifdef MGPU_LOOKBACK_COUNT_RECOMPUTE
        if (LOOKBACK_WAIT != MGPU_LOOKBACK_WAIT_FOREVER) {
            if (words[0] != 0u) reads = 0u;
            else if (reads < LOOKBACK_WAIT) ++reads;
            else { /* give up waiting: its word from the input */
                words[0] = mgpu_lookback_count_recompute(p - 1u, slot);
                reads = 0u;
            }
        }
#endif
        bool stalled = false; /* a predecessor not published yet: read again from it */
        [[unroll]] for (uint k = 0u; k < MGPU_LOOKBACK_COUNT_WINDOW; ++k) {
            uint v = words[k];
            if (done || stalled) continue;
            if (v == 0u) stalled = true;
            else if ((v & MGPU_LOOKBACK_COUNT_INCLUSIVE) != 0u) {
                prefix += v & ~MGPU_LOOKBACK_COUNT_INCLUSIVE;
                done = true;
            } else {
                prefix += v - 1u;
                --p;
            }
        }
    }
    return prefix;
}

#ifdef MGPU_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
/* mgpu_lookback_counts by every lane of one subgroup, for a single slot: each round, lane i reads predecessor
 * window_end - i (one round trip for gl_SubgroupSize predecessors, where the one-thread walk reads
 * MGPU_LOOKBACK_COUNT_WINDOW); a ballot finds the nearest inclusive prefix, and only lanes up to it whose word is
 * not published yet read again. Waits without bound, or with MGPU_LOOKBACK_COUNT_RECOMPUTE LOOKBACK_WAIT reads,
 * after which the subgroup recomputes each silent lane's word. Every lane returns the prefix. */
uint mgpu_lookback_counts_subgroup(UintArrayCoherent state, uint header, uint slots, uint tile, uint slot) {
    uint lane = gl_SubgroupInvocationID, prefix = 0u;
    int window_end = int(tile) - 1;
    bool found = tile == 0u;
    while (!found) {
        int pred = window_end - int(lane);
        uint index = header + uint(max(pred, 0)) * slots + slot;
        uint w = pred >= 0 ? mgpu_lookback_load(state, index) : MGPU_LOOKBACK_COUNT_INCLUSIVE; /* before tile 0 */
        bool needed;
#ifdef MGPU_LOOKBACK_COUNT_RECOMPUTE
        uint reads = 1u;
#endif
        for (;;) {
            uvec4 inclusive = subgroupBallot((w & MGPU_LOOKBACK_COUNT_INCLUSIVE) != 0u);
            found = subgroupBallotBitCount(inclusive) > 0u;
            needed = lane <= (found ? subgroupBallotFindLSB(inclusive) : gl_SubgroupSize - 1u);
            bool waiting = needed && w == 0u;
            uvec4 silent = subgroupBallot(waiting);
            if (subgroupBallotBitCount(silent) == 0u) break; /* ballot: no Vote capability */
#ifdef MGPU_LOOKBACK_COUNT_RECOMPUTE
            if (LOOKBACK_WAIT != MGPU_LOOKBACK_WAIT_FOREVER && reads >= LOOKBACK_WAIT) {
                // Give up waiting: each silent predecessor's word from the input (then the ballots again: a
                // recomputed word may be an inclusive prefix).
                while (subgroupBallotBitCount(silent) > 0u) {
                    uint l = subgroupBallotFindLSB(silent);
                    uint r = mgpu_lookback_count_recompute(uint(window_end - int(l)), slot);
                    if (lane == l) w = r;
                    silent[l >> 5u] &= ~(1u << (l & 31u));
                }
                continue;
            }
            if (LOOKBACK_WAIT != MGPU_LOOKBACK_WAIT_FOREVER) ++reads; /* no counter at all in a pipeline that waits */
#endif
            if (waiting) w = mgpu_lookback_load(state, index);
        }
        uint count = (w & MGPU_LOOKBACK_COUNT_INCLUSIVE) != 0u ? w & ~MGPU_LOOKBACK_COUNT_INCLUSIVE : w - 1u;
        prefix += subgroupAdd(needed ? count : 0u);
        window_end -= int(gl_SubgroupSize);
    }
    return prefix;
}
#endif

#ifdef MGPU_OPS_GLSL
#ifdef MGPU_SUBGROUP
/* The reduction of input tile `tile`, by the calling subgroup. */
T mgpu_subgroup_reduce_tile(TArray src, uint count, uint tile_size, uint tile) {
    uint first = tile * tile_size;
    uint end = min(first + tile_size, count);
    T v = mgpu_op_identity();
    for (uint i = first + gl_SubgroupInvocationID; i < end; i += gl_SubgroupSize) v = mgpu_op_apply(v, src.v[i]);
    return mgpu_subgroup_reduce(v);
}

/* The exclusive prefix of `tile` (> 0), by every lane of one subgroup. Each round, lane i reads predecessor
 * window_end - i (one round trip for gl_SubgroupSize predecessors); a ballot finds the nearest inclusive
 * prefix, and only lanes up to it that found no flag yet read again. A lane still silent after LOOKBACK_WAIT
 * reads has its tile reduced from the input by the subgroup. */
T mgpu_lookback_values(UintArrayCoherent state, uint tile, TArray src, uint count, uint tile_size) {
    uint lane = gl_SubgroupInvocationID;
    T prefix = mgpu_op_identity();
    int window_end = int(tile) - 1;
    bool found = false;
    while (!found) {
        int pred = window_end - int(lane);
        T v = mgpu_op_identity();
        uint flag = MGPU_LOOKBACK_INCLUSIVE; // before tile 0: the identity, inclusive
        if (pred >= 0) flag = LOOKBACK_WAIT == 0u ? MGPU_LOOKBACK_NOT_READY : mgpu_tile_state_read(state, uint(pred), v);
        uint reads = 1u;
        bool needed;
        for (;;) {
            uvec4 inclusive = subgroupBallot(flag == MGPU_LOOKBACK_INCLUSIVE);
            uint stop = subgroupBallotBitCount(inclusive) > 0u ? subgroupBallotFindLSB(inclusive) : gl_SubgroupSize - 1u;
            found = subgroupBallotBitCount(inclusive) > 0u;
            needed = lane <= stop;
            uvec4 silent = subgroupBallot(needed && flag == MGPU_LOOKBACK_NOT_READY);
            if (subgroupBallotBitCount(silent) == 0u) break;
            if (LOOKBACK_WAIT != MGPU_LOOKBACK_WAIT_FOREVER && reads >= LOOKBACK_WAIT) {
                // Give up waiting: reduce each silent predecessor from the input, as an aggregate.
                while (subgroupBallotBitCount(silent) > 0u) {
                    uint l = subgroupBallotFindLSB(silent);
                    T r;
                    uint recomputed = MGPU_LOOKBACK_AGGREGATE;
#ifdef MGPU_LOOKBACK_RECOMPUTE
                    recomputed = mgpu_lookback_recompute(uint(window_end - int(l)), r);
#else
                    r = mgpu_subgroup_reduce_tile(src, count, tile_size, uint(window_end - int(l)));
#endif
                    if (lane == l) {
                        v = r;
                        flag = recomputed;
                    }
                    silent[l >> 5u] &= ~(1u << (l & 31u));
                }
                continue; // the stop lane stays where it is: a reduced tile is an aggregate
            }
            if (needed && flag == MGPU_LOOKBACK_NOT_READY) flag = mgpu_tile_state_read(state, uint(pred), v);
            ++reads;
        }
        // Lanes run against sequence order; the operators are commutative.
        prefix = mgpu_op_apply(mgpu_subgroup_reduce(needed ? v : mgpu_op_identity()), prefix);
        window_end -= int(gl_SubgroupSize);
    }
    return prefix;
}
#else
/* The exclusive prefix of `tile` (> 0), read by one thread, one predecessor at a time; a predecessor still
 * silent after LOOKBACK_WAIT reads is reduced from the input by this thread. */
T mgpu_lookback_values(UintArrayCoherent state, uint tile, TArray src, uint count, uint tile_size) {
    T prefix = mgpu_op_identity();
    for (int pred = int(tile) - 1; pred >= 0; --pred) {
        T v = mgpu_op_identity();
        uint flag = MGPU_LOOKBACK_NOT_READY;
        for (uint reads = 0u;
             flag == MGPU_LOOKBACK_NOT_READY && (LOOKBACK_WAIT == MGPU_LOOKBACK_WAIT_FOREVER || reads < LOOKBACK_WAIT);
             ++reads)
            flag = mgpu_tile_state_read(state, uint(pred), v);
        if (LOOKBACK_WAIT != MGPU_LOOKBACK_WAIT_FOREVER && flag == MGPU_LOOKBACK_NOT_READY) {
#ifdef MGPU_LOOKBACK_RECOMPUTE
            flag = mgpu_lookback_recompute(uint(pred), v);
#else
            uint first = uint(pred) * tile_size;
            for (uint i = first; i < min(first + tile_size, count); ++i) v = mgpu_op_apply(v, src.v[i]);
#endif
        }
        prefix = mgpu_op_apply(v, prefix);
        if (flag == MGPU_LOOKBACK_INCLUSIVE) break;
    }
    return prefix;
}
#endif
#endif

#endif
