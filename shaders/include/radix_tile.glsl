/*
 * radix_tile.glsl: the body of the radix sort's digit-pass kernels, radix_scatter.comp (offsets from the scan
 * of all tiles' counts) and radix_onesweep.comp (MGPU_RADIX_ONESWEEP: offsets by look-back; used with the
 * subgroup variant only, its shared-memory variant lacks the look-back). Two kernels rather than one with a
 * mode constant, because shared arrays cannot depend on one: the one-sweep state's extra 1 KiB of shared
 * memory cost the reduce-then-scan passes an occupancy step (u32 at 2^26 on the H100: 13.1 -> 7.7 G keys/s).
 */
// Radix sort, second phase of a digit pass: each workgroup sorts its tile of NT * VT keys by the digit in
// shared memory, stably: by subgroup ballots where the device has them (mgpu_sort_tile_by_subgroups), else
// by one split per digit bit. A key at tile position i with digit d then goes to offsets[d * tiles + tile] +
// (i - the tile position of d's first key): coalesced runs per digit. Values (or, with MGPU_RADIX_INDICES,
// the input positions) follow their keys through the tile positions.
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
shared uint s_offsets[MGPU_RADIX_DIGITS];    /* the tile's first output per digit */
#ifdef MGPU_RADIX_ONESWEEP
shared uint s_counts[MGPU_RADIX_DIGITS]; /* the tile's keys per digit */
shared uint s_tile;
#endif
shared uint s_sum[2u * gl_WorkGroupSize.x + 1u];
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"

/* Sorts the tile [first, first + count) by digit into s_keys and s_tags, stably, by one split per digit bit
 * (keys whose bit is 0 first, each group keeping its order: a workgroup exclusive sum places every thread's
 * keys) and a last split that moves the missing keys of a partial tile behind the rest. Ends with a barrier. */
void mgpu_sort_tile_by_splits(uint first, uint count) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
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
#extension GL_KHR_shader_subgroup_ballot : require
layout(constant_id = MGPU_SPEC_WARPS) const uint WARPS = 1u;
shared uint s_warp_counts[WARPS * MGPU_RADIX_DIGITS]; /* per subgroup and digit: keys so far, then their prefix */

/* The same sort by ranking (Onesweep's warp-level multi-split): subgroup s takes the keys [s * SG * VT, ..)
 * of the tile, SG at a time in order; a lane's peers (same digit) come from one ballot per digit bit, its rank
 * among them from their count below it, and the lowest peer adds them to the subgroup's digit counter. The
 * counters' prefixes over subgroups and the digits' starts in the tile then give every key its position. */
void mgpu_sort_tile_by_subgroups(uint first, uint count) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint sg = gl_SubgroupSize, lane = gl_SubgroupInvocationID, warp = gl_SubgroupID;
    for (uint i = tid; i < gl_NumSubgroups * MGPU_RADIX_DIGITS; i += nt) s_warp_counts[i] = 0u;
    barrier();
    TArray src = TArray(pc.keys_in);
    uint chunk = warp * sg * VT;
    T keys[VT];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = chunk + j * sg + lane;
        if (i < count) keys[j] = src.v[first + i];
    }
    uint digits[VT], ranks[VT];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        bool valid = chunk + j * sg + lane < count;
        uint d = valid ? mgpu_radix_digit(keys[j], pc.shift, pc.bits) : 0u;
        uvec4 peers = subgroupBallot(valid);
        // At most 8 digit bits: unrolled with a uniform test (H100: +10% over the loop bounded by pc.bits).
        [[unroll]] for (uint b = 0u; b < 8u; ++b) {
            if (b < pc.bits) {
                bool set = ((d >> b) & 1u) != 0u;
                uvec4 ballot = subgroupBallot(set);
                peers &= set ? ballot : ~ballot;
            }
        }
        // A read, then the lowest peer's write, between subgroup fences. A leader atomicAdd whose old value is
        // shuffled to the peers measured slower on the H100 (-5% alone, -26% with the unrolled ballots).
        uint base = s_warp_counts[warp * MGPU_RADIX_DIGITS + d];
        uint rank = subgroupBallotExclusiveBitCount(peers);
        subgroupMemoryBarrierShared();
        subgroupBarrier();
        if (valid && rank == 0u) s_warp_counts[warp * MGPU_RADIX_DIGITS + d] = base + subgroupBallotBitCount(peers);
        subgroupMemoryBarrierShared();
        subgroupBarrier();
        digits[j] = d;
        ranks[j] = base + rank;
    }
    barrier();
    // Per digit: the subgroups' counts become their prefixes, and the digit's tile count goes to s_first.
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) {
        uint running = 0u;
        for (uint w = 0u; w < gl_NumSubgroups; ++w) {
            uint c = s_warp_counts[w * MGPU_RADIX_DIGITS + d];
            s_warp_counts[w * MGPU_RADIX_DIGITS + d] = running;
            running += c;
        }
        s_first[d] = running;
    }
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

