#!/bin/bash
# Session 14 call 4: the one-pass segmented reduce with values in registers (256 x 32 u32, 256 x 16 u64): GPU tests,
# verified bench against base (main 715fa47), shape sweep with register counts.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/new timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -4
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/new timeout 150 $B --prims copy,segreduce100,segreduce10000,rbk100,rbk10000 --types u32,u64,f32,i64 --sizes 14:26 > $OUT/bench_new.txt 2>&1
echo "bench new at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_new.txt) failed $(grep -c FAILED $OUT/bench_new.txt)"
for s in "256,16" "512,16" "128,32" "256,24" "512,8" "1024,8"; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_PROFILE=$OUT/p.txt MGPU_TUNE="segreduce.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/${nt}x${vt}: /"
  grep -E "^pipeline kernel 34" $OUT/p.txt | sed "s/^/${nt}x${vt}: /"; rm -f $OUT/p.txt
done > $OUT/sweep.txt
for s in "256,8" "512,8" "128,16" "256,12" "512,4"; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_PROFILE=$OUT/p.txt MGPU_TUNE="segreduce.u64:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/${nt}x${vt}: /"
  grep -E "^pipeline kernel 34" $OUT/p.txt | sed "s/^/${nt}x${vt}: /"; rm -f $OUT/p.txt
done >> $OUT/sweep.txt
echo "sweep at $((SECONDS-T0)) s"
MGPU_PROFILE=$OUT/prof.txt LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100,segreduce10000 --types u32,u64 --sizes 26:26 --no-verify > /dev/null 2>&1
grep -v "^submit" $OUT/prof.txt > $OUT/prof_pipelines.txt; grep "^submit" $OUT/prof.txt | awk '{k[$6" "$8]+=$NF; c[$6" "$8]++} END {for (x in k) print "kernel type", x, c[x], k[x]/c[x]}' > $OUT/prof_kernels.txt; rm $OUT/prof.txt
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
