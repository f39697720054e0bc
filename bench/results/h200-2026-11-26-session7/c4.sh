#!/bin/bash
# Session 7 call 4: one-pass set operations (look-back) on the GPU: tests, verified series, profile, tile shapes.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for f in sets sets_lookback sets_cli; do
  timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "test $f rc=$?"; tail -1 $OUT/test_$f.txt
done
timeout 150 $B --prims set_intersection,set_union,set_difference,set_symdiff,set_intersection_pairs,set_union_pairs,set_difference_pairs,set_symdiff_pairs --types u32 --sizes 16:26 --csv $OUT/sets_u32.csv > $OUT/sets_u32.txt 2>&1; echo "sets rc=$?"
grep -v "^#" $OUT/sets_u32.txt | grep -E " (65536|1048576|16777216|67108864) "
timeout 90 $B --prims set_union,set_union_pairs,set_intersection --types u64 --sizes 26:26 --csv $OUT/sets_u64.csv > $OUT/sets_u64.txt 2>&1; grep -E " 67108864 " $OUT/sets_u64.txt
MGPU_PROFILE=/tmp/p.txt timeout 60 $B --prims set_union --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1; python3 .gl/prof.py /tmp/p.txt | tail -4
for s in 128,7 64,15 256,5 128,5 64,11; do
  MGPU_TUNE="sets:nt=${s%,*},vt=${s#*,}" timeout 40 $B --prims set_union,set_union_pairs --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E " 67108864 " | sed "s/^/sets $s: /"
done
MGPU_TUNE="sets:lookback=off" timeout 40 $B --prims set_union --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E " 67108864 " | sed "s/^/two-pass: /"
