#!/bin/bash
# Session 31, call 2: tr (probe_segsort_trim.diff), the segmented and locality sorts' merge passes trimmed to the
# keys that move (a moving tile drops the outputs before B's first key that are A's and those after A's last that
# are B's), against base (136015a + clang-format), two rounds; per-dispatch profiles of locality_100 and
# segsort_10000 at 2^26; the segsort tests and the verified benchmark with tr on the GPU; the 64-bit inner join at
# 2^26 alone and after other primitives in one process (call 1's headline ran it at 1777 us, its A/B at 1093).
# Predicted: locality_100 u32 2^26 ~2740 -> 1400-1600 us (the mergesort of the same keys ~3300: 2x), segsorts level.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base tr; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims locality_100,locality_10000,locality_pairs_100,segsort_100,segsort_10000,segsort_pairs_100 --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims locality_100,segsort_10000 --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
LD_LIBRARY_PATH=$L/base timeout 30 $B --prims mergesort_near_100,mergesort_near_10000 --types u32,u64 --sizes 24:26 --no-verify > $OUT/mergesort_near.txt 2>&1
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
for lib in base tr; do for prim in locality_100 segsort_10000; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims $prim --types u32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  last=$(grep -E "^submit" $OUT/p.txt | tail -n 1 | awk '{print $2}')
  grep -E "^submit $last |^pipeline" $OUT/p.txt | sed "s/^/$lib $prim: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done; done
for fam in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/tr timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/tr $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/tr timeout 60 $B --prims locality_100,locality_10000,locality_pairs_100,locality_pairs_10000,segsort_100,segsort_pairs_10000 --types u32,i32,f32,u64,i64,f64 --sizes 14:20 --runs 1 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/tr timeout 30 $B --prims locality_100,locality_pairs_100,segsort_10000 --types u32,u64 --sizes 22:24 --runs 1 >> $OUT/verified.txt 2>&1
echo "tests done at $((SECONDS-T0)) s" >> $OUT/log.txt
LD_LIBRARY_PATH=$L/base timeout 20 $B --prims join_inner --types u64 --sizes 26:26 --no-verify > $OUT/join_alone.txt 2>&1
LD_LIBRARY_PATH=$L/base timeout 60 $B --prims scan,reduce,merge,sort,radix,join_inner --types u32,u64 --sizes 26:26 --no-verify > $OUT/join_after.txt 2>&1
LD_LIBRARY_PATH=$L/base timeout 20 $B --prims join_inner --types u32,u64 --sizes 26:26 --no-verify > $OUT/join_pair.txt 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
