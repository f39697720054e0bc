#!/bin/bash
# For session 28's first GPU call (prepared, not run; libraries from next_build.sh; carry ["build-gpu/bench",
# "build-gpu/tests","build-gpu/tools",".gl"]; results under $OUT packed into one tar: the call returns few files).
# (a) The set operations' tile (MGPU_TUNE; the row 128 x 7 = 896 = 7 x 128): tiles that are multiples of 256 let the
#     sampled partitions gather every 256th key (session 27: the gather of every 128th key took 21.7 us at 2^26,
#     the sampled Merge Path 23.6). Predicted: 128 x 8 and 256 x 4 (1024) within 2% of 128 x 7 in the one pass and
#     ~10 us faster in the partitions; VT 8 may cost bank conflicts (the row's comment: odd VT).
# (b) f32 by ranges with keys as floats (nb) against order bits (base): registers from the profile. Predicted: nb
#     by ranges ~58-70 registers and set_union f32 2^26 below its per-tile 734 us (i32 by ranges: 620.8).
# (c) nb verified for f32 and the sets tests on it.
# (d) the per-tile pass as before session 27 (ot) against base: below 2^24 and with values. Predicted: ot 1-2%
#     faster if the shared functions cost it (session 27: +1..2.5% at 2^20..2^23, pairs +1.2..1.5%), else level.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
declare -A seen
for shape in "nt=128,vt=7" "nt=128,vt=8" "nt=256,vt=4" "nt=128,vt=6" "nt=256,vt=3" "nt=64,vt=16" "nt=128,vt=7"; do
  tag=$(echo $shape | tr -d 'ntv=' | tr ',' 'x'); seen[$tag]=$(( ${seen[$tag]:-0} + 1 ))
  MGPU_TUNE="sets:$shape" LD_LIBRARY_PATH=$L/base timeout 50 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/s$tag r${seen[$tag]}: /"
  MGPU_TUNE="sets:$shape" LD_LIBRARY_PATH=$L/base MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel (5|28|29) |^pipeline kernel 29 " $OUT/p.txt | sed "s/^/profile s$tag: /"; rm -f $OUT/p.txt
done > $OUT/sets_shapes.txt
echo "shapes done at $((SECONDS-T0)) s" >> $OUT/sets_shapes.txt
for round in 1 2; do for lib in base nb; do for fold in off on; do
  MGPU_TUNE="sets.f32:fold=$fold" LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims set_union,set_intersection,set_union_pairs --types f32 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib$fold r$round: /"
done; done; done > $OUT/f32_ab.txt
for lib in base nb; do
  MGPU_TUNE="sets.f32:fold=on" LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union,set_union_pairs --types f32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline kernel 29 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/f32_profile.txt; rm -f $OUT/p.txt
done
echo "f32 done at $((SECONDS-T0)) s" >> $OUT/f32_ab.txt
LD_LIBRARY_PATH=$L/nb timeout 60 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs --types f32 --sizes 14:26 > $OUT/nb_verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/nb_verified.txt
for fam in sets sets_lookback; do
  LD_LIBRARY_PATH=$L/nb timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/nb $fam: /" >> $OUT/nb_tests.txt
done
for round in 1 2; do for lib in base ot; do
  LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 18:23 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/old_tile_ab.txt
LD_LIBRARY_PATH=$L/ot timeout 40 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only sets 2>&1 | tail -n 2 | sed "s/^/ot sets: /" >> $OUT/nb_tests.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/nb_tests.txt
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
