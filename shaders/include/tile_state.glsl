/*
 * tile_state.glsl: the state a tile of a single-pass (chained) scan publishes for its successors, and the
 * decoupled look-back (Merrill and Garland) that reads it.
 *
 * Encoding: MGPU_TILE_WORDS 32-bit words per tile, each {flag: high 16 bits | 16 bits of the value}, word i
 * holding bits [16 i, 16 i + 16) of the value. Every word travels with its own flag, so a reader needs no
 * ordering between the value and the flag: the words are written and read with relaxed atomics at device
 * scope, with no fence, no acquire and no release. A tile writes each word twice at most (its aggregate,
 * then its inclusive prefix) with different flags, so words that agree on the flag belong to one publish; a
 * reader that sees them disagree reads again. 32-bit words need no 64-bit atomics (the split-word scheme of
 * the Decoupled Fallback paper, section 5).
 *
 * Contract: the kernel includes types.glsl and ops.glsl (and subgroup.glsl when MGPU_SUBGROUP) and declares
 * `layout(constant_id = MGPU_SPEC_LOOKBACK_WAIT) const uint LOOKBACK_WAIT`: a predecessor still silent after
 * LOOKBACK_WAIT reads is reduced from the input by the waiting tile itself, so nothing waits on another
 * workgroup without bound (0: at once, a verification mode; 0xffffffff: wait, for in-place scans, whose
 * predecessors may have overwritten their input).
 */
#ifndef MGPU_TILE_STATE_GLSL
#define MGPU_TILE_STATE_GLSL

#extension GL_KHR_memory_scope_semantics : require

#define MGPU_TILE_WORDS (2u * MGPU_WORDS)

void mgpu_tile_state_publish(UintArrayCoherent state, uint tile, T value, uint flag) {
    uvec2 w = mgpu_to_words(value);
    [[unroll]] for (uint i = 0u; i < MGPU_TILE_WORDS; ++i) {
        uint piece = (w[i >> 1u] >> (16u * (i & 1u))) & 0xffffu;
        atomicStore(state.v[tile * MGPU_TILE_WORDS + i], (flag << 16u) | piece, gl_ScopeDevice, gl_StorageSemanticsBuffer,
                    gl_SemanticsRelaxed);
    }
}

/* The flag of `tile` and, unless MGPU_TILE_NOT_READY, the value published with it. */
uint mgpu_tile_state_read(UintArrayCoherent state, uint tile, out T value) {
    uint word[MGPU_TILE_WORDS];
    [[unroll]] for (uint i = 0u; i < MGPU_TILE_WORDS; ++i)
        word[i] = atomicLoad(state.v[tile * MGPU_TILE_WORDS + i], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
    uint flag = word[0] >> 16u;
    [[unroll]] for (uint i = 1u; i < MGPU_TILE_WORDS; ++i)
        if (word[i] >> 16u != flag) flag = MGPU_TILE_NOT_READY;
    uvec2 w = uvec2((word[0] & 0xffffu) | (word[1] << 16u), 0u);
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
    w.y = (word[2] & 0xffffu) | (word[3] << 16u);
#endif
    value = mgpu_from_words(w);
    return flag;
}

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
T mgpu_lookback(UintArrayCoherent state, uint tile, TArray src, uint count, uint tile_size) {
    uint lane = gl_SubgroupInvocationID;
    T prefix = mgpu_op_identity();
    int window_end = int(tile) - 1;
    bool found = false;
    while (!found) {
        int pred = window_end - int(lane);
        T v = mgpu_op_identity();
        uint flag = MGPU_TILE_INCLUSIVE; // before tile 0: the identity, inclusive
        if (pred >= 0) flag = LOOKBACK_WAIT == 0u ? MGPU_TILE_NOT_READY : mgpu_tile_state_read(state, uint(pred), v);
        uint reads = 1u;
        bool needed;
        for (;;) {
            uvec4 inclusive = subgroupBallot(flag == MGPU_TILE_INCLUSIVE);
            uint stop = subgroupBallotBitCount(inclusive) > 0u ? subgroupBallotFindLSB(inclusive) : gl_SubgroupSize - 1u;
            found = subgroupBallotBitCount(inclusive) > 0u;
            needed = lane <= stop;
            uvec4 silent = subgroupBallot(needed && flag == MGPU_TILE_NOT_READY);
            if (subgroupBallotBitCount(silent) == 0u) break;
            if (reads >= LOOKBACK_WAIT) {
                // Give up waiting: reduce each silent predecessor from the input, as an aggregate.
                while (subgroupBallotBitCount(silent) > 0u) {
                    uint l = subgroupBallotFindLSB(silent);
                    T r = mgpu_subgroup_reduce_tile(src, count, tile_size, uint(window_end - int(l)));
                    if (lane == l) {
                        v = r;
                        flag = MGPU_TILE_AGGREGATE;
                    }
                    silent[l >> 5u] &= ~(1u << (l & 31u));
                }
                continue; // the stop lane stays where it is: a reduced tile is an aggregate
            }
            if (needed && flag == MGPU_TILE_NOT_READY) flag = mgpu_tile_state_read(state, uint(pred), v);
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
T mgpu_lookback(UintArrayCoherent state, uint tile, TArray src, uint count, uint tile_size) {
    T prefix = mgpu_op_identity();
    for (int pred = int(tile) - 1; pred >= 0; --pred) {
        T v = mgpu_op_identity();
        uint flag = MGPU_TILE_NOT_READY;
        for (uint reads = 0u; flag == MGPU_TILE_NOT_READY && reads < LOOKBACK_WAIT; ++reads)
            flag = mgpu_tile_state_read(state, uint(pred), v);
        if (flag == MGPU_TILE_NOT_READY) {
            uint first = uint(pred) * tile_size;
            for (uint i = first; i < min(first + tile_size, count); ++i) v = mgpu_op_apply(v, src.v[i]);
        }
        prefix = mgpu_op_apply(v, prefix);
        if (flag == MGPU_TILE_INCLUSIVE) break;
    }
    return prefix;
}
#endif

#endif
