/*
 * lbs.glsl: the load-balancing search of the seeds' chapter 10, seen as a merge: work items 0, 1, 2, ... and
 * the objects' start offsets (the exclusive scan of their counts), a start placed before the item equal to
 * it. Walking the merge, each item belongs to the object of the last start before it.
 * Contract: include after types.glsl.
 */
#ifndef MGPU_LBS_GLSL
#define MGPU_LBS_GLSL

/* Whether item `item` comes before an object starting at `start` in the merge. */
bool mgpu_lbs_item_first(uint item, uint start) { return item < start; }

#endif
