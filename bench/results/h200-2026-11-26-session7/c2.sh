#!/bin/bash
# Session 7 call 2: tests on the GPU (no layers there); tile-shape probes of sets and join_search; pipeline stats.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for f in segsort sets sets_cli join join_cli; do
  timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "test $f rc=$?"; tail -1 $OUT/test_$f.txt
done
for s in 128,11 128,7 256,7 256,11 512,7 64,15 128,15; do
  MGPU_TUNE="sets:nt=${s%,*},vt=${s#*,}" timeout 40 $B --prims set_union,set_union_pairs --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " 67108864 " | sed "s/^/sets $s: /"
done
for s in 256,7 128,7 256,11 128,11 512,5; do
  MGPU_TUNE="merge:nt=${s%,*},vt=${s#*,}" timeout 40 $B --prims join_inner --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " 67108864 " | sed "s/^/join $s: /"
done
MGPU_PROFILE=/tmp/pj.txt timeout 40 $B --prims join_inner,set_union,segsort_100 --types u32 --sizes 20:20 --no-verify >/dev/null 2>&1
grep ^pipeline /tmp/pj.txt | cut -c1-400
