#!/bin/bash
# Session 15, call 3. 1. sa (branch seg-starts-ahead: the range's partitions in shared memory, each tile's starts
# loaded a tile ahead by the threads that use them): GPU tests, verified bench, A/B beside base, profile.
# 2. Skeleton probes (timing only): q83 = no look-back wait, starts, segscan, writes (loads ahead kept); +256 no
# zeroing/barriers; +2048 the walk a plain sum; +1024 tiles interleaved across ranges; +128 striped loads.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/sa timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/sa timeout 120 $B --prims copy,segreduce100,segreduce10000,rbk100 --types u32,u64,f64,i32 --sizes 14:26 > $OUT/bench_sa.txt 2>&1
echo "sa verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_sa.txt) failed $(grep -c FAILED $OUT/bench_sa.txt)"
for round in 1 2; do for l in base sa; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/sa_ab.txt
for l in base sa; do
  MGPU_PROFILE=$OUT/prof_$l.txt LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100 --types u32,u64 --sizes 26:26 --no-verify > /dev/null 2>&1
done
for round in 1 2; do for l in base q83 q339 q2387 q3411 q2515 q3539; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/skeleton.txt
for g in 256 1024 2048; do for l in base q2387 q3539 sa; do
  MGPU_TUNE="segreduce:groups=$g" LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l g$g: /"
done; done > $OUT/groups.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
