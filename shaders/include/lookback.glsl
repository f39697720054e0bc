/*
 * lookback.glsl: decoupled look-back (Merrill and Garland) over the tiles of a single-pass scan.
 * Contract: the kernel includes types.glsl and ops.glsl (and subgroup.glsl when MGPU_SUBGROUP) and declares
 * `layout(constant_id = MGPU_SPEC_LOOKBACK_WAIT) const uint LOOKBACK_WAIT` and
 * `layout(constant_id = MGPU_SPEC_LOOKBACK_SPAN) const uint LOOKBACK_SPAN` (>= 1): each look-back step of
 * the subgroup variant covers LOOKBACK_SPAN * gl_SubgroupSize predecessors in two round trips to memory
 * (flags, then values), and that rate bounds how fast tiles can retire. With a span above 1 the flags are
 * read with relaxed loads and one acquire fence per step (an acquire load per flag costs a fence each on
 * NVIDIA); with a span of 1, with acquire loads. lavapipe 22.3 loses the subgroup on the explicit
 * memoryBarrier, on relaxed atomic loads and on a span above 1, so CPU devices use a span of 1.
 * Each tile t
 * publishes its reduction as MGPU_TILE_AGGREGATE (aggregates[t]) as soon as it is known, then its inclusive
 * prefix as MGPU_TILE_INCLUSIVE (inclusives[t]). Values live in coherent buffers; each is written before its
 * flag, which is stored with release semantics and loaded with acquire semantics at device scope.
 * Tiles take their index from a dynamic counter, so every predecessor has started; still, nothing here
 * waits on another workgroup without bound: a predecessor that stays silent for LOOKBACK_WAIT reads
 * is reduced from the input by the waiting tile itself. That keeps the scan correct on devices without
 * forward-progress guarantees between workgroups. (lavapipe 22.3 with several threads was seen losing a
 * workgroup that waits here, the cause not established; ctest runs the look-back family on one thread.)
 */
#ifndef MGPU_LOOKBACK_GLSL
#define MGPU_LOOKBACK_GLSL

#extension GL_KHR_memory_scope_semantics : require

