#!/bin/bash
# Prepared in session 15 for session 16's first call (libraries: base = main 6011e2f, bounds = branch
# seg-bounds-subgroup; rebuild "base" if main has moved). Copy to .gl/c1.sh and .gl/next/probes.tgz to
# .gl/probes.tgz, then run with carry build-gpu/bench, build-gpu/tests, build-gpu/tools, .gl (timeout_s 600).
#  1. bounds: the segmented reduce's bounds by a K-ary subgroup search, only the ranges' states zeroed.
#     Predicted: the bounds dispatch 12 -> ~4 us at 2^26 (4 dependent loads instead of 20), so segreduce u32
#     mean 100 / 10000 131 / 89 -> ~123 / ~81 us. GPU tests, verified bench, A/B, profile.
#  2. The one-process test run that did not finish in session 15 (call 5): every family in order, line-buffered,
#     each timed, to find the one that stalls (120 s at most).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/bounds timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/bounds timeout 150 $B --prims copy,segreduce100,segreduce10000,rbk100 --types u32,u64,f64,i32 --sizes 14:26 > $OUT/bench_bounds.txt 2>&1
echo "bounds verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_bounds.txt) failed $(grep -c FAILED $OUT/bench_bounds.txt)"
for round in 1 2; do for l in base bounds; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
for l in base bounds; do
  MGPU_PROFILE=$OUT/prof_$l.txt LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
  grep -E "^submit" $OUT/prof_$l.txt | tail -4 > $OUT/p.t && mv $OUT/p.t $OUT/prof_$l.txt
done
LD_LIBRARY_PATH=$P/base timeout 120 stdbuf -oL build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | while IFS= read -r line; do echo "$((SECONDS-T0)) $line"; done > $OUT/suite.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
