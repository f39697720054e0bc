#version 460
#extension GL_GOOGLE_include_directive : require
/*
 * Segmented reduce in one pass (where the look-back is safe; segreduce.comp and segreduce_spine.comp elsewhere).
 * The values are cut into tiles of NT * VT and the tiles into ranges of pc.range_tiles consecutive tiles; each
 * workgroup takes the next range in the order workgroups start (lookback.glsl's ticket) and reduces its tiles in
 * order, loading each tile's values while it reduces the tile before, so the values are read once, with loads
 * always in flight, and no tile searches a merge. Thread t holds a tile's values [t * VT, t * VT + VT) in
 * registers, loaded as uvec4s where VT is a multiple of a uvec4's elements (pc.vectorized: 16-byte aligned
 * values) and the tile is full. A segment is written by the tile that holds the start closing it (the next start,
 * or the end of the values for the last segment), as in segreduce.glsl. Per tile:
 *   - the range's first start is found once, by a K-ary search of a subgroup (mgpu_first_start_at), and each
 *     tile's first start is the one after the previous tile's; a tile whose first start lies past its end holds
 *     none: its values are only reduced into each thread's register (pend), reduced across the workgroup before
 *     the next tile with starts and at the range's end (at a mean segment of 10000, about 4 tiles in 5 need no
 *     barrier). Otherwise the threads read the tile's starts from its first, NT at a time while all are in the
 *     tile (the last tile: those at count too), and count them; each thread takes some of them: an empty segment
 *     (its start equal to the next) is written the identity at once, and the first start at each position marks
 *     that position a head in shared memory (a bit, and the start's index);
 *   - each thread walks its VT values, reducing in a register; a head closes the open segment: the thread's
 *     first head keeps its part for the workgroup, a later one writes the segment, which opened in the same
 *     thread. Where no thread of the subgroup has two heads (nearly every subgroup but at short segments), the
 *     walk is selects with no branch, and the head's start index is read once after it;
 *   - a segmented scan of the threads' carries (cta_segscan.glsl) gives each thread the part of its first
 *     segment that earlier threads hold, and the tile's carry-out (the reduction after its last head, and
 *     whether it has one); with the range's carry so far, the tile's first head completes its segment, unless
 *     that segment began before the range (the range's first head: kept in shared memory until the end).
 * Per range, after its tiles: the range publishes its carry-out, as an inclusive prefix when the range holds a
 * head (what follows a head does not depend on earlier ranges), else as an aggregate; subgroup 0 looks back for
 * the carry of the ranges before (lookback.glsl's value walk, which stops at the first inclusive prefix, usually
 * the predecessor's; a range without a head then publishes its inclusive prefix); the range's first head's
 * segment is written with it, and the last range writes the segment that the end of the values closes.
 * (H200, 2^26 u32 values of mean segment 100: a look-back per tile of 256 x 16, 262 us; by ranges, 171 us;
 * 128 x 16 tiles, 160 us; a segmented scan with one barrier and the walk by selects, 131 us; the starts found
 * here instead of by a dispatch of binary searches before, and tiles without starts reduced without barriers,
 * 125 us, and 89 -> 77 us at a mean segment of 10000: bench/RESULTS.md, fourteenth to sixteenth sessions.)
 * Shared memory: a start index per position (read at heads only), a bit per position, and the segmented scan's
 * arrays; no values. The look-back waits LOOKBACK_WAIT reads for a silent predecessor, then recomputes its carry
 * from its values and its last start (mgpu_lookback_recompute; lookback.glsl's own fallback would reduce all its
 * values, which is wrong here). On GPUs the wait has no bound (0xffffffff). On lavapipe (the one pass forced) it
 * is bounded: llvmpipe ends every loop of an invocation once its loops together have run 65535 iterations, so
 * with more than one thread a range waiting on a predecessor still reducing its tiles had its walk cut after
 * about 16 300 reads, and took the predecessor's zeroed state as its carry (wrong values for segments crossing a
 * range boundary).
 */
