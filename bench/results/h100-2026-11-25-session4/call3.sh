#!/bin/bash
# Session 4 call 3: merge passes folded (each workgroup searches its bounds, no partition dispatch) against
# the partition dispatch, by tuning switch fold; the default (AUTO: folded up to 256 tiles).
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
P=merge,sort,sort_pairs
timeout 120 $B --prims $P --types u32,u64 --sizes 14:26 --csv $OUT/auto.csv > $OUT/auto.txt 2>&1; echo "auto rc=$?"
MGPU_TUNE="merge:fold=on;mergesort:fold=on" timeout 60 $B --prims $P --types u32,u64 --sizes 14:22 --no-verify --csv $OUT/on.csv > $OUT/on.txt 2>&1; echo "on rc=$?"
MGPU_TUNE="merge:fold=off;mergesort:fold=off" timeout 60 $B --prims $P --types u32,u64 --sizes 14:22 --no-verify --csv $OUT/off.csv > $OUT/off.txt 2>&1; echo "off rc=$?"
timeout 60 .gl/peers/cub_bench 14 22 sort,merge > $OUT/cub.txt 2>&1; echo "cub rc=$?"
for f in merge mergesort; do for sw in on off; do MGPU_TUNE="merge:fold=$sw;mergesort:fold=$sw" timeout 60 build-gpu/tests/mgpuvk-tests --only $f --temp /tmp 2>&1 | tail -1; done; done
grep -c " ok$" $OUT/auto.txt; grep -E "FAILED|mismatch" $OUT/*.txt | head
