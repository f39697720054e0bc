#!/bin/bash
# Session 19 call 1: segsort 256x9 verified (+ A/B against 256x7), radix small-size per-dispatch profile.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for n in 14 16 18 20; do
  MGPU_PROFILE=$OUT/prof_radix$n.txt LD_LIBRARY_PATH=$L/base timeout 60 $B --prims radix,radix_pairs --types u32 --sizes $n:$n --runs 5 > $OUT/radix$n.txt 2>&1
done
LD_LIBRARY_PATH=$L/base timeout 60 $B --prims radix,radix_pairs,reduce,scan,merge --types u32 --sizes 14:20 > $OUT/small.txt 2>&1
echo "radix at $((SECONDS-T0)) s"
S9="segsort.u32:nt=256,vt=9;segsort.i32:nt=256,vt=9;segsort.f32:nt=256,vt=9"
MGPU_TUNE="$S9" LD_LIBRARY_PATH=$L/base timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --only segsort 2>&1 | tail -2 > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for s in 7 9; do
  MGPU_TUNE="segsort.u32:nt=256,vt=$s" LD_LIBRARY_PATH=$L/base timeout 100 $B --prims segsort_100,segsort_10000,segsort_pairs_100,segsort_pairs_10000,locality_100,locality_10000 --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/256x$s: /"
done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
MGPU_TUNE="$S9" LD_LIBRARY_PATH=$L/base timeout 150 $B --prims segsort_100,segsort_pairs_10000,locality_100 --types u32,f32 --sizes 14:24 > $OUT/verified_9.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
