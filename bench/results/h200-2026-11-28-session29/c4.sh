#!/bin/bash
# Session 29, call 4: the tree (fin: rk2's decision, rows 32-bit keys 256 x 13 / pairs 256 x 9, 64-bit 256 x 9 /
# 256 x 7 from call 3's sweep) against base (058ab70) at every size, its tests on the GPU, verified rows.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base fin; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_symdiff,set_union_pairs --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
for fam in sets sets_lookback sets_cli; do
  LD_LIBRARY_PATH=$L/fin timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/fin $fam: /" >> $OUT/tests.txt
done
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/fin timeout 100 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_intersection_pairs,set_difference_pairs,set_symdiff_pairs --types u32,f32,u64,i64,i32,f64 --sizes 14:21 --runs 1 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
LD_LIBRARY_PATH=$L/fin timeout 40 $B --prims set_union,set_union_pairs --types i32,f32,i64,f64 --sizes 24:26 --no-verify > $OUT/types.txt 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/types.txt
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
