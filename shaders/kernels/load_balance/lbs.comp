#version 460
#extension GL_GOOGLE_include_directive : require
// Load-balancing search and the operations built on it (MODE). Each workgroup takes tiles of NT * VT
// elements of the merge of work items 0, 1, ... with the objects' starts (bounds from the partitions), their
// starts loaded a tile ahead into registers (lbs_pipeline.glsl), then into shared memory, and each thread
// walks VT merge steps from its Merge Path position, noting in shared memory what each item (or, for bulk
// insert, each merge position) needs. Then the workgroup moves the data, element j * NT + tid per step:
// coalesced, and every load in flight together.
//   SEARCH..MOVE: the item's object (see load_balance_pc.h for what each mode moves);
//   BULK_INSERT: items are the positions of `values`, starts the insert indices; merge position k is output
//                k: an item's value, or the insert value (`gather`) of the start;
//   BULK_REMOVE: items are the positions of `values`, starts the removal indices; an item equal to the
//                start just before it is removed, any other goes to its position less the starts before it.
#include "shared/spec_ids.h"
#include "kernels/load_balance/load_balance_pc.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"
#include "include/lbs.glsl"
#include "include/loadstore.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = MGPU_INTERVAL_SEARCH;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 1u;
layout(push_constant, std430) uniform LbsPush { MGPU_LBS_PC_FIELDS } pc;

#include "include/values.glsl"

#define MGPU_FROM_INSERT 0x80000000u /* BULK_INSERT slot: the value comes from the inserts */
#define MGPU_REMOVED 0xffffffffu     /* BULK_REMOVE slot: the item is removed */

shared uint s_starts[gl_WorkGroupSize.x * VT];
shared uint s_slots[gl_WorkGroupSize.x * VT]; /* per item: its object or output; BULK_INSERT: per output */

uint g_a0, g_b0, g_b_len;
#define MGPU_PATH_A_FIRST(diag, p) mgpu_lbs_item_first(g_a0 + (p), s_starts[(diag) - 1u - (p)])
#include "include/merge_path.glsl"

/* starts[o] for o >= b0 - 1: from shared memory within the tile, else from global memory. */
uint mgpu_start_of(uint o) { return o - g_b0 < g_b_len ? s_starts[o - g_b0] : uint(IntArray(pc.starts).v[o]); }

void mgpu_tile(mgpu_tile_span span) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint nv = nt * VT;
    uint diag0 = span.first, a0 = span.a_first, b0 = span.b_first;
    uint a_len = span.a_len, b_len = span.b_len, count = a_len + b_len;
    g_a0 = a0;
    g_b0 = b0;
    g_b_len = b_len;

    // This thread's start in the tile, by Merge Path over (items a0.., starts in shared memory).
    uint diag = min(tid * VT, count);
    uint ai = mgpu_merge_path(a_len, b_len, diag), bi = diag - ai;
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        if (diag + j < count) {
            bool item = bi >= b_len || (ai < a_len && mgpu_lbs_item_first(a0 + ai, s_starts[bi]));
            if (MODE == MGPU_BULK_INSERT) {
                s_slots[diag + j] = item ? a0 + ai : (b0 + bi) | MGPU_FROM_INSERT;
            } else if (item && MODE == MGPU_BULK_REMOVE) {
                uint p = a0 + ai, before = b0 + bi; /* removal indices <= p */
                s_slots[ai] = before > 0u && mgpu_start_of(before - 1u) == p ? MGPU_REMOVED : p - before;
            } else if (item) {
                s_slots[ai] = b0 + bi - 1u; /* the object of the last start before the item */
            }
            if (item) ++ai; else ++bi;
        }
    }
    barrier();

    if (MODE == MGPU_INTERVAL_SEARCH) {
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint i = j * nt + tid;
            if (i < a_len) IntArray(pc.objects).v[a0 + i] = int(s_slots[i]);
        }
        return;
    }
    // Gather every value of the tile into registers, then store them.
    uvec2 values[VT];
    uint to[VT];
    uint limit = MODE == MGPU_BULK_INSERT ? count : a_len;
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint k = j * nt + tid;
        if (k >= limit) continue;
        uint slot = s_slots[k], i = a0 + k;
        if (MODE == MGPU_BULK_INSERT) {
            bool inserted = (slot & MGPU_FROM_INSERT) != 0u;
            values[j] = mgpu_value_load(inserted ? pc.gather : pc.values, slot & ~MGPU_FROM_INSERT);
            to[j] = diag0 + k;
        } else if (MODE == MGPU_BULK_REMOVE) {
            to[j] = slot;
            if (slot != MGPU_REMOVED) values[j] = mgpu_value_load(pc.values, i);
        } else {
            uint rank = i - mgpu_start_of(slot);
            uint from = MODE == MGPU_INTERVAL_EXPAND ? slot
                      : MODE == MGPU_INTERVAL_SCATTER ? i
                      : uint(IntArray(pc.gather).v[slot]) + rank;
            to[j] = (MODE == MGPU_INTERVAL_SCATTER || MODE == MGPU_INTERVAL_MOVE) ? uint(IntArray(pc.scatter).v[slot]) + rank : i;
            values[j] = mgpu_value_load(pc.values, from);
        }
    }
    [[unroll]] for (uint j = 0u; j < VT; ++j) {
        uint k = j * nt + tid;
        if (k < limit && to[j] != MGPU_REMOVED) mgpu_value_store(pc.objects, to[j], values[j]);
    }
}

#define MGPU_LBS_STARTS s_starts
#define MGPU_LBS_TILE_WORK mgpu_tile
#include "include/lbs_pipeline.glsl"

void main() { mgpu_lbs_pipelined_tiles(pc.item_count, pc.object_count, pc.starts); }
