#!/bin/bash
# For session 20's first GPU call (not run): the merge's key stores as uvec4 from shared memory where the tile is
# full and aligned (probe_merge_vec4_store.diff: PERF-NOTES 5(c); predicted merge u32 2^26 219 -> ~200 us, the
# mergesort's passes likewise), against the tree it applies to. Build: `git apply` the diff, `cmake --build
# build-gpu --target mgpuvk`, copy the library to .gl/lib/vec4 (the tree's own to .gl/lib/base), then revert.
# carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in merge mergesort; do
  LD_LIBRARY_PATH=$L/vec4 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -2 | tr '\n' ' '; echo
done > $OUT/tests.txt
for round in 1 2; do for lib in base vec4; do
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims merge,sort,sort_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/vec4 timeout 120 $B --prims merge,sort,sort_pairs --types u32,f64 --sizes 14:24 > $OUT/verified.txt 2>&1
timeout 100 .gl/peers/cub_bench 20 26 merge,sort > $OUT/cub.csv 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt *.csv && rm -f *.txt *.csv
