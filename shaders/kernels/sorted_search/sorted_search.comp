#version 460
#extension GL_GOOGLE_include_directive : require
// Vectorized sorted search (the seeds' chapter 9) as a merge: each workgroup takes tiles of NT * VT elements of
// the merge of A and B (bounds from merge_partition.comp; loaded a tile ahead, tile_pipeline.glsl) into shared
// memory, and each thread walks VT merge steps from its Merge Path position. Lower bounds of A (MODE 0) merge
// A's element before an equal B's: when A[i] is taken, the B elements already taken are its lower bound, and
// when B[j] is taken, the A elements taken are its upper bound in A. Upper bounds (MODE 1) merge B first, with
// the roles turned. A match compares the element with its neighbour across the bound (the tile's edges read from
// global memory once per tile, and only where match flags are asked for). Results go to shared memory first and
// are stored coalesced. f32 keys (and the edges) are held as their order bits (keys.glsl): one unsigned compare
// each.
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

#define MGPU_KEYS_AS_BITS /* f32 keys in shared memory and registers as their order bits (keys.glsl) */
#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/count.glsl"

shared MGPU_WKEY s_keys[gl_WorkGroupSize.x * VT];
shared uint s_results[gl_WorkGroupSize.x * VT]; /* per element (A's, then B's): bound | match << 31 */
uint g_a_len;
uint g_a_count, g_b_count; /* the real counts (mgpu_count: pc's, or the indirect ones clamped to them) */
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) (MODE == 1u ? mgpu_merge_keys_b_first(diag, p) : mgpu_merge_keys_a_first(diag, p))
#include "include/merge_path.glsl"

/* The match flags are asked for (a uniform test: without them the walk compares nothing but the merge's keys). */
bool g_matches;

/* The elements on either side of a tile's parts of A and B, the neighbours across a bound at the tile's edges:
 * A's element a0 - 1 and a0 + a_len, B's b0 - 1 and b0 + b_len (indices MGPU_EDGE_*), read by thread 0 while the
 * tile's keys load (MGPU_TILE_PREFETCH) and moved to shared memory when the tile starts (MGPU_TILE_STAGE); a bit of
 * s_edges_present per edge that exists. */
#define MGPU_EDGE_A_BEFORE 0
#define MGPU_EDGE_A_AFTER  1
#define MGPU_EDGE_B_BEFORE 2
#define MGPU_EDGE_B_AFTER  3
MGPU_WKEY g_edges[4];
uint g_edges_present;
shared MGPU_WKEY s_edges[4];
shared uint s_edges_present;

void mgpu_search_prefetch(mgpu_tile_span span) {
    if (gl_LocalInvocationID.x != 0u || !g_matches) return;
    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys);
    uint a1 = span.a_first + span.a_len, b1 = span.b_first + span.b_len;
    g_edges_present = 0u;
    if (span.a_first > 0u) {
        g_edges[MGPU_EDGE_A_BEFORE] = MGPU_TO_WKEY(a_keys.v[span.a_first - 1u]);
        g_edges_present |= 1u << MGPU_EDGE_A_BEFORE;
    }
    if (a1 < g_a_count) {
        g_edges[MGPU_EDGE_A_AFTER] = MGPU_TO_WKEY(a_keys.v[a1]);
        g_edges_present |= 1u << MGPU_EDGE_A_AFTER;
    }
    if (span.b_first > 0u) {
        g_edges[MGPU_EDGE_B_BEFORE] = MGPU_TO_WKEY(b_keys.v[span.b_first - 1u]);
        g_edges_present |= 1u << MGPU_EDGE_B_BEFORE;
    }
    if (b1 < g_b_count) {
        g_edges[MGPU_EDGE_B_AFTER] = MGPU_TO_WKEY(b_keys.v[b1]);
        g_edges_present |= 1u << MGPU_EDGE_B_AFTER;
    }
}

void mgpu_search_stage(mgpu_tile_span span) {
    if (gl_LocalInvocationID.x != 0u || !g_matches) return;
    for (uint e = 0u; e < 4u; ++e) s_edges[e] = g_edges[e];
    s_edges_present = g_edges_present;
}

