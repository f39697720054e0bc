#!/bin/bash
# Session 10 call 7: pairs with the values' loads held after the keys' stores (q1, an opaque zero) against n4;
# u64 shapes of 256 threads.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do for v in n4 q1; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_$v.txt timeout 60 $B --prims radix_pairs --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$v r$round: /"
done; done > $OUT/pairs_ab.txt; cat $OUT/pairs_ab.txt
for v in n4 q1; do grep "^pipeline kernel 11 " $OUT/prof_$v.txt | sort -u | sed 's/, Binary Size.*Shared Memory Size/, shared/' | sed "s/^/$v: /"; done > $OUT/pairs_regs.txt; cat $OUT/pairs_regs.txt; rm -f $OUT/prof_*.txt
for t in "nt=256,vt=10" "nt=256,vt=11" "nt=128,vt=20"; do
  LD_LIBRARY_PATH=$P/n4 MGPU_PROFILE=$OUT/prof.txt MGPU_TUNE="radixsort.u64:$t" timeout 60 $B --prims radix,radix_pairs --types u64 --sizes 26:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/u64 $t: /"
  grep "^pipeline kernel 11 " $OUT/prof.txt | sort -u | head -3 | sed 's/, Binary Size.*Shared Memory Size/, shared/' | sed "s/^/   /"; rm -f $OUT/prof.txt
done > $OUT/shapes64b.txt; cat $OUT/shapes64b.txt
cd $OUT && tar czf c7.tgz *.txt; rm -f *.txt
