#!/bin/bash
# Session 14 call 5: the one-pass segmented reduce at its rows (u32 256 x 16, u64 128 x 16): GPU tests, verified
# bench; ablation (bits: 1 no look-back wait, 2 no starts, 4 tiles by group id, 16 no workgroup segmented scan,
# 32 scalar loads, 64 coalesced (striped) loads, timing only).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/new timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -4
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/new timeout 150 $B --prims copy,segreduce100,segreduce10000,rbk100,rbk10000 --types u32,u64,i32,f64 --sizes 14:26 > $OUT/bench_new.txt 2>&1
echo "bench new at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_new.txt) failed $(grep -c FAILED $OUT/bench_new.txt)"
for round in 1 2; do for l in new p1 p3 p4 p16 p32 p64 p23; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/ablation.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
