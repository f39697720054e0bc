#!/bin/bash
B=build-gpu/bench/mgpuvk-bench
P=$PWD/build-probe:$PWD/build-gpu
for s in 1 2 4 8 16; do
  echo "## single up to $s tiles: $(MGPU_PROBE_RSINGLE=$s LD_LIBRARY_PATH=$P timeout 60 $B --prims reduce --types u32,u64 --sizes 12:18 2>&1 | grep -E '^reduce' | awk '{printf "%s/%s:%s ", $2, $3, $4}')"
done
