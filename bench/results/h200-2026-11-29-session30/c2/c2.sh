#!/bin/bash
# Session 30, call 2: the join's search tile for the one-walk kernel (e985ef8; its row 256 x 6 / 256 x 7 was swept
# on the two-walk kernel), through MGPU_TUNE (sorted_search.T:values_nt, values_vt), inner join at 2^20..2^26, two
# rounds; per-dispatch times and registers at 2^26; every candidate verified (inner, outer) at 2^14..2^21.
# Predicted: the walk's cost per step fell (join_search 630 -> 499 us), so larger VT may now win for u32; u64's
# 256 x 7 spills 64 bytes to local memory (keys[VT]), so 256 x 5 or 6 may win there.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/.gl/lib/base
T0=$SECONDS
U32="256x6 256x5 256x7 256x8 256x10 128x8 128x12 512x6"
U64="256x7 256x5 256x6 256x4 128x7 128x10"
run() { # type shape prims sizes
  local nt=${2%x*} vt=${2#*x}
  MGPU_TUNE="sorted_search.$1:values_nt=$nt,values_vt=$vt" timeout 60 $B --prims $3 --types $1 --sizes $4 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$2 r$round: /"
}
for round in 1 2; do
  for s in $U32; do run u32 $s join_inner 20:26; done >> $OUT/sweep_u32.txt
  for s in $U64; do run u64 $s join_inner 20:26; done >> $OUT/sweep_u64.txt
done
echo "sweep done at $((SECONDS-T0)) s" >> $OUT/log.txt
for round in 1 2; do
  for s in $U32; do run u32 $s join_outer 24:26; done >> $OUT/outer_u32.txt
  for s in $U64; do run u64 $s join_outer 24:26; done >> $OUT/outer_u64.txt
done
echo "outer done at $((SECONDS-T0)) s" >> $OUT/log.txt
for t in u32 u64; do
  S=$U32; [ $t = u64 ] && S=$U64
  for s in $S; do
    nt=${s%x*}; vt=${s#*x}
    MGPU_TUNE="sorted_search.$t:values_nt=$nt,values_vt=$vt" MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims join_inner --types $t --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
    grep -E "^submit.* kernel 25 |^pipeline kernel 25 " $OUT/p.txt | sed "s/^/$t $s: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
    MGPU_TUNE="sorted_search.$t:values_nt=$nt,values_vt=$vt" timeout 40 $B --prims join_inner,join_outer --types $t --sizes 14:21 --runs 1 2>&1 | grep -E "^join" | sed "s/^/$t $s: /" >> $OUT/verified.txt
  done
done
# The rows' tile (load_balance's 128 x 3, swept on the two-walk join in session 21) on the new search, u32 inner and
# outer at 2^24..2^26, two rounds.
for round in 1 2; do for s in 128x3 256x3 128x4 256x2 64x6; do
  nt=${s%x*}; vt=${s#*x}
  MGPU_TUNE="load_balance:nt=$nt,vt=$vt" timeout 40 $B --prims join_inner,join_outer --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$s r$round: /"
done; done >> $OUT/rows.txt
echo "rows done at $((SECONDS-T0)) s" >> $OUT/log.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
