#!/bin/bash
# Session 8 call 1: the merge kernel's phases by elimination. m1: no search, no serial merge (keys copied
# through shared memory); m2: the search kept, no serial merge; m3: no partition read (bounds guessed). Base
# beside each, two interleaved rounds; profiles with register counts; CUB merge and sort in the same call.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
for round in 1 2; do for lib in base m1 m2 m3; do
  if [ $lib = base ]; then export LD_LIBRARY_PATH=$PWD/build-gpu; else export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib; fi
  MGPU_PROFILE=/tmp/m_${lib}_$round.txt timeout 60 $B --prims merge,mergesort --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/$lib: /"
done; done
for lib in base m1 m2 m3; do echo "== prof $lib"; python3 .gl/prof.py /tmp/m_${lib}_1.txt | grep -B1 -A3 "merge " | head -40; grep "^pipeline kernel 6 " /tmp/m_${lib}_1.txt | head -2; done
export LD_LIBRARY_PATH=$PWD/build-gpu
timeout 60 $B --prims merge,mergesort,search --types u32 --sizes 24:26 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/verified: /"
.gl/peers/cub_bench 24 26 merge,sort 2>&1 | grep RESULT
