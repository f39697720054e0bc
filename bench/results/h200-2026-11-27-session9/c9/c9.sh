#!/bin/bash
# Session 9 call 9: radix probe: keys read again from global memory to be staged, digits held (reload)
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P=$PWD/.gl/probe
for round in 1 2; do
for v in base2 reload; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_$v.txt timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$v r$round: /"
done
done > $OUT/radix_ab.txt; cat $OUT/radix_ab.txt
for v in base2 reload; do grep "^pipeline kernel 11 " $OUT/prof_$v.txt | sort -u | sed "s/^/$v: /"; python3 .gl/prof.py $OUT/prof_$v.txt | grep -A4 "radix_histogram" | head -6; rm -f $OUT/prof_$v.txt; done > $OUT/radix_prof.txt; cat $OUT/radix_prof.txt
for t in "nt=512,vt=15" "nt=256,vt=19" "nt=256,vt=23" "nt=512,vt=11" "nt=128,vt=23"; do
  LD_LIBRARY_PATH=$P/reload MGPU_TUNE="radixsort.u32:$t" timeout 40 $B --prims radix,radix_pairs --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$t: /"
done > $OUT/radix_shapes.txt; cat $OUT/radix_shapes.txt
LD_LIBRARY_PATH=$P/reload timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:24 > $OUT/reload_verified.txt 2>&1; echo "verified rc=$?"; grep -cv " ok$" $OUT/reload_verified.txt; grep -E " (16384|65536|1048576|16777216) " $OUT/reload_verified.txt
cd $OUT && tar czf c8.tgz *.txt; rm -f *.txt
