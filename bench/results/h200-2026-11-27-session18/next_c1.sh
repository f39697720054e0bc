#!/bin/bash
# For session 19's first GPU call (not run): the segmented sort's shape 256 x 9 against the row 256 x 7, verified,
# keys, pairs and indices, u32 and u64, 2^16..2^26 (call 8 measured 256 x 9 level or faster on u32 keys only).
# Needs .gl/lib/base (main's libmgpuvk.so.0) and carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
S9="segsort.u32:nt=256,vt=9;segsort.i32:nt=256,vt=9;segsort.f32:nt=256,vt=9"
MGPU_TUNE="$S9" LD_LIBRARY_PATH=$L/base timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --only segsort 2>&1 | tail -2 > $OUT/tests.txt
for round in 1 2; do for s in 7 9; do
  MGPU_TUNE="segsort.u32:nt=256,vt=$s" LD_LIBRARY_PATH=$L/base timeout 90 $B --prims segsort_100,segsort_10000,segsort_pairs_100,segsort_pairs_10000,locality_100,locality_10000 --types u32 --sizes 16:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/256x$s r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
MGPU_TUNE="$S9" LD_LIBRARY_PATH=$L/base timeout 150 $B --prims segsort_100,segsort_pairs_10000,locality_100 --types u32,f32 --sizes 14:24 > $OUT/verified_9.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
