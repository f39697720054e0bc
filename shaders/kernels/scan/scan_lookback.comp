#version 460
#extension GL_GOOGLE_include_directive : require
/*
 * Single-pass scan (chained scan with decoupled look-back). Each workgroup takes the next tile index from a
 * counter, so a tile's predecessors have all started, and scans NT * VT elements held in registers:
 *   - Layout: the tile is cut into one segment per subgroup (per thread without subgroups); lane l of a
 *     subgroup of S lanes holds chunks k * S + l (k < VT / C) of its segment, C elements each: a uvec4 of
 *     32-bit or 64-bit elements (C = 16 / size) when VT is a multiple of it, else one element. Full tiles of
 *     16-byte aligned arrays load and store whole uvec4s, so each subgroup instruction moves S * 16
 *     contiguous bytes, and nothing passes through shared memory.
 *   - Scan: serial within a chunk; across the subgroup per k, carried from k to k + 1; one workgroup scan of
 *     the segment totals (mgpu_cta_exclusive_scan), which also gives the tile total.
 *   - The tile total is published at once (lookback.glsl: relaxed atomics on flag-tagged words), then
 *     subgroup 0 looks back for the tile's prefix and publishes the inclusive prefix.
 * GLSL450 memory model (coherent buffers, device-scope atomics), not the Vulkan memory model: lavapipe
 * (Mesa 22.3) drops a subgroup's stores from modules that declare VulkanMemoryModel.
 */
#include "shared/spec_ids.h"
#include "kernels/scan/scan_pc.h"
#include "shared/constants.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_OP) const uint OP = 0u;
layout(constant_id = MGPU_SPEC_EXCLUSIVE) const bool EXCLUSIVE = false;
layout(constant_id = MGPU_SPEC_LOOKBACK_WAIT) const uint LOOKBACK_WAIT = 1024u;

layout(push_constant, std430) uniform ScanPush { MGPU_SCAN_PC_FIELDS } pc;

