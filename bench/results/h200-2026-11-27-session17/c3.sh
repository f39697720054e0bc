#!/bin/bash
# Session 17 call 3: compaction probes (one pass, unverified): p1 no look-back walk, outputs at the tile's input
# position (aligned); p2 the walk runs, outputs aligned anyway; p3 no walk, outputs one element off (misaligned).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for l in base p1 p2 p3; do
  LD_LIBRARY_PATH=$L/$l timeout 25 $B --prims select,unique,partition --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle) " | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/base MGPU_PROFILE=$OUT/prof.txt timeout 25 $B --prims select,unique --types u32,u64 --sizes 26:26 --no-verify > /dev/null 2>&1
grep "^pipeline" $OUT/prof.txt > $OUT/pipelines.txt; rm -f $OUT/prof.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
