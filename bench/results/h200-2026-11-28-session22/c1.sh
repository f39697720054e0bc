#!/bin/bash
# For session 22's first GPU call (not run): the sorted search's results over its keys
# (probe_search_results_over_keys.diff, timed in call 6 at 2^20..2^26: 4-8% faster from 2^22 at 128 x 11 for u32,
# 2.5-3.3% at 128 x 9 for u64, 5% slower at the row's 256 x 7) timed at every size, and the same change in the
# join's search (probe_join_lower_over_keys.diff: its bounds over its keys, three arrays of a tile in shared memory
# -> two; tested on lavapipe, not timed), whose tile is now the sorted search's values_nt x values_vt.
# Build: the tree's library to .gl/lib/base; `git apply` both diffs, build the library to .gl/lib/sk, revert;
# `git apply` probe_occupancy_copy.diff, build the library to .gl/lib/occ, revert; likewise probe_tile_depth2.diff
# to .gl/lib/d2. (Four libraries of ~6.4 MB: the carry's 64 MB allow it; delete older ones under .gl/lib.)
# Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
# Predicted: sorted search u32 2^26 599 -> ~575 us at 128 x 11, 2^14..2^21 within 1 us of the row; the join's search
# at its row level or 2-5% faster (less shared memory a workgroup), and larger join tiles now level or better.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in sorted_search join join_cli; do
  LD_LIBRARY_PATH=$L/sk timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f]"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
S32="sorted_search.u32:nt=128,vt=11,values_nt=256,values_vt=7"
S64="sorted_search.u64:nt=128,vt=9,values_nt=256,values_vt=5"
for round in 1 2; do
  LD_LIBRARY_PATH=$L/base timeout 60 $B --prims search --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/base row r$round: /"
  LD_LIBRARY_PATH=$L/sk timeout 60 $B --prims search --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/sk row r$round: /"
  LD_LIBRARY_PATH=$L/sk MGPU_TUNE="$S32;$S64" timeout 60 $B --prims search --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/sk 128x11-128x9 r$round: /"
  LD_LIBRARY_PATH=$L/sk MGPU_TUNE="sorted_search.u32:nt=256,vt=11,values_nt=256,values_vt=7" timeout 60 $B --prims search --types u32 --sizes 14:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/sk 256x11 r$round: /"
  for lib in base sk; do
    LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims join_inner,join_outer --types u32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib join row r$round: /"
  done
  echo "round $round at $((SECONDS-T0)) s"
