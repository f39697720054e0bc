#!/bin/bash
# Session 8 call 5: why the pipelined merge in the library (prod) did not reproduce the probe m4's gain:
# m4 (probe, no source array), prod (shared source array always NT * VT), small (source array sized 8 for keys).
B=build-gpu/bench/mgpuvk-bench
for round in 1 2; do for lib in m4 prod small; do
  export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib
  MGPU_PROFILE=/tmp/q_$lib.txt timeout 60 $B --prims merge,sort --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/$lib: /"
done; done
for lib in m4 prod small; do grep "^pipeline kernel 6 " /tmp/q_$lib.txt | head -3 | sed "s/^/$lib: /"; done
