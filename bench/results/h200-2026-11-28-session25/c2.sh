#!/bin/bash
# Session 25 call 2: the radix one-sweep's residency probe (res: per-SM resident workgroups at each tile's start,
# their most, tile lives in SM clocks), at 2^26 and 2^24, u32 keys / pairs / u64 keys, and at other VTs.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
r() { echo "== $*"; LD_LIBRARY_PATH=$L/res timeout 60 $B --runs 3 --no-verify "$@" 2>&1 | grep -E "PROBE|^radix"; }
{
r --prims radix --types u32 --sizes 26:26
r --prims radix --types u32 --sizes 24:24
r --prims radix_pairs --types u32 --sizes 26:26
r --prims radix --types u64 --sizes 26:26
for vt in 9 13 15 21; do echo "vt $vt"; MGPU_TUNE="radixsort.u32:vt=$vt" r --prims radix --types u32 --sizes 26:26; done
MGPU_TUNE="radixsort.u32:nt=512,vt=9" r --prims radix --types u32 --sizes 26:26
MGPU_TUNE="radixsort.u32:nt=128,vt=17" r --prims radix --types u32 --sizes 26:26
} > $OUT/res.txt 2>&1
LD_LIBRARY_PATH=$L/res MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims radix --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
grep -v "^submit" $OUT/p.txt | head -40 > $OUT/profile_res.txt; rm -f $OUT/p.txt
LD_LIBRARY_PATH=$L/res timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 22:23 > $OUT/verified_res.txt 2>&1
echo "done at $((SECONDS-T0)) s" >> $OUT/res.txt
# the mergesort's blocksort at 4 x NT (13 passes at 2^26 instead of 14) against 2 x NT, on main
for round in 1 2; do for bs in 2 4; do
  MGPU_TUNE="mergesort.u32:blocksort=$bs" LD_LIBRARY_PATH=$L/base timeout 60 $B --prims sort --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/bs$bs r$round: /"
done; done > $OUT/blocksort.txt
echo "done at $((SECONDS-T0)) s" >> $OUT/blocksort.txt
