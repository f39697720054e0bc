#!/bin/bash
# Session 25 call 4: the radix rows with the staging in parts: VT sweeps (MGPU_TUNE) on parts (2 parts) and
# parts3 (3 parts), one round, at 2^20..2^26 (even), no verification; then parts3 verified.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
s() { # lib prims type tune
  MGPU_TUNE="$4" LD_LIBRARY_PATH=$L/$1 timeout 60 $B --prims $2 --types $3 --sizes 20:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$1 $4: /"; }
{
for lib in parts parts3; do
  for vt in 17 19 21 23 25 27 29 31; do s $lib radix u32 "radixsort.u32:vt=$vt"; done
  for vt in 15 17 19 21 23; do s $lib radix_pairs u32 "radixsort.u32:vt=$vt"; done
  for shape in 512,8 512,10 512,12 512,14 256,16 256,20 256,24; do s $lib radix,radix_pairs u64 "radixsort.u64:nt=${shape%,*},vt=${shape#*,}"; done
done
} > $OUT/sweep.txt 2>&1
echo "sweep done at $((SECONDS-T0)) s" >> $OUT/sweep.txt
LD_LIBRARY_PATH=$L/parts3 timeout 60 $B --prims radix,radix_pairs --types u32,f32,u64 --sizes 14:21 > $OUT/verified_parts3.txt 2>&1
LD_LIBRARY_PATH=$L/parts MGPU_PROFILE=$OUT/p.txt MGPU_TUNE="radixsort.u32:vt=23" timeout 30 $B --prims radix,radix_pairs --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
grep "^pipeline" $OUT/p.txt > $OUT/profile.txt; rm -f $OUT/p.txt
LD_LIBRARY_PATH=$L/parts3 MGPU_PROFILE=$OUT/p.txt MGPU_TUNE="radixsort.u32:vt=23" timeout 30 $B --prims radix,radix_pairs --types u32,u64 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
grep "^pipeline" $OUT/p.txt > $OUT/profile3.txt; rm -f $OUT/p.txt
echo "done at $((SECONDS-T0)) s" >> $OUT/sweep.txt
