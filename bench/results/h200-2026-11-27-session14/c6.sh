#!/bin/bash
# Session 14 call 6: the one-pass segmented reduce by ranges (each workgroup a range of consecutive tiles, the next
# tile loaded while one is reduced, one look-back per range) against prev (23e2502, a look-back per tile):
# GPU tests, verified bench, groups and shapes swept.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/new timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -4
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/new timeout 100 $B --prims copy,segreduce100,segreduce10000,rbk100 --types u32,u64 --sizes 14:26 > $OUT/bench_new.txt 2>&1
echo "bench new at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_new.txt) failed $(grep -c FAILED $OUT/bench_new.txt)"
LD_LIBRARY_PATH=$P/prev timeout 40 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/prev: /" > $OUT/sweep.txt
for g in 256 512 2048 4096 16384; do
  MGPU_TUNE="segreduce:groups=$g" LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/g$g: /"
done >> $OUT/sweep.txt
for s in "256,32" "512,16" "128,32" "256,8"; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_PROFILE=$OUT/p.txt MGPU_TUNE="segreduce.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/${nt}x${vt}: /"
  grep -E "^pipeline kernel 34" $OUT/p.txt | sed "s/^/${nt}x${vt}: /"; rm -f $OUT/p.txt
done >> $OUT/sweep.txt
for s in "256,16" "128,8" "256,8"; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_TUNE="segreduce.u64:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/${nt}x${vt}: /"
done >> $OUT/sweep.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c6.tgz *.txt && rm -f *.txt