#include "shared/spec_ids.h"
#include "kernels/segreduce/segreduce_pc.h"
#include "shared/constants.h"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 7u;
layout(constant_id = MGPU_SPEC_OP) const uint OP = 0u;
/* lookback.glsl: flag reads before mgpu_lookback_recompute. The host passes 0xffffffff where the look-back is safe
 * (GPUs: wait), and a bound elsewhere (segreduce.c's MGPU_SEGREDUCE_LOOKBACK_WAIT: llvmpipe silently ends a longer
 * wait, and the walk would take an unpublished state for a carry). */
layout(constant_id = MGPU_SPEC_LOOKBACK_WAIT) const uint LOOKBACK_WAIT = 0xffffffffu;

layout(push_constant, std430) uniform SegreducePush { MGPU_SEGREDUCE_PC_FIELDS } pc;

#include "include/types.glsl"
#include "include/ops.glsl"
#ifdef MGPU_SUBGROUP
#include "include/subgroup.glsl"
#endif
shared T s_scan[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
shared uint s_scan_flags[MGPU_CTA_SCAN_LENGTH(gl_WorkGroupSize.x)];
#define MGPU_SEGSCAN_SHARED s_scan
#define MGPU_SEGSCAN_SHARED_FLAGS s_scan_flags
#include "include/cta_segscan.glsl"
#include "include/loadstore.glsl"
/* A silent predecessor range's carry, recomputed (below): lookback.glsl's own fallback reduces all its values. */
#define MGPU_LOOKBACK_RECOMPUTE
uint mgpu_lookback_recompute(uint range, out T value);
#include "include/lookback.glsl"
#include "include/count.glsl"
#include "kernels/segreduce/segreduce.glsl"

const uint NV = gl_WorkGroupSize.x * VT;
const uint CHUNK = VT % MGPU_EPV == 0u ? MGPU_EPV : 1u; /* values per load */
shared uint s_first[NV];               /* at a head: the index of the first start there */
shared uint s_heads[(NV + 31u) / 32u]; /* bit p: position p of the tile is a head */
shared uint s_range;
shared uint s_lo;           /* the range's first start (mgpu_first_start_at) */
shared uint s_count;        /* the starts in the tile so far */
shared uint s_end_first;    /* the last tile: the first start at count (segments if none) */
shared uint s_pending;      /* the range's first head: its first start (0: none, or start 0) */
shared T s_pending_value;   /* the part of the segment it closes that the range holds */
shared T s_prefix;

/* The head bits of positions [first, first + VT) of the tile, bit j for position first + j (VT <= 32, as the
 * tuning allows). */
uint mgpu_head_bits(uint first) {
    uint word = first >> 5u, shift = first & 31u;
    uint bits = s_heads[word] >> shift;
    if (shift != 0u && word + 1u < s_heads.length()) bits |= s_heads[word + 1u] << (32u - shift);
    return bits;
}

/* Whether the walk must take its general form: a thread of the subgroup (without subgroups, the calling thread)
 * has two heads or more among its positions. */
bool mgpu_any_thread_has_two_heads(uint heads) {
#ifdef MGPU_SUBGROUP
    return subgroupBallot(bitCount(heads) >= 2) != uvec4(0u); /* ballot: the subgroup features already asked */
#else
    return bitCount(heads) >= 2;
#endif
}

/* The calling thread's VT values of tile `tile` (thread t: tile positions [t * VT, t * VT + VT); the identity
 * past the values). */
void mgpu_load_tile(uint tile, out T x[VT]) {
    uint first = tile * NV, len = min(NV, g_count - first), base = gl_LocalInvocationID.x * VT;
    if (CHUNK == MGPU_EPV && pc.vectorized != 0u && len == NV) {
        Vec4Array q = Vec4Array(pc.values);
        [[unroll]] for (uint c = 0u; c < VT / CHUNK; ++c) {
            uvec4 w = q.v[(first + base) / MGPU_EPV + c];
            [[unroll]] for (uint e = 0u; e < CHUNK; ++e)
                x[c * CHUNK + e] = mgpu_from_vec4(w, e);
        }
    } else {
        TArray values = TArray(pc.values);
        [[unroll]] for (uint j = 0u; j < VT; ++j)
            x[j] = base + j < len ? values.v[first + base + j] : mgpu_op_identity();
    }
}

/* The first k in [0, segments] whose start is at or past value position `value` (segments if none): with
 * subgroups, by every lane of the calling subgroup together, K-ary (lane i probes the last start of the i-th of K
 * steps, and the first lane whose probe is not below the value bounds the next interval: log_K of the starts'
 * count dependent loads, 4 rounds for 2^20 starts at K = 32); without, by the calling thread, binary. Starts out
 * of order (a broken precondition) give some k in that range. */
uint mgpu_search_starts(uint value, uint segments) {
    uint lo = 0u, hi = segments;
#ifdef MGPU_SUBGROUP
    uint lanes = gl_SubgroupSize, lane = gl_SubgroupInvocationID;
    while (lo < hi) { /* the answer is in [lo, hi]; uniform across the subgroup */
        uint step = (hi - lo + lanes - 1u) / lanes, q = lo + lane * step + step - 1u;
        uvec4 at_or_past = subgroupBallot(q >= hi || mgpu_segment_start(q, segments) >= value);
        if (at_or_past == uvec4(0u)) {
            lo = hi; /* not reached: the last lane's probe is at hi - 1 or past */
        } else {
            uint lane_found = subgroupBallotFindLSB(at_or_past);
            hi = min(hi, lo + lane_found * step + step - 1u);
            lo += lane_found * step;
        }
    }
#else
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (mgpu_segment_start(mid, segments) < value) lo = mid + 1u;
        else hi = mid;
    }
#endif
    return lo;
}

