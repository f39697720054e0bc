#version 460
#extension GL_GOOGLE_include_directive : require
// Segmented sort, first phase (the seeds' chapter 8 segmented blocksort): each workgroup sorts one tile of
// NT * VT keys within its segments. The tile's head flags go to a shared bit mask (read as packed flags, or set
// from the heads that fall in the tile, found by binary search), with a max-scan and a min-scan over its words
// so that the last head before and the first head from any position are found in O(1). Then the mergesort's
// blocksort (a sorting network per thread, log2(NT) merge rounds in shared memory), where segments only remove
// work: the network swaps no neighbours across a head, and a merge round changes only the active region of each
// pair of runs (segsort.glsl: the segment that straddles the interface), so a thread whose outputs lie outside
// it keeps its keys, and the others merge the region by key alone (it is one segment). Stable. Tags (positions
// in the tile) travel with the keys only where values or indices follow them. The tile's first and last heads
// go to ranges_out for the merge passes. MODE MGPU_SEGSORT_SEGMENTED off: one segment (the locality sort's
// blocksort: the plain mergesort blocksort).
#include "shared/spec_ids.h"
#include "kernels/segsort/segsort_pc.h"
#include "include/types.glsl"
#include "include/count.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_SEGSORT_VALUES;
layout(push_constant, std430) uniform SegsortPush { MGPU_SEGSORT_PC_FIELDS } pc;

#define MGPU_KEYS_AS_BITS /* f32 keys in shared memory and registers as their order bits (keys.glsl) */
#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/values.glsl"

const bool SEGMENTED = (MODE & MGPU_SEGSORT_SEGMENTED) != 0u;
const bool INDICES = (MODE & MGPU_SEGSORT_INDICES) != 0u;
const bool TAGGED = INDICES || VALUE_WORDS > 0u; /* positions travel with the keys */

shared MGPU_WKEY s_keys[gl_WorkGroupSize.x * VT];
/* Each key's position in the tile (TAGGED); keys alone declare one word (as mergesort_block.comp): declared whole,
 * the tags took the keys-only blocksort from 47 to 62 registers and 7.9 to 15.0 KB (H200, u32 2^26 mean 100: 1254
 * against 980 us; bench/RESULTS.md, eighteenth session). */
shared uint s_tags[TAGGED ? gl_WorkGroupSize.x * VT : 1u];
shared uint s_flags[gl_WorkGroupSize.x * VT / 32u];  /* head flags of the tile (NV is a multiple of 32) */
shared uint s_last[gl_WorkGroupSize.x * VT / 32u];   /* the last head in words 0..w (0: none) */
shared uint s_next[gl_WorkGroupSize.x * VT / 32u];   /* the first head in words w.. (NV: none) */
shared uint s_bounds[2];                             /* the tile's first head, and its last head + 1 */
uint g_count, g_head_count;                          /* the real counts: pc's, or the indirect ones clamped */
shared uint s_range[2];                              /* the tile's heads: [s_range[0], s_range[1]) of pc.segments */

uint g_a_base, g_b_base;
#define MGPU_MERGE_A(i) s_keys[g_a_base + (i)]
#define MGPU_MERGE_B(i) s_keys[g_b_base + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#include "include/merge_path.glsl"

/* The first head position >= x in the ascending heads (head_count of them), as int32. */
uint mgpu_heads_lower_bound(uint x) {
    IntArray heads = IntArray(pc.segments);
    uint lo = 0u, hi = g_head_count;
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (heads.v[mid] < int(x)) lo = mid + 1u;
        else hi = mid;
    }
    return lo;
}

/* s_flags, s_last, s_next and s_bounds for the tile's count keys from first. Ends with a barrier. */
void mgpu_load_segments(uint tile, uint first, uint count) {
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
    /* The tile's heads [h0, h1): segsort_heads found them (tile_info present), or two threads search them. */
    if (pc.source == MGPU_SEGSORT_HEADS && tid < 2u)
        s_range[tid] = mgpu_present(pc.tile_info) ? UintArray(pc.tile_info).v[tile + tid]
                                                  : mgpu_heads_lower_bound(tid == 0u ? first : first + count);
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
        s_next[tid] = f != 0u ? tid * 32u + uint(findLSB(f)) : gl_WorkGroupSize.x * VT;
        if (f != 0u) {
            atomicMin(s_bounds[0], tid * 32u + uint(findLSB(f)));
            atomicMax(s_bounds[1], tid * 32u + uint(findMSB(f)) + 1u);
        }
    }
    for (uint offset = 1u; offset < words; offset *= 2u) { /* Hillis-Steele max- and min-scans; words <= NT */
        barrier();
        uint last = tid < words && tid >= offset ? s_last[tid - offset] : 0u;
        uint next = tid + offset < words ? s_next[tid + offset] : gl_WorkGroupSize.x * VT;
        barrier();
        if (tid < words) {
            s_last[tid] = max(s_last[tid], last);
            s_next[tid] = min(s_next[tid], next);
        }
    }
    barrier();
}

/* The last head at or before position i of the tile (0 when none). */
uint mgpu_head_at_or_before(uint i) {
    uint w = i >> 5u, f = s_flags[w] & (0xffffffffu >> (31u - (i & 31u)));
    return f != 0u ? (w << 5u) + uint(findMSB(f)) : (w > 0u ? s_last[w - 1u] : 0u);
}

