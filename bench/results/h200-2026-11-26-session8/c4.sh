#!/bin/bash
# Session 8 call 4: the Merge Path tile kernels (merge, sorted search, join search) as software pipelines
# (shaders/include/tile_pipeline.glsl). Tests of those families on the GPU, A/B against the session's base
# (two interleaved rounds), the verified series, a join profile, CUB in the same call.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
for f in merge mergesort sorted_search join join_cli; do
  timeout 200 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "test $f rc=$?"; tail -1 $OUT/test_$f.txt
done
for round in 1 2; do for lib in base new; do
  if [ $lib = base ]; then export LD_LIBRARY_PATH=$PWD/.gl/probe/base; else export LD_LIBRARY_PATH=$PWD/build-gpu; fi
  timeout 90 $B --prims merge,sort,sort_pairs,search,join_inner,join_outer --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E " (1048576|16777216|67108864) " | sed "s/^/$lib: /"
done; done
export LD_LIBRARY_PATH=$PWD/build-gpu
timeout 150 $B --prims merge,sort,sort_pairs,search,join_inner,join_left,join_right,join_outer --types u32 --sizes 14:26 --csv $OUT/mp_u32.csv > $OUT/mp_u32.txt 2>&1; echo "u32 rc=$?"
grep -E " (16384|65536|67108864) " $OUT/mp_u32.txt
timeout 100 $B --prims merge,sort,search,join_inner --types u64 --sizes 24:26 --csv $OUT/mp_u64.csv > $OUT/mp_u64.txt 2>&1; echo "u64 rc=$?"; grep -E " 67108864 " $OUT/mp_u64.txt
MGPU_PROFILE=/tmp/pj.txt timeout 60 $B --prims join_inner,search --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
python3 .gl/prof.py /tmp/pj.txt > $OUT/prof_join_search.txt; tail -14 $OUT/prof_join_search.txt
grep "^pipeline kernel" /tmp/pj.txt | grep -E "kernel (6|15|25) " | head -4
.gl/peers/cub_bench 20 26 merge,sort 2>&1 | grep RESULT
cd $OUT && tar czf c4.tgz *.txt *.csv && rm -f *.csv *.txt
