#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented sort, between the blocksort and the merge passes: each segment that straddles one tile boundary and
// holds at most a tile of keys (mgpu_segsort_straddled: it starts at the last head of the tile before the
// boundary, or at 0, and ends at the first head of the tile after it, or at the end of the keys) is merged here,
// for every boundary at once: its two parts, each sorted by the blocksort, are merged in place in the sort's
// output (keys_out, values_out) by one workgroup, as segsort_merge.comp merges a tile. Such segments are disjoint,
// and the passes' plans skip them (they are sorted), so at short segments, where nearly every tile boundary cuts
// one, the passes find almost nothing to do. Workgroups loop over the boundaries; ranges_in: each tile's first
// and last head (the blocksort's ranges_out).
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
uint g_a_len;
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#define MGPU_MERGE_KEY(i) s_keys[i]
#include "include/merge_path.glsl"
#include "include/cta_merge.glsl"

/* The segment across the boundary after tile `tile`, merged if it is one this kernel merges. */
void mgpu_boundary(uint tile, uint tiles) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, nv = nt * VT;
    uint mid = (tile + 1u) * nv;
    uvec2 a = Uvec2Array(pc.ranges_in).v[tile], b = Uvec2Array(pc.ranges_in).v[tile + 1u];
    bool lo_bound = a.y != MGPU_SEGSORT_NONE || tile == 0u, hi_bound = b.x != MGPU_SEGSORT_NONE || tile + 2u == tiles;
    uint lo = a.y != MGPU_SEGSORT_NONE ? a.y : tile * nv, hi = b.x != MGPU_SEGSORT_NONE ? b.x : min(mid + nv, g_count);
    if (!mgpu_segsort_straddled(lo, mid, hi, lo_bound && hi_bound, nv)) return; /* uniform */
    uint a_len = mid - lo, count = hi - lo;
    g_a_len = a_len;
    TArray keys = TArray(pc.keys_out);
    T loaded[VT];
    mgpu_load_striped2(loaded, keys.v, lo, keys.v, mid, a_len, count);
    mgpu_striped_to_shared(s_keys, loaded, count);
    barrier();

    uint diag = min(tid * VT, count);
    uint pa = mgpu_merge_path(a_len, count - a_len, diag);
    uint pb = a_len + diag - pa; /* B's place in s_keys (the macro advances pa and pb) */
    T merged[VT];
    uint sources[VT];
    mgpu_serial_merge(merged, sources, pa, a_len, pb, count, nv - 1u);
    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint o = tid * VT + j;
        if (o < count) {
            s_keys[o] = merged[j];
            s_source[o] = sources[j]; /* A's part and B's are adjacent: the source is its place in the segment */
        }
    }
    barrier();
    mgpu_store_striped(keys.v, lo, s_keys, count);
    if (VALUE_WORDS > 0u) {
        // In place: every value is read before any is written.
        uvec2 values[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint o = j * nt + tid;
            if (o < count) values[j] = mgpu_value_load(pc.values_out, lo + s_source[o]);
        }
        memoryBarrierBuffer();
        barrier();
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint o = j * nt + tid;
            if (o < count) mgpu_value_store(pc.values_out, lo + o, values[j]);
        }
    }
}

void main() {
    mgpu_segsort_read_count();
    uint tiles = mgpu_segsort_tiles();
    for (uint tile = gl_WorkGroupID.x; tile + 1u < tiles; tile += gl_NumWorkGroups.x) {
        mgpu_boundary(tile, tiles);
        barrier(); /* the next boundary reuses shared memory */
    }
}
