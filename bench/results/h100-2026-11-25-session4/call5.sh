#!/bin/bash
# Session 4 final call A: the restructured tree (families registry, GLSL device library): every primitive
# 2^14..2^26 (u32, u64) beside CUB, to confirm no speed change.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
timeout 250 $B --prims reduce,scan,radix,radix_pairs,merge,sort,sort_pairs --types u32,u64 --sizes 14:26 --csv $OUT/bench_a.csv > $OUT/bench_a.txt 2>&1; echo "a rc=$?"
timeout 130 $B --prims search,lbs,expand,move,remove,insert --types u32 --sizes 14:26 --csv $OUT/bench_b.csv > $OUT/bench_b.txt 2>&1; echo "b rc=$?"
timeout 120 .gl/peers/cub_bench 14 26 scan,radix,sort,merge > $OUT/cub.txt 2>&1; echo "cub rc=$?"
grep -c " ok$" $OUT/bench_a.txt $OUT/bench_b.txt; grep -E "FAILED" $OUT/bench_a.txt $OUT/bench_b.txt | head
