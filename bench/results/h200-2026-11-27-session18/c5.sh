#!/bin/bash
# Session 18 call 5: where the segmented blocksort's time goes. b1: keys alone declare one word of tags (as the
# mergesort's blocksort); b2: b1 without the heads' max/min scans (wrong, probe); b3: b1 without the merge rounds
# (wrong, probe). base = main (aff2bbf).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for v in base b1 b2 b3; do for p in segsort_100 segsort_10000 locality_100; do
  rm -f /tmp/prof.txt
  LD_LIBRARY_PATH=$L/$v MGPU_PROFILE=/tmp/prof.txt timeout 60 $B --prims $p --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/$v total: /"
  grep -E "^pipeline kernel 20 " /tmp/prof.txt | sed "s/^/$v $p: /"
  grep -E "^submit .* kernel 20 " /tmp/prof.txt | awk -v v=$v -v p=$p '{print v, p, "block us", $NF}' | sort -n -k4 | head -2
done; done > $OUT/block.txt
echo "probes at $((SECONDS-T0)) s"
for round in 1 2; do for v in base b1; do
  LD_LIBRARY_PATH=$L/$v timeout 90 $B --prims segsort_100,segsort_10000,segsort_pairs_100,locality_100 --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/$v r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/b1 timeout 120 $B --prims segsort_100,segsort_10000,locality_100 --types u32,f32,u64 --sizes 14:24 > $OUT/verified_b1.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
