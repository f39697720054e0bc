#!/bin/bash
# Session 24 call 4: the mergesort passes' partitions through a sample array (smp: the tree a2b0e83 plus the
# working change, to be committed if it holds): each pass but the last writes every S-th output key (and the one
# before every S-th, S = 64 for the GPU tiles) to scratch; the next pass's one-thread partitions binary-search that
# array to the S-wide window of their answer, then the keys. Why: call 1's profile put the partition dispatch at
# 17-34 us a pass (1.3 us a search step: the DRAM latency plus the time to serve 48k scattered sectors a step),
# 11% of the mergesort at 2^26; neighbouring partitions' samples share cache lines. Predicted: the passes'
# partitions 27-34 -> 12-18 us at 2^26, mergesort u32 2^26 3489 -> ~3300 us, 2^24 -5..-10%; unchanged up to
# 4096 partitions (u32 keys below 2^23.5: the subgroup search runs there). Tests on lavapipe: mergesort in every
# ctest form (a broken sample predicate fails 197 checks in the thread-partition form).
# Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
t() { LD_LIBRARY_PATH=$L/$1 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $2 2>&1 | tail -1 | tr '\n' ' '; echo " [$2 $1 ${MGPU_TUNE:-}]"; }
{ t smp mergesort; MGPU_TUNE="mergesort:fold=off,subgroup=off" t smp mergesort; t smp merge; t smp sorted_search; } > $OUT/tests.txt
echo "tests done at $((SECONDS-T0)) s"
for round in 1 2; do for lib in final smp; do
  LD_LIBRARY_PATH=$L/$lib timeout 120 $B --prims sort,sort_pairs --types u32,f32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s"
for lib in final smp; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims sort --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
  grep -E "^pipeline kernel (5|6|7) |kernel (5|6|7) " $OUT/p.txt | head -70 > $OUT/profile_$lib.txt; rm -f $OUT/p.txt
done
LD_LIBRARY_PATH=$L/smp timeout 150 $B --prims sort,sort_pairs,sort_indirect --types u32,i32,f32,u64,i64,f64 --sizes 22:24 > $OUT/verified_smp.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
