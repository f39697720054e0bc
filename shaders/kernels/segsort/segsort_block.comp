#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented sort, first phase (the seeds' chapter 8 segmented blocksort): each workgroup sorts one tile of
// NT * VT keys within its segments. The tile's head flags go to a shared bit mask (read as packed flags, or set
// from the heads that fall in the tile, found by binary search); a max-scan over its words gives every key the
// position of its segment's head in the tile, which rides in the high half of the key's tag (its position in
// the tile in the low half). Then the mergesort's blocksort (a sorting network per thread, log2(NT) merge
// rounds in shared memory) in the order of (segment head, key): stable, and no key leaves its segment. The
// tile's first and last heads go to ranges_out for the merge passes. MODE MGPU_SEGSORT_SEGMENTED off: one
// segment (the locality sort's blocksort: the plain mergesort blocksort).
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_SEGSORT_VALUES;
layout(push_constant, std430) uniform SegsortPush { MGPU_SEGSORT_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"

const bool SEGMENTED = (MODE & MGPU_SEGSORT_SEGMENTED) != 0u;
const bool INDICES = (MODE & MGPU_SEGSORT_INDICES) != 0u;

shared T s_keys[gl_WorkGroupSize.x * VT];
shared uint s_tags[gl_WorkGroupSize.x * VT];         /* segment head << 16 | position, both in the tile */
shared uint s_flags[gl_WorkGroupSize.x * VT / 32u];  /* head flags of the tile (NV is a multiple of 32) */
shared uint s_last[gl_WorkGroupSize.x * VT / 32u];   /* the last head in words 0..w (0: none) */
shared uint s_bounds[2];                             /* the tile's first head, and its last head + 1 */
shared uint s_range[2];                              /* the tile's heads: [s_range[0], s_range[1]) of pc.segments */

/* (segment, key) order: a's segment first, or the same segment and a's key first. */
bool mgpu_seg_less(T ka, uint ta, T kb, uint tb) {
    if (SEGMENTED && (ta >> 16u) != (tb >> 16u)) return (ta >> 16u) < (tb >> 16u);
    return mgpu_key_less(ka, kb);
}

uint g_a_base, g_b_base;
#define MGPU_PATH_A_FIRST(diag, p)                                                                          \
    (!mgpu_seg_less(s_keys[g_b_base + (diag) - 1u - (p)], s_tags[g_b_base + (diag) - 1u - (p)],           \
                    s_keys[g_a_base + (p)], s_tags[g_a_base + (p)]))
#include "include/merge_path.glsl"

/* The first head position >= x in the ascending heads (head_count of them), as int32. */
uint mgpu_heads_lower_bound(uint x) {
    IntArray heads = IntArray(pc.segments);
    uint lo = 0u, hi = pc.head_count;
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (heads.v[mid] < int(x)) lo = mid + 1u;
        else hi = mid;
    }
    return lo;
}

/* s_flags, s_last and s_bounds for the tile's count keys from first. Ends with a barrier. */
void mgpu_load_segments(uint first, uint count) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x, words = gl_WorkGroupSize.x * VT / 32u;
    for (uint w = tid; w < words; w += nt) {
        uint f = 0u;
        if (pc.source == MGPU_SEGSORT_FLAGS && w * 32u < count) {
            f = UintArray(pc.segments).v[first / 32u + w];
            uint valid = count - w * 32u;
            if (valid < 32u) f &= (1u << valid) - 1u;
        }
        s_flags[w] = f;
    }
    if (tid == 0u) {
        s_bounds[0] = MGPU_SEGSORT_NONE;
        s_bounds[1] = 0u;
    }
    /* The tile's heads [h0, h1): two threads search them, once for the workgroup. */
    if (pc.source == MGPU_SEGSORT_HEADS && tid < 2u) s_range[tid] = mgpu_heads_lower_bound(tid == 0u ? first : first + count);
    barrier();
    if (pc.source == MGPU_SEGSORT_HEADS) {
        uint h0 = s_range[0], h1 = s_range[1];
        IntArray heads = IntArray(pc.segments);
        for (uint h = h0 + tid; h < h1; h += nt) {
            uint p = uint(heads.v[h]) - first;
            if (p < count) atomicOr(s_flags[p >> 5u], 1u << (p & 31u)); /* heads out of order: ignored */
        }
        barrier();
    }
    if (tid < words) {
        uint f = s_flags[tid];
        s_last[tid] = f != 0u ? tid * 32u + uint(findMSB(f)) : 0u;
        if (f != 0u) {
            atomicMin(s_bounds[0], tid * 32u + uint(findLSB(f)));
            atomicMax(s_bounds[1], tid * 32u + uint(findMSB(f)) + 1u);
        }
    }
    for (uint offset = 1u; offset < words; offset *= 2u) { /* Hillis-Steele max-scan; words <= NT */
        barrier();
        uint v = tid < words && tid >= offset ? s_last[tid - offset] : 0u;
        barrier();
        if (tid < words) s_last[tid] = max(s_last[tid], v);
    }
    barrier();
}

