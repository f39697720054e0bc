#!/bin/bash
# Session 5 call 4 (and 5, at 2^26): what the segmented reduce's tile kernel is sensitive to (MGPU_TUNE variants, 2^24 and 2^26 u32
# mean 100, profile per dispatch).
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
for t in "segreduce:nt=256,vt=3" "segreduce:nt=256,vt=5" "segreduce:nt=256,vt=7" "segreduce:nt=128,vt=5" "segreduce.u64:nt=256,vt=3" "segreduce.u64:nt=256,vt=5"; do
  rm -f /tmp/p.txt
  MGPU_TUNE="$t" MGPU_PROFILE=/tmp/p.txt timeout 60 $B --prims segreduce100 --types $( [[ "$t" == *u64* ]] && echo u64 || echo u32 ) --sizes 26:26 --no-verify > /dev/null 2>&1
  echo "== $t"; python3 .gl/prof.py /tmp/p.txt 2>/dev/null | grep -E "^  segreduce" | tail -3
done
