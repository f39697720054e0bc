#version 460
#extension GL_GOOGLE_include_directive : require
// Relational join: the vectorized sorted search (the seeds' chapter 9) with equality counts. Each workgroup takes
// tiles of NT * VT elements of the merge of A and B, A's element first on equal keys (bounds from
// merge_partition.comp, MODE 0; loaded a tile ahead, tile_pipeline.glsl), into shared memory; each thread walks
// VT merge steps from its Merge Path position.
//   An A element taken after b of the tile's B elements has its lower bound b0 + b in B; the B keys equal to it
//   follow from there and are exactly the B copies of its key, which merge right after A's. So the thread's
//   steps, replayed backward from registers, count each A element's matches: the B steps of its key after it,
//   plus, for the thread's last key, B's copies of it from the thread's end place on (galloping in the tile's B
//   keys, gallop.glsl). A run that reaches the tile's end can only be the tile's largest A key's (a larger A key
//   would follow the run's next element, outside the tile), so thread 0 finds that one key's end in global memory
//   (galloping: 1, 2, 4, ... ahead, then binary) once per tile, from the neighbours it read while the tile loaded.
//   (A second walk of the tile with B's element first on equal keys gave each upper bound before: bench/RESULTS.md,
//   thirtieth session.)
//   A B element taken after a of the tile's A elements has an equal key in A exactly when A's element a0 + a - 1
//   equals it (A's element a0 - 1 for a = 0, read once per tile).
// It writes, coalesced through shared memory (the bounds over the tile's keys once the walks are done): lower[i]
// (the bound, bit 31 set when B holds an equal key) and counts[i] (the equal B keys; at least 1 for a left join);
// for a right join, the tile's unmatched B elements in B order at unmatched[b0 ..] (ranked by a workgroup sum) and
// their number at counts[a_count + tile]; where MGPU_JOIN_FLAG_CHECKED, the tile's rows (saturated at 2^31) added
// to words[1], a carry counted in words[2]. The tile's f32 keys are held as their order bits (keys.glsl): one
// unsigned compare each; keys read from global memory (the tile's neighbours) are compared as keys.
#include "shared/spec_ids.h"
#include "shared/constants.h"
#include "kernels/join/join_pc.h"
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(push_constant, std430) uniform JoinPush { MGPU_JOIN_PC_FIELDS } pc;

#define MGPU_KEYS_AS_BITS /* f32 keys in shared memory and registers as their order bits (keys.glsl) */
#include "include/keys.glsl"
#include "include/loadstore.glsl"

/* The tile's keys (A's, then B's); once the walks have read them, per A element its bound and match bit (in its
 * key's low word). */
shared MGPU_WKEY s_keys[gl_WorkGroupSize.x * VT];
shared uint s_counts[gl_WorkGroupSize.x * VT]; /* per A element: its rows; after them the unmatched B list */
#ifdef MGPU_KEYS_AS_BITS /* (keys.glsl keeps it for the key types that take it) */
#define MGPU_LOWER_PUT(i, lower) s_keys[i] = K(lower)
#define MGPU_LOWER_GET(i) uint(s_keys[i])
#else
#define MGPU_LOWER_PUT(i, lower) s_keys[i] = mgpu_from_words(uvec2((lower), 0u))
#define MGPU_LOWER_GET(i) mgpu_to_words(s_keys[i]).x
#endif
shared uint s_sum[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
shared MGPU_WKEY s_head_key;                  /* A's element a0 - 1 */
shared uint s_head;     /* whether it exists */
shared uint s_tail_end; /* where the run in B of the tile's largest A key ends past the tile (b1 if it does not
                           continue there) */
shared uint s_rows_low, s_rows_high;  /* the tile's rows, in 16-bit halves */
#define MGPU_SUM_SHARED s_sum
#include "include/cta_sum.glsl"

uint g_a_len;
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#include "include/merge_path.glsl"

/* The galloping search's predicate (gallop.glsl): whether B's element i equals the run's key, B in global memory
 * (g_run_shared false: the tile's tail) or the tile's B keys in shared memory (i tile-local). */
T g_run_key;
MGPU_WKEY g_run_wkey;
bool g_run_shared;
bool mgpu_run_continues(uint i) {
    return g_run_shared ? mgpu_wkey_equal(s_keys[g_a_len + i], g_run_wkey)
                        : mgpu_key_equal(TArray(pc.b_keys).v[i], g_run_key);
}
#define MGPU_GALLOP_RIGHT(i) mgpu_run_continues(i)
#include "include/gallop.glsl"

/* The end of the run of B keys (in global memory) equal to key that starts before lo (B's element lo - 1 equals
 * key): the first position in [lo, end) whose key differs, or end. */
uint mgpu_run_end(uint lo, uint end, T key) {
    g_run_shared = false;
    g_run_key = key;
    return mgpu_gallop(lo, end, false);
}

/* The same in the tile's B keys (shared memory, tile-local positions; B's element lo - 1 need not equal key). */
uint mgpu_run_end_in_tile(uint lo, uint end, MGPU_WKEY key) {
    g_run_shared = true;
    g_run_wkey = key;
    return mgpu_gallop(lo, end, false);
}

/* a + c, saturated at 2^31 (a <= 2^31, c < 2^32 - 2^31). */
uint mgpu_add_rows(uint a, uint c) { return c >= 0x80000000u - a ? 0x80000000u : a + c; }

/* The neighbours of a tile's A part, read by thread 0 while the tile's keys load (MGPU_TILE_PREFETCH), and
 * compared, its tail searched, when the tile starts (MGPU_TILE_STAGE). */
T g_last_a, g_next_b, g_head_a; /* the tile's last A element, B's first element after the tile, A's a0 - 1 */

void mgpu_join_prefetch(mgpu_tile_span span) {
    if (gl_LocalInvocationID.x != 0u) return;
    uint a1 = span.a_first + span.a_len, b1 = span.b_first + span.b_len;
    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys);
    if (span.a_len > 0u && b1 < pc.b_count) {
        g_last_a = a_keys.v[a1 - 1u];
        g_next_b = b_keys.v[b1];
    }
    if (span.a_first > 0u && span.b_len > 0u) g_head_a = a_keys.v[span.a_first - 1u];
}