/* The first head at or after position i < NV of the tile (NV when none). */
uint mgpu_head_at_or_after(uint i) {
    uint words = gl_WorkGroupSize.x * VT / 32u;
    uint w = i >> 5u, f = s_flags[w] & (0xffffffffu << (i & 31u));
    return f != 0u ? (w << 5u) + uint(findLSB(f)) : (w + 1u < words ? s_next[w + 1u] : gl_WorkGroupSize.x * VT);
}

bool mgpu_is_head(uint i) { return (s_flags[i >> 5u] & (1u << (i & 31u))) != 0u; }

void mgpu_tile(uint tile) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint first = tile * nv;
    uint count = min(nv, g_count - first);

    T loaded[VT];
    mgpu_load_striped(loaded, TArray(pc.keys_in).v, first, count);
    mgpu_striped_to_shared(s_keys, loaded, count);
    if (SEGMENTED) mgpu_load_segments(tile, first, count);
    barrier();

    MGPU_WKEY keys[VT];
    uint tags[VT];
    uint mine = tid * VT;
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        keys[j] = s_keys[min(mine + j, count - 1u)];
        tags[j] = mine + j;
    }
    // Odd-even transposition sort (stable: only strictly out-of-order neighbours swap), never across a head:
    // bit j of `joined` says that positions j and j + 1 are valid and in one segment.
    uint joined = 0u;
    [[unroll]] for (uint j = 0u; j + 1u < VT; ++j)
        if (mine + j + 1u < count && !(SEGMENTED && mgpu_is_head(mine + j + 1u))) joined |= 1u << j;
    [[unroll]] for (uint pass = 0u; pass < VT; ++pass) {
        [[unroll]] for (uint j = pass & 1u; j + 1u < VT; j += 2u) {
            if ((joined & (1u << j)) != 0u && mgpu_wkey_less(keys[j + 1u], keys[j])) {
                MGPU_WKEY k = keys[j];
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
                if (TAGGED) s_tags[mine + j] = tags[j];
            }
        barrier();
        // Runs A = [start, mid) and B = [mid, end) merge; only their active region [lo, hi) changes: from A's
        // last head (or start) to B's first head (or end), one segment. Outputs outside it stay in place.
        uint rank = tid & (coop - 1u);
        uint start = min((tid - rank) * VT, count), half_run = coop / 2u * VT;
        uint mid = min(start + half_run, count), end = min(start + 2u * half_run, count);
        uint lo = start, hi = end;
        if (SEGMENTED && start < mid && mid < end) {
            lo = max(start, mgpu_head_at_or_before(mid - 1u));
            hi = min(end, mgpu_head_at_or_after(mid));
        }
        uint o0 = max(mine, lo), o1 = min(mine + VT, hi);
        if (lo < mid && mid < hi && o0 < o1) {
            g_a_base = lo;
            g_b_base = mid;
            uint a_len = mid - lo, b_len = hi - mid;
            uint a = lo + mgpu_merge_path(a_len, b_len, o0 - lo);
            uint b = mid + (o0 - lo) - (a - lo);
            // Serial merge of the outputs [o0, o1); the tags follow their keys.
            uint last = nv - 1u;
            MGPU_WKEY a_key = s_keys[min(a, last)], b_key = s_keys[min(b, last)];
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                if (mine + j >= o0 && mine + j < o1) {
                    bool take_a = b >= hi || (a < mid && !mgpu_wkey_less(b_key, a_key));
                    keys[j] = take_a ? a_key : b_key;
                    if (TAGGED) tags[j] = s_tags[take_a ? a : b];
                    if (take_a) a_key = s_keys[min(++a, last)];
                    else b_key = s_keys[min(++b, last)];
                }
            }
        }
    }

    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j)
        if (mine + j < count) {
            s_keys[mine + j] = keys[j];
            if (TAGGED) s_tags[mine + j] = tags[j];
        }
    barrier();
    TArray dst = TArray(pc.keys_out);
    mgpu_store_striped(dst.v, first, s_keys, count);
    if (INDICES) {
        UintArray out_values = UintArray(pc.values_out);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) out_values.v[first + i] = first + s_tags[i];
        }
    } else if (VALUE_WORDS > 0u) {
        // Gather every value before any is stored: the values may be sorted in place.
        uvec2 values[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < count) values[j] = mgpu_value_load(pc.values_in, first + s_tags[i]);
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
    /* The merge passes' list counters start at zero (segsort.glsl): the first workgroup clears them. */
    if (mgpu_present(pc.lists) && gl_WorkGroupID.x == 0u && gl_WorkGroupID.y == 0u)
        for (uint i = gl_LocalInvocationID.x; i < 2u * MGPU_SEGSORT_MAX_PASSES; i += gl_WorkGroupSize.x)
            UintArray(pc.lists).v[i] = 0u;
    g_count = mgpu_count(pc.count_address, pc.count);
    g_head_count = mgpu_count(pc.head_count_address, pc.head_count);
    uint tiles = (g_count + gl_WorkGroupSize.x * VT - 1u) / (gl_WorkGroupSize.x * VT);
    mgpu_for_each_tile(tile, tiles, pc.groups_x) {
        mgpu_tile(tile);
        barrier(); /* the next tile reuses shared memory */
    }
}
