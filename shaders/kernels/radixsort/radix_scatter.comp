#version 460
#extension GL_GOOGLE_include_directive : require
/*
 * Radix sort, reduce-then-scan digit pass, second phase (the one-sweep pass is radix_onesweep.comp): each
 * workgroup sorts its tile of NT * VT keys by the digit in shared memory, stably: by subgroup ballots where the
 * device has them (mgpu_sort_tile_by_subgroups), else by one split per digit bit. A key at tile position i with
 * digit d then goes to offsets[d * tiles + tile] + (i - the tile position of d's first key), the offsets the
 * scan of all tiles' counts gave: coalesced runs per digit. Values (or, with MGPU_RADIX_INDICES, the input
 * positions) follow their keys through the tile positions.
 */
#include "shared/spec_ids.h"
#include "kernels/radixsort/radixsort_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(push_constant, std430) uniform RadixPush { MGPU_RADIX_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "kernels/radixsort/radix.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"

shared T s_keys[gl_WorkGroupSize.x * VT];
shared uint s_tags[gl_WorkGroupSize.x * VT]; /* each key's position in the input tile */
shared uint s_first[MGPU_RADIX_DIGITS];      /* tile position of each digit's first key */
shared uint s_offsets[MGPU_RADIX_DIGITS];    /* the tile's first output per digit */
shared uint s_sum[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"

/* Sorts the tile [first, first + count) by digit into s_keys and s_tags, stably, by one split per digit bit
 * (keys whose bit is 0 first, each group keeping its order: a workgroup exclusive sum places every thread's
 * keys) and a last split that moves the missing keys of a partial tile behind the rest. Ends with a barrier. */
void mgpu_sort_tile_by_splits(uint first, uint count) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    TArray src = TArray(pc.keys_in);
    T keys[VT];
    mgpu_load_striped(keys, src.v, first, count);
    mgpu_striped_to_shared(s_keys, keys, count);
    barrier();
    uint tags[VT];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        keys[j] = s_keys[min(tid * VT + j, count - 1u)];
        tags[j] = tid * VT + j; /* >= count: a missing key */
    }
    uint splits = pc.bits + (count < nv ? 1u : 0u);
    for (uint s = 0u; s < splits; ++s) {
        uint flags = 0u, ones = 0u;
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            bool one = s < pc.bits ? ((mgpu_radix_digit(keys[j], pc.shift, pc.bits) >> s) & 1u) != 0u : tags[j] >= count;
            flags |= one ? 1u << j : 0u;
            ones += one ? 1u : 0u;
        }
        uint total_zeros;
        uint zeros_before = mgpu_cta_exclusive_sum(VT - ones, total_zeros); /* ends with a barrier */
        uint ones_before = tid * VT - zeros_before;
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint to = (flags & (1u << j)) != 0u ? total_zeros + ones_before++ : zeros_before++;
            s_keys[to] = keys[j];
            s_tags[to] = tags[j];
        }
        barrier();
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            keys[j] = s_keys[tid * VT + j];
            tags[j] = s_tags[tid * VT + j];
        }
    }
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = tid * VT + j;
        if (i >= count) continue;
        uint d = mgpu_radix_digit(keys[j], pc.shift, pc.bits);
        if (i == 0u || mgpu_radix_digit(s_keys[i - 1u], pc.shift, pc.bits) != d) s_first[d] = i;
    }
    barrier();
}

#ifdef MGPU_SUBGROUP
layout(constant_id = MGPU_SPEC_WARPS) const uint WARPS = 1u;
shared uint s_warp_counts[WARPS * MGPU_RADIX_DIGITS]; /* per subgroup and digit: keys so far, then their prefix */
#define MGPU_RADIX_COUNTERS s_warp_counts
#include "kernels/radixsort/radix_rank.glsl"

/* The same sort by ranking (radix_rank.glsl): subgroup s takes the keys [s * SG * VT, ..) of the tile, SG at a
 * time in order. The counters' prefixes over subgroups and the digits' starts in the tile then give every key
 * its position. */
void mgpu_sort_tile_by_subgroups(uint first, uint count) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint sg = gl_SubgroupSize, lane = gl_SubgroupInvocationID, warp = gl_SubgroupID;
    for (uint i = tid; i < gl_NumSubgroups * MGPU_RADIX_DIGITS; i += nt) s_warp_counts[i] = 0u;
    barrier();
    TArray src = TArray(pc.keys_in);
    uint chunk = warp * sg * VT;
    T keys[VT];
    mgpu_load_warp_striped(keys, src.v, first, count, chunk, sg);
    uint digits[VT], ranks[VT];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        bool valid = chunk + j * sg + lane < count;
        uint d = valid ? mgpu_radix_digit(keys[j], pc.shift, pc.bits) : 0u;
        uint rank = mgpu_radix_rank_in_subgroup(valid, d);
        digits[j] = d;
        ranks[j] = rank;
    }
    barrier();
    // Per digit: the subgroups' counts become their prefixes, and the digit's tile count goes to s_first.
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) s_first[d] = mgpu_radix_subgroup_prefixes(d);
    barrier();
    // The digits' starts: each thread sums a run of digits; one workgroup sum places the runs.
    uint per = (MGPU_RADIX_DIGITS + nt - 1u) / nt, d0 = min(tid * per, MGPU_RADIX_DIGITS), d1 = min(d0 + per, MGPU_RADIX_DIGITS);
    uint mine = 0u;
    for (uint d = d0; d < d1; ++d) mine += s_first[d];
    uint all;
    uint start = mgpu_cta_exclusive_sum(mine, all);
    for (uint d = d0; d < d1; ++d) {
        uint c = s_first[d];
        s_first[d] = start;
        start += c;
    }
    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = chunk + j * sg + lane;
        if (i >= count) continue;
        uint to = s_first[digits[j]] + s_warp_counts[warp * MGPU_RADIX_DIGITS + digits[j]] + ranks[j];
        s_keys[to] = keys[j];
        s_tags[to] = i;
    }
    barrier();
}
#endif

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    uint tile = mgpu_linear_group(pc.groups_x);
    if (tile >= pc.tiles) return;
    uint n = mgpu_count(pc.count_address, pc.count);
    uint first = tile * nv;
    if (first >= n) return;
    uint count = min(nv, n - first);
    // The tile's 256 offsets: loaded first, so that their scattered reads overlap the ranking.
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) s_offsets[d] = UintArray(pc.counts).v[d * pc.tiles + tile];
#ifdef MGPU_SUBGROUP
    if (gl_NumSubgroups <= WARPS) mgpu_sort_tile_by_subgroups(first, count);
    else mgpu_sort_tile_by_splits(first, count); /* narrower subgroups than the host planned for */
#else
    mgpu_sort_tile_by_splits(first, count);
#endif

    // The tile is sorted by digit: each key goes to its digit's offset plus its place in the digit's run.
    TArray dst = TArray(pc.keys_out);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i >= count) continue;
        T key = s_keys[i];
        uint d = mgpu_radix_digit(key, pc.shift, pc.bits);
        uint to = s_offsets[d] + i - s_first[d];
        dst.v[to] = key;
        if (VALUE_WORDS > 0u) {
            uint from = first + s_tags[i];
            uvec2 value = (pc.flags & MGPU_RADIX_INDICES) != 0u ? uvec2(from, 0u) : mgpu_value_load(pc.values_in, from);
            mgpu_value_store(pc.values_out, to, value);
        }
    }
}
