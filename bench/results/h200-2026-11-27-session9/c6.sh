#!/bin/bash
# Session 9 call 6 (H100): the sorts' chart data (README), the final tree's figures beside CUB.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 200 $B --prims sort,sort_pairs,radix,radix_pairs --types u32,u64 --sizes 14:26 --json $OUT/sorts_h100.json --csv $OUT/sorts_h100.csv > $OUT/sorts_h100.txt 2>&1; echo "sorts rc=$?"
grep -E " (16384|65536|1048576|67108864) " $OUT/sorts_h100.txt
timeout 120 $B --prims merge,search,scan,scan_indirect,select,select_indirect,histogram --types u32 --sizes 14:26 --no-verify --csv $OUT/final_h100.csv > $OUT/final_h100.txt 2>&1; echo "final rc=$?"
grep -E " (16384|1048576|67108864) " $OUT/final_h100.txt
timeout 150 .gl/peers/cub_bench 14 26 merge,sort,radix,scan 2>&1 | grep RESULT | grep -E ",(14|16|20|26)," > $OUT/cub_h100.txt; cat $OUT/cub_h100.txt
cd $OUT && tar czf c6.tgz *.txt *.csv *.json; rm -f *.txt *.csv *.json
