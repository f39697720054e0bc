#!/bin/bash
# Session 17 call 5: h1 = main with the compaction's bounded count walks (cw) and the histogram's next tile loaded
# before the current one is binned (workgroups loop over up to 1024 x tiles). Tests, A/B against base (the
# session's starting tree), groups sweep, then the verified benchmark of the candidate final tree.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in histogram histogram_cli; do
  LD_LIBRARY_PATH=$L/h1 timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -2
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
for round in 1 2; do for l in base h1; do
  LD_LIBRARY_PATH=$L/$l timeout 25 $B --prims histogram --types u32,i32,f32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
for g in 264 528; do
  LD_LIBRARY_PATH=$L/h1 MGPU_TUNE="histogram:groups=$g" timeout 25 $B --prims histogram --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/g$g: /"
done >> $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/h1 timeout 80 $B --prims histogram,select,unique,partition,rle --types u32,u64 --sizes 14:26 > $OUT/verified_h1.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
