#!/bin/bash
# Session 12 call 9: the final tree's figures beside CUB (u32, verified), the histogram's GPU tests.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
export LD_LIBRARY_PATH=$P/new
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
timeout 200 .gl/peers/cub_bench 14 26 merge,sort,radix,scan > $OUT/cub.txt 2>&1
echo "cub at $((SECONDS-T0)) s"
timeout 280 $B --prims copy,scan,reduce,merge,sort,sort_pairs,radix,radix_pairs,select,partition,unique,rle,histogram,join_inner,search --types u32 --sizes 14:26 --csv $OUT/final_u32.csv > $OUT/final_u32.txt 2>&1
echo "final ok $(grep -c ' ok$' $OUT/final_u32.txt) failed $(grep -c FAILED $OUT/final_u32.txt) at $((SECONDS-T0)) s"
left=$((580 - (SECONDS-T0)))
[ $left -gt 30 ] && timeout $((left < 100 ? left : 100)) build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only histogram > $OUT/test_histogram.txt 2>&1
echo "histogram rc=$? $(tail -1 $OUT/test_histogram.txt)"
cd $OUT && tar czf c9.tgz *.txt *.csv && rm -f *.txt *.csv
