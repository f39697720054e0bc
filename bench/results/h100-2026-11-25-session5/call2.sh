#!/bin/bash
# Session 5 call 2: the segmented family on the H100: the whole test suite (every family), then the benchmark of
# the new cases 2^16..2^26 u32 (and u64 at 2^26), with the mergesort of the same sizes; CUB's sort for reference.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 200 build-gpu/tests/mgpuvk-tests --cli build-gpu/tools/mgpuvk --temp /tmp > $OUT/tests.txt 2>&1; echo "tests rc=$?"
grep -E "ok$|FAIL|checks" $OUT/tests.txt | tail -40
timeout 150 $B --prims segreduce100,segreduce10000,rbk100,rbk10000,scan,reduce --types u32 --sizes 16:26 --csv $OUT/segreduce_u32.csv > $OUT/segreduce_u32.txt 2>&1; echo "segreduce rc=$?"
cat $OUT/segreduce_u32.txt | grep -v "^#" | tail -70
timeout 180 $B --prims segsort_100,segsort_10000,segsort_pairs_100,locality_100,locality_10000,mergesort_near_100,mergesort_near_10000,sort --types u32 --sizes 16:26 --csv $OUT/segsort_u32.csv > $OUT/segsort_u32.txt 2>&1; echo "segsort rc=$?"
cat $OUT/segsort_u32.txt | grep -v "^#" | tail -90
.gl/peers/cub_bench 26 26 sort 2>&1 | tail -3
