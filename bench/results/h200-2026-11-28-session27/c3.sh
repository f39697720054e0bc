#!/bin/bash
# Session 27, call 3 (libraries: base = df04050, new = the set operations by ranges of 4 tiles for keys from 16384
# tiles on, sr8 = new with 8 tiles a range). Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
# (a) sets A/B, two rounds, keys and pairs (pairs: AUTO keeps them per tile, so level); predicted new at 2^26
#     set_union u32 ~622 (call 2's sr4), 2^23 and below level.
# (b) new verified at 2^14..2^26 (2^24 up by ranges) and the sets tests (sets_lookback forces ranges).
# (c) call 1's 32-bit pairs sweep again (values_vt 21..13; its file did not come back).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base new sr8; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/sets_ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/sets_ab.txt
for lib in new sr8; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline kernel 29" $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/sets_profile.txt; rm -f $OUT/p.txt
done
LD_LIBRARY_PATH=$L/new timeout 120 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_symdiff_pairs --types u32,f32,u64,i64 --sizes 14:26 > $OUT/sets_verified_new.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/sets_verified_new.txt
for fam in sets sets_lookback sets_cli; do
  LD_LIBRARY_PATH=$L/new timeout 90 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/$fam: /" >> $OUT/sets_tests.txt
done
echo "tests done at $((SECONDS-T0)) s" >> $OUT/sets_tests.txt
for vt in 21 19 17 15 13; do
  MGPU_TUNE="radixsort.u32:values_vt=$vt" LD_LIBRARY_PATH=$L/base timeout 40 $B --prims radix_pairs --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/vt$vt r1: /"
  MGPU_TUNE="radixsort.u32:values_vt=$vt" LD_LIBRARY_PATH=$L/base MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims radix_pairs --types u32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline kernel 11 " $OUT/p.txt | sed "s/^/profile vt$vt: /"; rm -f $OUT/p.txt
done > $OUT/pairs_vt.txt
LD_LIBRARY_PATH=$L/base timeout 40 $B --prims radix_pairs --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/row r1: /" >> $OUT/pairs_vt.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/pairs_vt.txt
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
