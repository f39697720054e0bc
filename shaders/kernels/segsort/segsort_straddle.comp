#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented sort, between the blocksort and the merge passes: each segment that straddles one tile boundary and
// holds at most a tile of keys (mgpu_segsort_straddled: it starts at the last head of the tile before the
// boundary, or at 0, and ends at the first head of the tile after it, or at the end of the keys) is merged here,
// for every boundary at once: its two parts, each sorted by the blocksort, are merged in place in the sort's
// output (keys_out, values_out) as segsort_merge.comp merges a tile: by a subgroup alone where the segment fits
// its share of shared memory (VT keys a lane: no workgroup barrier, the subgroups on different segments), by the
// whole workgroup otherwise. Such segments are disjoint, and the passes' plans skip them (they are sorted), so at
// short segments, where nearly every tile boundary cuts one, the passes find almost nothing to do (H200, 2^26 u32
// keys of mean segment 100: 1954 -> 1429 us; bench/RESULTS.md, sixteenth session). The boundaries are spread
// evenly over the workgroups, and each checks its share a thread each; ranges_in: each tile's first and last head
// (the blocksort's ranges_out).
#include "shared/spec_ids.h"
#include "kernels/segsort/segsort_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(push_constant, std430) uniform SegsortPush { MGPU_SEGSORT_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"
#include "kernels/segsort/segsort.glsl"

shared T s_keys[gl_WorkGroupSize.x * VT];
shared uint s_source[gl_WorkGroupSize.x * VT]; /* each output's position in the segment */
/* The boundaries of the chunk whose segments merge here: their segments' [lo, hi), those that fit a subgroup's
 * share of shared memory first (with subgroups), the others after them from the end. */
shared uint s_lo[gl_WorkGroupSize.x], s_hi[gl_WorkGroupSize.x];
shared uint s_small, s_large;
uint g_base, g_a_len; /* the calling merge's segment in s_keys: [g_base, ..), A's part first */
#define MGPU_MERGE_A(i) s_keys[g_base + (i)]
#define MGPU_MERGE_B(i) s_keys[g_base + g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#define MGPU_MERGE_KEY(i) s_keys[i]
#include "include/merge_path.glsl"
#include "include/cta_merge.glsl"

#ifdef MGPU_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#endif

/* The merge's threads meet: a subgroup's (its own share of shared memory), or the workgroup's. */
void mgpu_merge_sync(bool subgroup) {
#ifdef MGPU_SUBGROUP
    if (subgroup) {
        subgroupMemoryBarrierShared();
        subgroupBarrier();
        return;
    }
#endif
    barrier();
}

/* Merges segment [lo, hi), whose parts [lo, mid) and [mid, hi) are sorted, in place in the output, by `lanes`
 * threads (a subgroup, or the workgroup; the caller is `lane`) through s_keys and s_source from `base` (room for
 * lanes * VT keys). */
void mgpu_merge_segment(uint lo, uint mid, uint hi, uint base, uint lanes, uint lane, bool subgroup) {
    uint a_len = mid - lo, count = hi - lo;
    g_base = base;
    g_a_len = a_len;
    TArray keys = TArray(pc.keys_out);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * lanes + lane;
        if (i < count) s_keys[base + i] = keys.v[lo + i];
    }
    mgpu_merge_sync(subgroup);
    uint diag = min(lane * VT, count);
    uint pa = mgpu_merge_path(a_len, count - a_len, diag);
    uint a = base + pa, b = base + a_len + diag - pa; /* absolute places in s_keys (the macro advances them) */
    T merged[VT];
    uint sources[VT];
    mgpu_serial_merge(merged, sources, a, base + a_len, b, base + count, base + lanes * VT - 1u);
    mgpu_merge_sync(subgroup);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint o = lane * VT + j;
        if (o < count) {
            s_keys[base + o] = merged[j];
            s_source[base + o] = sources[j] - base; /* A's part and B's are adjacent: its place in the segment */
        }
    }
    mgpu_merge_sync(subgroup);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint o = j * lanes + lane;
        if (o < count) keys.v[lo + o] = s_keys[base + o];
    }
    if (VALUE_WORDS > 0u) {
        // In place: every value is read before any is written.
        uvec2 values[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint o = j * lanes + lane;
            if (o < count) values[j] = mgpu_value_load(pc.values_out, lo + s_source[base + o]);
        }
        memoryBarrierBuffer();
        mgpu_merge_sync(subgroup);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint o = j * lanes + lane;
            if (o < count) mgpu_value_store(pc.values_out, lo + o, values[j]);
        }
    }
}

