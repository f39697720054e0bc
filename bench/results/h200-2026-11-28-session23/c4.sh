#!/bin/bash
# Session 23 call 4 (the last of the session's GPU time): (1) the tree (head: float keys' passes over order bits)
# tested and verified; (2) probe f64bs (probe_f64_blocksort_bits.diff): f64 keys as order bits in the blocksort too,
# the one f64 kernel a f64 mergesort still runs. Predicted: f64 sort 2^26 7685 -> ~7100 (u64 7065), if the
# blocksort's compares are what the remaining 9% is (call 1's kab made f64 mergesorts slower at 2^22..2^24 with
# bits in every kernel). (3) where the f32 merge's and search's 13% over u32 goes: per dispatch profiles at 2^26.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for f in mergesort merge; do
  LD_LIBRARY_PATH=$L/head timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f head]"
done > $OUT/tests.txt
LD_LIBRARY_PATH=$L/f64bs timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only mergesort 2>&1 | tail -1 | sed 's/$/ [mergesort f64bs]/' >> $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in head f64bs; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims sort,sort_pairs --types f64 --sizes 16:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/head timeout 80 $B --prims sort,sort_pairs,sort_indirect --types u32,i32,f32,u64,i64,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
echo "verified at $((SECONDS-T0)) s"
for t in u32 f32; do
  LD_LIBRARY_PATH=$L/head MGPU_PROFILE=$OUT/profile_merge_$t.txt timeout 30 $B --prims merge,search --types $t --sizes 26:26 --runs 3 --no-verify > $OUT/profile_bench_$t.txt 2>&1
done
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
