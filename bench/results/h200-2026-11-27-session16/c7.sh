#!/bin/bash
# Session 16 call 7: straddle3 = straddle2 (subgroups merge the short segments) with no boundary loop for a device
# key count of 0 (call 6: the segsort tests ran past their 100 s there; straddle2's boundaries underflowed).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segsort segsort_cli; do
  LD_LIBRARY_PATH=$P/straddle3 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/straddle3 timeout 120 $B --prims copy,segsort_100,segsort_10000,segsort_pairs_100 --types u32,u64,f32 --sizes 14:26 > $OUT/bench_straddle3.txt 2>&1
echo "verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_straddle3.txt) failed $(grep -c FAILED $OUT/bench_straddle3.txt)"
for l in port2 straddle3; do
  LD_LIBRARY_PATH=$P/$l timeout 40 $B --prims segsort_100,segsort_10000,locality_100 --types u32 --sizes 16:26 --no-verify 2>&1 | grep -E "^segsort|^locality" | sed "s/^/$l: /"
done > $OUT/ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c7.tgz *.txt && rm -f *.txt
