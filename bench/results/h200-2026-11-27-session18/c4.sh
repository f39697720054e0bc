#!/bin/bash
# Session 18 call 4: rl = main + rle's one pass by ranges of tiles; ss = the segmented sort's merge passes by
# ping-pong per tile (no copy to scratch). base = main (58831c9). Tests, A/B, verified benchmarks, a profile.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in compact compact_lookback compact_cli; do
  LD_LIBRARY_PATH=$L/rl timeout 90 .gl/bin/rl-tests --no-validation --only $f --cli build-gpu/tools/mgpuvk --temp /tmp 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -2 | sed "s/^/[rl $f] /"
done > $OUT/tests.txt
for f in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/ss timeout 120 .gl/bin/ss-tests --no-validation --only $f --cli build-gpu/tools/mgpuvk --temp /tmp 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -2 | sed "s/^/[ss $f] /"
done >> $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' 0 failures' $OUT/tests.txt) of 5 clean"
for round in 1 2; do
  for v in base rl; do
    LD_LIBRARY_PATH=$L/$v timeout 30 $B --prims rle,unique --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(rle|unique) " | sed "s/^/$v r$round: /"
  done
  for v in base ss; do
    LD_LIBRARY_PATH=$L/$v timeout 90 $B --prims segsort_100,segsort_10000,segsort_pairs_10000,locality_100,locality_10000 --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/$v r$round: /"
  done
done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/ss MGPU_PROFILE=$OUT/prof_ss.txt timeout 40 $B --prims segsort_10000 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
LD_LIBRARY_PATH=$L/rl timeout 60 $B --prims rle --types u32,i32,f32,u64,i64,f64 --sizes 14:26 > $OUT/verified_rl.txt 2>&1
echo "verified rl at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/ss timeout 150 $B --prims segsort_100,segsort_10000,segsort_pairs_10000,locality_10000 --types u32,u64,f32 --sizes 14:24 > $OUT/verified_ss.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