/* Searches the tile whose keys are in s_keys and stores its results. The walk keeps the next A and B keys in
 * registers (one shared read per step, as cta_merge.glsl), and for the match flags the last A and B keys taken:
 * an element's neighbour across its bound is always one of those four, or an edge of the tile. */
void mgpu_search_tile(mgpu_tile_span span) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint a0 = span.a_first, b0 = span.b_first;
    uint a_len = span.a_len, b_len = span.b_len, count = a_len + b_len;
    g_a_len = a_len;

    uint diag = min(tid * VT, count);
    uint a = mgpu_merge_path(a_len, b_len, diag);
    uint b = diag - a; /* both local: A at s_keys[a], B at s_keys[a_len + b] */
    MGPU_WKEY a_key = s_keys[min(a, nv - 1u)], b_key = s_keys[min(a_len + b, nv - 1u)];
    // The last A and B keys before the thread's first step (an edge of the tile for its first thread), and
    // whether they exist; then the elements after the tile's parts.
    MGPU_WKEY last_a = a_key, last_b = b_key, after_a = a_key, after_b = b_key;
    bool have_last_a = false, have_last_b = false, have_after_a = false, have_after_b = false;
    if (g_matches) {
        uint present = s_edges_present;
        have_last_a = a > 0u || (present & (1u << MGPU_EDGE_A_BEFORE)) != 0u;
        last_a = a > 0u ? s_keys[a - 1u] : s_edges[MGPU_EDGE_A_BEFORE];
        have_last_b = b > 0u || (present & (1u << MGPU_EDGE_B_BEFORE)) != 0u;
        last_b = b > 0u ? s_keys[a_len + b - 1u] : s_edges[MGPU_EDGE_B_BEFORE];
        have_after_a = (present & (1u << MGPU_EDGE_A_AFTER)) != 0u;
        after_a = s_edges[MGPU_EDGE_A_AFTER];
        have_after_b = (present & (1u << MGPU_EDGE_B_AFTER)) != 0u;
        after_b = s_edges[MGPU_EDGE_B_AFTER];
    }
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if (diag + j >= count) break;
        bool take_a = b >= b_len || (a < a_len && mgpu_merge_wkeys_a_first(a_key, b_key, MODE == 1u));
        bool match = false;
        if (g_matches) {
            // One path of selects for both sides: lower bounds (MODE 0) compare an A element with B's next
            // element (b_key, or the one after the tile) and a B element with the last A taken; upper bounds
            // compare an A element with the last B taken and a B element with A's next.
            bool next_a = a < a_len, next_b = b < b_len;
            MGPU_WKEY next_a_key = next_a ? a_key : after_a, next_b_key = next_b ? b_key : after_b;
            bool has_next_a = next_a || have_after_a, has_next_b = next_b || have_after_b;
            MGPU_WKEY other = MODE == 1u ? (take_a ? last_b : next_a_key) : (take_a ? next_b_key : last_a);
            bool found = MODE == 1u ? (take_a ? have_last_b : has_next_a) : (take_a ? has_next_b : have_last_a);
            match = found && mgpu_wkey_equal(take_a ? a_key : b_key, other);
        }
        s_results[take_a ? a : a_len + b] = (take_a ? b0 + b : a0 + a) | (match ? 0x80000000u : 0u);
        if (take_a) {
            last_a = a_key;
            have_last_a = true;
            a_key = s_keys[min(++a, nv - 1u)];
        } else {
            last_b = b_key;
            have_last_b = true;
            b_key = s_keys[min(a_len + ++b, nv - 1u)];
        }
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
#define MGPU_TILE_PREFETCH mgpu_search_prefetch
#define MGPU_TILE_STAGE mgpu_search_stage
#include "include/tile_pipeline.glsl"

void main() {
    uint nv = gl_WorkGroupSize.x * VT;
    g_a_count = mgpu_count(pc.a_count_address, pc.a_count);
    g_b_count = mgpu_count(pc.b_count_address, pc.b_count);
    g_matches = mgpu_present(pc.a_matches) || mgpu_present(pc.b_matches);
    mgpu_pipelined_tiles((g_a_count + g_b_count + nv - 1u) / nv);
}
