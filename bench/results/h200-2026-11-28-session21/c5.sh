#!/bin/bash
# Session 21, call 5: the sorted search's match flags as a specialization (probe_search_matches_spec.diff, 61 -> 47
# registers at 256 x 7) with larger tiles: fewer registers may let a larger tile keep its occupancy.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do
  LD_LIBRARY_PATH=$L/tune timeout 60 $B --prims search --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/tune row r$round: /"
  for s in 256x7 256x9 256x11 256x13 128x11 128x15; do
    nt=${s%x*}; vt=${s#*x}
    LD_LIBRARY_PATH=$L/msp MGPU_TUNE="sorted_search.u32:nt=$nt,vt=$vt" timeout 60 $B --prims search --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/msp $s r$round: /"
  done
  for s in 256x5 256x7 256x9; do
    nt=${s%x*}; vt=${s#*x}
    LD_LIBRARY_PATH=$L/msp MGPU_TUNE="sorted_search.u64:nt=$nt,vt=$vt" timeout 60 $B --prims search --types u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/msp $s r$round: /"
  done
done > $OUT/msp.txt
for s in 256x7 256x11 256x13; do
  nt=${s%x*}; vt=${s#*x}
  LD_LIBRARY_PATH=$L/msp MGPU_TUNE="sorted_search.u32:nt=$nt,vt=$vt" MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims search --types u32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep pipeline $OUT/p.txt | sort -u | sed "s/^/$s: /"; rm -f $OUT/p.txt
done > $OUT/regs.txt
echo "done at $((SECONDS-T0)) s"
