/*
 * join.glsl: what the relational join's kernels after the scan share: the row count, read from the words the
 * search and the scan left in scratch (kernels/join/join_pc.h, MGPU_JOIN_PC_FIELDS).
 * Contract: include after types.glsl; the kernel declares its push constants as `pc` with MGPU_JOIN_PC_FIELDS.
 */
#ifndef MGPU_JOIN_GLSL
#define MGPU_JOIN_GLSL

/* The join's rows: the scan's total (words[0], modulo 2^32). With MGPU_JOIN_FLAG_CHECKED, the tiles' own sum of
 * their rows (words[1], and its carries in words[2]) says whether the true count passed 2^31-1: then overflow is
 * set (the total may have wrapped). */
uint mgpu_join_row_count(out bool overflow) {
    UintArray words = UintArray(pc.words);
    overflow = (pc.flags & MGPU_JOIN_FLAG_CHECKED) != 0u && (words.v[2] != 0u || words.v[1] >= 0x80000000u);
    return words.v[0];
}

/* The rows the join writes: min(rows, capacity), none past 2^31-1 rows. */
uint mgpu_join_items() {
    bool overflow;
    uint rows = mgpu_join_row_count(overflow);
    return overflow ? 0u : min(rows, pc.capacity);
}

#endif
