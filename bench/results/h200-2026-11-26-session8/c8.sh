#!/bin/bash
# Session 8 call 8 (final tree): the benchmark series of the families changed or added this session, CUB in the
# same call.
export LD_LIBRARY_PATH=$PWD/build-gpu
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
# The compaction's one pass against count + scan + write by size (cbase: the one pass at every size).
for mode in onepass twopass; do
  if [ $mode = onepass ]; then T=""; L=$PWD/.gl/probe/cbase; else T="compact:lookback=off"; L=$PWD/build-gpu; fi
  env LD_LIBRARY_PATH=$L ${T:+MGPU_TUNE=$T} timeout 60 $B --prims select,unique --types u32,u64 --sizes 14:24 --no-verify 2>&1 | grep -E "^(select|unique)" | sed "s/^/$mode: /"
done > $OUT/compact_modes.txt; cat $OUT/compact_modes.txt
timeout 150 $B --prims merge,sort,sort_pairs,search,join_inner,join_outer,select,partition,unique,rle,histogram --types u32 --sizes 14:26 --csv $OUT/final_u32.csv > $OUT/final_u32.txt 2>&1; echo "u32 rc=$?"
grep -E " (16384|65536|16777216|67108864) " $OUT/final_u32.txt
timeout 100 $B --prims merge,sort,select,unique,histogram --types u64,f32 --sizes 24:26 --csv $OUT/final_64.csv > $OUT/final_64.txt 2>&1; echo "u64 rc=$?"; grep -E " 67108864 " $OUT/final_64.txt
.gl/peers/cub_bench 14 26 merge,sort 2>&1 | grep RESULT | grep -E ",(14|16|24|26)," > $OUT/cub.txt; cat $OUT/cub.txt
timeout 240 build-gpu/tests/mgpuvk-tests --no-validation --only buffer > $OUT/test_buffer.txt 2>&1; echo "buffer rc=$?"; tail -2 $OUT/test_buffer.txt
cd $OUT && tar czf c8.tgz *.txt *.csv && rm -f *.csv *.txt
