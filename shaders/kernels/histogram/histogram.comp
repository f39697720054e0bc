#version 460
#extension GL_GOOGLE_include_directive : require
// Histogram: each workgroup bins the tiles g, g + groups, ... of its input (strided, coalesced, uvec4 loads on
// full aligned tiles) into a private histogram in shared memory, then adds each nonzero bin to the global counts
// (zeroed beforehand) with one atomic; with MGPU_HISTOGRAM_GLOBAL (more bins than SHARED_BINS) every value goes
// to the global counts directly. The subgroup variant adds a subgroup's values with one atomic when they all fall
// in one bin (all-equal input, the contention case), tested once per uvec4 of values in the vector loads (once per
// value cost the u32 histogram a quarter of its time: bench/RESULTS.md, tenth session) and once per value in the
// others. The number counted goes to pc.counted when present. An
// indirect count (pc.count_address) is read first: tiles and values past it are neither read nor counted.
#include "shared/spec_ids.h"
#include "kernels/histogram/histogram_pc.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 8u;
layout(constant_id = MGPU_HISTOGRAM_SPEC_SHARED_BINS) const uint SHARED_BINS = 256u;

layout(push_constant, std430) uniform HistogramPush { MGPU_HISTOGRAM_PC_FIELDS } pc;

#include "include/types.glsl"
#ifdef MGPU_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
#include "kernels/histogram/histogram_bin.glsl"
#include "include/count.glsl"

shared uint s_bins[SHARED_BINS];
shared uint s_counted;

bool g_global; // MGPU_HISTOGRAM_GLOBAL
#ifdef MGPU_SUBGROUP
uvec4 g_lanes; // the subgroup's lanes (all of them: the host keeps NT a multiple of the subgroup size)
#endif

void histogram_add(uint bin, uint n) {
    if (g_global)
        atomicAdd(UintArray(pc.counts).v[bin], n);
    else
        atomicAdd(s_bins[bin], n);
}

// Counts bins[0 .. m) of one invocation (a uvec4's values, m = 4 or 2, or one value, m = 1); every invocation of
// the workgroup calls it alike (MGPU_HISTOGRAM_NONE for a value not counted or past the input), so that the
// subgroup operations see the whole subgroup.
void histogram_count(uint bins[4], uint m, inout uint counted) {
#ifdef MGPU_SUBGROUP
    bool same = true;
    [[unroll]] for (uint e = 1u; e < 4u; ++e) same = same && (e >= m || bins[e] == bins[0]);
    uint first = subgroupBroadcastFirst(bins[0]);
    if (subgroupBallot(same && bins[0] == first) == g_lanes) {
        if (first != MGPU_HISTOGRAM_NONE) {
            counted += m;
            if (subgroupElect()) histogram_add(first, m * subgroupBallotBitCount(g_lanes));
        }
        return;
    }
#endif
    [[unroll]] for (uint e = 0u; e < 4u; ++e)
        if (e < m && bins[e] != MGPU_HISTOGRAM_NONE) {
            ++counted;
            histogram_add(bins[e], 1u);
        }
}

void main() {
    uint nt = gl_WorkGroupSize.x;
    uint tid = gl_LocalInvocationID.x;
    g_global = (pc.flags & MGPU_HISTOGRAM_GLOBAL) != 0u;
#ifdef MGPU_SUBGROUP
    g_lanes = subgroupBallot(true);
#endif
    if (!g_global)
        for (uint i = tid; i < pc.bins; i += nt) s_bins[i] = 0u;
    if (tid == 0u) s_counted = 0u;
    barrier();
    uint tile_size = nt * VT;
    uint count = mgpu_count(pc.count_address, pc.count); // indirect: the real count, at most the capacity
    uint tiles = (count + tile_size - 1u) / tile_size;
    bool vector = (pc.flags & MGPU_HISTOGRAM_VEC4) != 0u;
    TArray src = TArray(pc.src);
    uint counted = 0u;
    for (uint tile = gl_WorkGroupID.x; tile < tiles; tile += gl_NumWorkGroups.x) {
        uint tile_first = tile * tile_size;
        if (vector && tile_first + tile_size <= count) {
            Vec4Array q = Vec4Array(pc.src);
            uvec4 w[(VT + MGPU_EPV - 1u) / MGPU_EPV]; // one at least, for any VT
            [[unroll]] for (uint j = 0u; j < VT / MGPU_EPV; ++j) w[j] = q.v[tile_first / MGPU_EPV + j * nt + tid];
            [[unroll]] for (uint j = 0u; j < VT / MGPU_EPV; ++j) {
                uint bins[4];
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
                bins[0] = mgpu_histogram_bin(mgpu_from_words(w[j].xy));
                bins[1] = mgpu_histogram_bin(mgpu_from_words(w[j].zw));
                bins[2] = bins[3] = MGPU_HISTOGRAM_NONE;
#else
                [[unroll]] for (uint e = 0u; e < 4u; ++e) bins[e] = mgpu_histogram_bin(mgpu_from_words(uvec2(w[j][e], 0u)));
#endif
                histogram_count(bins, MGPU_EPV, counted);
            }
        } else {
            T v[VT];
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                uint i = tile_first + j * nt + tid;
                if (i < count) v[j] = src.v[i];
            }
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                uint i = tile_first + j * nt + tid;
                uint bins[4] = uint[4](i < count ? mgpu_histogram_bin(v[j]) : MGPU_HISTOGRAM_NONE, MGPU_HISTOGRAM_NONE,
                                       MGPU_HISTOGRAM_NONE, MGPU_HISTOGRAM_NONE);
                histogram_count(bins, 1u, counted);
            }
        }
    }
    bool want_counted = mgpu_present(pc.counted);
    if (want_counted) {
#ifdef MGPU_SUBGROUP
        counted = subgroupAdd(counted);
        if (subgroupElect() && counted != 0u) atomicAdd(s_counted, counted);
#else
        if (counted != 0u) atomicAdd(s_counted, counted);
#endif
    }
    barrier();
    if (!g_global) {
        UintArray counts = UintArray(pc.counts);
        for (uint i = tid; i < pc.bins; i += nt) {
            uint c = s_bins[i];
            if (c != 0u) atomicAdd(counts.v[i], c);
        }
    }
    if (want_counted && tid == 0u && s_counted != 0u) atomicAdd(UintArray(pc.counted).v[0], s_counted);
}
