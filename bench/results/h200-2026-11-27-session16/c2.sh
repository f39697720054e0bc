#!/bin/bash
# Session 16 call 2: fold = the segmented reduce's bounds dispatch folded into the ranges kernel (a K-ary search
# per range, each tile's starts counted from the previous tile's end), tiles without a start reduced into a
# register with no barrier, a clear dispatch instead of the bounds. Predicted 2^26 u32: mean 10000 90 -> ~74 us,
# mean 100 131 -> ~124.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/fold timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/fold timeout 150 $B --prims copy,segreduce100,segreduce10000,rbk100,rbk10000 --types u32,u64,f64,i32 --sizes 14:26 > $OUT/bench_fold.txt 2>&1
echo "fold verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_fold.txt) failed $(grep -c FAILED $OUT/bench_fold.txt)"
for round in 1 2; do for l in base fold; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
for l in base fold; do for m in 100 10000; do
  MGPU_PROFILE=$OUT/prof_${l}_$m.txt LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce$m --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
  grep -E "^submit" $OUT/prof_${l}_$m.txt | tail -4 > $OUT/p.t && mv $OUT/p.t $OUT/prof_${l}_$m.txt
done; done
echo "profiles at $((SECONDS-T0)) s"
( time LD_LIBRARY_PATH=$P/base timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --only buffer ) > $OUT/buffer.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
