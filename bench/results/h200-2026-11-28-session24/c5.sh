#!/bin/bash
# Session 24 call 5 (the last of the session's GPU time; trimmed after a refused start cost 66 s of it): the merge's and the sorted search's partitions through
# a sample array gathered first (fin2: the tree bef7d17 plus the working change: a gather dispatch writes every
# S-th key of A and the key before every S-th of B, S = 64 for the merge's 2816-key tiles; the one-thread
# partitions then search it first, as call 4's mergesort passes), against a2b0e83 (final: before any samples).
# Why: call 1 put the merge's partition dispatch at ~36 us of 204 at 2^26, and session 21 the sorted search's
# at 93 of 612. Predicted: merge u32 2^26 199 -> ~185 us (a gather of ~3-5 us, partitions ~36 -> ~15),
# sorted search 2^26 -5..-8%; level below 4096 partitions (the subgroup search). CUB beside (sort, merge).
# Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
t() { LD_LIBRARY_PATH=$L/$1 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $2 2>&1 | tail -1 | tr '\n' ' '; echo " [$2 $1 ${MGPU_TUNE:-}]"; }
{ t fin2 merge; MGPU_TUNE="merge:fold=off,subgroup=off" t fin2 merge; t fin2 sorted_search; MGPU_TUNE="sorted_search:subgroup=off" t fin2 sorted_search; } > $OUT/tests.txt
echo "tests done at $((SECONDS-T0)) s"
for round in 1 2; do for lib in final fin2; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims merge,search --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(merge|search)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s"
timeout 40 .gl/peers/cub_bench 26 26 sort,merge > $OUT/cub.txt 2>&1
LD_LIBRARY_PATH=$L/fin2 MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims merge,search --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
grep -E "^pipeline kernel|^submit" $OUT/p.txt | grep -v "kernel 0 \|kernel 1 " | head -60 > $OUT/profile_fin2.txt; rm -f $OUT/p.txt
LD_LIBRARY_PATH=$L/fin2 timeout 100 $B --prims merge,merge_indirect,search,search_indirect --types u32,f32,u64,f64 --sizes 24:24 > $OUT/verified_fin2.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
