#!/bin/bash
# Session 28, call 4: the kept rows (u32 256 x 9, u64 128 x 7; `fin`) against `base` (ad192b7), two rounds; every
# type and op verified; the sets tests. Predicted from call 3: set_union u32 2^26 ~430 us (base 588), pairs u32
# ~815 (base 1003), u64 ~830 (base 940), u64 pairs ~1160 (base 1656).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do
  for lib in base fin; do
    LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
    LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims set_union,set_union_pairs --types i32,f32,i64,f64 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
  done
done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
LD_LIBRARY_PATH=$L/fin MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union,set_union_pairs --types u32,f32,u64,f64 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
grep -E "^submit|^pipeline" $OUT/p.txt > $OUT/profile.txt; rm -f $OUT/p.txt
LD_LIBRARY_PATH=$L/fin timeout 150 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_intersection_pairs,set_difference_pairs,set_symdiff_pairs --types u32,i32,f32,u64,i64,f64 --sizes 14:22 --runs 1 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
for fam in sets sets_lookback sets_cli join; do
  LD_LIBRARY_PATH=$L/fin timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/$fam: /" >> $OUT/tests.txt
done
echo "all done at $((SECONDS-T0)) s" >> $OUT/tests.txt
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