#if defined(MGPU_SUBGROUP) && defined(MGPU_RADIX_ONESWEEP)
#extension GL_KHR_memory_scope_semantics : require
/* One-sweep (MODE ONESWEEP): the tile's first output per digit, s_offsets[d] = (the keys of smaller digits in
 * the whole input) + (the keys of digit d in earlier tiles), the latter by decoupled look-back: the tile
 * publishes its count per digit at once (aggregate), walks back over its predecessors' words until an
 * inclusive prefix, and publishes its own. Tiles take their index from a counter, so every predecessor has
 * started; the host uses this mode only where workgroups make progress independently (or on one thread).
 * Ends with a barrier. */
void mgpu_onesweep_offsets(uint tile, uint count) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    for (uint i = tid; i < count; i += nt) { /* the last key of each digit's run gives the digit's count */
        uint d = mgpu_radix_digit(s_keys[i], pc.shift, pc.bits);
        if (i + 1u == count || mgpu_radix_digit(s_keys[i + 1u], pc.shift, pc.bits) != d) s_counts[d] = i + 1u - s_first[d];
    }
    barrier();
    UintArrayCoherent status = UintArrayCoherent(pc.status);
    uint mine = 4u + tile * MGPU_RADIX_DIGITS;
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) {
        uint c = s_counts[d];
        atomicStore(status.v[mine + d], tile == 0u ? c | MGPU_RADIX_INCLUSIVE : c + 1u, gl_ScopeDevice,
                    gl_StorageSemanticsBuffer, gl_SemanticsRelease);
    }
    // The digits' bases: an exclusive sum of the pass's histogram, each thread taking a run of digits.
    UintArray histogram = UintArray(pc.counts);
    uint per = (MGPU_RADIX_DIGITS + nt - 1u) / nt, d0 = min(tid * per, MGPU_RADIX_DIGITS), d1 = min(d0 + per, MGPU_RADIX_DIGITS);
    uint sum = 0u;
    for (uint d = d0; d < d1; ++d) sum += histogram.v[d];
    uint all;
    uint base = mgpu_cta_exclusive_sum(sum, all);
    for (uint d = d0; d < d1; ++d) {
        s_offsets[d] = base;
        base += histogram.v[d];
    }
    barrier();
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt) {
        uint prefix = 0u;
        for (uint p = tile; p > 0u;) {
            uint v = atomicLoad(status.v[4u + (p - 1u) * MGPU_RADIX_DIGITS + d], gl_ScopeDevice, gl_StorageSemanticsBuffer,
                                gl_SemanticsAcquire);
            if (v == 0u) continue; /* not ready yet */
            if ((v & MGPU_RADIX_INCLUSIVE) != 0u) {
                prefix += v & ~MGPU_RADIX_INCLUSIVE;
                break;
            }
            prefix += v - 1u;
            --p;
        }
        if (tile > 0u)
            atomicStore(status.v[mine + d], (prefix + s_counts[d]) | MGPU_RADIX_INCLUSIVE, gl_ScopeDevice,
                        gl_StorageSemanticsBuffer, gl_SemanticsRelease);
        s_offsets[d] += prefix;
    }
    barrier();
}
#endif

void main() {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    uint tile = mgpu_linear_group(pc.groups_x);
#ifdef MGPU_RADIX_ONESWEEP
    if (tid == 0u) s_tile = atomicAdd(UintArray(pc.status).v[0], 1u); /* tiles in the order workgroups start */
    barrier();
    tile = s_tile;
#endif
    if (tile >= pc.tiles) return;
    uint n = mgpu_radix_count(pc.count_address, pc.count);
    uint first = tile * nv;
    if (first >= n) return;
    uint count = min(nv, n - first);
    // The tile's 256 offsets: loaded first, so that their scattered reads overlap the ranking.
    for (uint d = tid; d < MGPU_RADIX_DIGITS; d += nt)
#ifdef MGPU_RADIX_ONESWEEP
        s_counts[d] = 0u;
#else
        s_offsets[d] = UintArray(pc.counts).v[d * pc.tiles + tile];
#endif
#ifdef MGPU_SUBGROUP
    if (gl_NumSubgroups <= WARPS) mgpu_sort_tile_by_subgroups(first, count);
    else mgpu_sort_tile_by_splits(first, count); /* narrower subgroups than the host planned for */
#ifdef MGPU_RADIX_ONESWEEP
    mgpu_onesweep_offsets(tile, count);
#endif
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
