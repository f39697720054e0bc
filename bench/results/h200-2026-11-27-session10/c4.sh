#!/bin/bash
# Session 10 call 4: radix probes r1 (padding keys: no validity in the ranking), r2 (the ranking's 8 bits
# unconditional), r3 (both) against the base p0, registers and shapes; the histogram's exact multiplier (n2)
# against the session's first histogram change (h0 = base p0's histogram) and its tests.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do for v in p0 r1 r2 r3; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_$v.txt timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$v r$round: /"
done; done > $OUT/radix_ab.txt; cat $OUT/radix_ab.txt
for v in p0 r1 r2 r3; do grep "^pipeline kernel 11 " $OUT/prof_$v.txt | sort -u | sed "s/^/$v: /"; done > $OUT/radix_regs.txt; cat $OUT/radix_regs.txt; rm -f $OUT/prof_*.txt
for v in p0 r3; do for t in "nt=256,vt=11" "nt=256,vt=13" "nt=256,vt=17" "nt=384,vt=13" "nt=512,vt=9"; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof.txt MGPU_TUNE="radixsort.u32:$t" timeout 40 $B --prims radix --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$v $t: /"
  grep "^pipeline kernel 11 " $OUT/prof.txt | sort -u | head -2 | sed "s/^/   /"; rm -f $OUT/prof.txt
done; done > $OUT/radix_shapes.txt; cat $OUT/radix_shapes.txt
LD_LIBRARY_PATH=$P/r3 timeout 100 $B --prims radix,radix_pairs --types u32,u64,f32 --sizes 14:24 > $OUT/r3_verified.txt 2>&1; echo "r3 verified rc=$?"; grep -c " ok$" $OUT/r3_verified.txt; grep -v " ok$" $OUT/r3_verified.txt | grep -E "^radix" | head
for round in 1 2; do for v in p0 n2; do
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims histogram --types u32,i32 --sizes 24:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/$v r$round: /"
done; done > $OUT/hist_ab.txt; cat $OUT/hist_ab.txt
LD_LIBRARY_PATH=$P/n2 timeout 60 $B --prims histogram --types u32,i32 --sizes 14:24 > $OUT/n2_verified.txt 2>&1; echo "n2 verified rc=$?"; grep -c " ok$" $OUT/n2_verified.txt
LD_LIBRARY_PATH=$P/n2 timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only histogram > $OUT/test_histogram.txt 2>&1; echo "histogram rc=$? $(tail -1 $OUT/test_histogram.txt)"
cd $OUT && tar czf c4.tgz *.txt; rm -f *.txt
