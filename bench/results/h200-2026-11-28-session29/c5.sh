#!/bin/bash
# Session 29, call 5 (the last ~340 s of GPU time): ve, the one pass's values loaded from their sources before its
# look-back (into registers, then staged with the keys in shared memory and stored coalesced), against fin (9ac80e0).
# Predicted: set_union_pairs u32 2^26 773 -> ~650-700 us; keys unchanged.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in fin ve; do
  LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims set_union_pairs,set_intersection_pairs,set_symdiff_pairs --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
LD_LIBRARY_PATH=$L/ve MGPU_PROFILE=$OUT/p.txt timeout 15 $B --prims set_union_pairs --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
grep -E "^pipeline kernel 28 " $OUT/p.txt | sed "s/^/ve: /" > $OUT/profile.txt; rm -f $OUT/p.txt
for fam in sets_lookback sets; do
  LD_LIBRARY_PATH=$L/ve timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/ve $fam: /" >> $OUT/tests.txt
done
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/ve timeout 35 $B --prims set_union_pairs,set_intersection_pairs,set_difference_pairs,set_symdiff_pairs --types u32,u64,f64,i32 --sizes 14:20 --runs 1 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
