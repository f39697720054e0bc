#!/bin/bash
# Session 20, call 5: m3 = m2 with the mergesort's row of 32-bit keys at 8192 workgroups, against m2 (16384).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
LD_LIBRARY_PATH=$L/m3 timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --only mergesort 2>&1 | tail -2 > $OUT/tests.txt
for round in 1 2; do for lib in m2 m3; do
  LD_LIBRARY_PATH=$L/$lib timeout 120 $B --prims sort,sort_pairs --types u32,i32,f32 --sizes 18:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
LD_LIBRARY_PATH=$L/m3 timeout 120 $B --prims sort,sort_pairs,sort_indirect --types u32,f32 --sizes 14:24 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
