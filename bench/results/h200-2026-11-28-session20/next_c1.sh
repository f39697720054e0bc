#!/bin/bash
# For session 21's first GPU call (not run): the grids (tuning `groups`) of the families the twentieth session did
# not sweep (and, at the end, the radix sort's one-sweep histogram's): sets (their count and write passes), compaction (the one pass's persistent workgroups), histogram,
# segmented sort pairs, and the u64 mergesort; each at 2048 .. 32768 workgroups against the row (0), two rounds.
# The twentieth session found 4096 / 8192 worth 3-9% for the merge, the sorted search and the mergesort of 32-bit
# keys at 2^23..2^26 (bench/RESULTS.md). Build the tree's library to .gl/lib/base; carry
# ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/.gl/lib/base
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for g in 0 2048 4096 8192 32768; do
  t() { [ $g = 0 ] && echo "" || echo "$1"; }
  MGPU_TUNE="$(t "sets.u32:groups=$g;sets.u64:groups=$g")" timeout 60 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/sets g$g r$round: /"
  MGPU_TUNE="$(t "compact.u32:groups=$g")" timeout 60 $B --prims select,partition,unique,rle --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/compact g$g r$round: /"
  MGPU_TUNE="$(t "histogram.u32:groups=$g")" timeout 60 $B --prims histogram --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/histogram g$g r$round: /"
  MGPU_TUNE="$(t "mergesort.u64:groups=$g;segsort.u32:groups=$g")" timeout 100 $B --prims sort,segsort_pairs_100 --types u64,u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(sort|segsort)" | sed "s/^/ms64-segsort g$g r$round: /"
  echo "g$g r$round at $((SECONDS-T0)) s" >&2
done; done > $OUT/groups.txt
# The radix sort's one-sweep histogram workgroups (its row: 1024; one each 2048 keys below 2^21). At 2^20 the
# histogram took 10.6 us of 70.9 on the H100 (nineteenth session): 512 workgroups each adding 1024 counters to one
# global histogram by atomics. Predicted: 128-256 workgroups halve that dispatch at 2^18..2^22 (fewer atomics a
# counter), level at 2^26; 16 workgroups write their own counts (no fill dispatch).
for round in 1 2; do for g in 0 16 32 64 128 256 512; do
  t() { [ $g = 0 ] && echo "" || echo "$1"; }
  MGPU_TUNE="$(t "radixsort.u32:groups=$g;radixsort.u64:groups=$g")" timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 16:22 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/radix g$g r$round: /"
  MGPU_TUNE="$(t "radixsort.u32:groups=$g")" timeout 60 $B --prims radix --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/radix g$g r$round: /"
done; done > $OUT/radix_groups.txt
MGPU_PROFILE=$OUT/radix_prof_1024.txt timeout 30 $B --prims radix --types u32 --sizes 20:20 --runs 3 --no-verify > /dev/null 2>&1
MGPU_TUNE="radixsort.u32:groups=128" MGPU_PROFILE=$OUT/radix_prof_128.txt timeout 30 $B --prims radix --types u32 --sizes 20:20 --runs 3 --no-verify > /dev/null 2>&1
# The mergesort's blocksort by radix passes (probe_radix_blocksort.diff, tested on lavapipe, not timed: `git apply`
# it, build the library to .gl/lib/rbs, revert). Keys, pairs and indices (the keys' positions move with them), gated
# by the tuning switch `single` (mergesort:single=on), so the same library runs both. The blocksort's 886 us at u32 2^26 are its nine merge rounds (685:
# searches 211, barriers 49, serial merges ~425); four passes of the radix sort's subgroup ranking in shared memory
# (the ranking took ~4300 cycles for a 4352-key tile in the one-sweep profile) predict ~350-450 us, so the
# mergesort u32 2^26 3618 -> ~3150-3250 us; u64 keys (eight passes) level or slower.
export LD_LIBRARY_PATH=$PWD/.gl/lib/rbs
MGPU_TUNE="mergesort:single=on" timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --only mergesort 2>&1 | tail -2 > $OUT/rbs_tests.txt
for round in 1 2; do for tune in "" "mergesort:single=on"; do
  MGPU_TUNE="$tune" timeout 100 $B --prims sort,sort_pairs --types u32,f32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/rbs [$tune] r$round: /"
done; done > $OUT/rbs_ab.txt
MGPU_TUNE="mergesort:single=on" MGPU_PROFILE=$OUT/rbs_prof.txt timeout 30 $B --prims sort --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
MGPU_TUNE="mergesort:single=on" timeout 100 $B --prims sort,sort_pairs --types u32,i32,f32,f64 --sizes 14:22 > $OUT/rbs_verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
