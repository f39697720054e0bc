#!/bin/bash
# Session 18 call 2: r2 = ranges of 8 tiles by default from 2048 tiles (fold AUTO), the tile's elements as an out
# parameter (per-tile path as main's); v4, v16 = ranges of 4 / 16 tiles. Tests, A/B, verified benchmark of r2.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for tune in "" "compact:fold=on" "compact:fold=off"; do for f in compact compact_lookback; do
  MGPU_TUNE="$tune" LD_LIBRARY_PATH=$L/r2 timeout 90 .gl/bin/r2-tests --no-validation --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -2 | sed "s/^/[$tune $f] /"
done; done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c 'failures' $OUT/tests.txt) summaries"
for round in 1 2; do
  for v in base r2 r2off; do
    lib=${v%off}; tune=""; [ $v = r2off ] && tune="compact:fold=off"
    MGPU_TUNE="$tune" LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims select,partition,unique,rle --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle) " | sed "s/^/$v r$round: /"
  done
  for v in v4 v16; do
    MGPU_TUNE="compact:fold=on" LD_LIBRARY_PATH=$L/$v timeout 30 $B --prims select,partition,unique --types u32,u64 --sizes 21:26 --no-verify 2>&1 | grep -E "^(select|partition|unique) " | sed "s/^/$v r$round: /"
  done
done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/r2 timeout 100 $B --prims select,partition,unique,rle --types u32,i32,f32,u64,i64,f64 --sizes 14:26 > $OUT/verified_r2.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
