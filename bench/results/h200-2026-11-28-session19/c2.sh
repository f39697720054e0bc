#!/bin/bash
# Session 19 call 2: chained radix passes (lib chain) against the base, tests, profile, CUB small sizes.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
LD_LIBRARY_PATH=$L/chain timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only radixsort 2>&1 | tail -2 > $OUT/tests.txt
MGPU_TUNE="radixsort:fold=off" LD_LIBRARY_PATH=$L/chain timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only radixsort 2>&1 | tail -2 >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/chain timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only segsort 2>&1 | tail -2 >> $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base chain; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:20 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab_small.txt
echo "ab small at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/chain timeout 100 $B --prims radix,radix_pairs,radix_indirect --types u32,i32,f32,u64,f64 --sizes 14:21 > $OUT/verified.txt 2>&1
echo "verified at $((SECONDS-T0)) s"
for lib in base chain; do
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims radix,radix_pairs --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib: /"
done > $OUT/ab_large.txt
echo "ab large at $((SECONDS-T0)) s"
for n in 14 16 20; do
  MGPU_PROFILE=$OUT/prof_chain$n.txt LD_LIBRARY_PATH=$L/chain timeout 60 $B --prims radix --types u32 --sizes $n:$n --runs 5 > /dev/null 2>&1
done
timeout 100 .gl/peers/cub_bench 14 20 radix > $OUT/cub.csv 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt *.csv && rm -f *.txt *.csv
