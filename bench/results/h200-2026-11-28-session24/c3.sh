#!/bin/bash
# Session 24 call 3: the final tree (a2b0e83: the merge's and blocksort's slack, the passes' one-array keys and
# values) against main at the session's start (254bd9f, base), CUB in the same call; one probe on the tree, sg
# (probe_segsort_merge_one_array_vec4.diff: the segmented sort's merge loads its tile from its one array with one
# load a key and stores full aligned tiles as uvec4s, as merge.comp does; predicted mean 10000 and locality 1-3%,
# mean 100 level). Tests of the changed families (call 2 ran sorted_search and join on the same tile loop) with the final library on the GPU, sg's segsort tests, the
# verified benchmark. Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
t() { LD_LIBRARY_PATH=$L/$1 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $2 2>&1 | tail -1 | tr '\n' ' '; echo " [$2 $1]"; }
{ for f in merge mergesort segsort segsort_cli contracts; do t final $f; done; t sg segsort; t sg segsort_cli; } > $OUT/tests.txt
echo "tests done at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base final sg; do
  LD_LIBRARY_PATH=$L/$lib timeout 120 $B --prims sort,sort_pairs,merge --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^(sort|merge)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims segsort_100,segsort_10000,segsort_pairs_100,locality_100 --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s"
timeout 120 .gl/peers/cub_bench 14 26 sort,merge > $OUT/cub.txt 2>&1
LD_LIBRARY_PATH=$L/final MGPU_PROFILE=$OUT/profile_final.txt timeout 30 $B --prims sort,sort_pairs,merge --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
LD_LIBRARY_PATH=$L/final timeout 100 $B --prims sort,sort_pairs,sort_indirect,merge,merge_indirect --types u32,i32,f32,u64,i64,f64 --sizes 14:21 > $OUT/verified_final.txt 2>&1
LD_LIBRARY_PATH=$L/sg timeout 60 $B --prims segsort_100,segsort_10000,segsort_pairs_10000,locality_100 --types u32,f32,u64,f64 --sizes 14:21 > $OUT/verified_sg.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && grep -E "^pipeline|^submit [0-9]+ dispatch" profile_final.txt | head -150 > t && mv t profile_final.txt; tar czf c3.tgz *.txt && rm -f *.txt
