#version 460
#extension GL_GOOGLE_include_directive : require
// Merge: each workgroup merges tiles of NT * VT outputs. A tile's A and B ranges come from the partitions or, where
// tiles are few (MODE MGPU_MERGE_MODE_SEARCHED, no partition dispatch), from the workgroup's own search at its start
// (mgpu_cta_merge_path: half the threads search each bound in global memory); the keys go to shared memory, each
// thread finds its own start by Merge Path and merges VT outputs serially, and outputs (and values, gathered by
// source index) are stored coalesced (keys in uvec4s where the tile is full and aligned). With pc.run > 0 this is
// one mergesort pass: runs of pc.run sorted elements of a_keys (== b_keys) are merged pairwise, and the host sets
// MGPU_MERGE_MODE_ONE_ARRAY (ONE_ARRAY), so that each key is one load and each value one load from one array
// (shared/constants.h).
// With the partitions (MODE without SEARCHED) the tile loop is a software pipeline: the keys of the workgroup's next
// tile are loaded into registers while this tile is searched, merged and stored, and the partitions are read a tile
// earlier still, so that those loads never wait for them (1.29x at 2^26 on an H200: bench/RESULTS.md, eighth
// session).
// Indirect counts (a plain merge): the real counts g_a_count and g_b_count replace pc.a_count and pc.b_count
// (their capacities) everywhere, as in the partition kernel; tiles past the real total are not taken.
// A mergesort pass with an indirect count (pc.a_count_address) merges the runs of the real count's elements
// only: tiles past them return, and a pass whose run covers them all copies them (the ping-pong's parity).
// f32 keys are held in shared memory and registers as their order bits (keys.glsl): one unsigned compare each.
// ORDER_BITS (u32 and u64 keys): the keys are the order bits of a mergesort's float keys (mergesort.c), and this
// last pass writes those keys back (shared/constants.h's MGPU_ORDER_BITS_DECODE_*).
#include "shared/spec_ids.h"
#include "kernels/merge/merge_pc.h"
#include "shared/constants.h"
#include "include/types.glsl"
#include "include/count.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 0u;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = 0u; /* MGPU_MERGE_MODE_* flags */
layout(constant_id = MGPU_SPEC_ORDER_BITS) const uint ORDER_BITS = 0u; /* MGPU_ORDER_BITS_DECODE_* (above) */
layout(push_constant, std430) uniform MergePush { MGPU_MERGE_PC_FIELDS } pc;

const bool ONE_ARRAY = (MODE & MGPU_MERGE_MODE_ONE_ARRAY) != 0u; /* a mergesort pass: A and B are runs of a_keys */
const bool SAMPLES = (MODE & MGPU_MERGE_MODE_SAMPLES) != 0u;     /* it writes its outputs' samples (merge_pc.h) */

#define MGPU_KEYS_AS_BITS /* f32 keys in shared memory and registers as their order bits (keys.glsl) */
#include "include/keys.glsl"
#include "include/loadstore.glsl"
#include "include/count.glsl"

#define MGPU_MERGE_SLACK /* VT + 1 keys of slack: the serial merge's reads need no clamp (cta_merge.glsl) */
shared MGPU_WKEY s_keys[gl_WorkGroupSize.x * VT + VT + 1u];
/* bit 31: from B; the rest: index in A's or B's array (ONE_ARRAY: the index in the one array, a_values). Keys alone
 * need only the search space of SEARCHED. */
shared uint s_source[VALUE_WORDS > 0u ? gl_WorkGroupSize.x * VT : 8u];
uint g_a_len;            /* the tile's A elements: its keys in shared memory are A's, then B's */
uint g_a_base, g_b_base; /* where the tile's pair of runs starts in a_keys and b_keys (SEARCHED) */
uint g_a_count, g_b_count; /* the real counts (mgpu_count: pc's, or the indirect ones clamped to them) */
#define MGPU_MERGE_A(i) s_keys[i]
#define MGPU_MERGE_B(i) s_keys[g_a_len + (i)]
#define MGPU_PATH_A_FIRST(diag, p) mgpu_merge_keys_a_first(diag, p)
#define MGPU_MERGE_GLOBAL_A(i) TArray(pc.a_keys).v[g_a_base + (i)]
#define MGPU_MERGE_GLOBAL_B(i) TArray(pc.b_keys).v[g_b_base + (i)]
#define MGPU_MERGE_PATH_SHARED s_source /* free at the tile's start */
#define MGPU_MERGE_KEY(i) s_keys[i]
#include "include/merge_path.glsl"
#include "include/cta_merge.glsl"
#include "include/values.glsl"

/* The key an output holds: k, or, with ORDER_BITS (u32 and u64 kernels only), the key whose order bits k is. */
#if defined(MGPU_TYPE_U32) || defined(MGPU_TYPE_U64)
T mgpu_output_key(T k) {
    if ((ORDER_BITS & MGPU_ORDER_BITS_DECODE_DESCENDING) != 0u) k = ~k;
    if ((ORDER_BITS & MGPU_ORDER_BITS_DECODE_FLOAT) != 0u) k = mgpu_float_bits_from_key_bits(k);
    return k;
}
#else
#define mgpu_output_key(k) (k)
#endif

