#!/bin/bash
# Session 12 call 12: the join's search dispatch ablated (j1: no global search of the run past a tile, j2: no
# galloping search in shared memory, j4: no stores of the results, j7: none of these) against main (base).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for v in base j1 j2 j4 j7; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_$v.txt timeout 60 $B --prims join_inner,join_left --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$v: /"
  python3 .gl/prof.py $OUT/prof_$v.txt | grep -E "best total|join_|merge_part|scan" | sed "s/^/$v: /"; rm -f $OUT/prof_$v.txt
done > $OUT/join_ablation.txt 2>&1
cd $OUT && tar czf c12.tgz *.txt && rm -f *.txt
