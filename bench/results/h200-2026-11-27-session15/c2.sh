#!/bin/bash
# Session 15, call 2. Segmented reduce skeleton: q87 = all timing bits of session 14 (no look-back wait, starts,
# segscan, writes); +128 striped loads (wrong results); +256 no zeroing/barriers; q512 striped loads staged through
# shared memory (correct); q599 = 512 + 87. rpart16: radix partials up to 16 histogram groups.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for l in base q87 q215 q343 q471 q128 q130 q144 q512 q599; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/seg_ablation.txt
echo "ablation at $((SECONDS-T0)) s"
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/q512 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
LD_LIBRARY_PATH=$P/q512 timeout 120 $B --prims copy,segreduce100,segreduce10000,rbk100 --types u32,u64,f64,i32 --sizes 14:26 > $OUT/bench_q512.txt 2>&1
echo "q512 verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_q512.txt) failed $(grep -c FAILED $OUT/bench_q512.txt)"
for round in 1 2; do for l in base q512; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/seg_u64.txt
LD_LIBRARY_PATH=$P/rpart16 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only radixsort 2>&1 | tail -2 >> $OUT/tests.txt
LD_LIBRARY_PATH=$P/rpart16 timeout 60 $B --prims radix,radix_pairs --types u32,u64,f32 --sizes 14:18 > $OUT/bench_rpart16.txt 2>&1
for round in 1 2; do for l in base rpart16; do
  LD_LIBRARY_PATH=$P/$l timeout 40 $B --prims radix,radix_pairs --types u32 --sizes 14:18 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$l r$round: /"
done; done > $OUT/radix_ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
