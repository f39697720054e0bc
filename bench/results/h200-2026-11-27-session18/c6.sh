#!/bin/bash
# Session 18 call 6: sg = the segmented blocksort's merge rounds of up to a subgroup's threads meeting as the
# subgroup (threads ordered by subgroup), no workgroup barrier. base = main (970aa54, keys-only tags fixed).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/sg timeout 120 .gl/bin/sg-tests --no-validation --only $f --cli build-gpu/tools/mgpuvk --temp /tmp 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -2 | sed "s/^/[sg $f] /"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' 0 failures' $OUT/tests.txt) of 2 clean"
for v in base sg; do for p in segsort_100 segsort_10000 locality_100; do
  rm -f /tmp/prof.txt
  LD_LIBRARY_PATH=$L/$v MGPU_PROFILE=/tmp/prof.txt timeout 60 $B --prims $p --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
  grep -E "^pipeline kernel 20 " /tmp/prof.txt | sed "s/^/$v $p: /"
  grep -E "^submit .* kernel 20 " /tmp/prof.txt | awk -v v=$v -v p=$p '{print v, p, "block us", $NF}' | sort -n -k4 | head -1
done; done > $OUT/block.txt
echo "profiles at $((SECONDS-T0)) s"
for round in 1 2; do for v in base sg; do
  LD_LIBRARY_PATH=$L/$v timeout 90 $B --prims segsort_100,segsort_10000,segsort_pairs_100,locality_100 --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/$v r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/sg timeout 150 $B --prims segsort_100,segsort_10000,segsort_pairs_100,locality_100 --types u32,i32,f32,u64,f64 --sizes 14:24 > $OUT/verified_sg.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c6.tgz *.txt && rm -f *.txt
