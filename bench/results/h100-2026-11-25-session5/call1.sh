#!/bin/bash
# Session 5 call 1: radix look-back prefetch A/B (build-probe: HEAD fe4e867, build-gpu: first window read before
# the ranking), interleaved, u32 and u64 keys and pairs; then CUB radix for reference.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for i in 1 2 3; do
  for v in base pre; do
    if [ $v = base ]; then L=$PWD/build-probe; else L=$PWD/build-gpu; fi
    LD_LIBRARY_PATH=$L timeout 100 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:26 --no-verify --csv $OUT/ab_${v}_$i.csv > /dev/null 2>&1
    echo "$v $i: $(awk -F, 'NR>1{printf "%s/%s/%s:%.1f ", $1, $2, $3, $4/1000}' $OUT/ab_${v}_$i.csv)"
  done
done
LD_LIBRARY_PATH=$PWD/build-gpu timeout 120 build-gpu/tests/mgpuvk-tests --cli build-gpu/tools/mgpuvk --temp /tmp --only radixsort 2>&1 | tail -3
.gl/peers/cub_bench 24 26 radix 2>&1 | tail -8
