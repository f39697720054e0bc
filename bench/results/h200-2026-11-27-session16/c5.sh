#!/bin/bash
# Session 16 call 5: straddle = the segmented sort's segments across one tile boundary (at most a tile of keys)
# merged by one dispatch after the blocksort, the passes' plans skipping them. Predicted at 2^26 u32 mean 100:
# passes ~690 -> ~150 us, segsort 1942 -> ~1400 us (34.6 -> ~48 G keys/s); mean 10000 about the same.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segsort segsort_cli; do
  LD_LIBRARY_PATH=$P/straddle timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/straddle timeout 200 $B --prims copy,sort,segsort_100,segsort_10000,segsort_pairs_100,locality_100 --types u32,u64 --sizes 14:26 > $OUT/bench_straddle.txt 2>&1
echo "verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_straddle.txt) failed $(grep -c FAILED $OUT/bench_straddle.txt)"
for round in 1 2; do for l in port2 straddle; do
  LD_LIBRARY_PATH=$P/$l timeout 60 $B --prims segsort_100,segsort_10000,segsort_pairs_100 --types u32 --sizes 16:26 --no-verify 2>&1 | grep -E "^segsort" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
for l in port2 straddle; do
  MGPU_PROFILE=$OUT/prof_$l.txt LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segsort_100,segsort_10000 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
done
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
