#!/bin/bash
# Session 4 call 1: Merge Path partitions searched by a subgroup (K-ary) against one thread per partition.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader
P=merge,sort,sort_pairs,search,lbs,expand,move,remove,insert
timeout 170 $B --prims $P --types u32 --sizes 14:26 --csv $OUT/sg.csv > $OUT/sg.txt 2>&1; echo "sg rc=$?"
MGPU_TUNE="merge:subgroup=off;mergesort:subgroup=off;load_balance:subgroup=off" timeout 150 $B --prims $P --types u32 --sizes 14:26 --no-verify --csv $OUT/thread.csv > $OUT/thread.txt 2>&1; echo "thread rc=$?"
timeout 100 $B --prims merge,sort,sort_pairs --types u64 --sizes 14:26 --csv $OUT/sg64.csv > $OUT/sg64.txt 2>&1; echo "sg64 rc=$?"
timeout 100 .gl/peers/cub_bench 14 26 sort,merge > $OUT/cub.txt 2>&1; echo "cub rc=$?"
grep -c " ok$" $OUT/sg.txt $OUT/sg64.txt; grep -E "FAILED|mismatch" $OUT/*.txt | head
