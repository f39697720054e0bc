#version 460
#extension GL_GOOGLE_include_directive : require
// Radix sort, second phase of a digit pass: each workgroup sorts its tile of NT * VT keys by the digit in
// shared memory, stably, with one split per digit bit (keys whose bit is 0 first, each group keeping its
// order: a workgroup exclusive sum gives every thread its place), and a last split that moves the missing
// keys of a partial tile behind the rest. A key at tile position i with digit d then goes to
// offsets[d * tiles + tile] + (i - the tile position of d's first key): coalesced runs per digit. Values (or,
// with MGPU_RADIX_INDICES, the input positions) follow their keys through the tile positions.
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(push_constant, std430) uniform RadixPush { MGPU_RADIX_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "include/radix.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"

shared T s_keys[gl_WorkGroupSize.x * VT];
shared uint s_tags[gl_WorkGroupSize.x * VT]; /* each key's position in the input tile */
shared uint s_first[MGPU_RADIX_DIGITS];      /* tile position of each digit's first key */
shared uint s_sum[2u * gl_WorkGroupSize.x + 1u];
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    uint tile = mgpu_linear_group(pc.groups_x);
    if (tile >= pc.tiles) return;
    uint n = mgpu_radix_count(pc.count_address, pc.count);
    uint first = tile * nv;
    if (first >= n) return;
    uint count = min(nv, n - first);

    TArray src = TArray(pc.keys_in);
    T keys[VT];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i < count) keys[j] = src.v[first + i];
    }
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i < count) s_keys[i] = keys[j];
    }
    barrier();
    uint tags[VT];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        keys[j] = s_keys[min(tid * VT + j, count - 1u)];
        tags[j] = tid * VT + j; /* >= count: a missing key */
    }

    // Splits: by each digit bit from the lowest, then (partial tiles) by "missing".
    uint splits = pc.bits + (count < nv ? 1u : 0u);
    for (uint s = 0u; s < splits; ++s) {
        uint flags = 0u, ones = 0u;
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            bool one = s < pc.bits ? ((mgpu_radix_digit(keys[j], pc.shift, pc.bits) >> s) & 1u) != 0u : tags[j] >= count;
            flags |= one ? 1u << j : 0u;
            ones += one ? 1u : 0u;
        }
        uint total_zeros;
        uint zeros_before = mgpu_cta_exclusive_sum(VT - ones, total_zeros);
        uint ones_before = tid * VT - zeros_before;
        barrier();
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

    // The tile is sorted by digit (s_keys, s_tags; keys[] hold this thread's part): note each digit's start.
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = tid * VT + j;
        if (i >= count) continue;
        uint d = mgpu_radix_digit(keys[j], pc.shift, pc.bits);
        if (i == 0u || mgpu_radix_digit(s_keys[i - 1u], pc.shift, pc.bits) != d) s_first[d] = i;
    }
    barrier();

    TArray dst = TArray(pc.keys_out);
    UintArray offsets = UintArray(pc.counts);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i >= count) continue;
        T key = s_keys[i];
        uint d = mgpu_radix_digit(key, pc.shift, pc.bits);
        uint to = offsets.v[d * pc.tiles + tile] + i - s_first[d];
        dst.v[to] = key;
        if (VALUE_WORDS > 0u) {
            uint from = first + s_tags[i];
            uvec2 value = (pc.flags & MGPU_RADIX_INDICES) != 0u ? uvec2(from, 0u) : mgpu_value_load(pc.values_in, from);
            mgpu_value_store(pc.values_out, to, value);
        }
    }
}
