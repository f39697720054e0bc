/*
 * lbs_pipeline.glsl: the tile loop of the load-balancing search kernels (lbs.comp, join_rows.comp) after their
 * partition dispatch, as a software pipeline (the Merge Path kernels' tile_pipeline.glsl, for a merge whose A side,
 * the work items, is implicit): each workgroup takes tiles group, group + groups, ...; while it works on one tile,
 * the partitions and then the starts of its next tile are already loading into registers. A tile otherwise waits
 * for two dependent global reads (partitions, then starts) with nothing else of its own in flight.
 * Contract: include after types.glsl, loadstore.glsl and merge_path.glsl (mgpu_tile_span, mgpu_tile_a_range).
 * The kernel declares the shared array MGPU_LBS_STARTS (NT * VT words) and push constants pc with partitions and
 * groups_x, and defines before including MGPU_LBS_TILE_WORK(span): works on the tile whose starts (the span's B
 * elements) are in MGPU_LBS_STARTS; may use barrier(), and the caller's barrier() follows it.
 */
#ifndef MGPU_LBS_PIPELINE_GLSL
#define MGPU_LBS_PIPELINE_GLSL

/* Tile `tile` of the merge of `items` work items with `objects` starts: its items [a_first, a_first + a_len) and
 * its starts [b_first, b_first + b_len), from the partitions. */
mgpu_tile_span mgpu_lbs_tile_span(uint tile, uint items, uint objects) {
    uint nv = gl_WorkGroupSize.x * VT;
    uint diag0 = tile * nv, diag1 = min(diag0 + nv, items + objects);
    uint a0, a1;
    mgpu_tile_a_range(a0, a1, pc.partitions, tile, false, items);
    return mgpu_tile_span(diag0, a0, diag0 - a0, a1 - a0, (diag1 - a1) - (diag0 - a0));
}

/* The loop over the tiles of that merge, the starts read from `starts` (every workgroup calls it; all its threads
 * return together). */
void mgpu_lbs_pipelined_tiles(uint items, uint objects, uvec2 starts) {
    uint nv = gl_WorkGroupSize.x * VT;
    uint tiles = (items + objects + nv - 1u) / nv, stride = mgpu_group_count();
    uint tile = mgpu_linear_group(pc.groups_x);
    if (tile >= tiles) return;
    UintArray source = UintArray(starts);
    mgpu_tile_span span = mgpu_lbs_tile_span(tile, items, objects);
    uint loaded[VT];
    mgpu_load_striped(loaded, source.v, span.b_first, span.b_len);
    while (true) {
        mgpu_striped_to_shared(MGPU_LBS_STARTS, loaded, span.b_len);
        barrier();
        uint next = tile + stride;
        mgpu_tile_span span_next = span;
        if (next < tiles) {
            span_next = mgpu_lbs_tile_span(next, items, objects);
            mgpu_load_striped(loaded, source.v, span_next.b_first, span_next.b_len);
        }
        MGPU_LBS_TILE_WORK(span);
        barrier(); /* the next tile reuses shared memory */
        if (next >= tiles) break;
        span = span_next;
        tile = next;
    }
}

#endif
