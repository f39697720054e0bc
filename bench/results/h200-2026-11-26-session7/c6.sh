#!/bin/bash
# Session 7 call 6: the multiset tile loop reading the next tile's partitions before this tile's work (p5)
# against the tree before it (base); the tests with p5.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export LD_LIBRARY_PATH=$PWD/.gl/probe/p5
for f in sets sets_lookback; do
  timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "test $f rc=$?"; tail -1 $OUT/test_$f.txt
done
for lib in base p5 base p5; do
  export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib
  timeout 60 $B --prims set_union,set_union_pairs,set_intersection --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E " (4194304|16777216|67108864) " | sed "s/^/$lib: /"
done
export LD_LIBRARY_PATH=$PWD/.gl/probe/p5
timeout 60 $B --prims set_union,set_union_pairs --types u64 --sizes 26:26 2>&1 | grep -E " 67108864 " | sed "s/^/p5: /"
MGPU_PROFILE=/tmp/p.txt timeout 60 $B --prims set_union --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1; python3 .gl/prof.py /tmp/p.txt | tail -5