#include "include/types.glsl"
#include "include/ops.glsl"
#ifdef MGPU_SUBGROUP
#include "include/subgroup.glsl"
#endif
shared T s_cta[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_CTA_SHARED s_cta
#include "include/cta_scan.glsl"
#include "include/loadstore.glsl"
#include "include/lookback.glsl"
#include "include/count.glsl"

const uint CHUNK = VT % MGPU_EPV == 0u ? MGPU_EPV : 1u; // elements per chunk
const uint CHUNKS = VT / CHUNK;                           // chunks per thread

shared uint s_tile_index;
shared T s_prefix;

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

void main() {
    uint tile_size = gl_WorkGroupSize.x * VT;
    uint count = mgpu_count(pc.count_address, pc.count); // indirect: the real count, at most the capacity
    uint tiles = (count + tile_size - 1u) / tile_size;
    uint group = mgpu_linear_group(pc.groups_x);
    // Grid folding rounds up, and an indirect count leaves the capacity's groups past the real tiles: they return
    // before taking a tile, so exactly `tiles` workgroups take the tiles 0 .. tiles - 1 and every tile waited on
    // is a real one. An empty input has no tile: group 0 writes the identity total.
    if (group >= tiles) {
        if (tiles == 0u && group == 0u && gl_LocalInvocationID.x == 0u && mgpu_present(pc.total))
            TArray(pc.total).v[0] = mgpu_op_identity();
        return;
    }

    // Tiles are numbered in the order workgroups start, so a tile's predecessors are all running or done.
    if (gl_LocalInvocationID.x == 0u) s_tile_index = mgpu_lookback_take_tile(UintArrayCoherent(pc.counter));
    barrier();
    uint tile = s_tile_index;
    uint tile_first = tile * tile_size;
    bool vector = CHUNK == MGPU_EPV && pc.vectorized != 0u && tile_first + tile_size <= count;

    T x[VT];
    if (vector) {
        Vec4Array q = Vec4Array(pc.src);
        [[unroll]] for (uint k = 0u; k < CHUNKS; ++k) {
            uvec4 w = q.v[(tile_first + tile_element(k, 0u)) / MGPU_EPV];
            [[unroll]] for (uint e = 0u; e < CHUNK; ++e)
                x[k * CHUNK + e] = mgpu_from_vec4(w, e);
        }
    } else {
        TArray src = TArray(pc.src);
        [[unroll]] for (uint k = 0u; k < CHUNKS; ++k)
            [[unroll]] for (uint e = 0u; e < CHUNK; ++e) {
                uint i = tile_first + tile_element(k, e);
                x[k * CHUNK + e] = i < count ? src.v[i] : mgpu_op_identity();
            }
    }

    // Each chunk's exclusive prefix within the segment; `run` ends as the segment's total.
    T chunk_prefix[CHUNKS];
    T run = mgpu_op_identity();
    [[unroll]] for (uint k = 0u; k < CHUNKS; ++k) {
        T c = x[k * CHUNK];
        [[unroll]] for (uint e = 1u; e < CHUNK; ++e) c = mgpu_op_apply(c, x[k * CHUNK + e]);
#ifdef MGPU_SUBGROUP
        T inclusive = mgpu_subgroup_inclusive_scan(c);
        chunk_prefix[k] = mgpu_op_apply(run, mgpu_subgroup_exclusive_from_inclusive(inclusive));
        run = mgpu_op_apply(run, mgpu_subgroup_shuffle(inclusive, gl_SubgroupSize - 1u));
#else
        chunk_prefix[k] = run;
        run = mgpu_op_apply(run, c);
#endif
    }
    // The segments before the caller's: only a segment's last lane contributes its total.
    T tile_total;
    T segment_prefix = mgpu_cta_exclusive_scan(LANE == SEGMENT_LANES - 1u ? run : mgpu_op_identity(), tile_total);

    UintArrayCoherent state = UintArrayCoherent(pc.tile_state);
    T tile_prefix = mgpu_op_identity();
    if (gl_LocalInvocationID.x == 0u)
        mgpu_tile_state_publish(state, tile, tile_total,
                                tile == 0u ? MGPU_LOOKBACK_INCLUSIVE : MGPU_LOOKBACK_AGGREGATE);
    if (tile > 0u) {
#ifdef MGPU_SUBGROUP
        if (gl_SubgroupID == 0u) {
            T prefix = mgpu_lookback_values(state, tile, TArray(pc.src), count, tile_size);
            if (gl_SubgroupInvocationID == 0u) {
                mgpu_tile_state_publish(state, tile, mgpu_op_apply(prefix, tile_total), MGPU_LOOKBACK_INCLUSIVE);
                s_prefix = prefix;
            }
        }
#else
        if (gl_LocalInvocationID.x == 0u) {
            T prefix = mgpu_lookback_values(state, tile, TArray(pc.src), count, tile_size);
            mgpu_tile_state_publish(state, tile, mgpu_op_apply(prefix, tile_total), MGPU_LOOKBACK_INCLUSIVE);
            s_prefix = prefix;
        }
#endif
        barrier();
        tile_prefix = s_prefix;
    }

    T base = mgpu_op_apply(tile_prefix, segment_prefix);
    [[unroll]] for (uint k = 0u; k < CHUNKS; ++k) {
        T carry = mgpu_op_apply(base, chunk_prefix[k]);
        [[unroll]] for (uint e = 0u; e < CHUNK; ++e) {
            T next = mgpu_op_apply(carry, x[k * CHUNK + e]);
            x[k * CHUNK + e] = EXCLUSIVE ? carry : next;
            carry = next;
        }
    }

    if (vector) {
        Vec4Array q = Vec4Array(pc.dst);
        [[unroll]] for (uint k = 0u; k < CHUNKS; ++k) {
            uvec4 w;
            [[unroll]] for (uint e = 0u; e < CHUNK; ++e) {
                uvec2 words = mgpu_to_words(x[k * CHUNK + e]);
                w[e * MGPU_WORDS] = words.x;
                if (MGPU_WORDS == 2u) w[(e * MGPU_WORDS + 1u) & 3u] = words.y;
            }
            q.v[(tile_first + tile_element(k, 0u)) / MGPU_EPV] = w;
        }
    } else {
        TArray dst = TArray(pc.dst);
        [[unroll]] for (uint k = 0u; k < CHUNKS; ++k)
            [[unroll]] for (uint e = 0u; e < CHUNK; ++e) {
                uint i = tile_first + tile_element(k, e);
                if (i < count) dst.v[i] = x[k * CHUNK + e];
            }
    }

    if (tile == tiles - 1u && gl_LocalInvocationID.x == 0u && mgpu_present(pc.total))
        TArray(pc.total).v[0] = mgpu_op_apply(tile_prefix, tile_total);
}
