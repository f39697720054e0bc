#!/bin/bash
# Session 10 call 3: histogram (fast exact bins, the all-equal test per uvec4) and unique (previous elements by
# shuffles) against the base p0; the compaction kernels' split (MGPU_PROFILE); the families' tests.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do for v in p0 n1; do
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims histogram --types u32,i32,f32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/$v r$round: /"
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims select,unique,rle --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|unique|rle)" | sed "s/^/$v r$round: /"
done; done > $OUT/ab.txt; cat $OUT/ab.txt
LD_LIBRARY_PATH=$P/n1 timeout 120 $B --prims histogram,unique,rle,select --types u32,i64,f32 --sizes 14:24 > $OUT/verified.txt 2>&1; echo "verified rc=$?"; grep -c " ok$" $OUT/verified.txt; grep -v " ok$" $OUT/verified.txt | head
LD_LIBRARY_PATH=$P/n1 MGPU_PROFILE=$OUT/prof.txt timeout 60 $B --prims select,unique,partition,histogram --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
python3 .gl/prof.py $OUT/prof.txt > $OUT/prof_summary.txt 2>&1; head -40 $OUT/prof_summary.txt; rm -f $OUT/prof.txt
for f in histogram compact compact_lookback; do
  LD_LIBRARY_PATH=$P/n1 timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c3.tgz *.txt; rm -f *.txt
