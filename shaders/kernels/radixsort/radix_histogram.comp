#version 460
#extension GL_GOOGLE_include_directive : require
// Radix sort, one-sweep: the digit counts of every pass at once. Each workgroup counts the digits of the
// tiles it strides over in shared memory and adds its counts to the global histogram (zeroed beforehand, pass
// p and digit d at p * 256 + d) with one atomic per non-zero counter; or, with PARTIALS (small inputs: a few
// workgroups), writes its own counts (pass p, workgroup g, digit d at (p * groups + g) * 256 + d: nothing to zero
// beforehand) and zeroes its share of pc.status_words words of status (the first pass's, or every chained
// pass's), so that the sort needs no fill dispatch; tile 0 of each pass sums the workgroups' counts. The shared
// counters come in COPIES copies, each group of 32 threads using one, so that fewer subgroups' atomics meet on one
// word. The passes are unrolled to the key's most (with a uniform guard unless WHOLE_KEY): a loop bounded by the
// run-time pass count made the H100's u32 histogram 4x slower (735 against 180 us at 2^26, bench/RESULTS.md).
#include "shared/spec_ids.h"
#include "kernels/radixsort/radixsort_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_WARPS) const uint COPIES = 1u; /* copies of the counters */
/* The whole key from bit 0 (pc.shift 0, pc.end_bit the key's width): constant shifts (H100, u64 keys at 2^26:
 * 297 against 462 us with the shifts from push constants). */
layout(constant_id = MGPU_SPEC_MODE) const bool WHOLE_KEY = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const bool PARTIALS = false; /* (no values here: the id is free) */
layout(push_constant, std430) uniform RadixPush { MGPU_RADIX_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "kernels/radixsort/radix.glsl"
#include "include/loadstore.glsl"

#define MGPU_KEY_PASSES MGPU_RADIX_MAX_PASSES(MGPU_WORDS)
shared uint s_counts[MGPU_RADIX_HISTOGRAM_WORDS(COPIES, MGPU_WORDS)];

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    uint passes = (pc.end_bit - pc.shift + (MGPU_RADIX_BITS - 1u)) / MGPU_RADIX_BITS;
    for (uint i = tid; i < COPIES * MGPU_KEY_PASSES * MGPU_RADIX_DIGITS; i += nt) s_counts[i] = 0u;
    barrier();
    uint n = mgpu_count(pc.count_address, pc.count);
    uint mine = (tid / MGPU_RADIX_HISTOGRAM_COPY_THREADS) % COPIES * MGPU_KEY_PASSES * MGPU_RADIX_DIGITS;
    TArray keys = TArray(pc.keys_in);
    for (uint first = mgpu_linear_group(pc.groups_x) * nv; first < n; first += mgpu_group_count() * nv) {
        T loaded[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = first + j * nt + tid;
            if (i < n) loaded[j] = keys.v[i];
        }
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            if (first + j * nt + tid >= n) continue;
            [[unroll]] for (uint p = 0u; p < MGPU_KEY_PASSES; ++p) {
                if (!WHOLE_KEY && p >= passes) continue;
                uint shift = WHOLE_KEY ? MGPU_RADIX_BITS * p : pc.shift + MGPU_RADIX_BITS * p;
                uint bits = WHOLE_KEY ? MGPU_RADIX_BITS : min(MGPU_RADIX_BITS, pc.end_bit - shift);
                atomicAdd(s_counts[mine + p * MGPU_RADIX_DIGITS + mgpu_radix_digit(loaded[j], shift, bits)], 1u);
            }
        }
    }
    barrier();
    UintArray histogram = UintArray(pc.counts);
    uint groups = mgpu_group_count(), group = mgpu_linear_group(pc.groups_x);
    for (uint i = tid; i < passes * MGPU_RADIX_DIGITS; i += nt) {
        uint sum = 0u;
        for (uint c = 0u; c < COPIES; ++c) sum += s_counts[c * MGPU_KEY_PASSES * MGPU_RADIX_DIGITS + i];
        uint pass = i / MGPU_RADIX_DIGITS, digit = i % MGPU_RADIX_DIGITS;
        if (PARTIALS) histogram.v[(pass * groups + group) * MGPU_RADIX_DIGITS + digit] = sum;
        else if (sum != 0u) atomicAdd(histogram.v[i], sum);
    }
    if (PARTIALS) {
        UintArray status = UintArray(pc.status);
        for (uint i = group * nt + tid; i < pc.status_words; i += groups * nt) status.v[i] = 0u;
    }
}
