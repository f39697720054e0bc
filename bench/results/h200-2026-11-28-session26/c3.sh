#!/bin/bash
# Session 26 call 3: (a) vl (the radix pass's values loaded once the last part's keys are staged, before that
# part's writes) against base, pairs u32/u64, two rounds, registers. (b) the compaction's ranges at their own tile
# (cv: the tree, values_nt x values_vt the ranges' tile): ranges forced (fold=on) at several tiles, and per tile
# (fold=off), at 2^18..2^26, to set the row and the size from which ranges run.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base vl; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/pairs_ab.txt
LD_LIBRARY_PATH=$L/vl timeout 60 $B --prims radix_pairs,radix_indirect --types u32,f32,u64 --sizes 14:22 > $OUT/pairs_verified.txt 2>&1
echo "verified rc=$?" >> $OUT/pairs_verified.txt
LD_LIBRARY_PATH=$L/vl MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims radix_pairs --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
grep "^pipeline kernel 11 " $OUT/p.txt > $OUT/pairs_profile.txt; rm -f $OUT/p.txt
echo "pairs done at $((SECONDS-T0)) s" >> $OUT/pairs_ab.txt
for s in u32:off u32:256,8 u32:128,8 u32:64,8 u32:128,4 u32:64,16 u32:128,16 u64:off u64:256,4 u64:128,4 u64:64,4 u64:64,8 u64:128,2; do
  t=${s%:*}; shape=${s#*:}
  if [ $shape = off ]; then tune="compact.$t:fold=off"; else tune="compact.$t:values_nt=${shape%,*},values_vt=${shape#*,},fold=on"; fi
  MGPU_TUNE="$tune" LD_LIBRARY_PATH=$L/cv timeout 50 $B --prims select,partition,unique,rle --types $t --sizes 18:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/$shape r1: /"
done > $OUT/compact_ranges.txt
echo "compact done at $((SECONDS-T0)) s" >> $OUT/compact_ranges.txt
LD_LIBRARY_PATH=$L/cv timeout 60 $B --prims select,partition,unique,rle,select_indirect --types u32,f32,u64 --sizes 18:24 > $OUT/cv_verified.txt 2>&1
echo "verified rc=$?" >> $OUT/cv_verified.txt
MGPU_TUNE="compact.u32:values_nt=128,values_vt=8,fold=on;compact.u64:values_nt=128,values_vt=4,fold=on" LD_LIBRARY_PATH=$L/cv timeout 60 $B --prims select,partition,unique,rle --types u32,u64 --sizes 14:22 >> $OUT/cv_verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/cv_verified.txt
