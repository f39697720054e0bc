#!/bin/bash
# Session 21, call 1: next_c1.sh of session 20 reordered (the blocksort probe first), with a time guard.
B=build-gpu/bench/mgpuvk-bench
T0=$SECONDS
left() { [ $((SECONDS-T0)) -lt $1 ]; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
export LD_LIBRARY_PATH=$PWD/.gl/lib/rbs
MGPU_TUNE="mergesort:single=on" timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --only mergesort 2>&1 | tail -2 > $OUT/rbs_tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for tune in "" "mergesort:single=on"; do
  MGPU_TUNE="$tune" timeout 100 $B --prims sort,sort_pairs --types u32,f32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/rbs [$tune] r$round: /"
done; done > $OUT/rbs_ab.txt
echo "rbs at $((SECONDS-T0)) s"
.gl/peers/cub_bench 16 26 sort > $OUT/cub_sort.txt 2>&1
MGPU_TUNE="mergesort:single=on" MGPU_PROFILE=$OUT/rbs_prof.txt timeout 30 $B --prims sort --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
MGPU_PROFILE=$OUT/base_prof.txt timeout 30 $B --prims sort --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
MGPU_TUNE="mergesort:single=on" timeout 100 $B --prims sort,sort_pairs --types u32,i32,f32,f64 --sizes 14:22 > $OUT/rbs_verified.txt 2>&1
echo "rbs done at $((SECONDS-T0)) s"
export LD_LIBRARY_PATH=$PWD/.gl/lib/base
for round in 1 2; do for g in 0 16 64 128 256 512; do
  left 400 || break
  t() { [ $g = 0 ] && echo "" || echo "$1"; }
  MGPU_TUNE="$(t "radixsort.u32:groups=$g;radixsort.u64:groups=$g")" timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 16:22 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/radix g$g r$round: /"
  MGPU_TUNE="$(t "radixsort.u32:groups=$g")" timeout 60 $B --prims radix --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/radix g$g r$round: /"
done; done > $OUT/radix_groups.txt
echo "radix groups at $((SECONDS-T0)) s"
MGPU_PROFILE=$OUT/radix_prof_1024.txt timeout 30 $B --prims radix --types u32 --sizes 20:20 --runs 3 --no-verify > /dev/null 2>&1
MGPU_TUNE="radixsort.u32:groups=128" MGPU_PROFILE=$OUT/radix_prof_128.txt timeout 30 $B --prims radix --types u32 --sizes 20:20 --runs 3 --no-verify > /dev/null 2>&1
for round in 1 2; do for g in 0 2048 4096 8192 32768; do
  left 540 || break
  t() { [ $g = 0 ] && echo "" || echo "$1"; }
  MGPU_TUNE="$(t "sets.u32:groups=$g;sets.u64:groups=$g")" timeout 60 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/sets g$g r$round: /"
  MGPU_TUNE="$(t "compact.u32:groups=$g")" timeout 60 $B --prims select,partition,unique,rle --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/compact g$g r$round: /"
  MGPU_TUNE="$(t "histogram.u32:groups=$g")" timeout 60 $B --prims histogram --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/histogram g$g r$round: /"
  MGPU_TUNE="$(t "mergesort.u64:groups=$g;segsort.u32:groups=$g")" timeout 100 $B --prims sort,segsort_pairs_100 --types u64,u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(sort|segsort)" | sed "s/^/ms64-segsort g$g r$round: /"
  echo "g$g r$round at $((SECONDS-T0)) s" >&2
done; done > $OUT/groups.txt
echo "done at $((SECONDS-T0)) s"
