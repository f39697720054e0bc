#!/bin/bash
# Session 24 call 1 (prepared by session 23 as next_c1.sh): a mergesort pass loads each key of a tile with one load from a
# selected index (A's and B's ranges are of one array), where the merge kernel issues two predicated loads
# (probe_mergesort_one_array.diff: loadstore.glsl's mgpu_load_striped2_one, tile_pipeline.glsl's
# MGPU_TILE_ONE_ARRAY, merge.comp sets it for pc.run > 0). Why: session 23 call 4 found the merge kernels
# issue-bound (the f32 maps' few instructions a key cost 17% of the merge kernel: 195.1 against 167.1 us at 2^26),
# so the per-key instructions of the u32 passes are what to cut. Tested on lavapipe under validation (mergesort
# 9209, merge 3522 checks; a wrong index in it fails them), not timed.
# Predicted: the passes' merge kernel 1-2 instructions a key lighter (~35 a key today): mergesort u32 2^26
# 3615 -> ~3500 us, u64 7065 -> ~6900, pairs alike or less; the plain merge unchanged (two arrays).
# Second library, nc (probe_merge_no_clamp.diff): merge.comp's key array VT + 1 keys longer, so that the serial
# merge's shared reads need no min() clamp (cta_merge.glsl's MGPU_MERGE_SLACK); tested on lavapipe (merge 3522,
# mergesort 9209). Predicted one instruction a key less: merge u32 2^26 205 -> ~200, mergesort -2%.
# Build: main's library to .gl/lib/base; `git apply` each diff in turn, build the library to .gl/lib/one and
# .gl/lib/nc, revert.
# Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for f in mergesort merge; do for lib in one nc; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f $lib]"
done; done > $OUT/tests.txt
for round in 1 2; do for lib in base one nc; do
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims sort,sort_pairs,merge --types u32,f32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^(sort|merge)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
for lib in base one nc; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/profile_$lib.txt timeout 30 $B --prims sort --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
done
LD_LIBRARY_PATH=$L/one timeout 60 $B --prims sort,sort_pairs,sort_indirect --types u32,i32,f32,u64,i64,f64 --sizes 14:21 > $OUT/verified.txt 2>&1
timeout 120 .gl/peers/cub_bench 16 26 sort,merge > $OUT/cub.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
