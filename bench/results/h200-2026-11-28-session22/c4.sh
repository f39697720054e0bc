#!/bin/bash
# Session 22 call 4: the tree (with the join's bounds over its keys) beside CUB 13.0 in one call, at 2^14..2^26:
# radix keys and pairs, mergesort keys and pairs, merge, scan (u32, u64), and the sorted search and inner join; then
# the join's tile around its new rows (values_vt of the sorted search's rows).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
export LD_LIBRARY_PATH=$L/cur
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
timeout 150 .gl/peers/cub_bench 14 26 sort,radix,merge,scan > $OUT/cub.txt 2>&1
echo "cub at $((SECONDS-T0)) s"
timeout 150 $B --prims radix,radix_pairs,sort,sort_pairs,merge,scan --types u32,u64 --sizes 14:26 --no-verify > $OUT/ours.txt 2>&1
echo "ours at $((SECONDS-T0)) s"
timeout 60 $B --prims search,join_inner --types u32,u64 --sizes 14:26 --no-verify >> $OUT/ours.txt 2>&1
echo "search at $((SECONDS-T0)) s"
for s in 256x8 256x9 256x10 128x13; do
  [ $((SECONDS-T0)) -lt 420 ] || break
  nt=${s%x*}; vt=${s#*x}
  timeout 40 env MGPU_TUNE="sorted_search.u32:nt=256,vt=7,values_nt=$nt,values_vt=$vt" $B --prims join_inner --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/join $s: /"
done > $OUT/join_tiles.txt
for s in 256x6 256x7 256x8 128x11; do
  [ $((SECONDS-T0)) -lt 450 ] || break
  nt=${s%x*}; vt=${s#*x}
  timeout 40 env MGPU_TUNE="sorted_search.u64:nt=256,vt=5,values_nt=$nt,values_vt=$vt" $B --prims join_inner --types u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/join $s: /"
done >> $OUT/join_tiles.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
