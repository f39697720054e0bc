#!/bin/bash
# Session call 2: histogram kernel variants (MGPU_PROBE_PASSES=0: fill + histogram only), clocks warm (bench warm-up).
B=build-gpu/bench/mgpuvk-bench
P=$PWD/build-probe:$PWD/build-gpu
h() { local t=$1 s=$2; shift 2; printf "%-40s %s %s " "$*" $t $s; env MGPU_PROBE_PASSES=0 "$@" LD_LIBRARY_PATH=$P timeout 30 $B --prims radix --types $t --sizes $s --no-verify | grep "^radix" | awk '{print $4}'; }
for t in u32 u64; do
  h $t 26 X=0; h $t 26 X=0
  h $t 26 MGPU_PROBE_HIST=1
  h $t 26 MGPU_PROBE_HIST=2
  h $t 26 MGPU_PROBE_HIST=3
  h $t 26 MGPU_PROBE_COPIES=1
  for g in 132 264 528 1056 2112 4224 100000; do h $t 26 MGPU_PROBE_HGROUPS=$g; done
  h $t 26 MGPU_PROBE_HNT=512 MGPU_PROBE_HVT=10
  h $t 26 MGPU_PROBE_HNT=512 MGPU_PROBE_HVT=15
  h $t 26 MGPU_PROBE_HNT=128 MGPU_PROBE_HVT=15
  h $t 26 MGPU_PROBE_HNT=256 MGPU_PROBE_HVT=8
  h $t 26 MGPU_PROBE_HNT=256 MGPU_PROBE_HVT=4
  h $t 20 X=0
  h $t 14 X=0
done