/* The position of the head of position i's segment in the tile (0 when no head precedes it there). */
uint mgpu_segment_head(uint i) {
    uint w = i >> 5u, f = s_flags[w] & (0xffffffffu >> (31u - (i & 31u)));
    return f != 0u ? (w << 5u) + uint(findMSB(f)) : (w > 0u ? s_last[w - 1u] : 0u);
}

void mgpu_tile(uint tile) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint first = tile * nv;
    uint count = min(nv, pc.count - first);

    T loaded[VT];
    mgpu_load_striped(loaded, TArray(pc.keys_in).v, first, count);
    mgpu_striped_to_shared(s_keys, loaded, count);
    if (SEGMENTED) mgpu_load_segments(first, count);
    barrier();

    T keys[VT];
    uint tags[VT];
    uint mine = tid * VT;
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = min(mine + j, count - 1u);
        keys[j] = s_keys[i];
        tags[j] = (SEGMENTED ? mgpu_segment_head(i) << 16u : 0u) | (mine + j);
    }
    // Odd-even transposition sort (stable: only strictly out-of-order neighbours swap).
    uint valid = count - min(mine, count);
    [[unroll]] for (uint pass = 0u; pass < VT; ++pass) {
        [[unroll]] for (uint j = pass & 1u; j + 1u < VT; j += 2u) {
            if (j + 1u < valid && mgpu_seg_less(keys[j + 1u], tags[j + 1u], keys[j], tags[j])) {
                T k = keys[j];
                keys[j] = keys[j + 1u];
                keys[j + 1u] = k;
                uint t = tags[j];
                tags[j] = tags[j + 1u];
                tags[j + 1u] = t;
            }
        }
    }

    for (uint coop = 2u; coop <= nt; coop *= 2u) {
        barrier();
        [[unroll]] for (uint j = 0u; j < VT; ++j)
            if (mine + j < count) {
                s_keys[mine + j] = keys[j];
                s_tags[mine + j] = tags[j];
            }
        barrier();
        uint rank = tid & (coop - 1u);
        uint start = (tid - rank) * VT, half_run = coop / 2u * VT;
        g_a_base = min(start, count);
        uint a_end = min(start + half_run, count), b_end = min(start + 2u * half_run, count);
        g_b_base = a_end;
        uint a_len = a_end - g_a_base, b_len = b_end - a_end;
        uint diag = min(rank * VT, a_len + b_len);
        uint a = g_a_base + mgpu_merge_path(a_len, b_len, diag);
        uint b = g_b_base + diag - (a - g_a_base);
        // Serial merge of VT outputs; the tags travel with their keys.
        uint last = nv - 1u;
        T a_key = s_keys[min(a, last)], b_key = s_keys[min(b, last)];
        uint a_tag = s_tags[min(a, last)], b_tag = s_tags[min(b, last)];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            bool take_a = b >= b_end || (a < a_end && !mgpu_seg_less(b_key, b_tag, a_key, a_tag));
            keys[j] = take_a ? a_key : b_key;
            tags[j] = take_a ? a_tag : b_tag;
            if (take_a) {
                ++a;
                a_key = s_keys[min(a, last)];
                a_tag = s_tags[min(a, last)];
            } else {
                ++b;
                b_key = s_keys[min(b, last)];
                b_tag = s_tags[min(b, last)];
            }
        }
    }

    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j)
        if (mine + j < count) {
            s_keys[mine + j] = keys[j];
            s_tags[mine + j] = tags[j];
        }
    barrier();
    TArray dst = TArray(pc.keys_out);
    mgpu_store_striped(dst.v, first, s_keys, count);
    if (INDICES) {
        UintArray out_values = UintArray(pc.values_out);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) out_values.v[first + i] = first + (s_tags[i] & 0xffffu);
        }
    } else if (VALUE_WORDS > 0u) {
        // Gather every value before any is stored: the values may be sorted in place.
        uvec2 values[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) values[j] = mgpu_value_load(pc.values_in, first + (s_tags[i] & 0xffffu));
        }
        memoryBarrierBuffer();
        barrier();
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) mgpu_value_store(pc.values_out, first + i, values[j]);
        }
    }
    if (SEGMENTED && tid == 0u && mgpu_present(pc.ranges_out)) {
        uint head0 = s_bounds[0], head1 = s_bounds[1];
        Uvec2Array(pc.ranges_out).v[tile] = uvec2(head0 == MGPU_SEGSORT_NONE ? MGPU_SEGSORT_NONE : first + head0,
                                                  head1 == 0u ? MGPU_SEGSORT_NONE : first + head1 - 1u);
    }
}

void main() {
    uint tiles = (pc.count + gl_WorkGroupSize.x * VT - 1u) / (gl_WorkGroupSize.x * VT);
    mgpu_for_each_tile(tile, tiles, pc.groups_x) {
        mgpu_tile(tile);
        barrier(); /* the next tile reuses shared memory */
    }
}
