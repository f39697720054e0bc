#!/bin/bash
# Session 29, call 2: the set operations decided with no probe per output (rk: B's copy of rank r matched when A's
# copies, all merged before it, number more than r; A's copies of a run matched up to B's count of the key, one
# galloping count past the thread's end for its last run) against base (058ab70). Predicted: count pass 274 ->
# ~190 us, set_union u32 2^26 432 -> ~330-350 us.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base rk; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_symdiff_pairs --types u32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
for lib in base rk; do
  MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims set_union,set_intersection,set_symdiff --types u32,u64 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel 28 |^pipeline kernel 28 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
for fam in sets sets_lookback sets_cli; do
  LD_LIBRARY_PATH=$L/rk timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/rk $fam: /" >> $OUT/tests.txt
done
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/rk timeout 90 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_intersection_pairs,set_difference_pairs,set_symdiff_pairs --types u32,f32,u64,i64,i32,f64 --sizes 14:21 --runs 1 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
for shape in "u32:nt=256,vt=11" "u32:nt=256,vt=13" "u32:nt=128,vt=11" "u32:nt=128,vt=15" "u32:nt=512,vt=7" "u64:nt=128,vt=9" "u64:nt=256,vt=7" "u64:nt=128,vt=11"; do
  t=${shape%%:*}; tag=$(echo ${shape#*:} | tr -d 'ntv=' | tr ',' 'x')
  MGPU_TUNE="sets.$shape" LD_LIBRARY_PATH=$L/rk timeout 25 $B --prims set_union,set_intersection,set_union_pairs --types $t --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/s$tag r1: /"
done > $OUT/shapes.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/shapes.txt
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
