#!/bin/bash
# Session 25 call 9: the join's search tile (values_nt x values_vt of sorted_search) at VT 10 (the row), 8, 7, 6,
# 5: residency (probe build res2) and time, inner and outer joins at 2^24 and 2^26.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
for vt in 10 8 7 6 5; do
  for prim in join_inner join_outer; do
    echo "== vt $vt $prim"; MGPU_TUNE="sorted_search.u32:values_vt=$vt" LD_LIBRARY_PATH=$L/res2 timeout 30 $B --runs 5 --no-verify --prims $prim --types u32 --sizes 24:26 2>&1 | grep -E "MPROBE|^join"
  done
done > $OUT/join_vt.txt 2>&1
