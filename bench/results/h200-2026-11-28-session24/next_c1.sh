#!/bin/bash
# For session 25's first GPU call (not run): gathered sample arrays of stride 256 (probe_gather_256.diff: the
# sorted search's gather at every 256th key instead of every 64th, and the merge's partitions through such a
# gather, which at every 64th measured slower in session 24 call 5: gather 32.5 us + partitions 12.1 against ~36).
# Why: the gather is one scattered sector read a sample (1M at 2^26 for the merge: ~1 TB/s of sectors), so a
# quarter of the samples is a quarter of its time, while neighbouring partitions' coarse probes still share lines
# (5.5 samples apart) and the window in the keys is 8 steps instead of 6. Predicted at 2^26: merge gather ~8 us,
# partitions ~13, merge u32 200 -> ~186 us (CUB 174); sorted search gather 55.6 -> ~14, search u32 595 -> ~560.
# Tested on lavapipe (merge and sorted_search in both partition forms; lavapipe's tiles give a stride of 32).
# Third library, ms256: the mergesort passes' own samples every 256th key (MGPU_MERGE_SAMPLE_MAX_SHIFT 8 in
# shared/constants.h: S = 256 for u32 keys' 2816-key tiles, 128 for the 1152-key tiles of pairs and u64 keys).
# Why: the passes' sample stores cost 4-5 us a pass (88 shared reads a tile in one bank); a quarter of them, and
# neighbouring partitions' coarse probes closer. Predicted: mergesort u32 2^26 3374 -> ~3320 if the window's 8
# steps in the keys cost less than the stores saved; else level or slower.
# Build: main's library to .gl/lib/base; `git apply probe_gather_256.diff`, build the library to .gl/lib/g256,
# revert; MGPU_MERGE_SAMPLE_MAX_SHIFT 6u -> 8u, build to .gl/lib/ms256, revert.
# Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
t() { LD_LIBRARY_PATH=$L/$1 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $2 2>&1 | tail -1 | tr '\n' ' '; echo " [$2 $1 ${MGPU_TUNE:-}]"; }
{ t g256 merge; MGPU_TUNE="merge:fold=off,subgroup=off" t g256 merge; t g256 sorted_search; MGPU_TUNE="sorted_search:subgroup=off" t g256 sorted_search; MGPU_TUNE="mergesort:fold=off,subgroup=off" t ms256 mergesort; } > $OUT/tests.txt
for round in 1 2; do for lib in base g256; do
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims merge,search --types u32,f32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(merge|search)" | sed "s/^/$lib r$round: /"
done; for lib in base ms256; do
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims sort,sort_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
for lib in base g256; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims merge,search --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
  grep -E "^pipeline kernel|^submit" $OUT/p.txt | grep -v "kernel 0 \|kernel 1 " | head -60 > $OUT/profile_$lib.txt; rm -f $OUT/p.txt
done
timeout 40 .gl/peers/cub_bench 20 26 merge > $OUT/cub.txt 2>&1
LD_LIBRARY_PATH=$L/g256 timeout 120 $B --prims merge,merge_indirect,search,search_indirect --types u32,i32,f32,u64,i64,f64 --sizes 23:24 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/ms256 timeout 90 $B --prims sort,sort_pairs,sort_indirect --types u32,f32,u64 --sizes 23:24 > $OUT/verified_ms256.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
