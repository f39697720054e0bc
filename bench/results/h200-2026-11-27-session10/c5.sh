#!/bin/bash
# Session 10 call 5: the radix ranking without per-key validity and with unconditional ballots (n3), shapes,
# CUB in the same call, verification and the radix tests.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for t in "nt=256,vt=15" "nt=256,vt=17" "nt=256,vt=19" "nt=256,vt=21" "nt=512,vt=9"; do
  LD_LIBRARY_PATH=$P/n3 MGPU_PROFILE=$OUT/prof.txt MGPU_TUNE="radixsort.u32:$t" timeout 60 $B --prims radix,radix_pairs --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/u32 $t: /"
  grep "^pipeline kernel 11 " $OUT/prof.txt | sort -u | head -3 | sed "s/^/   /"; rm -f $OUT/prof.txt
done > $OUT/shapes32.txt; cat $OUT/shapes32.txt
for t in "nt=512,vt=10" "nt=256,vt=16" "nt=256,vt=20" "nt=512,vt=8" "nt=256,vt=12"; do
  LD_LIBRARY_PATH=$P/n3 MGPU_PROFILE=$OUT/prof.txt MGPU_TUNE="radixsort.u64:$t" timeout 60 $B --prims radix,radix_pairs --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/u64 $t: /"
  grep "^pipeline kernel 11 " $OUT/prof.txt | sort -u | head -3 | sed "s/^/   /"; rm -f $OUT/prof.txt
done > $OUT/shapes64.txt; cat $OUT/shapes64.txt
.gl/peers/cub_bench 24 26 radix > $OUT/cub.txt 2>&1; grep RESULT $OUT/cub.txt
for v in p0 n3; do LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims radix --types u32 --sizes 14:20 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$v: /"; done > $OUT/small.txt; cat $OUT/small.txt
LD_LIBRARY_PATH=$P/n3 timeout 150 $B --prims radix,radix_pairs,radix_indirect --types u32,i32,f32,u64,i64,f64 --sizes 14:22 > $OUT/n3_verified.txt 2>&1; echo "n3 verified rc=$?"; grep -c " ok$" $OUT/n3_verified.txt; grep -E "^radix" $OUT/n3_verified.txt | grep -v " ok$" | head
for f in radixsort; do
  LD_LIBRARY_PATH=$P/n3 timeout 200 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c5.tgz *.txt; rm -f *.txt
