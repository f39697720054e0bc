#!/bin/bash
# Session 10 call 2: histogram ablation (h1 bin without the exact correction, h2 no subgroup all-equal test,
# h3 both, h4 no atomics) and shapes; compaction shapes, three passes (p0) against the one pass forced (k1).
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in h0 h1 h2 h3 h4; do
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims histogram --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/$v: /"
done > $OUT/hist_ablation.txt; cat $OUT/hist_ablation.txt
for t in "nt=256,vt=32" "nt=512,vt=16" "nt=128,vt=16" "nt=256,vt=8" "groups=512" "groups=264"; do
  LD_LIBRARY_PATH=$P/h0 MGPU_TUNE="histogram.u32:$t" timeout 60 $B --prims histogram --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/$t: /"
done > $OUT/hist_shapes.txt; cat $OUT/hist_shapes.txt
for v in p0 k1; do
for t in "nt=256,vt=16" "nt=256,vt=32" "nt=512,vt=16" "nt=128,vt=32"; do
  LD_LIBRARY_PATH=$P/$v MGPU_TUNE="compact.u32:$t" timeout 90 $B --prims select,unique,partition --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|unique|partition)" | sed "s/^/$v $t: /"
done
done > $OUT/compact_shapes.txt; cat $OUT/compact_shapes.txt
LD_LIBRARY_PATH=$P/p0 timeout 60 $B --prims scan,reduce --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(scan|reduce)" > $OUT/scan_ref.txt; cat $OUT/scan_ref.txt
cd $OUT && tar czf c2.tgz *.txt; rm -f *.txt
