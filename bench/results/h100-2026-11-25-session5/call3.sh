#!/bin/bash
# Session 5 call 3: per-dispatch profile of the segmented reduce and sort at 2^26 (MGPU_PROFILE), then the new
# families' tests on the H100.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
MGPU_PROFILE=$OUT/prof_segreduce.txt timeout 60 $B --prims segreduce100,segreduce10000 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
python3 .gl/prof.py $OUT/prof_segreduce.txt | head -40
MGPU_PROFILE=$OUT/prof_segsort.txt timeout 60 $B --prims segsort_100,segsort_10000 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
python3 .gl/prof.py $OUT/prof_segsort.txt | head -60
for f in segreduce segreduce_cli segsort segsort_cli; do
  timeout 150 stdbuf -oL build-gpu/tests/mgpuvk-tests --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\]" | tail -2
done
