#!/bin/bash
# Session 18 call 1: the compaction's one pass by ranges of 8 tiles (r1 = main + next_compact_ranges.diff).
# Tests of r1 (default and fold=on), A/B base vs r1 default vs r1 fold=on, verified fold=on benchmark.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for tune in "" "compact:fold=on"; do
  MGPU_TUNE="$tune" LD_LIBRARY_PATH=$L/r1 timeout 90 .gl/bin/r1-tests --no-validation --only compact,compact_lookback 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3 | sed "s/^/[$tune] /"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
for round in 1 2; do
  for v in base r1 r1fold; do
    lib=${v%fold}; tune=""; [ $v = r1fold ] && tune="compact:fold=on"
    MGPU_TUNE="$tune" LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims select,partition,unique,rle --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle) " | sed "s/^/$v r$round: /"
  done
done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
MGPU_TUNE="compact:fold=on" LD_LIBRARY_PATH=$L/r1 timeout 80 $B --prims select,partition,unique --types u32,i32,f32,u64,i64,f64 --sizes 14:26 > $OUT/verified_fold.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
