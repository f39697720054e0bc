#version 460
#extension GL_GOOGLE_include_directive : require
// Reduce-by-key's runs of equal keys, keys of VALUE_WORDS 32-bit words compared by their bits (the total
// order's equality: -0.0 and +0.0 differ, a NaN equals only the same bits). Key i heads a run where i = 0 or key
// i differs from key i - 1. The keys are cut into tiles of NT x VT, thread t of a tile holding
// keys [t * VT, t * VT + VT) of it; each workgroup strides over the tiles. MODE MGPU_SEGREDUCE_HEADS: aux[tile] =
// the tile's heads (0 for tiles past the real count, up to pc.count's tiles), so that no n-sized array of flags
// is written. MODE MGPU_SEGREDUCE_SCATTER, after the exclusive scan of those counts in aux: the r-th head i of
// tile `tile` starts run aux[tile] + r: starts[run] = i and results[run] = key i. Both read the keys once (and
// each thread's key before its first), as uvec4s where pc.vectorized (16-byte aligned keys).
#include "shared/spec_ids.h"
#include "kernels/segreduce/segreduce_pc.h"
#include "shared/constants.h"
#define MGPU_TYPE_U32
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 16u; /* at most 32: heads are bits of a uint */
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_SEGREDUCE_HEADS;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 1u;

layout(push_constant, std430) uniform SegreducePush { MGPU_SEGREDUCE_PC_FIELDS } pc;

shared uint s_sum[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"
#include "include/values.glsl"
#include "include/count.glsl"

void main() {
    uint count = mgpu_count(pc.count_address, pc.count); // indirect: the real count, at most the capacity
    uint nv = gl_WorkGroupSize.x * VT, tiles = (pc.count + nv - 1u) / nv; // the capacity's tiles
    for (uint tile = gl_WorkGroupID.x; tile < tiles; tile += gl_NumWorkGroups.x) {
        // The thread's keys (uvec4 loads where pc.vectorized: 16-byte aligned keys, and all VT are real), then
        // its heads, bit j for its key j.
        uint base = tile * nv + gl_LocalInvocationID.x * VT, heads = 0u;
        uvec2 keys[VT];
        if (pc.vectorized != 0u && base + VT <= count) {
            const uint PER_VEC4 = 4u / VALUE_WORDS;
            Vec4Array q = Vec4Array(pc.values);
            [[unroll]] for (uint c = 0u; c < VT / PER_VEC4; ++c) {
                uvec4 w = q.v[base / PER_VEC4 + c];
                [[unroll]] for (uint e = 0u; e < PER_VEC4; ++e) {
                    uvec2 two = uvec2(w[(2u * e) & 3u], w[(2u * e + 1u) & 3u]);
                    keys[c * PER_VEC4 + e] = VALUE_WORDS == 1u ? uvec2(w[e], 0u) : two;
                }
            }
        } else {
            [[unroll]] for (uint j = 0u; j < VT; ++j)
                keys[j] = base + j < count ? mgpu_value_load(pc.values, base + j) : uvec2(0u);
        }
        if (base < count) {
            uvec2 prev = base > 0u ? mgpu_value_load(pc.values, base - 1u) : uvec2(0u);
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                if (base + j < count && (base + j == 0u || keys[j] != prev)) heads |= 1u << j;
                prev = keys[j];
            }
        }
        uint tile_heads;
        uint run = mgpu_cta_exclusive_sum(bitCount(heads), tile_heads);
        if (MODE == MGPU_SEGREDUCE_HEADS) {
            if (gl_LocalInvocationID.x == 0u) UintArray(pc.aux).v[tile] = tile_heads;
        } else {
            run += UintArray(pc.aux).v[tile];
            for (; heads != 0u; heads &= heads - 1u, ++run) {
                uint i = base + uint(findLSB(heads));
                IntArray(pc.starts).v[run] = int(i);
                mgpu_value_store(pc.results, run, mgpu_value_load(pc.values, i));
            }
        }
    }
}
