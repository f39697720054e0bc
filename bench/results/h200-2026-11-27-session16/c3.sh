#!/bin/bash
# Session 16 call 3: port = main with the lavapipe fix (spec-constant wait; must be neutral on the GPU); two = the
# select walk up to two heads a thread (predicted mean 100 125 -> ~118 us); probes on two: p1 the walk ignores
# heads, p2 no segmented scan, p4 starts counted but not marked, p7 all three.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/two timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/two timeout 150 $B --prims copy,segreduce100,segreduce10000,rbk100 --types u32,u64,f32,i64 --sizes 14:26 > $OUT/bench_two.txt 2>&1
echo "two verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_two.txt) failed $(grep -c FAILED $OUT/bench_two.txt)"
for round in 1 2; do for l in fold port two; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 16:26:2 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; for l in p1 p2 p4 p7; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100 --types u32,u64 --sizes 26:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
