#version 460
#extension GL_GOOGLE_include_directive : require
/*
 * Scan passes without look-back: a single tile, or the upsweep (MODE UPSWEEP: each tile's reduction to
 * `partials`) and downsweep (each tile scanned from its prefix in `partials`, absent for a single tile) of
 * reduce-then-scan. One workgroup scans one tile of NT * VT elements through shared memory (coalesced uvec4
 * loads and stores on full aligned tiles), each thread VT consecutive ones in registers: serial reduction ->
 * workgroup exclusive scan of the thread totals -> tile prefix -> serial scan -> store.
 */
#include "shared/spec_ids.h"
#include "kernels/scan/scan_pc.h"
#include "shared/constants.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_OP) const uint OP = 0u;
layout(constant_id = MGPU_SPEC_EXCLUSIVE) const bool EXCLUSIVE = false;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_SCAN_MODE_DOWNSWEEP;

layout(push_constant, std430) uniform ScanPush { MGPU_SCAN_PC_FIELDS } pc;

#include "include/types.glsl"
#include "include/ops.glsl"
#ifdef MGPU_SUBGROUP
#include "include/subgroup.glsl"
#endif
shared T s_cta[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_CTA_SHARED s_cta
#include "include/cta_scan.glsl"
shared uint s_tile[MGPU_TILE_SHARED_WORDS(gl_WorkGroupSize.x * VT * MGPU_WORDS)];
#define MGPU_TILE_SHARED s_tile
#include "include/loadstore.glsl"
#include "include/count.glsl"

void main() {
    uint tid = gl_LocalInvocationID.x;
    uint tile_size = gl_WorkGroupSize.x * VT;
    uint count = mgpu_count(pc.count_address, pc.count); // indirect: the real count, at most the capacity
    uint tiles = (count + tile_size - 1u) / tile_size;
    if (tiles == 0u) tiles = 1u; // an empty input still has one (empty) tile that writes the total
    uint group = mgpu_linear_group(pc.groups_x);
    if (group >= tiles) {
        // Grid folding rounds up; an indirect count leaves the capacity's tiles past the real ones. Their
        // partials take the identity, so the spine's scan (over the capacity's tiles) and its total see only
        // the real tiles.
        if (MODE == MGPU_SCAN_MODE_UPSWEEP && tid == 0u && group < (pc.count + tile_size - 1u) / tile_size)
            TArray(pc.partials).v[group] = mgpu_op_identity();
        return;
    }

    uint tile = group;
    uint tile_first = tile * tile_size;
    bool vector = pc.vectorized != 0u && tile_first + tile_size <= count;
    T x[VT];
    mgpu_load_tile_to_shared(pc.src, tile_first, count, vector, mgpu_op_identity());
    mgpu_shared_to_thread(x);

    T thread_total = x[0];
    [[unroll]] for (uint j = 1u; j < VT; ++j) thread_total = mgpu_op_apply(thread_total, x[j]);
    T tile_total;
    T thread_prefix = mgpu_cta_exclusive_scan(thread_total, tile_total);

    if (MODE == MGPU_SCAN_MODE_UPSWEEP) {
        if (tid == 0u) TArray(pc.partials).v[tile] = tile_total;
        return;
    }

    T tile_prefix = mgpu_op_identity();
    if (mgpu_present(pc.partials)) tile_prefix = TArray(pc.partials).v[tile];

    T carry = mgpu_op_apply(tile_prefix, thread_prefix);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        T next = mgpu_op_apply(carry, x[j]);
        x[j] = EXCLUSIVE ? carry : next;
        carry = next;
    }
    mgpu_thread_to_shared(x);
    mgpu_store_tile_from_shared(pc.dst, tile_first, count, vector);

    if (tile == tiles - 1u && tid == 0u && mgpu_present(pc.total))
        TArray(pc.total).v[0] = mgpu_op_apply(tile_prefix, tile_total);
}
