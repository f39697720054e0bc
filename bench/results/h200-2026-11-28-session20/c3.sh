#!/bin/bash
# Session 20, call 3: m1 = the tree with the merge's uvec4 stores (what is to be committed); the grids (tuning
# `groups`, default 16384) of the pipelined tile kernels: merge (and the mergesort's passes), sorted search (and
# the join's search), load-balancing search (lbs family, the join's rows).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
export LD_LIBRARY_PATH=$L/m1
for round in 1 2; do for g in 2048 4096 8192 16384 32768; do
  MGPU_TUNE="merge.u32:groups=$g;merge.u64:groups=$g" timeout 100 $B --prims merge,sort --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/g$g r$round: /"
  MGPU_TUNE="sorted_search.u32:groups=$g;sorted_search.u64:groups=$g" timeout 100 $B --prims search,join_inner,join_outer --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(search|join)" | sed "s/^/g$g r$round: /"
  MGPU_TUNE="load_balance.u32:groups=$g" timeout 100 $B --prims lbs,expand,move,insert,remove,join_inner --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(lbs|expand|move|insert|remove|join)" | sed "s/^/lb g$g r$round: /"
  echo "g$g r$round at $((SECONDS-T0)) s" >&2
done; done > $OUT/groups.txt
timeout 120 $B --prims merge,sort,sort_pairs --types u32,f64 --sizes 14:24 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
