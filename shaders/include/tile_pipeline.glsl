/*
 * tile_pipeline.glsl: the tile loop of the Merge Path tile kernels (merge, sorted search, join search) after the
 * partition dispatch (merge_partition.comp), as a software pipeline. Each workgroup takes tiles group, group +
 * groups, ...; while it works on one tile, the keys of its next tile are already loading into registers, and
 * the partitions of the tile after that are read, so that those key loads never wait for them. A tile kernel
 * otherwise waits, per tile, for two dependent global reads (partitions, then keys) with nothing else of its
 * own in flight: on an H200 the merge of 2^26 u32 keys went from 301 to 233 us (bench/RESULTS.md, eighth
 * session).
 * Contract: include after types.glsl, loadstore.glsl, merge_path.glsl (mgpu_tile_span) and the functions the
 * macros below name. The kernel declares the shared key
 * array MGPU_TILE_KEYS (NT * VT keys), push constants pc with partitions, a_keys, b_keys and groups_x, and
 * defines before including:
 *   - mgpu_tile_span MGPU_TILE_SPAN(uint tile, uint a0, uint a1): the tile's span, from A's elements [a0, a1)
 *     of its pair of runs (a1 is to be ignored where the tile ends its pair: see mgpu_tile_a_range);
 *   - MGPU_TILE_WORK(span): works on the tile whose keys (A's, then B's) are in MGPU_TILE_KEYS; may use
 *     barrier(), and the caller's barrier() follows it;
 * and optionally:
 *   - MGPU_TILE_ONE_ARRAY: a constant expression (default false), true where a_keys and b_keys are one array
 *     (a mergesort pass): the tile's keys are then loaded by mgpu_load_striped2_one_array;
 *   - MGPU_TILE_PREFETCH(span) (default: nothing): issued right after the next tile's key loads, for that tile:
 *     global reads of its own into registers;
 *   - MGPU_TILE_STAGE(span) (default: nothing): at the top of a tile, before the barrier that publishes its keys:
 *     moves what MGPU_TILE_PREFETCH read for this tile into shared memory.
 */
#ifndef MGPU_TILE_PIPELINE_GLSL
#define MGPU_TILE_PIPELINE_GLSL

#ifndef MGPU_TILE_ONE_ARRAY
#define MGPU_TILE_ONE_ARRAY false
#endif
#ifndef MGPU_TILE_PREFETCH
#define MGPU_TILE_PREFETCH(span)
#endif
#ifndef MGPU_TILE_STAGE
#define MGPU_TILE_STAGE(span)
#endif

/* The keys of `span` into the register array regs[VT], striped (loadstore.glsl). */
#define mgpu_tile_load(regs, a_keys, b_keys, span)                                                             \
    {                                                                                                          \
        if (MGPU_TILE_ONE_ARRAY)                                                                               \
            mgpu_load_striped2_one_array(regs, a_keys.v, span.a_first, span.b_first, span.a_len,               \
                                         span.a_len + span.b_len)                                              \
        else                                                                                                   \
            mgpu_load_striped2(regs, a_keys.v, span.a_first, b_keys.v, span.b_first, span.a_len,               \
                               span.a_len + span.b_len)                                                        \
    }

/* The loop over `tiles` tiles (every workgroup calls it; all its threads return together). */
void mgpu_pipelined_tiles(uint tiles) {
    UintArray parts = UintArray(pc.partitions);
    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys);
    uint stride = mgpu_group_count();
    uint tile = mgpu_linear_group(pc.groups_x);
    if (tile >= tiles) return;
    mgpu_tile_span span = MGPU_TILE_SPAN(tile, parts.v[tile], parts.v[tile + 1u]);
    uint next = tile + stride;
    uint next_a0 = 0u, next_a1 = 0u;
    if (next < tiles) {
        next_a0 = parts.v[next];
        next_a1 = parts.v[next + 1u];
    }
    T loaded[VT];
    mgpu_tile_load(loaded, a_keys, b_keys, span);
    MGPU_TILE_PREFETCH(span);
    while (true) {
        mgpu_striped_to_shared(MGPU_TILE_KEYS, loaded, span.a_len + span.b_len);
        MGPU_TILE_STAGE(span);
        barrier();
        mgpu_tile_span span_next = span;
        if (next < tiles) {
            span_next = MGPU_TILE_SPAN(next, next_a0, next_a1);
            uint after = next + stride;
            if (after < tiles) {
                next_a0 = parts.v[after];
                next_a1 = parts.v[after + 1u];
            }
            mgpu_tile_load(loaded, a_keys, b_keys, span_next);
            MGPU_TILE_PREFETCH(span_next);
        }
        MGPU_TILE_WORK(span);
        barrier(); /* the next tile reuses shared memory */
        if (next >= tiles) break;
        span = span_next;
        next += stride;
    }
}

#endif
