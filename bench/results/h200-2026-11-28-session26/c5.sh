#!/bin/bash
# Session 26 call 5 (the last 4 minutes): the sorted search's tile (held at three workgroups an SM by shared memory
# at 256 x 7, session 25) at smaller VT, MGPU_TUNE, verified, one round.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
for s in u32:7 u32:5 u32:6 u32:4 u64:5 u64:4 u64:3; do
  t=${s%:*}; vt=${s#*:}
  MGPU_TUNE="sorted_search.$t:vt=$vt" LD_LIBRARY_PATH=$L/new timeout 30 $B --prims search --types $t --sizes 22:26 2>&1 | grep -E "^search" | sed "s/^/vt$vt r1: /" >> $OUT/search_vt.txt
done
