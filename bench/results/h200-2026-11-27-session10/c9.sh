#!/bin/bash
# Session 10 call 9: the digits' global bases folded into tile 0's inclusive prefixes (b1: no other tile reads
# or sums the histogram) against n4; verification and the radix tests.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do for v in n4 b1; do
  LD_LIBRARY_PATH=$P/$v timeout 90 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^radix" | grep -E " (16384|65536|1048576|16777216|67108864) " | sed "s/^/$v r$round: /"
done; done > $OUT/bases_ab.txt; cat $OUT/bases_ab.txt
LD_LIBRARY_PATH=$P/b1 timeout 200 $B --prims radix,radix_pairs,radix_indirect,sort --types u32,i32,f32,u64,i64,f64 --sizes 14:22 > $OUT/b1_verified.txt 2>&1; echo "b1 verified rc=$?"; grep -c " ok$" $OUT/b1_verified.txt; grep -E "^(radix|sort)" $OUT/b1_verified.txt | grep -v " ok$" | head
LD_LIBRARY_PATH=$P/b1 timeout 100 $B --prims radix,radix_pairs --types u32,u64 --sizes 26:26 > $OUT/b1_verified26.txt 2>&1; echo "b1 26 rc=$?"; grep -E "^radix" $OUT/b1_verified26.txt
LD_LIBRARY_PATH=$P/b1 timeout 200 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only radixsort > $OUT/test_radixsort.txt 2>&1; echo "radixsort rc=$? $(tail -1 $OUT/test_radixsort.txt)"
cd $OUT && tar czf c9.tgz *.txt; rm -f *.txt
