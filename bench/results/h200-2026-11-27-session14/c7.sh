#!/bin/bash
# Session 14 call 7: the final one-pass segmented reduce (ranges, at most 512 workgroups, each thread's first start
# of the next tile loaded ahead): GPU tests and verified bench; r1024 (e8f6137, no start prefetch) at groups 512 beside it.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/new timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -4
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/new timeout 100 $B --prims copy,segreduce100,segreduce10000,rbk100,rbk10000 --types u32,u64 --sizes 14:26 > $OUT/bench_new.txt 2>&1
echo "bench new at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_new.txt) failed $(grep -c FAILED $OUT/bench_new.txt)"
for round in 1 2; do
  LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/new r$round: /"
  MGPU_TUNE="segreduce:groups=512" LD_LIBRARY_PATH=$P/r1024 timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/noprefetch512 r$round: /"
done > $OUT/ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c7.tgz *.txt && rm -f *.txt
