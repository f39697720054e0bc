#!/bin/bash
# Session 19 call 5: sorted search with the walk's keys in registers (lib ss) against chain.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
LD_LIBRARY_PATH=$L/ss timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only sorted_search 2>&1 | tail -2 > $OUT/tests.txt
LD_LIBRARY_PATH=$L/ss timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only join 2>&1 | tail -2 >> $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in chain ss; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims search --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^search" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/ss timeout 100 $B --prims search,search_indirect --types u32,f32,u64,i64 --sizes 14:24 > $OUT/verified.txt 2>&1
MGPU_PROFILE=$OUT/prof_ss.txt LD_LIBRARY_PATH=$L/ss timeout 60 $B --prims search --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
