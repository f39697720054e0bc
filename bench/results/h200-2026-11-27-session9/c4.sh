#!/bin/bash
# Session 9 call 4: the indirect grids' trade (sized against the capacity's, far-below-capacity counts), the
# final tree's figures with CUB, merge shapes and registers.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 120 .gl/capacity 24 > $OUT/capacity24.txt 2>&1; echo "cap24 rc=$?"; cat $OUT/capacity24.txt
timeout 60 .gl/capacity 20 > $OUT/capacity20.txt 2>&1; echo "cap20 rc=$?"; cat $OUT/capacity20.txt
for t in "nt=256,vt=9" "nt=256,vt=7" "nt=256,vt=11" "nt=128,vt=11" "nt=512,vt=7"; do
  MGPU_TUNE="merge.u32:$t" MGPU_PROFILE=$OUT/prof_merge_${t//[=,]/_}.txt timeout 40 $B --prims merge --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^merge" | sed "s/^/$t: /"
done > $OUT/merge_shapes.txt; cat $OUT/merge_shapes.txt
for f in $OUT/prof_merge_*.txt; do grep "^pipeline kernel" $f | sort -u > ${f%.txt}_pipelines.txt; rm $f; done
timeout 200 $B --prims merge,search,join_inner,join_outer,sort,sort_pairs,select,unique,histogram --types u32 --sizes 14:26 --csv $OUT/final_a.csv > $OUT/final_a.txt 2>&1; echo "final a rc=$?"
grep -E " (16384|65536|1048576|67108864) " $OUT/final_a.txt
timeout 200 $B --prims scan,scan_indirect,reduce,reduce_indirect,select_indirect,unique_indirect,histogram_indirect,radix,radix_indirect --types u32 --sizes 14:26 --csv $OUT/final_b.csv > $OUT/final_b.txt 2>&1; echo "final b rc=$?"
grep -E " (16384|65536|1048576|67108864) " $OUT/final_b.txt
.gl/peers/cub_bench 14 26 merge,sort,scan 2>&1 | grep RESULT | grep -E ",(14|16|20|26)," > $OUT/cub.txt; cat $OUT/cub.txt
cd $OUT && tar czf c4.tgz *.txt *.csv; rm -f *.csv *.txt
