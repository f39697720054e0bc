#!/bin/bash
# For session 26's first GPU call (not run): the join's search tile of 32-bit keys, 256 x 6 (the row since 6f427b2:
# three workgroups an SM) against 256 x 10 (the row before: two), at every size, since call 9 measured it only at
# 2^24..2^26 in a probe build; then every join kind verified at the new tile. Predicted: -3..-5% from 2^23, within
# 1 us below 2^20. Build main to .gl/lib/base; carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for vt in 6 10; do
  MGPU_TUNE="sorted_search.u32:values_vt=$vt" LD_LIBRARY_PATH=$L/base timeout 90 $B --prims join_inner,join_outer --types u32,f32 --sizes 14:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/vt$vt r$round: /"
done; done > $OUT/join_ab.txt
LD_LIBRARY_PATH=$L/base timeout 90 $B --prims join_inner,join_left,join_right,join_outer --types u32,i32,f32 --sizes 14:22 > $OUT/join_verified.txt 2>&1
LD_LIBRARY_PATH=$L/base timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only join > $OUT/join_tests.txt 2>&1
echo "done at $((SECONDS-T0)) s" >> $OUT/join_ab.txt
