#!/bin/bash
# Session 20, call 4: m2 = the tree to commit (the merge's uvec4 stores; the tuning rows' `groups`: 4096 for the
# merge of 32-bit keys and the sorted search) against base (the tree before the session), tests on m2; the
# mergesort's and segmented sort's grids (`groups`) swept on m2; CUB beside.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in merge mergesort sorted_search join contracts; do
  LD_LIBRARY_PATH=$L/m2 timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -2 | tr '\n' ' '; echo
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base m2; do
  LD_LIBRARY_PATH=$L/$lib timeout 120 $B --prims merge,search,join_inner,join_outer,sort --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(merge|search|join|sort)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
export LD_LIBRARY_PATH=$L/m2
for g in 4096 8192 16384; do
  MGPU_TUNE="mergesort.u32:groups=$g" timeout 100 $B --prims sort,sort_pairs --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/ms g$g: /"
  MGPU_TUNE="segsort.u32:groups=$g" timeout 100 $B --prims segsort_100,segsort_10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segsort" | sed "s/^/ss g$g: /"
done > $OUT/groups.txt
echo "groups at $((SECONDS-T0)) s"
timeout 150 $B --prims merge,merge_indirect,search,search_indirect,join_inner,join_outer --types u32,f64,i64 --sizes 14:22 > $OUT/verified.txt 2>&1
echo "verified at $((SECONDS-T0)) s"
timeout 100 .gl/peers/cub_bench 20 26 merge,sort > $OUT/cub.csv 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt *.csv && rm -f *.txt *.csv
