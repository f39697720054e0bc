#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented and locality sort, a merge pass's second dispatch (segsort.glsl): each tile of the pass's list of
// moving tiles, which segsort_prep found out of place (tile_info: the A and B parts of its trimmed share), merges
// that share of its pair's active region from the copy in scratch (keys_in, values_in) back into the sort's
// output (keys_out, values_out), as merge.comp merges a tile: the keys to shared memory, Merge Path per thread, VT
// outputs each, stored coalesced, values gathered by source.
#include "shared/spec_ids.h"
#include "kernels/segsort/segsort_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(push_constant, std430) uniform SegsortPush { MGPU_SEGSORT_PC_FIELDS } pc;

#define MGPU_KEYS_AS_BITS /* f32 keys in shared memory and registers as their order bits (keys.glsl) */
#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"
#include "kernels/segsort/segsort.glsl"

#define MGPU_MERGE_SLACK /* VT + 1 keys of slack: the serial merges' reads need no clamp (cta_merge.glsl) */
shared MGPU_WKEY s_keys[gl_WorkGroupSize.x * VT + VT + 1u];
shared uint s_source[gl_WorkGroupSize.x * VT]; /* each output's position in keys_in */
uint g_a_len;
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#define MGPU_MERGE_KEY(i) s_keys[i]
#include "include/merge_path.glsl"
#include "include/cta_merge.glsl"

/* Merges tile `tile`, whose tile_info (the A and B parts it merges, global positions) is `info`. */
void mgpu_tile(uint tile, uvec4 info) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint a_first = info.x, a_len = info.y - info.x, b_first = info.z, b_len = info.w - info.z;
    uint count = a_len + b_len;
    g_a_len = a_len;
    /* Its first output: a_first - lo A keys and b_first - mid B keys of the region precede it. */
    uint o0 = a_first + b_first - mgpu_segsort_mid(tile * nv);

    TArray src = TArray(pc.keys_in);
    T loaded[VT];
    mgpu_load_striped2(loaded, src.v, a_first, src.v, b_first, a_len, count);
    mgpu_striped_to_shared(s_keys, loaded, count);
    barrier();

    uint diag = min(tid * VT, count);
    uint a = mgpu_merge_path(a_len, b_len, diag);
    uint b = a_len + diag - a;
    MGPU_WKEY keys[VT];
    uint sources[VT];
    mgpu_serial_merge(keys, sources, a, a_len, b, count, nv - 1u);
    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint o = tid * VT + j;
        if (o < count) {
            s_keys[o] = keys[j];
            if (VALUE_WORDS > 0u) s_source[o] = sources[j] < a_len ? a_first + sources[j] : b_first + sources[j] - a_len;
        }
    }
    barrier();

    TArray dst = TArray(pc.keys_out);
    mgpu_store_striped(dst.v, o0, s_keys, count);
    if (VALUE_WORDS > 0u) {
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint o = j * nt + tid;
            if (o < count) mgpu_value_store(pc.values_out, o0 + o, mgpu_value_load(pc.values_in, s_source[o]));
        }
    }
}

void main() {
    mgpu_segsort_read_count();
    uint listed = mgpu_segsort_listed(MGPU_SEGSORT_LIST_MOVING);
    /* The walk is latency-bound where tiles move few keys (nearly sorted input), so where a workgroup walks
     * several tiles the list's entries are read two tiles ahead and their tile_info one ahead: a tile's key loads
     * wait on no earlier round trip (H200, u32 2^26: the merges of segsort mean 10000 1131 -> 968 us; with the
     * prep's alike, segsort 2900 -> 2748, locality noise 100 2325 -> 2228; bench/RESULTS.md, thirty-first
     * session). */
    uint step = gl_NumWorkGroups.x, i = gl_WorkGroupID.x;
    if (listed <= step) { /* a tile a workgroup at most: nothing to read ahead */
        if (i < listed) {
            uint tile = mgpu_segsort_listed_tile(MGPU_SEGSORT_LIST_MOVING, i);
            mgpu_tile(tile, Vec4Array(pc.tile_info).v[tile]);
        }
        return;
    }
    uint tile = i < listed ? mgpu_segsort_listed_tile(MGPU_SEGSORT_LIST_MOVING, i) : 0u;
    uint next = i + step < listed ? mgpu_segsort_listed_tile(MGPU_SEGSORT_LIST_MOVING, i + step) : 0u;
    uvec4 info = i < listed ? Vec4Array(pc.tile_info).v[tile] : uvec4(0u);
    for (; i < listed; i += step) {
        uint current = tile;
        uvec4 current_info = info;
        tile = next;
        if (i + step < listed) info = Vec4Array(pc.tile_info).v[tile];
        if (i + 2u * step < listed) next = mgpu_segsort_listed_tile(MGPU_SEGSORT_LIST_MOVING, i + 2u * step);
        mgpu_tile(current, current_info);
        barrier(); /* the next tile reuses shared memory */
    }
}
