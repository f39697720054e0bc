#!/bin/bash
# Session 8 call 2: the merge tile loop as a software pipeline (m4: next tile's keys loaded while this one
# merges, partitions two tiles ahead), against the base, over grid sizes (MGPU_TUNE merge:groups).
B=build-gpu/bench/mgpuvk-bench
for round in 1 2; do for g in 16384 4096 2048 1056 528; do for lib in base m4; do
  if [ $lib = base ]; then export LD_LIBRARY_PATH=$PWD/build-gpu; else export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib; fi
  MGPU_TUNE=merge:groups=$g timeout 60 $B --prims merge --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/$lib g$g: /"
done; done; done
export LD_LIBRARY_PATH=$PWD/.gl/probe/m4
MGPU_PROFILE=/tmp/m4.txt MGPU_TUNE=merge:groups=1056 timeout 60 $B --prims merge --types u32,u64 --sizes 24:26 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/m4 verified: /"
grep "^pipeline kernel 6 " /tmp/m4.txt | head -3
