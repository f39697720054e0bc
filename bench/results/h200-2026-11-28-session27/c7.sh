#!/bin/bash
# Session 27, call 7: the Balanced Path partitions through a sample array (sp: probe_sets_sampled_partitions.diff,
# at every size) against new (b6ce14e). Call 6: the partitions 87 us of set_union u32's 623 at 2^26; the merge's
# sampled partitions of 2^26 u32 took 14 + 15 us. Predicted: gather ~14 + sampled Merge Path ~20 + the galloping
# pass ~10 us, so set_union u32 2^26 623 -> ~580; small sizes may lose the two extra dispatches (~2-4 us).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in new sp; do
  LD_LIBRARY_PATH=$L/$lib timeout 50 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/sampled_ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/sampled_ab.txt
LD_LIBRARY_PATH=$L/sp MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
grep -E "^submit" $OUT/p.txt | grep -E "kernel (5|28|29) " > $OUT/sampled_dispatches.txt; rm -f $OUT/p.txt
LD_LIBRARY_PATH=$L/sp timeout 40 $B --prims set_union,set_difference,set_symdiff_pairs --types u32,f32,u64 --sizes 14:24 > $OUT/sampled_verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/sampled_verified.txt
LD_LIBRARY_PATH=$L/sp timeout 40 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only sets 2>&1 | tail -n 2 > $OUT/sampled_tests.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/sampled_tests.txt
cd $OUT && tar czf c7.tgz *.txt && rm -f *.txt
