/*
 * segreduce.glsl: the merge the segmented reduce's kernels share (partition, tile and carry kernels). The value
 * positions 0 .. count-1 are merged with the segments' starts (a start before the position equal to it, as in
 * the load-balancing search, lbs.glsl), followed by one more start at count that closes the last segment:
 * count + segments + 1 merge positions, cut into tiles of pc.tile_size. Walking the merge, start k closes
 * segment k - 1 (start 0 closes the values before the first segment, which belong to none) and opens segment k.
 * Contract: the kernel declares its push constants as `pc` with MGPU_SEGREDUCE_PC_FIELDS and includes
 * types.glsl and count.glsl, and main() calls mgpu_segreduce_begin() before anything else. Starts are clamped to
 * [0, count], and tile bounds to what the merge allows, so that input that breaks the preconditions (starts not
 * ascending) gives some result and never an access out of bounds.
 */
#ifndef MGPU_SEGREDUCE_GLSL
#define MGPU_SEGREDUCE_GLSL

/* The number of values: pc.count, or the device count clamped to it (set by mgpu_segreduce_begin). Every bound
 * below is this real count, so no value past it is read and a start past it ends its segment there. */
uint g_count;

/* Reads the real counts: sets g_count and returns the number of segments (pc.segment_count, or the device
 * segment count clamped to it). */
uint mgpu_segreduce_begin() {
    g_count = mgpu_count(pc.count_address, pc.count);
    return mgpu_count(pc.segment_count_address, pc.segment_count);
}

/* Merge positions: count + segments + 1 (below 2^32: count + segment_count <= 2^32 - 2, the host checks). */
uint mgpu_segreduce_total(uint segments) { return g_count + segments + 1u; }

uint mgpu_segreduce_tiles(uint segments) {
    uint total = mgpu_segreduce_total(segments);
    return total / pc.tile_size + (total % pc.tile_size != 0u ? 1u : 0u);
}

/* The first merge position of tile `tile` (<= tiles), without overflow past the total. */
uint mgpu_segreduce_diag(uint tile, uint segments) {
    uint total = mgpu_segreduce_total(segments);
    return tile <= total / pc.tile_size ? tile * pc.tile_size : total;
}

/* Start k (k <= segments), clamped to [0, count]; start `segments` is count. */
uint mgpu_segment_start(uint k, uint segments) {
    if (k >= segments) return g_count;
    return uint(clamp(IntArray(pc.starts).v[k], 0, int(g_count)));
}

/* The values before merge position diag of tile `tile`, from the partitions: within [0, count] and what the
 * merge allows at diag (at most diag, at least diag - segments - 1). */
uint mgpu_segreduce_tile_a(uint tile, uint diag, uint segments) {
    uint a = UintArray(pc.partitions).v[tile];
    uint lo = diag > segments + 1u ? diag - segments - 1u : 0u;
    return clamp(a, lo, min(diag, g_count));
}

#endif
