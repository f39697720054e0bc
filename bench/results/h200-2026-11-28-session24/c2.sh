#!/bin/bash
# Session 24 call 2: the tree (8f7c25f: the merge's slack, the mergesort passes' one-array loads) against main
# before it (254bd9f, base), and two probes on the tree: bs (probe_blocksort_slack.diff: the same slack in the
# mergesort's blocksort and the segmented sort's merge: their serial merges' reads without clamps; predicted 1-3%
# of the blocksort, ~10-25 us of mergesort u32 2^26) and pv (probe_pass_values_one_array.diff: a mergesort pass
# gathers its values from one array, no B flag in the source index: one 64-bit select a value less; predicted
# pairs 0.5-1%). Tests on lavapipe passed for each. Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
t() { LD_LIBRARY_PATH=$L/$1 timeout 90 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $2 2>&1 | tail -1 | tr '\n' ' '; echo " [$2 $1]"; }
{ for f in merge mergesort sorted_search join contracts; do t new $f; done; t bs mergesort; t bs segsort; t pv mergesort; t pv merge; } > $OUT/tests.txt
for round in 1 2; do for lib in base new bs pv; do
  LD_LIBRARY_PATH=$L/$lib timeout 120 $B --prims sort,sort_pairs,merge --types u32,f32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(sort|merge)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims segsort_100,segsort_10000,segsort_pairs_100 --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^segsort" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s"
for lib in new bs; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/profile_$lib.txt timeout 30 $B --prims sort --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
done
LD_LIBRARY_PATH=$L/pv timeout 90 $B --prims sort_pairs,merge --types u32,i32,f32,u64,i64,f64 --sizes 14:21 > $OUT/verified_pv.txt 2>&1
LD_LIBRARY_PATH=$L/bs timeout 90 $B --prims sort,segsort_100,segsort_pairs_10000 --types u32,f32,u64,f64 --sizes 14:21 > $OUT/verified_bs.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && for f in profile_*.txt; do grep -E "^pipeline|kernel (6|7|5) " $f | head -80 > t && mv t $f; done; tar czf c2.tgz *.txt && rm -f *.txt
