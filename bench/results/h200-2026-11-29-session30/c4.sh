#!/bin/bash
# Session 30, call 4: sp, the join's search partitions through a sample array (every 256th key of A and B gathered
# first, as the merge's and the sorted search's: mgpu__dispatch_sampled_partitions), against base (0c99723), every
# kind, u32 and u64, 2^20..2^26, two rounds; the partition dispatches at 2^26; the join tests and every kind verified
# on the GPU with sp. Predicted: the search's partitions (52-60 us at 2^26 u32) -> ~25-30 us with the gather, inner
# join u32 2^26 956 -> ~930 us.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base sp; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims join_inner,join_left,join_right,join_outer --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab_join.txt
for lib in base sp; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims join_inner --types u32,u64 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel (5|25) " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
for fam in join join_cli; do
  LD_LIBRARY_PATH=$L/sp timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/sp $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/sp timeout 60 $B --prims join_inner,join_left,join_right,join_outer --types u32,i32,f32,u64,i64,f64 --sizes 14:21 --runs 1 > $OUT/verified_join.txt 2>&1
LD_LIBRARY_PATH=$L/sp timeout 30 $B --prims join_inner,join_outer --types u32,u64 --sizes 22:24 --runs 1 >> $OUT/verified_join.txt 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
