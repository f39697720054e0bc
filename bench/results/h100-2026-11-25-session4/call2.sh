#!/bin/bash
# Session 4 call 2: the hybrid partition search (subgroup up to 4096 partitions) and keys-only merge without
# source indices; the Merge Path families' tests on the H100.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
P=merge,sort,sort_pairs,search,lbs,expand,move,remove,insert
timeout 170 $B --prims $P --types u32 --sizes 14:26 --csv $OUT/hy.csv > $OUT/hy.txt 2>&1; echo "hy rc=$?"
timeout 100 $B --prims merge,sort,sort_pairs --types u64 --sizes 14:26 --csv $OUT/hy64.csv > $OUT/hy64.txt 2>&1; echo "hy64 rc=$?"
timeout 60 .gl/peers/cub_bench 14 26 sort,merge > $OUT/cub.txt 2>&1; echo "cub rc=$?"
for f in merge mergesort sorted_search load_balance intervals bulk; do
  timeout 60 build-gpu/tests/mgpuvk-tests --only $f --temp /tmp 2>&1 | tail -2
  MGPU_TUNE="merge:subgroup=off;mergesort:subgroup=off;load_balance:subgroup=off" timeout 60 build-gpu/tests/mgpuvk-tests --only $f --temp /tmp 2>&1 | tail -1
done
grep -c " ok$" $OUT/hy.txt $OUT/hy64.txt; grep -E "FAILED|mismatch" $OUT/*.txt | head