/* mgpu_search_starts by subgroup 0 (thread 0 without subgroups) for the whole workgroup (uniform control flow; a
 * barrier). */
uint mgpu_first_start_at(uint value, uint segments) {
#ifdef MGPU_SUBGROUP
    if (gl_SubgroupID == 0u) {
        uint k = mgpu_search_starts(value, segments);
        if (gl_SubgroupInvocationID == 0u) s_lo = k;
    }
#else
    if (gl_LocalInvocationID.x == 0u) s_lo = mgpu_search_starts(value, segments);
#endif
    barrier();
    return s_lo;
}

uint g_segments; /* the segment count, set at the start of main */

/* The carry of range `range`, which the look-back found silent (a device that does not keep started workgroups
 * progressing, or a very long wait), recomputed as the range publishes it: the reduction of its values from its
 * last start on, complete, or of all its values, an aggregate, when it holds no start (range 0 publishes that as
 * complete: the same prefix, as nothing precedes it). By the calling subgroup in the subgroup variant. */
uint mgpu_lookback_recompute(uint range, out T value) {
    uint tiles = max(1u, g_count / NV + (g_count % NV != 0u ? 1u : 0u));
    uint tile0 = range * pc.range_tiles, tile1 = min(tile0 + pc.range_tiles, tiles);
    uint first = tile0 * NV, end = min(tile1 * NV, g_count);
    uint lo = mgpu_search_starts(first, g_segments);
    uint hi = tile1 == tiles ? g_segments : mgpu_search_starts(end, g_segments); /* the last: starts at count too */
    bool has_start = hi > lo;
    if (has_start) first = clamp(mgpu_segment_start(hi - 1u, g_segments), first, end);
    TArray values = TArray(pc.values);
    T v = mgpu_op_identity();
#ifdef MGPU_SUBGROUP
    for (uint i = first + gl_SubgroupInvocationID; i < end; i += gl_SubgroupSize) v = mgpu_op_apply(v, values.v[i]);
    v = mgpu_subgroup_reduce(v);
#else
    for (uint i = first; i < end; ++i) v = mgpu_op_apply(v, values.v[i]);
#endif
    value = v;
    return has_start ? MGPU_LOOKBACK_INCLUSIVE : MGPU_LOOKBACK_AGGREGATE;
}

/* Adds `mine` (0 or 1, the calling thread's) to s_count, one shared atomic per subgroup where there are
 * subgroups. */
void mgpu_count_mine(bool mine) {
#ifdef MGPU_SUBGROUP
    uint c = subgroupBallotBitCount(subgroupBallot(mine));
    if (subgroupElect() && c > 0u) atomicAdd(s_count, c);
#else
    if (mine) atomicAdd(s_count, 1u);
#endif
}

/* Start k's value position, or 0xffffffff past the last start (beyond every tile's end). */
uint mgpu_start_or_none(uint k, uint segments) { return k < segments ? mgpu_segment_start(k, segments) : 0xffffffffu; }

