#!/bin/bash
# Session 12 call 10: the final tree's 64-bit figures (verified); the sorted search's and the merge's dispatches
# and registers at 2^26 (the search takes 3.6x the merge's time on the same elements).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
export LD_LIBRARY_PATH=$P/new
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
timeout 200 $B --prims copy,scan,sort,sort_pairs,radix,select,unique,histogram --types u64 --sizes 20:26 --csv $OUT/final_u64.csv > $OUT/final_u64.txt 2>&1
echo "u64 ok $(grep -c ' ok$' $OUT/final_u64.txt) failed $(grep -c FAILED $OUT/final_u64.txt) at $((SECONDS-T0)) s"
MGPU_PROFILE=$OUT/prof.txt timeout 60 $B --prims merge,search --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
grep -E "Register" $OUT/prof.txt > $OUT/registers.txt; python3 .gl/prof.py $OUT/prof.txt > $OUT/prof_summary.txt 2>&1; rm -f $OUT/prof.txt
cd $OUT && tar czf c10.tgz *.txt *.csv && rm -f *.txt *.csv
