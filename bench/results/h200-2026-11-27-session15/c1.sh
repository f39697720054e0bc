#!/bin/bash
# Prepared in session 14 for session 15's first call (libraries built from main 243acd7, branch rbk-unique 7570ee6
# and branch probe-s14-ranges; rebuild "base" if main has moved). Copy to .gl/c1.sh and .gl/next/probes.tgz to
# .gl/probes.tgz, then run with carry build-gpu/bench, build-gpu/tests, build-gpu/tools, .gl.
#  1. rbk-unique: GPU tests (segreduce, segreduce_lookback, segreduce_cli, compact, compact_lookback), verified bench
#     of reduce-by-key beside base.
#  2. Segmented reduce by ranges: nb (branch seg-fewer-barriers: head bits taken by the walk, no zeroing barrier;
#     verify it too if it gains), timing bits (rp1 no look-back wait, rp2 no starts, rp4 no loads ahead, rp16 no
#     workgroup segmented scan, rp64 no segment writes, rp87 all of them) beside base.
#  3. ss: the segmented blocksort storing only changed keys (branch segsort-lazy-stores), test and time.
#  4. rpart: small one-sweep radix sorts without the fill (branch radix-partials), test and time at 2^14..2^20.
# About 7 minutes (run with timeout_s 600).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli compact compact_lookback; do
  LD_LIBRARY_PATH=$P/rbk timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -4
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/rbk timeout 100 $B --prims copy,rbk100,rbk10000,unique --types u32,u64 --sizes 14:26 > $OUT/bench_rbk.txt 2>&1
echo "bench rbk at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_rbk.txt) failed $(grep -c FAILED $OUT/bench_rbk.txt)"
LD_LIBRARY_PATH=$P/base timeout 60 $B --prims rbk100,rbk10000,unique --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^(rbk|unique)" | sed "s/^/base: /" > $OUT/rbk_ab.txt
for round in 1 2; do for l in base nb rp1 rp2 rp4 rp16 rp64 rp87; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/ranges_ablation.txt
# 3. ss (branch segsort-lazy-stores: the segmented blocksort stores only changed keys): GPU test, then beside base.
LD_LIBRARY_PATH=$P/ss timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only segsort 2>&1 | tail -2 >> $OUT/tests.txt
for round in 1 2; do for l in base ss; do
  LD_LIBRARY_PATH=$P/$l timeout 40 $B --prims segsort_100,segsort_10000,segsort_pairs_100,locality_100 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/$l r$round: /"
done; done > $OUT/segsort_ab.txt
# 4. rpart (branch radix-partials: small one-sweep sorts without the fill dispatch): GPU test, then beside base.
LD_LIBRARY_PATH=$P/rpart timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only radixsort 2>&1 | tail -2 >> $OUT/tests.txt
LD_LIBRARY_PATH=$P/rpart timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:18 > $OUT/bench_rpart.txt 2>&1
for round in 1 2; do for l in base rpart; do
  LD_LIBRARY_PATH=$P/$l timeout 40 $B --prims radix,radix_pairs --types u32 --sizes 14:20 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$l r$round: /"
done; done > $OUT/radix_ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