void main() {
    uint segments = mgpu_segreduce_begin();
    g_segments = segments;
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    uint tiles = max(1u, g_count / NV + (g_count % NV != 0u ? 1u : 0u));
    uint ranges = tiles / pc.range_tiles + (tiles % pc.range_tiles != 0u ? 1u : 0u);
    // Groups past the real ranges (a grid sized for the capacity) return before taking one: every range waited
    // on is a real one.
    if (mgpu_linear_group(pc.groups_x) >= ranges) return;
    if (tid == 0u) {
        s_range = mgpu_lookback_take_tile(UintArrayCoherent(pc.counter));
        s_end_first = segments;
        s_pending = 0u;
    }
    barrier();
    uint range = s_range;
    uint tile0 = range * pc.range_tiles, tile1 = min(tile0 + pc.range_tiles, tiles);
    TArray results = TArray(pc.results);

    // The range's tiles in order; each tile's values are loaded while the tile before is reduced. carry: the
    // reduction since the range's last head so far (since its start while carry_flag is false), but for `pend`:
    // each thread's values of the tiles without a start since the last tile with one (`pending`: there are
    // such tiles), reduced into carry before a tile with starts and at the range's end. lo: the tile's first
    // start; lo_start: its position.
    bool carry_flag = false, pending = false;
    T carry = mgpu_op_identity(), pend = carry;
    T next[VT];
    mgpu_load_tile(tile0, next);
    uint lo = range == 0u ? 0u : mgpu_first_start_at(tile0 * NV, segments);
    uint lo_start = mgpu_start_or_none(lo, segments);
    for (uint tile = tile0; tile < tile1; ++tile) {
        T x[VT];
        [[unroll]] for (uint j = 0u; j < VT; ++j) x[j] = next[j];
        if (tile + 1u < tile1) mgpu_load_tile(tile + 1u, next);
        uint first = tile * NV, len = min(NV, g_count - first);
        uint tile_end = tile + 1u == tiles ? 0xffffffffu : first + NV; /* the last tile: the starts at count too */
        if (lo_start >= tile_end) { /* no start in the tile (uniform): its values join the thread's pend */
            [[unroll]] for (uint j = 0u; j < VT; ++j) pend = mgpu_op_apply(pend, x[j]);
            pending = true;
            continue;
        }
        if (pending) {
            bool pend_flag, ignored_flag;
            T pend_total, ignored;
            mgpu_cta_segmented_scan(false, pend, ignored_flag, ignored, pend_flag, pend_total);
            carry = mgpu_op_apply(carry, pend_total);
            pend = mgpu_op_identity();
            pending = false;
        }
        for (uint i = tid; i < s_heads.length(); i += nt) s_heads[i] = 0u;
        if (tid == 0u) s_count = 0u;
        barrier();

        // The tile's starts, from lo, NT at a time while every one is in the tile: empty segments written, heads
        // marked, the starts in the tile counted. Starts out of order (a broken precondition) give some result,
        // never an access out of bounds.
        for (uint window = lo;; window += nt) {
            uint k = window + tid;
            uint start = mgpu_start_or_none(k, segments);
            bool mine = start < tile_end;
            if (mine && !(k > 0u && mgpu_segment_start(k - 1u, segments) == start)) { /* the first start there */
                if (start == g_count) atomicMin(s_end_first, k);
                else if (start >= first && start - first < len) {
                    uint p = start - first;
                    atomicOr(s_heads[p >> 5u], 1u << (p & 31u));
                    s_first[p] = k;
                }
            }
            if (mine && mgpu_segment_start(k + 1u, segments) == start) results.v[k] = mgpu_op_identity();
            mgpu_count_mine(mine);
            barrier();
            // Uniform: when every thread's start was in the tile, later readers see s_count grown by the next
            // window, which only continues too; otherwise no thread adds to it again.
            if (s_count < window - lo + nt) break;
        }
        uint hi = lo + s_count;
        // The thread's VT values: a head closes segment (its first start) - 1, none for start 0. Values past the
        // tile's end are the identity and hold no head, so the walk needs no bounds.
        uint base = tid * VT;
        uint heads = mgpu_head_bits(base) & (VT < 32u ? (1u << VT) - 1u : ~0u); /* its own positions only */
        T acc = mgpu_op_identity();
        bool head = heads != 0u;
        T head_value = acc;   /* the thread's part of the segment its first head closes */
        uint head_start = 0u; /* the first start at that head */
        if (!mgpu_any_thread_has_two_heads(heads)) {
            // At most one head a thread (each one in the subgroup, so no lane waits on another's branches):
            // selects, no branch, and one start index read after the walk.
            uint f = head ? uint(findLSB(heads)) : VT;
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                head_value = j == f ? acc : head_value;
                acc = mgpu_op_apply(j == f ? mgpu_op_identity() : acc, x[j]);
            }
            if (head) head_start = s_first[base + f];
        } else {
            bool first_seen = false;
            [[unroll]] for (uint j = 0u; j < VT; ++j) {
                if (((heads >> j) & 1u) != 0u) {
                    uint k = s_first[base + j];
                    if (!first_seen) {
                        first_seen = true;
                        head_value = acc;
                        head_start = k;
                    } else if (k > 0u) {
                        results.v[k - 1u] = acc; /* opened at an earlier head of this thread */
                    }
                    acc = mgpu_op_identity();
                }
                acc = mgpu_op_apply(acc, x[j]);
            }
        }

        bool before_flag, total_flag;
        T before, total;
        mgpu_cta_segmented_scan(head, acc, before_flag, before, total_flag, total);
        // The thread's first head closes a segment whose earlier part is in earlier threads of the tile
        // (before_flag), or in earlier tiles of the range after its last head (carry_flag), or reaches back
        // past the range's start: the range's first head, completed once the carry of the ranges before is known.
        if (head && head_start > 0u) {
            T part = mgpu_op_apply(before_flag ? before : mgpu_op_apply(carry, before), head_value);
            if (before_flag || carry_flag) results.v[head_start - 1u] = part;
            else {
                s_pending = head_start;
                s_pending_value = part;
            }
        }
        carry = total_flag ? total : mgpu_op_apply(carry, total);
        carry_flag = carry_flag || total_flag;
        lo = hi;
        lo_start = mgpu_start_or_none(lo, segments);
    }
    if (pending) {
        bool pend_flag, ignored_flag;
        T pend_total, ignored;
        mgpu_cta_segmented_scan(false, pend, ignored_flag, ignored, pend_flag, pend_total);
        carry = mgpu_op_apply(carry, pend_total);
    }

    barrier(); /* s_pending, written after the loop's last barrier */

    // Publish the range's carry-out (complete when the range holds a head), then find the carry of the ranges
    // before.
    UintArrayCoherent state = UintArrayCoherent(pc.tile_state);
    bool complete = range == 0u || carry_flag;
    if (tid == 0u)
        mgpu_tile_state_publish(state, range, carry, complete ? MGPU_LOOKBACK_INCLUSIVE : MGPU_LOOKBACK_AGGREGATE);
    T prefix = mgpu_op_identity();
    if (range > 0u) {
#ifdef MGPU_SUBGROUP
        if (gl_SubgroupID == 0u) {
            T p = mgpu_lookback_values(state, range, TArray(pc.values), g_count, NV * pc.range_tiles);
            if (gl_SubgroupInvocationID == 0u) {
                if (!complete) mgpu_tile_state_publish(state, range, mgpu_op_apply(p, carry), MGPU_LOOKBACK_INCLUSIVE);
                s_prefix = p;
            }
        }
#else
        if (tid == 0u) {
            T p = mgpu_lookback_values(state, range, TArray(pc.values), g_count, NV * pc.range_tiles);
            if (!complete) mgpu_tile_state_publish(state, range, mgpu_op_apply(p, carry), MGPU_LOOKBACK_INCLUSIVE);
            s_prefix = p;
        }
#endif
        barrier();
        prefix = s_prefix;
    }
    if (tid == 0u && s_pending > 0u) results.v[s_pending - 1u] = mgpu_op_apply(prefix, s_pending_value);
    if (tile1 == tiles && tid == 0u && s_end_first > 0u)
        results.v[s_end_first - 1u] = carry_flag ? carry : mgpu_op_apply(prefix, carry);
}
