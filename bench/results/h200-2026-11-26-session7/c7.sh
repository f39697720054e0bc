#!/bin/bash
# Session 7 call 7: the multiset tile loop as a software pipeline (p6: the next tile's keys in flight while this
# tile works, partitions two tiles ahead) against p5 (the tree: next partitions only). Tests with p6.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export LD_LIBRARY_PATH=$PWD/.gl/probe/p6
for f in sets sets_lookback sets_cli; do
  timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "test $f rc=$?"; tail -1 $OUT/test_$f.txt
done
for lib in p5 p6 p5 p6; do
  export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib
  timeout 60 $B --prims set_union,set_union_pairs,set_intersection --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E " (4194304|16777216|67108864) " | sed "s/^/$lib: /"
done
export LD_LIBRARY_PATH=$PWD/.gl/probe/p6
MGPU_PROFILE=/tmp/p.txt timeout 60 $B --prims set_union --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1; python3 .gl/prof.py /tmp/p.txt | tail -5
grep "^pipeline kernel 29" /tmp/p.txt | cut -c1-200
for s in 128,11 256,7 64,15; do
  MGPU_TUNE="sets:nt=${s%,*},vt=${s#*,}" timeout 40 $B --prims set_union,set_union_pairs --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E " 67108864 " | sed "s/^/p6 $s: /"
done
timeout 60 $B --prims set_intersection,set_union,set_difference,set_symdiff,set_union_pairs --types u32,u64 --sizes 26:26 2>&1 | grep -E " 67108864 " | sed "s/^/p6 verified: /"
