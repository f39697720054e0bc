#!/bin/bash
# Session 16 call 4: port2 = main with the lavapipe fix and LOOKBACK_WAIT_FOREVER dropping the fallback's code
# (call 3: port 125 -> 170 us at mean 100, registers suspected); two2 = port2 + the select walk to two heads.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback; do
  LD_LIBRARY_PATH=$P/two2 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
for round in 1 2; do for l in fold port2 two2; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000,rbk100 --types u32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^segreduce|^rbk" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
for l in fold port2 two2; do
  MGPU_PROFILE=$OUT/prof_$l.txt LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100 --types u32,u64 --sizes 26:26 --no-verify > /dev/null 2>&1
done
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
