#!/bin/bash
B=build-gpu/bench/mgpuvk-bench
P=$PWD/build-probe:$PWD/build-gpu
h() { local t=$1 s=$2; shift 2; printf "%-60s %s %s " "$*" $t $s; env MGPU_PROBE_PASSES=0 "$@" LD_LIBRARY_PATH=$P timeout 30 $B --prims radix --types $t --sizes $s --no-verify | grep "^radix" | awk '{print $4}'; }
for t in u32 u64; do
  h $t 26 X=0
  for m in 3 5; do for nv in 256:15 256:8 512:8 512:16 1024:8 128:16; do for g in 1024 4096; do
    h $t 26 MGPU_PROBE_HIST=$m MGPU_PROBE_HNT=${nv%:*} MGPU_PROBE_HVT=${nv#*:} MGPU_PROBE_HGROUPS=$g; done; done; done
  for nv in 256:4 256:2 512:4 512:2 1024:2 128:4 128:8 256:1; do for g in 1024 4096; do
    h $t 26 MGPU_PROBE_HIST=4 MGPU_PROBE_HNT=${nv%:*} MGPU_PROBE_HVT=${nv#*:} MGPU_PROBE_HGROUPS=$g; done; done
  for m in 1; do for nv in 256:15 512:8 256:4; do h $t 26 MGPU_PROBE_HIST=$m MGPU_PROBE_HNT=${nv%:*} MGPU_PROBE_HVT=${nv#*:}; done; done
done