void main() {
    mgpu_segsort_read_count();
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    uint tiles = mgpu_segsort_tiles();
    uint boundaries = max(tiles, 1u) - 1u; /* the one after each tile but the last (none for no keys) */
#ifdef MGPU_SUBGROUP
    uint share = gl_SubgroupSize * VT; /* keys a subgroup merges alone */
#else
    uint share = 0u;
#endif
    // The boundaries spread evenly over the workgroups, at most NT at a time (a workgroup's share of a 2^20-key
    // sort is one boundary, where chunks of NT left all but 3 of its 585 workgroups idle).
    uint per_group = min(nt, (boundaries + gl_NumWorkGroups.x - 1u) / gl_NumWorkGroups.x);
    for (uint chunk = gl_WorkGroupID.x * per_group; chunk < boundaries; chunk += gl_NumWorkGroups.x * per_group) {
        // Each thread checks one boundary; the segments to merge are listed by size.
        if (tid == 0u) {
            s_small = 0u;
            s_large = 0u;
        }
        barrier();
        uint tile = chunk + tid;
        if (tid < per_group && tile < boundaries) {
            uint mid = (tile + 1u) * nv;
            uvec2 a = Uvec2Array(pc.ranges_in).v[tile], b = Uvec2Array(pc.ranges_in).v[tile + 1u];
            bool bounded = (a.y != MGPU_SEGSORT_NONE || tile == 0u) && (b.x != MGPU_SEGSORT_NONE || tile + 2u == tiles);
            uint lo = a.y != MGPU_SEGSORT_NONE ? a.y : tile * nv;
            uint hi = b.x != MGPU_SEGSORT_NONE ? b.x : min(mid + nv, g_count);
            if (mgpu_segsort_straddled(lo, mid, hi, bounded, nv)) {
                uint slot = hi - lo <= share ? atomicAdd(s_small, 1u) : nt - 1u - atomicAdd(s_large, 1u);
                s_lo[slot] = lo;
                s_hi[slot] = hi;
            }
        }
        barrier();
#ifdef MGPU_SUBGROUP
        // The small ones: a subgroup each, in its share of shared memory, with no workgroup barrier. Every
        // subgroup runs the same rounds (one with no segment merges nothing) and so meets as many subgroup
        // barriers: lavapipe, whose subgroup barriers act as the workgroup's, let the subgroups done first clear
        // the list while others were still merging from it (segsort tests with segsort:groups=3).
        uint rounds = (s_small + gl_NumSubgroups - 1u) / gl_NumSubgroups;
        for (uint round = 0u; round < rounds; ++round) {
            uint i = round * gl_NumSubgroups + gl_SubgroupID;
            uint lo = i < s_small ? s_lo[i] : 0u, hi = i < s_small ? s_hi[i] : 0u;
            uint mid = i < s_small ? (lo / nv + 1u) * nv : 0u;
            mgpu_merge_segment(lo, mid, hi, gl_SubgroupID * share, gl_SubgroupSize, gl_SubgroupInvocationID, true);
            mgpu_merge_sync(true); /* the next one reuses the share */
        }
        barrier();
#endif
        // The others: the whole workgroup each.
        for (uint i = 0u; i < s_large; ++i) {
            uint lo = s_lo[nt - 1u - i], hi = s_hi[nt - 1u - i];
            mgpu_merge_segment(lo, (lo / nv + 1u) * nv, hi, 0u, nt, tid, false);
            barrier(); /* the next one reuses shared memory */
        }
    }
}
