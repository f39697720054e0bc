#!/bin/bash
# Session 26 call 1: (a) the radix pass's values loaded early (ve: with the keys; vr: after the ranking) against
# base, pairs u32/u64, two rounds; registers from the profile. (b) the compaction's one pass by ranges at other
# tile shapes (MGPU_TUNE compact), one round. (c) session 25's prepared join call (join tile 256 x 6 vs x 10).
# (d) CUB's radix in the same call.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base ve vr; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/pairs_ab.txt
echo "pairs done at $((SECONDS-T0)) s" >> $OUT/pairs_ab.txt
for lib in ve vr; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix_pairs,radix_indirect --types u32,f32,u64 --sizes 14:22 2>&1 | grep -iE "fail|error|mismatch" | head -5 | sed "s/^/$lib: /"
  echo "$lib verified rc=${PIPESTATUS[0]}"
done > $OUT/pairs_verified.txt 2>&1
for lib in base ve vr; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims radix_pairs --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline" $OUT/p.txt | sed "s/^/$lib: /"; rm -f $OUT/p.txt
done > $OUT/pairs_profile.txt
echo "pairs verified/profile done at $((SECONDS-T0)) s" >> $OUT/pairs_ab.txt
timeout 60 .gl/peers/cub_bench 20 26 radix > $OUT/cub.txt 2>&1
for shape in 512,8 256,8 256,16 256,12 512,12 1024,8 128,16 128,32; do
  nt=${shape%,*}; vt=${shape#*,}
  MGPU_TUNE="compact.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/base timeout 40 $B --prims select,partition,unique,rle --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/${nt}x$vt: /"
done > $OUT/compact_shapes.txt
for shape in 512,4 256,4 256,8 256,6 128,8 1024,4; do
  nt=${shape%,*}; vt=${shape#*,}
  MGPU_TUNE="compact.u64:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/base timeout 40 $B --prims select,partition,unique,rle --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/${nt}x$vt: /"
done >> $OUT/compact_shapes.txt
echo "compact done at $((SECONDS-T0)) s" >> $OUT/compact_shapes.txt
for shape in 512,8 256,8 256,16; do nt=${shape%,*}; vt=${shape#*,}
  MGPU_TUNE="compact.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/base MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims select,unique --types u32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline kernel 30" $OUT/p.txt | sed "s/^/${nt}x$vt: /"; rm -f $OUT/p.txt
done > $OUT/compact_profile.txt
bash $PWD/bench/results/h200-2026-11-28-session25/next_c1.sh
echo "all done at $((SECONDS-T0)) s" >> $OUT/compact_shapes.txt
