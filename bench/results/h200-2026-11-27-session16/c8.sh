#!/bin/bash
# Session 16 call 8: straddle4 = straddle3 with the boundaries spread evenly over the workgroups (call 7: 2^20
# mean 100 117.8 -> 125.8 us; chunks of NT boundaries left most workgroups idle). Predicted: 2^20 back below
# 118 us, 2^26 mean 100 1431 -> ~1400.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segsort segsort_cli; do
  LD_LIBRARY_PATH=$P/straddle4 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/straddle4 timeout 100 $B --prims copy,segsort_100,segsort_10000,segsort_pairs_100 --types u32,i64 --sizes 14:26 > $OUT/bench_straddle4.txt 2>&1
echo "verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_straddle4.txt) failed $(grep -c FAILED $OUT/bench_straddle4.txt)"
for l in port2 straddle3 straddle4; do
  LD_LIBRARY_PATH=$P/$l timeout 40 $B --prims segsort_100,segsort_10000 --types u32 --sizes 16:26 --no-verify 2>&1 | grep -E "^segsort" | sed "s/^/$l: /"
done > $OUT/ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c8.tgz *.txt && rm -f *.txt
