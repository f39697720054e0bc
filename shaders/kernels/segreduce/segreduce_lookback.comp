#version 460
#extension GL_GOOGLE_include_directive : require
/*
 * Segmented reduce in one pass (where the look-back is safe; segreduce.comp and segreduce_spine.comp elsewhere).
 * Tiles are NT * VT consecutive values, taken in the order workgroups start (lookback.glsl's ticket), so the
 * values are read once and no tile searches a merge. Thread t holds the tile's values [t * VT, t * VT + VT) in
 * registers, loaded as uvec4s where VT is a multiple of a uvec4's elements (pc.vectorized: 16-byte aligned
 * values) and the tile is full: each thread reads contiguous 16-byte pieces, and the other pieces of a line
 * are read by the same thread's next loads. A segment is written by the tile that holds
 * the start closing it (the next start, or the end of the values for the last segment), as in segreduce.glsl:
 *   - the tile's starts are [partitions[tile], partitions[tile + 1]) (segreduce_bounds.comp: the first start at
 *     or past each tile's first value; the last tile's run ends at the last start, so starts at count are its);
 *     each thread takes some of them: an empty segment (its start equal to the next) is written the identity
 *     at once, and the first start at each position marks that position a head in shared memory (a bit, and
 *     the start's index);
 *   - each thread walks its VT values, reducing in a register; a head closes the open
 *     segment: the thread's first head keeps its part for the workgroup, a later one writes the segment, which
 *     opened in the same thread;
 *   - a segmented scan of the threads' carries (cta_segscan.glsl) gives each thread the part of its first
 *     segment that earlier threads hold, and the tile's carry-out (the reduction after its last head, and
 *     whether it has one);
 *   - the tile publishes its carry-out at once: as an inclusive prefix when the tile holds a head (what
 *     follows a head does not depend on earlier tiles), else as an aggregate; then subgroup 0 looks back for
 *     the carry of the tiles before (lookback.glsl's value walk, which stops at the first inclusive prefix,
 *     usually the predecessor's), and a tile without a head publishes the inclusive prefix;
 *   - the thread holding the tile's first head writes that segment with the carry of earlier tiles; the last
 *     tile writes the segment that the end of the values closes.
 * Shared memory: a start index per position (read at heads only), a bit per position, and the segmented scan's
 * arrays; no values, so tiles reach 8192 values (256 x 32). The look-back waits without bound
 * (a predecessor's carry cannot be recomputed from its values alone): the host runs this kernel only where
 * workgroups that have started make progress.
 */
#include "shared/spec_ids.h"
#include "kernels/segreduce/segreduce_pc.h"
#include "shared/constants.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_OP) const uint OP = 0u;
const uint LOOKBACK_WAIT = 0xffffffffu; /* lookback.glsl: never recompute a silent predecessor from its values */

layout(push_constant, std430) uniform SegreducePush { MGPU_SEGREDUCE_PC_FIELDS } pc;

