#!/bin/bash
# Session 21, call 6: the sorted search's results written over its tile's keys (ssk: shared memory for the keys
# alone, 14.3 -> 7.2 KB at 256 x 7), against the tree (tune), and at larger tiles.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
LD_LIBRARY_PATH=$L/ssk timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --only sorted_search 2>&1 | tail -1 > $OUT/tests.txt
for round in 1 2; do
  for lib in tune ssk; do
    LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims search --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/$lib row r$round: /"
  done
  for s in 256x9 256x11 128x11; do
    nt=${s%x*}; vt=${s#*x}
    LD_LIBRARY_PATH=$L/ssk MGPU_TUNE="sorted_search.u32:nt=$nt,vt=$vt" timeout 30 $B --prims search --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/ssk $s r$round: /"
  done
  for s in 256x7 128x9; do
    nt=${s%x*}; vt=${s#*x}
    LD_LIBRARY_PATH=$L/ssk MGPU_TUNE="sorted_search.u64:nt=$nt,vt=$vt" timeout 30 $B --prims search --types u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/ssk $s r$round: /"
  done
  echo "round $round at $((SECONDS-T0)) s"
done > $OUT/ab.txt
LD_LIBRARY_PATH=$L/ssk timeout 40 $B --prims search,search_indirect --types u32,i32,f32,u64,i64,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
