#!/bin/bash
# Session 17 call 1: compaction tiles sized per call (positions only where written): shape sweep of select,
# partition, unique (rle as control) at 2^20..2^26, u32 and u64, two rounds; tests of compact at the big tile;
# CUB beside; segsort mean 10000 profile.
B=build-gpu/bench/mgpuvk-bench
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
BIG="compact.u32:nt=512,vt=16;compact.i32:nt=512,vt=16;compact.f32:nt=512,vt=16;compact.u64:nt=512,vt=8;compact.i64:nt=512,vt=8;compact.f64:nt=512,vt=8"
MGPU_TUNE="$BIG" timeout 90 build-gpu/tests/mgpuvk-tests --no-validation --only compact 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3 > $OUT/tests.txt
timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --only compact 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3 >> $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
MGPU_TUNE="$BIG" timeout 60 $B --prims select,partition,unique,rle --types u32,u64,f32,i64 --sizes 14:26 > $OUT/verified_big.txt 2>&1
echo "verified at $((SECONDS-T0)) s"
for round in 1 2; do
  for s in 512x8 512x16 1024x8 256x32 512x20 256x16 1024x4 128x32; do
    nt=${s%x*}; vt=${s#*x}
    MGPU_TUNE="compact.u32:nt=$nt,vt=$vt" timeout 25 $B --prims select,partition,unique,rle --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle) " | sed "s/^/$s r$round: /"
  done
  for s in 512x4 512x8 1024x4 256x16 512x10 256x8; do
    nt=${s%x*}; vt=${s#*x}
    MGPU_TUNE="compact.u64:nt=$nt,vt=$vt" timeout 25 $B --prims select,partition,unique,rle --types u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle) " | sed "s/^/$s r$round: /"
  done
done > $OUT/sweep.txt
echo "sweep at $((SECONDS-T0)) s"
timeout 120 .gl/peers/cub_bench 14 26 > $OUT/cub.csv 2>&1
echo "cub at $((SECONDS-T0)) s"
MGPU_PROFILE=$OUT/prof_seg10000.txt timeout 30 $B --prims segsort_10000,segsort_100 --types u32 --sizes 26:26 --no-verify > $OUT/seg.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt *.csv && rm -f *.txt *.csv
