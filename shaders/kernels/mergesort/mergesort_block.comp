#version 460
#extension GL_GOOGLE_include_directive : require
// Mergesort, first phase (the seeds' chapter 7 blocksort): each workgroup sorts one tile of NT * VT keys.
// Each thread sorts its VT keys in registers with a sorting network, then log2(NT) rounds of merges in
// shared memory double the sorted runs (2, 4, .. NT threads cooperate, each placed by Merge Path and merging
// VT outputs serially). Every key carries its position in the tile, which finally gathers the values (or
// becomes the index output; keys alone carry none). Stable throughout; the tail of a partial tile is simply
// left out of every run. With an indirect count (pc.a_count_address) only the real count's tiles are sorted:
// nothing past it is read or written. f32 and f64 keys are held as their order bits (keys.glsl): the sorting
// network's and the merges' comparisons are single unsigned compares.
#include "shared/spec_ids.h"
#include "kernels/mergesort/mergesort_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"
#include "include/count.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_MERGESORT_VALUES;
/* MGPU_ORDER_BITS_ENCODE: the sorted tiles' keys are written as their order bits (the passes after it run on them) */
layout(constant_id = MGPU_SPEC_ORDER_BITS) const uint ORDER_BITS = 0u;
layout(push_constant, std430) uniform MergePush { MGPU_MERGE_PC_FIELDS } pc;

#define MGPU_KEYS_AS_BITS /* f32 and f64 keys in shared memory and registers as their order bits (keys.glsl) */
#define MGPU_KEYS_AS_BITS_F64
#include "include/keys.glsl"
#include "include/loadstore.glsl"

/* The keys' order bits in global memory (ORDER_BITS). */
layout(buffer_reference, std430, buffer_reference_align = MGPU_ALIGN) buffer KArray { K v[]; };

const bool TAGGED = MODE == MGPU_MERGESORT_INDICES || VALUE_WORDS > 0u; /* positions travel with the keys */

#define MGPU_MERGE_SLACK /* VT + 1 keys of slack: the serial merges' reads need no clamp (cta_merge.glsl) */
shared MGPU_WKEY s_keys[gl_WorkGroupSize.x * VT + VT + 1u];
/* Each key's position in the tile (TAGGED); keys alone declare one word, so that the tags' shared memory does not
 * limit their workgroups per SM (as merge.comp's source indices). */
shared uint s_tags[TAGGED ? gl_WorkGroupSize.x * VT : 1u];
uint g_a_base, g_b_base;
#define MGPU_MERGE_A(i) s_keys[g_a_base + (i)]
#define MGPU_MERGE_B(i) s_keys[g_b_base + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#define MGPU_MERGE_KEY(i) s_keys[i]
#include "include/merge_path.glsl"
#include "include/cta_merge.glsl"
#include "include/sortnet.glsl"
#include "include/values.glsl"

void mgpu_tile(uint tile, uint n) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint first = tile * nv;
    uint count = min(nv, n - first);

    // Global accesses: unrolled over j, element j * NT + tid (coalesced, all loads in flight together).
    TArray src = TArray(pc.a_keys);
    // The keys as loaded, then as working keys (keys.glsl): one array where those are the same type.
#ifdef MGPU_KEYS_AS_BITS
    T loaded[VT];
    MGPU_WKEY keys[VT];
#else
    T keys[VT];
#define loaded keys
#endif
    mgpu_load_striped(loaded, src.v, first, count);
    mgpu_striped_to_shared(s_keys, loaded, count);
#undef loaded
    barrier();

    uint tags[VT];
    uint mine = tid * VT; /* this thread's first position in the tile */
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        keys[j] = s_keys[min(mine + j, count - 1u)];
        tags[j] = mine + j;
    }
    mgpu_odd_even_sort(keys, tags, count - min(mine, count));

    for (uint coop = 2u; coop <= nt; coop *= 2u) {
        barrier();
        [[unroll]] for (uint j = 0u; j < VT; ++j)
            if (mine + j < count) {
                s_keys[mine + j] = keys[j];
                if (TAGGED) s_tags[mine + j] = tags[j];
            }
        barrier();
        // Threads [group, group + coop) merge the runs [start, start + half) and [start + half, start + 2 half).
        uint rank = tid & (coop - 1u);
        uint start = (tid - rank) * VT, half_run = coop / 2u * VT;
        g_a_base = min(start, count);
        uint a_end = min(start + half_run, count), b_end = min(start + 2u * half_run, count);
        g_b_base = a_end;
        uint a_len = a_end - g_a_base, b_len = b_end - a_end;
        uint diag = min(rank * VT, a_len + b_len);
        uint a = g_a_base + mgpu_merge_path(a_len, b_len, diag);
        uint b = g_b_base + diag - (a - g_a_base);
        uint sources[VT];
        mgpu_serial_merge(keys, sources, a, a_end, b, b_end, nv - 1u);
        if (TAGGED) [[unroll]] for (uint j = 0u; j < VT; ++j) tags[j] = s_tags[min(sources[j], nv - 1u)];
    }

    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j)
        if (mine + j < count) {
            s_keys[mine + j] = keys[j];
            if (TAGGED) s_tags[mine + j] = tags[j];
        }
    barrier();
    if ((ORDER_BITS & MGPU_ORDER_BITS_ENCODE) != 0u) {
        KArray dst = KArray(pc.out_keys);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) dst.v[first + i] = MGPU_WKEY_ORDER_BITS(s_keys[i]);
        }
    } else {
        TArray dst = TArray(pc.out_keys);
        mgpu_store_striped(dst.v, first, s_keys, count);
    }
    if (MODE == MGPU_MERGESORT_INDICES) {
        UintArray out_values = UintArray(pc.out_values);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) out_values.v[first + i] = first + s_tags[i];
        }
    } else if (VALUE_WORDS > 0u) {
        // Gather every value before any is stored: the values may be sorted in place.
        uvec2 values[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) values[j] = mgpu_value_load(pc.a_values, first + s_tags[i]);
        }
        memoryBarrierBuffer();
        barrier();
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) mgpu_value_store(pc.out_values, first + i, values[j]);
        }
    }
}

void main() {
    uint n = mgpu_count(pc.a_count_address, pc.a_count);
    uint tiles = (n + gl_WorkGroupSize.x * VT - 1u) / (gl_WorkGroupSize.x * VT);
    mgpu_for_each_tile(tile, tiles, pc.groups_x) {
        mgpu_tile(tile, n);
        barrier(); /* the next tile reuses shared memory */
    }
}
