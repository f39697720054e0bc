#!/bin/bash
# Session 29, call 3: rk2 (A's copies paired with B's by a pending mask: no run-end bit counting) against rk (call
# 2) and base (058ab70); predicted: set_intersection u32 count pass 317 (rk) -> ~240 us, the one pass 458 -> ~400.
# Then rk2's tiles (keys alone, pairs) and its sets tests on the GPU.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base rk rk2; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_difference,set_symdiff --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
for round in 1 2; do for lib in base rk2; do
  LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims set_union_pairs,set_intersection_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab_pairs.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/rk2 MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims set_union,set_intersection,set_symdiff --types u32,u64 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
grep -E "^submit.* kernel 28 |^pipeline kernel 28 " $OUT/p.txt | sed "s/^/rk2: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
for fam in sets sets_lookback sets_cli; do
  LD_LIBRARY_PATH=$L/rk2 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/rk2 $fam: /" >> $OUT/tests.txt
done
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
for shape in "u32:nt=256,vt=9" "u32:nt=256,vt=13" "u32:nt=256,vt=15" "u32:nt=128,vt=13" "u32:nt=128,vt=17" "u32:nt=512,vt=11" "u64:nt=128,vt=7" "u64:nt=128,vt=9" "u64:nt=128,vt=11" "u64:nt=256,vt=9"; do
  t=${shape%%:*}; tag=$(echo ${shape#*:} | tr -d 'ntv=' | tr ',' 'x')
  MGPU_TUNE="sets.$shape" LD_LIBRARY_PATH=$L/rk2 timeout 25 $B --prims set_union,set_intersection --types $t --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/s$tag r1: /"
done > $OUT/shapes.txt
for shape in "u32:nt=256,vt=9" "u32:nt=128,vt=11" "u32:nt=128,vt=9" "u64:nt=128,vt=7" "u64:nt=256,vt=7" "u64:nt=128,vt=9"; do
  t=${shape%%:*}; tag=$(echo ${shape#*:} | tr -d 'ntv=' | tr ',' 'x')
  MGPU_TUNE="sets.$shape" LD_LIBRARY_PATH=$L/rk2 timeout 25 $B --prims set_union_pairs,set_intersection_pairs --types $t --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/p$tag r1: /"
done >> $OUT/shapes.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/shapes.txt
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
