#!/bin/bash
# Session 22 call 5: the join's search tile for 32-bit keys 256 x 10 (.gl/lib/j10) beside the tree's 256 x 9 (cur):
# call 4 had u32 inner join 2^26 1169.7 -> 1136.4 us, 2^23..2^25 2% faster, 2^22 level (one round).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in join join_cli; do
  LD_LIBRARY_PATH=$L/j10 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f]"
done > $OUT/tests.txt
for round in 1 2; do for lib in cur j10; do
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims join_inner,join_outer --types u32,f32 --sizes 14:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib r$round: /"
done; done > $OUT/join_ab.txt
LD_LIBRARY_PATH=$L/j10 timeout 90 $B --prims join_inner,join_left,join_right,join_outer --types u32,i32,f32 --sizes 14:22 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
