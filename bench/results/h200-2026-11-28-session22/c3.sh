#!/bin/bash
# Session 22 call 3: the join's bounds over its keys with its new tiles (256 x 9 for 32-bit keys, 256 x 7 for 64-bit;
# .gl/lib/jk) beside the tree (base) at every size, every kind; tests and a verified benchmark on jk.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in join join_cli sorted_search; do
  LD_LIBRARY_PATH=$L/jk timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f]"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base jk; do
  LD_LIBRARY_PATH=$L/$lib timeout 120 $B --prims join_inner,join_left,join_right,join_outer --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib r$round: /"
done; done > $OUT/join_ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/jk timeout 120 $B --prims join_inner,join_left,join_right,join_outer --types u32,i32,f32,u64,i64,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
