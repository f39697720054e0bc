#!/bin/bash
# Session call 1: pipeline statistics, histogram-only and load-only probes, clocks during the default run.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/build-probe:$PWD/build-gpu
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,pstate --format=csv > $OUT/device.txt
MGPU_PROBE_STATS=1 LD_LIBRARY_PATH=$P timeout 60 $B --prims radix,radix_pairs,scan,reduce,merge,sort --types u32,u64 --sizes 14 --runs 1 --no-verify > /dev/null 2> $OUT/stats.txt
grep -c STATS $OUT/stats.txt
for t in u32 u64; do for s in 14 20 26; do
  echo "== hist $t $s"; MGPU_PROBE_PASSES=0 LD_LIBRARY_PATH=$P timeout 30 $B --prims radix --types $t --sizes $s --no-verify | grep "^radix"
  echo "== stop1 $t $s"; MGPU_PROBE_STOP=1 LD_LIBRARY_PATH=$P timeout 30 $B --prims radix --types $t --sizes $s --no-verify | grep "^radix"
  echo "== stop3 $t $s"; MGPU_PROBE_STOP=3 LD_LIBRARY_PATH=$P timeout 30 $B --prims radix --types $t --sizes $s --no-verify | grep "^radix"
done; done > $OUT/probe.txt 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,pstate --format=csv,noheader -lms 50 > $OUT/clocks.txt &
SMI=$!
date +%s.%N > $OUT/marks.txt
timeout 120 $B --prims radix --types u32,u64 --sizes 14:26 --csv $OUT/default.csv > $OUT/default.txt 2>&1
date +%s.%N >> $OUT/marks.txt
timeout 60 $B --prims radix --types u64 --sizes 14:20 --csv $OUT/u64_alone.csv > /dev/null 2>&1
date +%s.%N >> $OUT/marks.txt
kill $SMI
grep "^radix" $OUT/default.txt
cut -d, -f1-5 $OUT/u64_alone.csv
cat $OUT/probe.txt
