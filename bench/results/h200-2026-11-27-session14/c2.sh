#!/bin/bash
# Session 14 call 2: segmented reduce in one pass (new: segreduce_bounds + segreduce_lookback) against the merge
# passes (base = main 715fa47): GPU tests, verified bench, shape sweep.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/new timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -4
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/new timeout 120 $B --prims copy,segreduce100,segreduce10000,rbk100,rbk10000 --types u32,u64,f32 --sizes 16:26 > $OUT/bench_new.txt 2>&1
echo "bench new at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_new.txt) failed $(grep -c FAILED $OUT/bench_new.txt)"
LD_LIBRARY_PATH=$P/base timeout 60 $B --prims copy,segreduce100,segreduce10000,rbk100,rbk10000 --types u32,u64 --sizes 16:26 --no-verify > $OUT/bench_base.txt 2>&1
echo "bench base at $((SECONDS-T0)) s"
for s in "256,5" "256,7" "256,9" "256,11" "256,15" "128,11" "128,15" "512,7" "512,5"; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_TUNE="segreduce.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/${nt}x${vt}: /"
done > $OUT/sweep.txt
for s in "256,3" "256,5" "256,7" "128,7" "512,3"; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_TUNE="segreduce.u64:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/${nt}x${vt}: /"
done >> $OUT/sweep.txt
echo "sweep at $((SECONDS-T0)) s"
MGPU_PROFILE=$OUT/prof.txt LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
