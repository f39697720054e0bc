#!/bin/bash
# Session 28, call 6: call 5 put ~120 of the count pass's 297 us (u32 2^26) in the probes, each read through
# mgpu_side_key's three branches (part, halo, global). `nb`: the probe reads the part's key and the halo's key
# without a branch and selects; a probe past them (a long run) goes to a loop of its own; the carried ranks
# gallop only where the key before the thread is a copy. Against `fin` (44ddeef), two rounds. Predicted: the
# count pass 297 -> ~200 us, the one pass 432 -> ~360 at 2^26 u32.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in fin nb; do
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
for lib in fin nb; do
  MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims set_union,set_intersection --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel 28 |^pipeline kernel 28 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
LD_LIBRARY_PATH=$L/nb timeout 80 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_intersection_pairs,set_difference_pairs,set_symdiff_pairs --types u32,i32,f32,u64,i64,f64 --sizes 14:20 --runs 1 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
for fam in sets sets_lookback; do
  LD_LIBRARY_PATH=$L/nb timeout 50 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/$fam: /" >> $OUT/tests.txt
done
echo "all done at $((SECONDS-T0)) s" >> $OUT/tests.txt
cd $OUT && tar czf c6.tgz *.txt && rm -f *.txt