#include "include/types.glsl"
#include "include/ops.glsl"
#ifdef MGPU_SUBGROUP
#include "include/subgroup.glsl"
#endif
shared T s_scan[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
shared uint s_scan_flags[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SEGSCAN_SHARED s_scan
#define MGPU_SEGSCAN_SHARED_FLAGS s_scan_flags
#include "include/cta_segscan.glsl"
#include "include/loadstore.glsl"
#include "include/lookback.glsl"
#include "include/count.glsl"
#include "kernels/segreduce/segreduce.glsl"

const uint NV = gl_WorkGroupSize.x * VT;
const uint CHUNK = VT % MGPU_EPV == 0u ? MGPU_EPV : 1u; /* values per load */
shared uint s_first[NV];           /* at a head: the index of the first start there */
shared uint s_heads[(NV + 31u) / 32u]; /* bit p: position p of the tile is a head */
shared uint s_tile;
shared uint s_end_first; /* the last tile: the first start at count (segments if none) */
shared T s_prefix;

/* The head bits of positions [first, first + VT) of the tile, bit j for position first + j (VT <= 32, as the
 * tuning allows). */
uint mgpu_head_bits(uint first) {
    uint word = first >> 5u, shift = first & 31u;
    uint bits = s_heads[word] >> shift;
    if (shift != 0u && word + 1u < s_heads.length()) bits |= s_heads[word + 1u] << (32u - shift);
    return bits;
}

void main() {
    uint segments = mgpu_segreduce_begin();
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint tiles = max(1u, g_count / NV + (g_count % NV != 0u ? 1u : 0u));
    // Groups past the real tiles (a grid sized for the capacity) return before taking a tile: every tile
    // waited on is a real one.
    if (mgpu_linear_group(pc.groups_x) >= tiles) return;
    if (tid == 0u) {
        s_tile = mgpu_lookback_take_tile(UintArrayCoherent(pc.counter));
        s_end_first = segments;
    }
    for (uint i = tid; i < s_heads.length(); i += nt) s_heads[i] = 0u;
    barrier();
    uint tile = s_tile;
    uint first = tile * NV, len = min(NV, g_count - first);

    TArray values = TArray(pc.values);
    uint base = tid * VT;
    T x[VT];
    if (CHUNK == MGPU_EPV && pc.vectorized != 0u && len == NV) {
        Vec4Array q = Vec4Array(pc.values);
        [[unroll]] for (uint c = 0u; c < VT / CHUNK; ++c) {
            uvec4 w = q.v[(first + base) / MGPU_EPV + c];
            [[unroll]] for (uint e = 0u; e < CHUNK; ++e)
                x[c * CHUNK + e] = mgpu_from_words(uvec2(w[e * MGPU_WORDS], w[(e * MGPU_WORDS + 1u) & 3u]));
        }
    } else {
        [[unroll]] for (uint j = 0u; j < VT; ++j) x[j] = base + j < len ? values.v[first + base + j] : mgpu_op_identity();
    }

    // The tile's starts: empty segments written, heads marked. Starts out of order (a broken precondition)
    // give some result, never an access out of bounds.
    TArray results = TArray(pc.results);
    UintArray partitions = UintArray(pc.partitions);
    uint lo = partitions.v[tile], hi = max(lo, partitions.v[tile + 1u]);
    for (uint k = lo + tid; k < hi; k += nt) {
        uint start = mgpu_segment_start(k, segments);
        if (mgpu_segment_start(k + 1u, segments) == start) results.v[k] = mgpu_op_identity();
        if (k > 0u && mgpu_segment_start(k - 1u, segments) == start) continue; /* not the first start there */
        if (start == g_count) atomicMin(s_end_first, k);
        else if (start >= first && start - first < len) {
            uint p = start - first;
            atomicOr(s_heads[p >> 5u], 1u << (p & 31u));
            s_first[p] = k;
        }
    }
    barrier();

    // The thread's VT values: a head closes segment (its first start) - 1, none for start 0.
    uint heads = mgpu_head_bits(base);
    T acc = mgpu_op_identity();
    bool head = false;
    T head_value = acc;   /* the thread's part of the segment its first head closes */
    uint head_start = 0u; /* the first start at that head */
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if (base + j >= len) break;
        uint p = base + j;
        if (((heads >> j) & 1u) != 0u) {
            uint k = s_first[p];
            if (!head) {
                head = true;
                head_value = acc;
                head_start = k;
            } else if (k > 0u) {
                results.v[k - 1u] = acc; /* opened at an earlier head of this thread */
            }
            acc = mgpu_op_identity();
        }
        acc = mgpu_op_apply(acc, x[j]);
    }

    bool before_flag, total_flag;
    T before, total;
    mgpu_cta_segmented_scan(head, acc, before_flag, before, total_flag, total);

    // Publish the carry-out, then find the carry of the tiles before.
    UintArrayCoherent state = UintArrayCoherent(pc.tile_state);
    bool complete = tile == 0u || total_flag;
    if (tid == 0u)
        mgpu_tile_state_publish(state, tile, total, complete ? MGPU_LOOKBACK_INCLUSIVE : MGPU_LOOKBACK_AGGREGATE);
    T prefix = mgpu_op_identity();
    if (tile > 0u) {
#ifdef MGPU_SUBGROUP
        if (gl_SubgroupID == 0u) {
            T p = mgpu_lookback_values(state, tile, values, g_count, NV);
            if (gl_SubgroupInvocationID == 0u) {
                if (!complete) mgpu_tile_state_publish(state, tile, mgpu_op_apply(p, total), MGPU_LOOKBACK_INCLUSIVE);
                s_prefix = p;
            }
        }
#else
        if (tid == 0u) {
            T p = mgpu_lookback_values(state, tile, values, g_count, NV);
            if (!complete) mgpu_tile_state_publish(state, tile, mgpu_op_apply(p, total), MGPU_LOOKBACK_INCLUSIVE);
            s_prefix = p;
        }
#endif
        barrier();
        prefix = s_prefix;
    }

    if (head && head_start > 0u) {
        T carry = before_flag ? before : mgpu_op_apply(prefix, before);
        results.v[head_start - 1u] = mgpu_op_apply(carry, head_value);
    }
    if (tile == tiles - 1u && tid == 0u && s_end_first > 0u)
        results.v[s_end_first - 1u] = total_flag ? total : mgpu_op_apply(prefix, total);
}
