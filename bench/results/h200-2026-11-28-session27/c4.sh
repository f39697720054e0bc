#!/bin/bash
# Session 27, call 4 (libraries: base = df04050; new = call 3's (the sets by ranges of 4 tiles, keys from 16384
# tiles); g = new with each tile's outputs in private variables instead of out parameters
# (probe_sets_private_outputs.diff). Call 3 had new 1-1.5% slower than base where it runs per tile (2^20..2^23
# keys, pairs at every size): the per-tile path's only change was mgpu_tile_outputs' out-parameter arrays.
# Predicted: g level with base below 2^24 and with new above.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base new g; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/sets_ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/sets_ab.txt
# 64-bit keys by ranges below the AUTO bound (call 2: u64 2^23 -2.8% by ranges of 4)
for round in 1 2; do for fold in auto on; do
  MGPU_TUNE="sets.u64:fold=$fold" LD_LIBRARY_PATH=$L/g timeout 40 $B --prims set_union,set_intersection --types u64 --sizes 21:24 --no-verify 2>&1 | grep -E "^set" | sed "s/^/fold$fold r$round: /"
done; done > $OUT/u64_fold.txt
for lib in new g; do for n in 22 26; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union,set_union_pairs --types u32,u64 --sizes $n:$n --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline kernel 29" $OUT/p.txt | sed "s/^/$lib $n: /" >> $OUT/sets_profile.txt; rm -f $OUT/p.txt
done; done
for lib in g new; do
  LD_LIBRARY_PATH=$L/$lib timeout 100 $B --prims set_union,set_intersection,set_symdiff,set_difference_pairs --types u64,i64,f64 --sizes 22:26 > $OUT/sets_verified_$lib.txt 2>&1
  echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/sets_verified_$lib.txt
done
for fam in sets_lookback sets; do
  LD_LIBRARY_PATH=$L/g timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/g $fam: /" >> $OUT/sets_tests.txt
done
echo "all done at $((SECONDS-T0)) s" >> $OUT/sets_tests.txt
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
