#version 460
#extension GL_GOOGLE_include_directive : require
// Radix sort of a frame-sized input in ONE workgroup and one dispatch (issue 10: a 2^14-key sort is mostly
// dispatch and barrier cost when it takes a histogram and one dispatch per digit). The whole input is one
// tile of at most NT * VT keys held in registers; per 8-bit digit pass, from the least significant:
//   1. each subgroup counts its keys per digit (shared atomics on its own counters), the counts become each
//      subgroup's first position per digit (over the subgroups, then the digits: one workgroup sum);
//   2. each key is ranked among its subgroup's keys of its digit (radix_rank.glsl's ballots), which gives its
//      output position directly: the tile is the whole input, so no look-back and no staging;
//   3. keys (and values, read at the key's input position) are written to the pass's output, which the next
//      pass reads after a buffer barrier: the passes ping-pong between scratch and the output as in the
//      multi-dispatch paths (push constants: keys_in/values_in the input, keys_out/values_out the output,
//      counts/status the scratch keys/values, tiles the number of passes: 1 with a 0-bit digit where only an
//      indirect count's prefix may be written), the last pass landing in the output.
// Stable: ranks follow (subgroup, key j, lane) and each subgroup's keys are consecutive input positions.
// Buffers written by one pass and read by the next are read through coherent references (another invocation
// of this workgroup wrote them; a non-coherent read might see a stale cache line).
#extension GL_KHR_shader_subgroup_basic : require
#include "shared/spec_ids.h"
#include "kernels/radixsort/radixsort_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 16u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(constant_id = MGPU_SPEC_WARPS) const uint WARPS = 1u; /* subgroups per workgroup at the smallest size */
layout(push_constant, std430) uniform RadixPush { MGPU_RADIX_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "kernels/radixsort/radix.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"

shared uint s_counters[WARPS * MGPU_RADIX_DIGITS]; /* (subgroup, digit): count, then next position */
shared uint s_count[MGPU_RADIX_DIGITS];
shared uint s_start[MGPU_RADIX_DIGITS];
shared uint s_sum[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"
#define MGPU_RADIX_COUNTERS s_counters
#include "kernels/radixsort/radix_rank.glsl"

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint sg = gl_SubgroupSize, lane = gl_SubgroupInvocationID, warp = gl_SubgroupID;
    uint n = mgpu_count(pc.count_address, pc.count);
    uint passes = pc.tiles;
    // Keys warp-striped (a last, partial subgroup strides by its own width): key j of this lane is at
    // position chunk + j * width + lane.
    uint width = min(sg, nt - warp * sg), chunk = warp * sg * VT;
    for (uint pass = 0u; pass < passes; ++pass) {
        uint shift = pc.shift + MGPU_RADIX_BITS * pass, bits = min(MGPU_RADIX_BITS, pc.end_bit - shift);
        bool to_out = (passes - pass) % 2u == 1u; /* the last pass writes the output */
        uvec2 src_keys = pass == 0u ? pc.keys_in : (to_out ? pc.counts : pc.keys_out);
        uvec2 dst_keys = to_out ? pc.keys_out : pc.counts;
        uvec2 src_values = pass == 0u ? pc.values_in : (to_out ? pc.status : pc.values_out);
        uvec2 dst_values = to_out ? pc.values_out : pc.status;

        T keys[VT];
        TArrayCoherent src = TArrayCoherent(src_keys);
        mgpu_load_warp_striped(keys, src.v, 0u, n, chunk, width);
        for (uint i = tid; i < gl_NumSubgroups * MGPU_RADIX_DIGITS; i += nt) s_counters[i] = 0u;
        barrier();

        // 1. Counts per subgroup and digit, then each subgroup's first position per digit.
        [[unroll]] for (uint j = 0u; j < VT; ++j)
            if (chunk + j * width + lane < n) atomicAdd(s_counters[warp * MGPU_RADIX_DIGITS + mgpu_radix_digit(keys[j], shift, bits)], 1u);
        barrier();
        for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) s_count[d] = mgpu_radix_subgroup_prefixes(d);
        barrier();
        {
            uint per = (MGPU_RADIX_DIGITS + nt - 1u) / nt, d0 = min(tid * per, MGPU_RADIX_DIGITS);
            uint d1 = min(d0 + per, MGPU_RADIX_DIGITS), mine = 0u, total;
            for (uint d = d0; d < d1; ++d) mine += s_count[d];
            uint run = mgpu_cta_exclusive_sum(mine, total);
            for (uint d = d0; d < d1; ++d) {
                s_start[d] = run;
                run += s_count[d];
            }
        }
        barrier();
        for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt)
            for (uint w = 0u; w < gl_NumSubgroups; ++w) s_counters[w * MGPU_RADIX_DIGITS + d] += s_start[d];
        barrier();

        // 2 and 3. Each key's rank is its output position.
        TArrayCoherent dst = TArrayCoherent(dst_keys);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = chunk + j * width + lane;
            bool valid = i < n;
            uint rank = mgpu_radix_rank_in_subgroup(valid, mgpu_radix_digit(keys[j], shift, bits));
            if (!valid) continue;
            dst.v[rank] = keys[j];
            if (VALUE_WORDS > 0u) {
                uvec2 value = pass == 0u && (pc.flags & MGPU_RADIX_INDICES) != 0u ? uvec2(i, 0u) : mgpu_value_load_coherent(src_values, i);
                mgpu_value_store_coherent(dst_values, rank, value);
            }
        }
        memoryBarrierBuffer();
        barrier();
    }
}
