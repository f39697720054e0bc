#!/bin/bash
# Session 10 call 11: the histogram's counting functions folded into one: its tests and rows.
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for f in histogram histogram_cli; do
  LD_LIBRARY_PATH=$P/final timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
LD_LIBRARY_PATH=$P/final timeout 60 build-gpu/bench/mgpuvk-bench --prims histogram --types u32,f32,u64 --sizes 24:26 | grep -E "^histogram" | tee $OUT/hist.txt
cd $OUT && tar czf c11.tgz *.txt; rm -f *.txt
