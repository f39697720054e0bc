#!/bin/bash
# Session 9 call 3: the compaction's one pass with a subgroup look-back (sgall: one pass at every size; its
# lookback=off: count + scan + write at every size; head: the merged tree before it); then the final tree's
# figures (merge 256 x 9, searches, indirect rows with grids sized on the device) and its tests.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P=$PWD/.gl/probe
for round in 1 2; do
  LD_LIBRARY_PATH=$P/head timeout 60 $B --prims select,partition,unique,rle --types u32 --sizes 18:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/head r$round: /"
  LD_LIBRARY_PATH=$P/sgall timeout 60 $B --prims select,partition,unique,rle --types u32 --sizes 18:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/onepass r$round: /"
  LD_LIBRARY_PATH=$P/sgall MGPU_TUNE=compact:lookback=off timeout 60 $B --prims select,partition,unique,rle --types u32 --sizes 18:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/threepass r$round: /"
done > $OUT/compact_ab.txt; cat $OUT/compact_ab.txt | grep -E " (262144|4194304|16777216|67108864) "
LD_LIBRARY_PATH=$P/sgall timeout 60 $B --prims select,partition,unique,rle --types u32,u64 --sizes 20:26 > $OUT/compact_sgall_verified.txt 2>&1; echo "sgall verified rc=$?"; grep -c " ok$" $OUT/compact_sgall_verified.txt; grep -v " ok$" $OUT/compact_sgall_verified.txt | grep -E "^(select|partition|unique|rle)"
LD_LIBRARY_PATH=$P/sgall timeout 200 build-gpu/tests/mgpuvk-tests --no-validation --only compact_lookback > $OUT/test_compact_lookback_sgall.txt 2>&1; echo "sgall compact_lookback rc=$? $(tail -1 $OUT/test_compact_lookback_sgall.txt)"
export LD_LIBRARY_PATH=$PWD/build-gpu
timeout 150 $B --prims merge,search,join_inner,join_outer,sort,sort_pairs,scan,scan_indirect,reduce,reduce_indirect,select,select_indirect,unique,unique_indirect,histogram,histogram_indirect,radix,radix_indirect --types u32 --sizes 14:26 --csv $OUT/final_u32.csv > $OUT/final_u32.txt 2>&1; echo "final rc=$?"
grep -E " (16384|65536|1048576|67108864) " $OUT/final_u32.txt | grep -v " ok$"; grep -E " 67108864 " $OUT/final_u32.txt
.gl/peers/cub_bench 26 26 merge,sort 2>&1 | grep RESULT > $OUT/cub.txt; cat $OUT/cub.txt
cd $OUT && tar czf c3.tgz *.txt *.csv && rm -f *.csv *.txt
