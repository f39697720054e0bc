#!/bin/bash
# Session 21, call 3: the tuning rows (radix histogram 256 workgroups, sets 2048) tested and timed against the
# tree before them; the sorted search's ablation (p1 no global stores, p2 no shared results in the walk, p3 no
# walk, p4 B's results not in shared memory); segreduce and u64 segsort workgroups.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in radixsort sets sets_lookback sorted_search; do
  LD_LIBRARY_PATH=$L/tune timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -2 | tr '\n' ' '; echo " [$f]"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base tune; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_difference,set_union_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
for round in 1 2; do for lib in tune p1 p2 p3 p4; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims search --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/$lib r$round: /"
done; done > $OUT/search_probe.txt
echo "search at $((SECONDS-T0)) s"
export LD_LIBRARY_PATH=$L/tune
timeout 150 $B --prims radix,radix_pairs,set_union,set_intersection,set_difference,set_symdiff,set_union_pairs --types u32,i32,f32,u64,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
echo "verified at $((SECONDS-T0)) s"
for g in 0 2048 4096 8192; do
  [ $((SECONDS-T0)) -lt 500 ] || break
  t() { [ $g = 0 ] && echo "" || echo "$1"; }
  MGPU_TUNE="$(t "segreduce.u32:groups=$g;segsort.u64:groups=$g")" timeout 60 $B --prims segreduce100,segreduce10000,rbk100,segsort_pairs_100 --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(seg|rbk)" | sed "s/^/g$g: /"
done > $OUT/groups.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