void mgpu_join_stage(mgpu_tile_span span) {
    if (gl_LocalInvocationID.x != 0u) return;
    uint b1 = span.b_first + span.b_len;
    uint tail_end = b1;
    if (span.a_len > 0u && b1 < pc.b_count && mgpu_key_equal(g_last_a, g_next_b))
        tail_end = mgpu_run_end(b1 + 1u, pc.b_count, g_last_a);
    s_tail_end = tail_end;
    s_head = span.a_first > 0u && span.b_len > 0u ? 1u : 0u;
    if (s_head != 0u) s_head_key = MGPU_TO_WKEY(g_head_a);
    s_rows_low = 0u;
    s_rows_high = 0u;
}

/* Joins the tile whose keys are in s_keys and stores its results. */
void mgpu_join_tile(mgpu_tile_span span) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint tile = span.first / nv;
    uint a0 = span.a_first, b0 = span.b_first, b1 = b0 + span.b_len;
    uint a_len = span.a_len, b_len = span.b_len, count = a_len + b_len;
    g_a_len = a_len;
    bool left = (pc.flags & MGPU_JOIN_FLAG_LEFT) != 0u, right = (pc.flags & MGPU_JOIN_FLAG_RIGHT) != 0u;
    bool checked = (pc.flags & MGPU_JOIN_FLAG_CHECKED) != 0u;

    uint diag = min(tid * VT, count), steps = min(VT, count - diag);
    // The thread's VT steps of the merge, A's element first on equal keys: whether each step took an A element
    // (taken_a) and whether its key equals the step before's (same: the runs of equal keys, for the replay below;
    // bits rather than the keys, which as an array of 64-bit keys went to local memory), and for right joins the B
    // elements without an equal key in A. The next A and B keys in registers (one shared read per step), the last
    // A key taken (a B element's neighbour: A's element a0 + a - 1, or a0 - 1 for a = 0) and the tile's last A key.
    uint a = mgpu_merge_path(a_len, b_len, diag);
    uint b = diag - a, b_first = b; /* the thread's B elements are the tile's b_first, b_first + 1, ... */
    uint taken_a = 0u, same = 0u;   /* bit j: step j took an A element; its key equals step j - 1's */
    uint unmatched = 0u, taken_b = 0u; /* bit k: the thread's k-th B element has no equal key in A */
    MGPU_WKEY last_key = s_keys[0];    /* the last step's key */
    MGPU_WKEY a_key = s_keys[min(a, nv - 1u)], b_key = s_keys[min(a_len + b, nv - 1u)];
    bool have_last_a = a > 0u || s_head != 0u;
    MGPU_WKEY last_a = a > 0u ? s_keys[a - 1u] : s_head_key, tile_last_a = s_keys[max(a_len, 1u) - 1u];
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if (j < steps) {
            bool take_a = b >= b_len || (a < a_len && mgpu_merge_wkeys_a_first(a_key, b_key, false));
            MGPU_WKEY key = take_a ? a_key : b_key;
            if (j > 0u && mgpu_wkey_equal(key, last_key)) same |= 1u << j;
            if (take_a) {
                taken_a |= 1u << j;
                last_a = a_key;
                have_last_a = true;
                a_key = s_keys[min(++a, nv - 1u)];
            } else {
                bool matched = have_last_a && mgpu_wkey_equal(b_key, last_a);
                if (!matched) unmatched |= 1u << taken_b;
                ++taken_b;
                b_key = s_keys[min(a_len + ++b, nv - 1u)];
            }
            last_key = key;
        }
    }
    // B's copies of the thread's last key from its end place on (the tile's B keys never change; past the tile
    // only the tile's largest A key's run goes on, to s_tail_end).
    uint after = 0u;
    if (steps > 0u) {
        uint e = mgpu_run_end_in_tile(b, b_len, last_key);
        after = (e < b_len ? b0 + e : (mgpu_wkey_equal(last_key, tile_last_a) ? s_tail_end : b1)) - (b0 + b);
    }

    // The steps replayed backward, once every thread has read the tile's A keys: each A element's matches are the B
    // steps of its key after it (B's copies merge right after A's), plus `after` for the last key; its bound (b0 +
    // the B elements taken before it, bit 31 where it has a match) over its key, its rows into s_counts.
    barrier();
    uint rows = 0u;        /* the thread's rows, saturated at 2^31 */
    uint run_b = after; /* B's copies of the key of the step replayed, from it on */
    [[unroll]] for (uint k = 0u; k < VT; ++k) {
        uint j = VT - 1u - k;
        if (j < steps) {
            if ((taken_a & (1u << j)) != 0u) {
                uint c = left && run_b == 0u ? 1u : run_b;
                s_counts[--a] = c;
                rows = mgpu_add_rows(rows, c);
                MGPU_LOWER_PUT(a, b0 + b | (run_b != 0u ? 0x80000000u : 0u));
            } else {
                --b;
                ++run_b;
            }
            if ((same & (1u << j)) == 0u) run_b = 0u; /* step j starts its run: the steps before have other keys */
        }
    }

    uint listed = 0u; /* right: the tile's unmatched B elements */
    if (right) {
        uint mine = bitCount(unmatched);
        uint at = a_len + mgpu_cta_exclusive_sum(mine, listed); /* its barriers end every thread's walk */
        rows = mgpu_add_rows(rows, mine);
        [[unroll]] for (uint k = 0u; k < VT; ++k)
            if ((unmatched & (1u << k)) != 0u) s_counts[at++] = b0 + b_first + k;
    }
    if (checked) {
#ifdef MGPU_SUBGROUP
        /* halves: a subgroup's sums of 16-bit parts stay below 2^23 */
        uint low = subgroupAdd(rows & 0xffffu), high = subgroupAdd(rows >> 16u);
        if (subgroupElect()) {
            atomicAdd(s_rows_low, low);
            atomicAdd(s_rows_high, high);
        }
#else
        atomicAdd(s_rows_low, rows & 0xffffu);
        atomicAdd(s_rows_high, rows >> 16u);
#endif
    }
    barrier();

    if (checked && tid == 0u) {
        uint high = s_rows_high, low = s_rows_low; /* below 2^26 and 2^25: exact */
        uint t = high >= 0x8000u ? 0x80000000u : min((high << 16u) + low, 0x80000000u);
        UintArrayCoherent words = UintArrayCoherent(pc.words);
        uint before = t != 0u ? atomicAdd(words.v[1], t) : 0u;
        if (before + t < before) atomicAdd(words.v[2], 1u);
    }
    if (right && tid == 0u) UintArray(pc.counts).v[pc.a_count + tile] = listed;
    UintArray lower = UintArray(pc.lower), counts = UintArray(pc.counts), list = UintArray(pc.unmatched);
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint i = j * nt + tid;
        if (i < a_len) {
            lower.v[a0 + i] = MGPU_LOWER_GET(i);
            counts.v[a0 + i] = s_counts[i];
        } else if (i < a_len + listed) {
            list.v[b0 + i - a_len] = s_counts[i];
        }
    }
}

#define MGPU_TILE_KEYS s_keys
#define MGPU_TILE_SPAN(tile, a0, a1) \
    mgpu_merge_tile_span(pc.a_count, pc.b_count, 0u, gl_WorkGroupSize.x * VT, tile, a0, a1)
#define MGPU_TILE_WORK mgpu_join_tile
#define MGPU_TILE_PREFETCH mgpu_join_prefetch
#define MGPU_TILE_STAGE mgpu_join_stage
#include "include/tile_pipeline.glsl"

void main() {
    uint nv = gl_WorkGroupSize.x * VT;
    mgpu_pipelined_tiles((pc.a_count + pc.b_count + nv - 1u) / nv);
}