done > $OUT/ab.txt
# The join's tile on sk (values_nt x values_vt), one round.
for s in 256x9 256x11 128x11 512x7; do
  [ $((SECONDS-T0)) -lt 420 ] || break
  nt=${s%x*}; vt=${s#*x}
  LD_LIBRARY_PATH=$L/sk MGPU_TUNE="sorted_search.u32:nt=256,vt=7,values_nt=$nt,values_vt=$vt" timeout 60 $B --prims join_inner --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/sk join $s: /"
done > $OUT/join_tiles.txt
for s in 256x7 128x9; do
  [ $((SECONDS-T0)) -lt 450 ] || break
  nt=${s%x*}; vt=${s#*x}
  LD_LIBRARY_PATH=$L/sk MGPU_TUNE="sorted_search.u64:nt=256,vt=5,values_nt=$nt,values_vt=$vt" timeout 60 $B --prims join_inner --types u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/sk join $s: /"
done >> $OUT/join_tiles.txt
V32="nt=128,vt=11,values_nt=256,values_vt=7" V64="nt=128,vt=9,values_nt=256,values_vt=5"
VALL="sorted_search.u32:$V32;sorted_search.i32:$V32;sorted_search.f32:$V32;sorted_search.u64:$V64;sorted_search.i64:$V64;sorted_search.f64:$V64"
LD_LIBRARY_PATH=$L/sk MGPU_TUNE="$VALL" timeout 100 $B --prims search,search_indirect,join_inner,join_left,join_right,join_outer --types u32,i32,f32,u64,i64,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
# The merge's and the sorted search's tile pipeline two tiles deep (probe_tile_depth2.diff, the library built to
# .gl/lib/d2; tested on lavapipe with 1-3 workgroups looping over tiles; the search keeps one tile ahead where it
# reads match flags): the keys of the next two tiles load while a tile merges. The
# sorted search's ablation (session 21) left its loads the cost and larger tiles (more keys in flight) faster once
# they fit; the merge runs at 0.67 of copy with one tile in flight a workgroup. Predicted: merge u32 2^26 202 ->
# 185-195 us if in-flight loads limit it (VT more registers: 64 -> ~75, three workgroups an SM instead of four, so
# six tiles in flight an SM instead of four), slower if the registers cost more.
# (About 500 s in all: where a part is skipped for time, run it in the next call.)
if [ $((SECONDS-T0)) -lt 330 ]; then
LD_LIBRARY_PATH=$L/d2 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --only merge 2>&1 | tail -1 > $OUT/d2_tests.txt
LD_LIBRARY_PATH=$L/d2 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --only mergesort 2>&1 | tail -1 >> $OUT/d2_tests.txt
LD_LIBRARY_PATH=$L/d2 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --only sorted_search 2>&1 | tail -1 >> $OUT/d2_tests.txt
for round in 1 2; do for lib in base d2; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims merge,search --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^(merge|search)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims sort,sort_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
done; done > $OUT/d2_ab.txt
LD_LIBRARY_PATH=$L/d2 MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims merge,search --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
grep pipeline $OUT/p.txt | sort -u > $OUT/d2_pipelines.txt; rm -f $OUT/p.txt
fi
echo "d2 at $((SECONDS-T0)) s"
# The radix one-sweep's VT at 2^18..2^22 (MGPU_TUNE; the frame VTs 2/4/8 apply only up to 128 tiles, so 2^20 runs
# 241 tiles of 256 x 17 in one wave, a pass 14.5 us, its ranking a chain of ~17 keys a thread). Predicted: VT 11-13
# (one wave still, shorter ranking a tile) 2^20 65.7 -> 60-62 us, level at 2^22.
for vt in 17 15 13 11 9 8; do
  [ $((SECONDS-T0)) -lt 520 ] || break
  LD_LIBRARY_PATH=$L/base MGPU_TUNE="radixsort.u32:vt=$vt" timeout 60 $B --prims radix,radix_pairs --types u32 --sizes 18:22 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/vt $vt: /"
done > $OUT/radix_vt.txt
# How many workgroups an SM holds by their shared memory (probe_occupancy_copy.diff, the library built to
# .gl/lib/occ): the copy's workgroups (256 threads, 32 registers: 8 an SM by threads) each hold PAD KB and spin
# 64 x 64 dependent steps first, 4096 workgroups at 2^24 (the bench's copy of reduce's input). If an SM holds all
# 228 KB, the copy's time stays level to 28 KB and steps up at 32 (7), 40 (5), 47 (4); if the driver configures
# less (the sorted search's larger tiles lost until its second array went, call 6), it steps earlier. Decides
# whether every kernel's tile should stay under a shared-memory budget (the radix one-sweep tile holds ~26 KB).
for pad in 0 4 8 12 16 20 24 28 32 40 47; do
  [ $((SECONDS-T0)) -lt 560 ] || break
  spin=64; [ $pad = 0 ] && spin=0
  MGPU_PROBE_COPY="$pad:$spin" LD_LIBRARY_PATH=$L/occ MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims reduce --types u32 --sizes 24:24 --runs 3 --no-verify > /dev/null 2>&1
  echo "pad $pad KB: $(grep 'pipeline kernel 0 ' $OUT/p.txt | sort -u | grep -o 'Shared Memory Size [0-9]*') copy us $(grep -v pipeline $OUT/p.txt | awk '$6 == 0 {print $18}' | sort -n | head -1)"
  rm -f $OUT/p.txt
done > $OUT/occupancy.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
