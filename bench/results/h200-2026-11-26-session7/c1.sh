#!/bin/bash
# Session 7 call 1: segsort (heads kernel), sets and join on the H100: tests, verified series, profiles, CUB.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
for f in segsort sets sets_cli join join_cli; do
  timeout 120 build-gpu/tests/mgpuvk-tests --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "test $f rc=$?"; tail -2 $OUT/test_$f.txt
done
timeout 150 $B --prims join_inner,join_left,join_right,join_outer,set_intersection,set_union,set_difference,set_symdiff,set_intersection_pairs,set_union_pairs,set_difference_pairs,set_symdiff_pairs --types u32 --sizes 16:26 --csv $OUT/joinsets_u32.csv > $OUT/joinsets_u32.txt 2>&1; echo "joinsets rc=$?"
grep -v "^#" $OUT/joinsets_u32.txt | grep -E " (65536|1048576|16777216|67108864) "
timeout 90 $B --prims join_inner,join_outer,set_union,set_union_pairs --types u64 --sizes 26:26 --csv $OUT/joinsets_u64.csv > $OUT/joinsets_u64.txt 2>&1; echo "u64 rc=$?"; grep -E " 67108864 " $OUT/joinsets_u64.txt
timeout 150 $B --prims segsort_100,segsort_10000,segsort_pairs_100,locality_100,mergesort_near_100,sort --types u32 --sizes 16:26 --csv $OUT/segsort_u32.csv > $OUT/segsort_u32.txt 2>&1; echo "segsort rc=$?"
grep -v "^#" $OUT/segsort_u32.txt | grep -E " (65536|1048576|67108864) "
for p in join_inner join_outer set_union set_union_pairs segsort_100 segsort_10000; do
  MGPU_PROFILE=/tmp/p_$p.txt timeout 60 $B --prims $p --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
  python3 .gl/prof.py /tmp/p_$p.txt > $OUT/prof_$p.txt; echo "== prof $p"; tail -12 $OUT/prof_$p.txt
done
.gl/peers/cub_bench 26 26 sort,merge 2>&1 | grep RESULT
cd $OUT && tar czf all.tgz *.txt *.csv && rm -f *.csv *.txt
