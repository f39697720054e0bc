#!/bin/bash
# Session 23 call 3: the mergesort's passes over order bits (library ob: the blocksort writes the keys' order
# bits, the passes run the u32 / u64 kernels ascending, the last pass writes the keys back) against the tree (kf).
# Predicted: f32 keys 2^26 4070 -> ~3630 (u32's), f64 8034 -> ~7000 (u64's), i32 / i64 level with u32 / u64 (today
# level already), pairs f32 7229 -> ~7030; u32 / u64 unchanged (the same pipelines).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for f in mergesort merge engine contracts threads; do
  LD_LIBRARY_PATH=$L/ob timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f]"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in kf ob; do
  [ $((SECONDS-T0)) -lt 330 ] || break
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims sort,sort_pairs --types u32,i32,f32,u64,i64,f64 --sizes 16:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/ob timeout 80 $B --prims sort,sort_pairs,sort_indirect --types u32,i32,f32,u64,i64,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
