#!/bin/bash
# Session 18 call 7: the final tree (main e641566): tests of the families this session changed, then the verified
# benchmark of the compaction and the segmented sorts, and scan/radix/mergesort rows as controls.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in compact compact_lookback compact_cli segsort segsort_cli histogram; do
  LD_LIBRARY_PATH=$L/base timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --only $f --cli build-gpu/tools/mgpuvk --temp /tmp 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -2 | sed "s/^/[$f] /"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' 0 failures' $OUT/tests.txt) of 6 clean"
LD_LIBRARY_PATH=$L/base timeout 100 $B --prims select,partition,unique,rle,histogram --types u32,u64 --sizes 16:26 > $OUT/verified_compact.txt 2>&1
echo "compact at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/base timeout 150 $B --prims segsort_100,segsort_10000,segsort_pairs_100,locality_100,locality_10000 --types u32 --sizes 16:26 > $OUT/verified_seg.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c7.tgz *.txt && rm -f *.txt
