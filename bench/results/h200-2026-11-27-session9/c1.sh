#!/bin/bash
# Session 9 call 1: radix one-sweep probe (keys staged at ranking, counters in their own memory) against the
# base; indirect-count rows against host-count rows; CUB radix + scan; then the test suite on the GPU.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
P=$PWD/.gl/probe
for round in 1 2; do
for v in base:$P/base rankstage:$PWD/build-gpu; do
  name=${v%%:*}; lib=${v#*:}
  LD_LIBRARY_PATH=$lib MGPU_PROFILE=$OUT/prof_$name.txt timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$name r$round: /"
done
done > $OUT/radix_ab.txt; cat $OUT/radix_ab.txt
for t in "nt=512,vt=15" "nt=256,vt=19" "nt=256,vt=23" "nt=512,vt=11" "nt=384,vt=15"; do
  LD_LIBRARY_PATH=$PWD/build-gpu MGPU_TUNE="radixsort.u32:$t" timeout 60 $B --prims radix,radix_pairs --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$t: /"
done > $OUT/radix_shapes.txt; cat $OUT/radix_shapes.txt
export LD_LIBRARY_PATH=$PWD/build-gpu
timeout 90 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:26 --csv $OUT/radix.csv > $OUT/radix_verified.txt 2>&1; echo "radix verified rc=$?"; grep -E " (16384|65536|1048576|67108864) " $OUT/radix_verified.txt
timeout 90 $B --prims scan,scan_indirect,reduce,reduce_indirect,select,select_indirect,unique,unique_indirect,histogram,histogram_indirect,radix,radix_indirect --types u32 --sizes 16:26 --csv $OUT/indirect.csv > $OUT/indirect.txt 2>&1; echo "indirect rc=$?"; grep -E " (65536|1048576|16777216|67108864) " $OUT/indirect.txt
timeout 40 $B --prims scan,scan_indirect --types u64 --sizes 24:26 >> $OUT/indirect.txt 2>&1
.gl/peers/cub_bench 14 26 scan,radix 2>&1 | grep RESULT | grep -E ",(14|16|20|24|26)," > $OUT/cub.txt; cat $OUT/cub.txt
T0=$SECONDS
for f in $(build-gpu/tests/mgpuvk-tests --list | grep -vE "^(buffer|oom)$"); do
  [ $((SECONDS - T0)) -gt 280 ] && { echo "$f not run (time)"; continue; }
  timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c1.tgz *.txt *.csv && rm -f *.csv *.txt
