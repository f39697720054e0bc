#!/bin/bash
# Session 20, call 2: pad = p1 with the merge's output tile at padded positions in shared memory (conflict-free
# uvec4 reads); the sorted search's grid (groups) on p1; the blocksort ablation (bsN: PROBE_BS bits, timing only).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in merge mergesort; do
  LD_LIBRARY_PATH=$L/pad timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -2 | tr '\n' ' '; echo
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base p1 pad; do
  LD_LIBRARY_PATH=$L/$lib timeout 120 $B --prims merge,sort,sort_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
for round in 1 2; do for g in 0 2048 4096 8192 32768 65535; do
  tune=""; [ $g != 0 ] && tune="sorted_search.u32:groups=$g"
  MGPU_TUNE="$tune" LD_LIBRARY_PATH=$L/p1 timeout 60 $B --prims search --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/p1 groups $g r$round: /"
  MGPU_TUNE="$tune" LD_LIBRARY_PATH=$L/base timeout 60 $B --prims search --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/base groups $g r$round: /"
done; done > $OUT/search_groups.txt
echo "groups at $((SECONDS-T0)) s"
for lib in pad bs1 bs2 bs4 bs8; do
  MGPU_PROFILE=$OUT/prof_$lib.txt LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims sort --types u32,u64 --sizes 24:26 --runs 3 --no-verify > $OUT/bs_$lib.txt 2>&1
done
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
