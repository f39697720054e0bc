#!/bin/bash
# Session 20, call 1: p1 = the merge's key stores as uvec4 where the tile is full and aligned (merge.comp) and the
# sorted search's match flags as a specialization (sorted_search.comp MODE bit 1), against base (the tree before).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in merge mergesort sorted_search join; do
  LD_LIBRARY_PATH=$L/p1 timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -2 | tr '\n' ' '; echo
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base p1; do
  LD_LIBRARY_PATH=$L/$lib timeout 120 $B --prims merge,sort,sort_pairs,search --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(merge|sort|search)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
for s in 256,7 256,9 256,11 256,15 128,11 128,15 512,7 512,5; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_TUNE="sorted_search.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/p1 timeout 60 $B --prims search --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/p1 $nt x $vt: /"
  MGPU_TUNE="sorted_search.u64:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/p1 timeout 60 $B --prims search --types u64 --sizes 26:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/p1 $nt x $vt: /"
done > $OUT/search_shapes.txt
echo "shapes at $((SECONDS-T0)) s"
for lib in base p1; do
  MGPU_PROFILE=$OUT/prof_$lib.txt LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims search,merge,sort --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
done
LD_LIBRARY_PATH=$L/p1 timeout 150 $B --prims merge,sort,sort_pairs,search,search_indirect --types u32,f64 --sizes 14:24 > $OUT/verified.txt 2>&1
echo "verified at $((SECONDS-T0)) s"
timeout 100 .gl/peers/cub_bench 20 26 merge,sort > $OUT/cub.csv 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt *.csv && rm -f *.txt *.csv
