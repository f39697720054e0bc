/*
 * radix_rank.glsl: the subgroup ranking of the radix kernels (radix_scatter.comp, radix_onesweep.comp and
 * radix_small.comp), Onesweep's warp-level multi-split: each subgroup keeps a counter per digit in shared
 * memory; a lane's peers (the lanes with its digit) come from one ballot per digit bit, its rank among them from
 * their count below it, and the lowest peer advances the counter.
 * Contract: include after radix.glsl with MGPU_SUBGROUP; the kernel defines MGPU_RADIX_COUNTERS, a shared uint
 * array holding counter (subgroup s, digit d) at s * MGPU_RADIX_DIGITS + d.
 */
#ifndef MGPU_RADIX_RANK_GLSL
#define MGPU_RADIX_RANK_GLSL

#extension GL_KHR_shader_subgroup_ballot : require

/* The largest subgroup size the device may use: up to 32, the ballots' first word alone (H100: the ranking
 * in four words cost about twice the instructions, bench/RESULTS.md). */
layout(constant_id = MGPU_SPEC_MAX_SUBGROUP) const uint MAX_SUBGROUP = 128u;

#ifndef MGPU_RADIX_COUNTERS
#error "radix_rank.glsl: define MGPU_RADIX_COUNTERS (shared uint[subgroups * 256])"
#endif

/* The position of the calling lane's key among the subgroup's keys of digit d so far: the counter of
 * (gl_SubgroupID, d) plus the valid lanes below with the same digit; advances the counter past them. All lanes
 * call it together; an invalid lane's result is meaningless. A read, then the lowest peer's write, between
 * subgroup barriers (subgroupBarrier orders shared memory too, as OpControlBarrier with WorkgroupMemory
 * semantics: a subgroupMemoryBarrierShared beside each was redundant, and cost 0.4%). (A leader atomicAdd
 * whose old value is shuffled to the peers measured slower on the H100, with ballots and with
 * subgroupPartitionNV: bench/RESULTS.md.) Always MGPU_RADIX_BITS ballots, fully unrolled: a pass of fewer digit
 * bits has digits whose higher bits are 0 in every lane, and their ballots change nothing. (H200, u32 keys at
 * 2^26: a test of each bit against the pass's width held 14 more registers per thread, 2906 against 2616 us.) */
uint mgpu_radix_rank_in_subgroup(bool valid, uint d) {
    uint below, total;
    if (MAX_SUBGROUP <= 32u) {
        uint peers = subgroupBallot(valid).x;
        [[unroll]] for (uint b = 0u; b < MGPU_RADIX_BITS; ++b) {
            bool set = ((d >> b) & 1u) != 0u;
            uint ballot = subgroupBallot(set).x;
            peers &= set ? ballot : ~ballot;
        }
        below = bitCount(peers & gl_SubgroupLtMask.x);
        total = bitCount(peers);
    } else {
        uvec4 peers = subgroupBallot(valid);
        [[unroll]] for (uint b = 0u; b < MGPU_RADIX_BITS; ++b) {
            bool set = ((d >> b) & 1u) != 0u;
            uvec4 ballot = subgroupBallot(set);
            peers &= set ? ballot : ~ballot;
        }
        below = subgroupBallotExclusiveBitCount(peers);
        total = subgroupBallotBitCount(peers);
    }
    uint counter = gl_SubgroupID * MGPU_RADIX_DIGITS + d;
    uint base = valid ? MGPU_RADIX_COUNTERS[counter] : 0u;
    subgroupBarrier();
    if (valid && below == 0u) MGPU_RADIX_COUNTERS[counter] = base + total;
    subgroupBarrier();
    return base + below;
}

/* Digit d's counters over the subgroups become their exclusive prefixes; returns their total (the tile's keys of
 * digit d). One thread per digit. */
uint mgpu_radix_subgroup_prefixes(uint d) {
    uint run = 0u;
    for (uint s = 0u; s < gl_NumSubgroups; ++s) {
        uint c = MGPU_RADIX_COUNTERS[s * MGPU_RADIX_DIGITS + d];
        MGPU_RADIX_COUNTERS[s * MGPU_RADIX_DIGITS + d] = run;
        run += c;
    }
    return run;
}

#endif
