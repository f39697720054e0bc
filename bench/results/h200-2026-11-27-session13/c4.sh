#!/bin/bash
# Session 13 call 4: the final tree's figures beside CUB (u32, verified).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
export LD_LIBRARY_PATH=$P/new
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
timeout 200 .gl/peers/cub_bench 14 26 merge,sort,radix,scan > $OUT/cub.txt 2>&1
echo "cub at $((SECONDS-T0)) s"
left=$((560 - (SECONDS-T0)))
timeout $left $B --prims copy,scan,reduce,merge,sort,sort_pairs,radix,radix_pairs,select,partition,unique,rle,histogram,join_inner,search,set_union --types u32 --sizes 14:26 --csv $OUT/final_u32.csv > $OUT/final_u32.txt 2>&1
echo "final ok $(grep -c ' ok$' $OUT/final_u32.txt) failed $(grep -c FAILED $OUT/final_u32.txt) at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt *.csv; rm -f *.txt *.csv
