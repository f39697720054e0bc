#!/bin/bash
# Session 19 call 3: chained radix passes, look-back window (w8/w16/w32 against chain = 4) and partials to 64 groups.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
LD_LIBRARY_PATH=$L/w16p64 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only radixsort 2>&1 | tail -2 > $OUT/tests.txt
LD_LIBRARY_PATH=$L/w32 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only radixsort 2>&1 | tail -2 >> $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base chain w8 w16 w32 w16p64; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:20 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab_small.txt
echo "ab small at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/w16p64 timeout 100 $B --prims radix,radix_pairs,radix_indirect --types u32,i32,f64 --sizes 14:20 > $OUT/verified.txt 2>&1
for n in 14 16 20; do
  MGPU_PROFILE=$OUT/prof_w16p64_$n.txt LD_LIBRARY_PATH=$L/w16p64 timeout 60 $B --prims radix --types u32 --sizes $n:$n --runs 5 > /dev/null 2>&1
done
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
