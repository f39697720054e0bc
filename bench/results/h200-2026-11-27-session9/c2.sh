#!/bin/bash
# Session 9 call 2: merge/search/join after the indirect counts (against the session's base library), scan and
# mergesort shapes by MGPU_TUNE, the test families call 1 had no time for, merge and sorted search tests.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P=$PWD/.gl/probe
for round in 1 2; do
for v in base:$P/base indirect:$PWD/build-gpu; do
  name=${v%%:*}; lib=${v#*:}
  LD_LIBRARY_PATH=$lib MGPU_PROFILE=$OUT/prof_merge_$name.txt timeout 60 $B --prims merge,search,join_inner --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(merge|search|join)" | sed "s/^/$name r$round: /"
done
done > $OUT/merge_ab.txt; cat $OUT/merge_ab.txt
export LD_LIBRARY_PATH=$PWD/build-gpu
for t in "nt=256,vt=32" "nt=512,vt=32" "nt=256,vt=24" "nt=512,vt=16" "nt=128,vt=32" "nt=256,vt=40"; do
  MGPU_TUNE="scan.u32:$t" timeout 40 $B --prims scan --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^scan" | sed "s/^/$t: /"
done > $OUT/scan_shapes.txt
for t in "nt=256,vt=16" "nt=512,vt=16" "nt=256,vt=12" "nt=256,vt=20" "nt=128,vt=24" "nt=512,vt=8"; do
  MGPU_TUNE="scan.u64:$t" timeout 40 $B --prims scan --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^scan" | sed "s/^/$t: /"
done >> $OUT/scan_shapes.txt; cat $OUT/scan_shapes.txt
for t in "nt=256,vt=7" "nt=256,vt=9" "nt=256,vt=11" "nt=128,vt=11" "nt=512,vt=7" "nt=128,vt=15"; do
  MGPU_TUNE="mergesort.u32:$t" timeout 60 $B --prims sort,sort_pairs --types u32 --sizes 16:26 --no-verify 2>&1 | grep -E "^sort" | grep -E " (65536|67108864) " | sed "s/^/$t: /"
done > $OUT/mergesort_shapes.txt; cat $OUT/mergesort_shapes.txt
.gl/peers/cub_bench 16 26 sort 2>&1 | grep RESULT | grep -E ",(16|26)," > $OUT/cub.txt; cat $OUT/cub.txt
for f in npy ranges threads device_lost contracts merge sorted_search; do
  timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
