#!/bin/bash
# Session 11 call 6: the set operations' one pass with a subgroup look-back (base: up to 16384 tiles; k2: at every
# size; old: the session's tree before it), then the final figures beside CUB and the GPU tests of the changed families.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do for v in old base k2; do
  LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims set_union,set_intersection,set_difference,set_union_pairs --types u32 --sizes 16:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$v r$round: /"
done; done > $OUT/sets_ab.txt; grep 67108864 $OUT/sets_ab.txt | grep r1
for v in base k2; do LD_LIBRARY_PATH=$P/$v timeout 150 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_symdiff_pairs --types u32,u64 --sizes 14:26 2>&1 | grep -E "^set" | sed "s/^/$v: /"; done > $OUT/sets_verified.txt
echo "sets ok $(grep -c ' ok$' $OUT/sets_verified.txt) failed $(grep -c FAILED $OUT/sets_verified.txt)"
timeout 200 .gl/peers/cub_bench 14 26 merge,sort,radix,scan > $OUT/cub.txt 2>&1
LD_LIBRARY_PATH=$P/k2 timeout 240 $B --prims copy,scan,reduce,merge,sort,sort_pairs,radix,radix_pairs,select,partition,unique,rle,histogram,join_inner --types u32 --sizes 14:26 --csv $OUT/final_u32.csv > $OUT/final_u32.txt 2>&1
LD_LIBRARY_PATH=$P/k2 timeout 150 $B --prims scan,sort,radix,radix_pairs,select --types u64 --sizes 20:26 > $OUT/final_u64.txt 2>&1
echo "final ok $(grep -c ' ok$' $OUT/final_u*.txt | tr '\n' ' ') failed $(grep -c FAILED $OUT/final_u*.txt | tr '\n' ' ')"
for f in scan compact sets mergesort join engine contracts; do
  LD_LIBRARY_PATH=$P/k2 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c6.tgz *.txt *.csv && rm -f *.txt *.csv
