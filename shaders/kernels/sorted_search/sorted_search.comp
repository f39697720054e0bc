#version 460
#extension GL_GOOGLE_include_directive : require
// Vectorized sorted search (the seeds' chapter 9) as a merge: each workgroup takes tiles of NT * VT elements of
// the merge of A and B (bounds from merge_partition.comp; loaded a tile ahead, tile_pipeline.glsl) into shared
// memory, and each thread walks VT merge steps from its Merge Path position. Lower bounds of A (MODE 0) merge
// A's element before an equal B's: when A[i] is taken, the B elements already taken are its lower bound, and
// when B[j] is taken, the A elements taken are its upper bound in A. Upper bounds (MODE 1) merge B first, with
// the roles turned. A match compares the element with its neighbour across the bound (read from global memory
// when that neighbour lies outside the tile). Results go to shared memory first and are stored coalesced.
// Indirect counts: the real counts g_a_count and g_b_count replace pc.a_count and pc.b_count (their capacities)
// everywhere, as in the partition kernel, so that a bound is into the real other array and tiles past the real
// total are not taken.
#include "shared/spec_ids.h"
#include "kernels/sorted_search/sorted_search_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = 0u; /* 0: lower bounds of A into B, 1: upper */
layout(push_constant, std430) uniform SearchPush { MGPU_SEARCH_PC_FIELDS } pc;

#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/count.glsl"

shared T s_keys[gl_WorkGroupSize.x * VT];
shared uint s_results[gl_WorkGroupSize.x * VT]; /* per element (A's, then B's): bound | match << 31 */
uint g_a_len;
uint g_a_count, g_b_count; /* the real counts (mgpu_count: pc's, or the indirect ones clamped to them) */
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) (MODE == 1u ? mgpu_merge_keys_b_first(diag, p) : mgpu_merge_keys_a_first(diag, p))
#include "include/merge_path.glsl"

bool mgpu_key_equal(T x, T y) { return !mgpu_key_less(x, y) && !mgpu_key_less(y, x); }

/* Element k of the tile's part of A or B (k may be one past either end, -1 as 0xffffffff): the part holds
 * len elements at s_keys[base..], which are elements first.. of `keys` (global_count in all). Reads global
 * memory for a neighbour outside the tile; returns false when the array has no such element. */
bool mgpu_neighbour(uint k, uint base, uint len, MGPU_ADDR keys, uint first, uint global_count, out T key) {
    uint g = first + k; /* wraps below 0 to a value >= global_count */
    if (k < len) key = s_keys[base + k];
    else if (g < global_count) key = TArray(keys).v[g];
    else return false;
    return true;
}

/* Searches the tile whose keys are in s_keys and stores its results. */
void mgpu_search_tile(mgpu_tile_span span) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint a0 = span.a_first, b0 = span.b_first;
    uint a_len = span.a_len, b_len = span.b_len, count = a_len + b_len;
    g_a_len = a_len;

    uint diag = min(tid * VT, count);
    uint a = mgpu_merge_path(a_len, b_len, diag);
    uint b = diag - a; /* both local: A at s_keys[a], B at s_keys[a_len + b] */
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if (diag + j >= count) break;
        T a_key = s_keys[min(a, nv - 1u)], b_key = s_keys[min(a_len + b, nv - 1u)];
        bool take_a = b >= b_len || (a < a_len && mgpu_merge_a_first(a_key, b_key, MODE == 1u));
        // One path for both sides (selects, no divergence): an A element's bound is the B elements taken so far
        // and its neighbour across it B[bound] (lower) or B[bound - 1] (upper); a B element's, the A elements
        // taken and A[bound - 1] (lower) or A[bound] (upper).
        T key = take_a ? a_key : b_key, other;
        uint k = take_a ? (MODE == 1u ? b - 1u : b) : (MODE == 1u ? a : a - 1u);
        bool found = mgpu_neighbour(k, take_a ? a_len : 0u, take_a ? b_len : a_len, take_a ? pc.b_keys : pc.a_keys,
                                    take_a ? b0 : a0, take_a ? g_b_count : g_a_count, other);
        bool match = found && mgpu_key_equal(key, other);
        s_results[take_a ? a : a_len + b] = (take_a ? b0 + b : a0 + a) | (match ? 0x80000000u : 0u);
        a += take_a ? 1u : 0u;
        b += take_a ? 0u : 1u;
    }
    barrier();

    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i >= count) continue;
        uint result = s_results[i];
        bool is_a = i < a_len;
        uint g = is_a ? a0 + i : b0 + i - a_len;
        uvec2 indices = is_a ? pc.a_indices : pc.b_indices, matches = is_a ? pc.a_matches : pc.b_matches;
        if (mgpu_present(indices)) IntArray(indices).v[g] = int(result & 0x7fffffffu);
        if (mgpu_present(matches)) IntArray(matches).v[g] = int(result >> 31u);
    }
}

#define MGPU_TILE_KEYS s_keys
#define MGPU_TILE_SPAN(tile, a0, a1) \
    mgpu_merge_tile_span(g_a_count, g_b_count, 0u, gl_WorkGroupSize.x * VT, tile, a0, a1)
#define MGPU_TILE_WORK mgpu_search_tile
#include "include/tile_pipeline.glsl"

void main() {
    uint nv = gl_WorkGroupSize.x * VT;
    g_a_count = mgpu_count(pc.a_count_address, pc.a_count);
    g_b_count = mgpu_count(pc.b_count_address, pc.b_count);
    mgpu_pipelined_tiles((g_a_count + g_b_count + nv - 1u) / nv);
}