void mgpu_tile_publish(UintArrayCoherent flags, TArrayCoherent values, uint tile, T value, uint flag) {
    values.v[tile] = value;
    atomicStore(flags.v[tile], flag, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
}

/* The flag of `tile` once it is set, or MGPU_TILE_NOT_READY after LOOKBACK_WAIT reads (at once for 0). */
uint mgpu_tile_flag_bounded(UintArrayCoherent flags, uint tile) {
    if (LOOKBACK_WAIT == 0u) return MGPU_TILE_NOT_READY;
    uint flag;
    uint reads = 0u;
    do {
        flag = atomicLoad(flags.v[tile], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
    } while (flag == MGPU_TILE_NOT_READY && ++reads < LOOKBACK_WAIT);
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

/* The exclusive prefix of `tile` (> 0). Called by every lane of one subgroup. Step by step, lane i reads
 * predecessors tile - 1 - (j * gl_SubgroupSize + i) for j < LOOKBACK_SPAN (flags with acquire loads,
 * then values), and the step's values up to the nearest inclusive prefix are reduced. A
 * predecessor still silent after a bounded wait is reduced from the input by the subgroup itself. */
T mgpu_lookback(UintArrayCoherent flags, TArrayCoherent aggregates, TArrayCoherent inclusives, uint tile,
                TArray src, uint count, uint tile_size) {
    uint lane = gl_SubgroupInvocationID;
    T prefix = mgpu_op_identity();
    int window_end = int(tile) - 1; // the nearest predecessor of the step
    bool found = false;
    while (!found) {
        int pred[LOOKBACK_SPAN];
        uint flag[LOOKBACK_SPAN];
        [[unroll]] for (int j = 0; j < int(LOOKBACK_SPAN); ++j) {
            pred[j] = window_end - (j * int(gl_SubgroupSize) + int(lane));
            if (pred[j] < 0) flag[j] = MGPU_TILE_INCLUSIVE;
            else if (LOOKBACK_SPAN > 1u) flag[j] = atomicLoad(flags.v[pred[j]], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
            else flag[j] = mgpu_tile_flag_bounded(flags, uint(pred[j]));
        }
        if (LOOKBACK_SPAN > 1u) {
            // One acquire fence for the whole step, then wait (acquiring) only for the silent ones.
            memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
            [[unroll]] for (int j = 0; j < int(LOOKBACK_SPAN); ++j)
                if (flag[j] == MGPU_TILE_NOT_READY) flag[j] = mgpu_tile_flag_bounded(flags, uint(pred[j]));
        }
        // The nearest inclusive prefix: the smallest (j, lane) whose flag says so.
        int stop_j = int(LOOKBACK_SPAN);
        uint stop_lane = 0u;
        [[unroll]] for (int j = 0; j < int(LOOKBACK_SPAN); ++j) {
            uvec4 inclusive_lanes = subgroupBallot(flag[j] == MGPU_TILE_INCLUSIVE);
            if (stop_j == int(LOOKBACK_SPAN) && subgroupBallotBitCount(inclusive_lanes) > 0u) {
                stop_j = j;
                stop_lane = subgroupBallotFindLSB(inclusive_lanes);
            }
        }
        found = stop_j < int(LOOKBACK_SPAN);
        T v = mgpu_op_identity();
        [[unroll]] for (int j = 0; j < int(LOOKBACK_SPAN); ++j) {
            bool counted = pred[j] >= 0 && (j < stop_j || (j == stop_j && lane <= stop_lane));
            if (counted && flag[j] != MGPU_TILE_NOT_READY)
                v = mgpu_op_apply(v, flag[j] == MGPU_TILE_INCLUSIVE ? inclusives.v[pred[j]] : aggregates.v[pred[j]]);
            uvec4 stalled = subgroupBallot(counted && flag[j] == MGPU_TILE_NOT_READY);
            while (subgroupBallotBitCount(stalled) > 0u) {
                uint l = subgroupBallotFindLSB(stalled);
                int silent = window_end - (j * int(gl_SubgroupSize) + int(l));
                T r = mgpu_subgroup_reduce_tile(src, count, tile_size, uint(silent));
                if (lane == l) v = mgpu_op_apply(v, r);
                stalled[l >> 5u] &= ~(1u << (l & 31u));
            }
        }
        // Lanes and steps run against sequence order; the operators are commutative.
        prefix = mgpu_op_apply(mgpu_subgroup_reduce(v), prefix);
        window_end -= int(LOOKBACK_SPAN) * int(gl_SubgroupSize);
    }
    return prefix;
}
#else
/* The exclusive prefix of `tile` (> 0), read by one thread, one predecessor at a time; a predecessor still
 * silent after a bounded wait is reduced from the input by this thread. */
T mgpu_lookback(UintArrayCoherent flags, TArrayCoherent aggregates, TArrayCoherent inclusives, uint tile,
                TArray src, uint count, uint tile_size) {
    T prefix = mgpu_op_identity();
    for (int pred = int(tile) - 1; pred >= 0; --pred) {
        uint flag = mgpu_tile_flag_bounded(flags, uint(pred));
        if (flag == MGPU_TILE_INCLUSIVE) return mgpu_op_apply(inclusives.v[pred], prefix);
        T v = mgpu_op_identity();
        if (flag == MGPU_TILE_AGGREGATE) {
            v = aggregates.v[pred];
        } else {
            uint first = uint(pred) * tile_size;
            for (uint i = first; i < min(first + tile_size, count); ++i) v = mgpu_op_apply(v, src.v[i]);
        }
        prefix = mgpu_op_apply(v, prefix);
    }
    return prefix;
}
#endif

#endif
