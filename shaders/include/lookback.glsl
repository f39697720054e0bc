/*
 * lookback.glsl: decoupled look-back (Merrill and Garland) over the tiles of a single-pass scan.
 * Contract: the kernel uses the Vulkan memory model (#pragma use_vulkan_memory_model), includes types.glsl
 * and ops.glsl (and subgroup.glsl when MGPU_SUBGROUP). Each tile t publishes its reduction as
 * MGPU_TILE_AGGREGATE (aggregates[t]) as soon as it is known, then its inclusive prefix as
 * MGPU_TILE_INCLUSIVE (inclusives[t]); values are written before their flag with release semantics and read
 * after it with acquire semantics, at queue-family scope. Tiles take their index from a dynamic counter, so
 * every predecessor of a tile has started: the spin-wait ends on any device that runs started workgroups
 * to completion.
 */
#ifndef MGPU_LOOKBACK_GLSL
#define MGPU_LOOKBACK_GLSL

#extension GL_KHR_memory_scope_semantics : require

void mgpu_tile_publish(UintArrayCoherent flags, TArrayCoherent values, uint tile, T value, uint flag) {
    values.v[tile] = value;
    atomicStore(flags.v[tile], flag, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer,
                gl_SemanticsRelease | gl_SemanticsMakeAvailable);
}

uint mgpu_tile_flag(UintArrayCoherent flags, uint tile) {
    return atomicLoad(flags.v[tile], gl_ScopeQueueFamily, gl_StorageSemanticsBuffer,
                      gl_SemanticsAcquire | gl_SemanticsMakeVisible);
}

#ifdef MGPU_SUBGROUP
/* The exclusive prefix of `tile` (> 0). Called by every lane of one subgroup: lane i inspects predecessor
 * tile - 1 - i, so a window of gl_SubgroupSize predecessors is read per step. */
T mgpu_lookback(UintArrayCoherent flags, TArrayCoherent aggregates, TArrayCoherent inclusives, uint tile) {
    uint lane = gl_SubgroupInvocationID;
    T prefix = mgpu_op_identity();
    int window_end = int(tile) - 1; // the nearest predecessor of the window
    while (true) {
        int pred = window_end - int(lane);
        uint flag = pred >= 0 ? mgpu_tile_flag(flags, uint(pred)) : MGPU_TILE_INCLUSIVE;
        uvec4 inclusive_lanes = subgroupBallot(flag == MGPU_TILE_INCLUSIVE);
        uvec4 waiting_lanes = subgroupBallot(flag == MGPU_TILE_NOT_READY);
        bool found = subgroupBallotBitCount(inclusive_lanes) > 0u;
        uint stop = found ? subgroupBallotFindLSB(inclusive_lanes) : gl_SubgroupSize - 1u;
        // Only the lanes up to the nearest inclusive prefix count; if one of them is not ready, read again.
        if (subgroupBallotBitCount(waiting_lanes) > 0u && subgroupBallotFindLSB(waiting_lanes) <= stop)
            continue;
        T v = mgpu_op_identity();
        if (lane <= stop && pred >= 0)
            v = flag == MGPU_TILE_INCLUSIVE ? inclusives.v[pred] : aggregates.v[pred];
        // Window lanes are in reverse sequence order; the operators are commutative.
        prefix = mgpu_op_apply(mgpu_subgroup_reduce(v), prefix);
        if (found) break;
        window_end -= int(gl_SubgroupSize);
    }
    return prefix;
}
#else
/* The exclusive prefix of `tile` (> 0), read by one thread, one predecessor at a time. */
T mgpu_lookback(UintArrayCoherent flags, TArrayCoherent aggregates, TArrayCoherent inclusives, uint tile) {
    T prefix = mgpu_op_identity();
    int pred = int(tile) - 1;
    while (pred >= 0) {
        uint flag = mgpu_tile_flag(flags, uint(pred));
        if (flag == MGPU_TILE_NOT_READY) continue;
        if (flag == MGPU_TILE_INCLUSIVE) return mgpu_op_apply(inclusives.v[pred], prefix);
        prefix = mgpu_op_apply(aggregates.v[pred], prefix);
        --pred;
    }
    return prefix;
}
#endif

#endif