/* The span of `tile` whose A elements, relative to its pair of runs, are [a0, a1). */
mgpu_tile_span mgpu_span(uint tile, uint a0, uint a1) {
    return mgpu_merge_tile_span(g_a_count, g_b_count, pc.run, gl_WorkGroupSize.x * VT, tile, a0, a1);
}

/* SAMPLES: the tile's outputs at first + i * S and first + i * S + S - 1 (first is a multiple of S, S of NV) to the
 * sample array's halves, from the outputs in s_keys. */
void mgpu_store_samples(uint first, uint count) {
    uint shift = pc.sample_shift, stride = 1u << shift;
    uint per_tile = gl_WorkGroupSize.x * VT >> shift, per_half = mgpu_sample_count(pc.a_count, shift);
    TArray samples = TArray(pc.samples);
    for (uint t = gl_LocalInvocationID.x; t < 2u * per_tile; t += gl_WorkGroupSize.x) {
        uint half_ = t < per_tile ? 0u : 1u, i = t - half_ * per_tile;
        uint o = (i << shift) + half_ * (stride - 1u);
        if (o < count) samples.v[half_ * per_half + (first >> shift) + i] = MGPU_FROM_WKEY(s_keys[o]);
    }
}

/* Merges the tile whose keys are in s_keys (A's, then B's) and stores its keys and values; the caller's
 * barrier() follows before shared memory is reused. */
void mgpu_merge_tile(mgpu_tile_span span) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint a_len = span.a_len, count = span.a_len + span.b_len;
    g_a_len = a_len;
    uint diag = min(tid * VT, count);
    uint a = mgpu_merge_path(a_len, span.b_len, diag);
    uint b = a_len + diag - a;
    MGPU_WKEY keys[VT];
    uint sources[VT];
    mgpu_serial_merge(keys, sources, a, a_len, b, count, nv - 1u);
    barrier();
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint o = tid * VT + j;
        if (o < count) {
            s_keys[o] = mgpu_output_key(keys[j]);
            if (VALUE_WORDS > 0u) /* keys alone: no source indices */
                s_source[o] = sources[j] < a_len ? span.a_first + sources[j]
                                                 : (span.b_first + sources[j] - a_len) | (ONE_ARRAY ? 0u : 0x80000000u);
        }
    }
    barrier();

    mgpu_store_striped_vec4(pc.out_keys, span.first, s_keys, count);
    if (SAMPLES) mgpu_store_samples(span.first, count);
    if (VALUE_WORDS > 0u) {
        uvec2 values[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint o = j * nt + tid;
            if (o < count) {
                uint source = s_source[o];
                uvec2 from = !ONE_ARRAY && (source & 0x80000000u) != 0u ? pc.b_values : pc.a_values;
                values[j] = mgpu_value_load(from, ONE_ARRAY ? source : source & 0x7fffffffu);
            }
        }
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint o = j * nt + tid;
            if (o < count) mgpu_value_store(pc.out_values, span.first + o, values[j]);
        }
    }
}

#define MGPU_TILE_KEYS s_keys
#define MGPU_TILE_ONE_ARRAY ONE_ARRAY
#define MGPU_TILE_SPAN mgpu_span
#define MGPU_TILE_WORK mgpu_merge_tile
#include "include/tile_pipeline.glsl"

/* SEARCHED: each tile's bounds searched by the workgroup at its start, then loaded and merged. */
void mgpu_merge_searched(uint tiles) {
    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys);
    uint nv = gl_WorkGroupSize.x * VT;
    mgpu_for_each_tile(tile, tiles, pc.groups_x) {
        mgpu_merge_pair pair = mgpu_merge_range(g_a_count, g_b_count, pc.run, tile * nv);
        uint diag0 = tile * nv - pair.first, diag1 = min(diag0 + nv, pair.a_len + pair.b_len);
        g_a_base = pair.a_base;
        g_b_base = pair.b_base;
        uvec2 split = mgpu_cta_merge_path(pair.a_len, pair.b_len, diag0, diag1, false);
        mgpu_tile_span span = mgpu_span(tile, split.x, split.y);
        T loaded[VT];
        mgpu_tile_load(loaded, a_keys, b_keys, span);
        mgpu_striped_to_shared(s_keys, loaded, span.a_len + span.b_len);
        barrier();
        mgpu_merge_tile(span);
        barrier(); /* the next tile reuses shared memory */
    }
}

void main() {
    g_a_count = mgpu_count(pc.a_count_address, pc.a_count);
    g_b_count = mgpu_count(pc.b_count_address, pc.b_count);
    uint total = pc.run == 0u ? g_a_count + g_b_count : g_a_count;
    uint tiles = (total + gl_WorkGroupSize.x * VT - 1u) / (gl_WorkGroupSize.x * VT);
    if ((MODE & MGPU_MERGE_MODE_SEARCHED) != 0u) mgpu_merge_searched(tiles);
    else mgpu_pipelined_tiles(tiles);
}
