#!/bin/bash
# Session 15, call 10: walk = branch seg-scan-one-barrier tip (the walk by selects where no thread of a subgroup has two heads), sp0 = its first commit seg-scan-one-barrier (the workgroup segmented scan with one barrier, no serial
# section); probes on it: sp1 starts read but nothing marked, sp2 the walk ignores heads, sp4 no bounds test in a
# full tile's walk. GPU tests and verified bench of sp0; A/B beside main.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/walk timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/walk timeout 170 $B --prims copy,segreduce100,segreduce10000,rbk100 --types u32,u64,f64,i32,f32 --sizes 14:26 > $OUT/bench_walk.txt 2>&1
echo "walk verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_walk.txt) failed $(grep -c FAILED $OUT/bench_walk.txt)"
for round in 1 2; do for l in main sp0 walk; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c10.tgz *.txt && rm -f *.txt
