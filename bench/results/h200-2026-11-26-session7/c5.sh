#!/bin/bash
# Session 7 call 5: the subgroup-wide count walk of the one-pass set operations. base: the tree (one pass up to
# 16384 tiles, 128 x 7 for 32-bit keys); p4: the same with the one pass at every size.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export LD_LIBRARY_PATH=$PWD/build-gpu
for f in sets sets_lookback; do
  timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "test $f rc=$?"; tail -1 $OUT/test_$f.txt
done
for lib in base p4 base p4; do
  if [ $lib = base ]; then export LD_LIBRARY_PATH=$PWD/build-gpu; else export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib; fi
  timeout 60 $B --prims set_union,set_union_pairs --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E " (1048576|4194304|16777216|67108864) " | sed "s/^/$lib: /"
done
export LD_LIBRARY_PATH=$PWD/.gl/probe/p4
MGPU_PROFILE=/tmp/p.txt timeout 60 $B --prims set_union --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1; python3 .gl/prof.py /tmp/p.txt | tail -3
export LD_LIBRARY_PATH=$PWD/build-gpu
timeout 150 $B --prims set_intersection,set_union,set_difference,set_symdiff,set_intersection_pairs,set_union_pairs,set_difference_pairs,set_symdiff_pairs --types u32 --sizes 16:26 --csv $OUT/sets_u32.csv > $OUT/sets_u32.txt 2>&1; echo "sets rc=$?"
grep -v "^#" $OUT/sets_u32.txt | grep -E " (65536|1048576|16777216|67108864) "
