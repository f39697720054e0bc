#!/bin/bash
# Session 10 call 8: 32-bit pairs with the ranks and output digits kept in shared memory between the keys' and
# the values' stores (k2) against n4; registers; verification and the radix tests.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do for v in n4 k2; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_$v.txt timeout 60 $B --prims radix,radix_pairs --types u32,f32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^radix" | grep -E " (1048576|16777216|67108864) " | sed "s/^/$v r$round: /"
done; done > $OUT/keep_ab.txt; cat $OUT/keep_ab.txt
for v in n4 k2; do grep "^pipeline kernel 11 " $OUT/prof_$v.txt | sort -u | sed 's/, Binary Size.*Shared Memory Size/, shared/' | sed "s/^/$v: /"; done > $OUT/keep_regs.txt; cat $OUT/keep_regs.txt; rm -f $OUT/prof_*.txt
for t in "nt=256,vt=15" "nt=256,vt=19"; do
  LD_LIBRARY_PATH=$P/k2 MGPU_PROFILE=$OUT/prof.txt MGPU_TUNE="radixsort.u32:$t" timeout 60 $B --prims radix_pairs --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/k2 $t: /"
  grep "^pipeline kernel 11 " $OUT/prof.txt | sort -u | head -3 | sed 's/, Binary Size.*Shared Memory Size/, shared/' | sed "s/^/   /"; rm -f $OUT/prof.txt
done > $OUT/keep_shapes.txt; cat $OUT/keep_shapes.txt
LD_LIBRARY_PATH=$P/k2 timeout 150 $B --prims radix,radix_pairs,radix_indirect,sort_pairs --types u32,i32,f32,u64 --sizes 14:22 > $OUT/k2_verified.txt 2>&1; echo "k2 verified rc=$?"; grep -c " ok$" $OUT/k2_verified.txt; grep -E "^(radix|sort)" $OUT/k2_verified.txt | grep -v " ok$" | head
LD_LIBRARY_PATH=$P/k2 timeout 200 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only radixsort > $OUT/test_radixsort.txt 2>&1; echo "radixsort rc=$? $(tail -1 $OUT/test_radixsort.txt)"
cd $OUT && tar czf c8.tgz *.txt; rm -f *.txt
