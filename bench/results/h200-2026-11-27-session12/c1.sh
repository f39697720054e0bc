#!/bin/bash
# Session 12 call 1: radix tile shapes (NT any multiple of 32: r384), registers per shape; CUB radix; then the
# whole GPU test matrix on main (base).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
timeout 60 .gl/peers/cub_bench 24 26 radix > $OUT/cub.txt 2>&1
for s in 256:17 384:14 384:16 384:17 384:18 384:20 512:12 768:11 768:17; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="radixsort.u32:nt=$nt,vt=$vt" MGPU_PROFILE=$OUT/prof_$nt.$vt.txt LD_LIBRARY_PATH=$P/r384 timeout 40 $B --prims copy,radix,radix_pairs --types u32 \
    --sizes 24:26 --no-verify 2>&1 | grep -E "^(radix|copy)" | sed "s/^/$s: /"
  grep -E "^pipeline kernel 11 .*Register" $OUT/prof_$nt.$vt.txt | head -2 | sed "s/^/$s: /"
  grep -E "kernel 11 " $OUT/prof_$nt.$vt.txt | grep -o "nt [0-9]* vt [0-9]*" | sort | uniq -c | sed "s/^/$s: /"
  gzip $OUT/prof_$nt.$vt.txt
done > $OUT/sweep32.txt 2>&1
for s in 512:10 384:10 384:12 384:14 768:8; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="radixsort.u64:nt=$nt,vt=$vt" MGPU_PROFILE=$OUT/prof64_$nt.$vt.txt LD_LIBRARY_PATH=$P/r384 timeout 40 $B --prims radix,radix_pairs --types u64 \
    --sizes 25:26 --no-verify 2>&1 | grep -E "^(radix|copy)" | sed "s/^/$s: /"
  grep -E "^pipeline kernel 11 .*Register" $OUT/prof64_$nt.$vt.txt | head -2 | sed "s/^/$s: /"
  grep -E "kernel 11 " $OUT/prof64_$nt.$vt.txt | grep -o "nt [0-9]* vt [0-9]*" | sort | uniq -c | sed "s/^/$s: /"
  rm -f $OUT/prof64_$nt.$vt.txt
done > $OUT/sweep64.txt 2>&1
echo "sweeps done at $((SECONDS-T0)) s"
for f in $(build-gpu/tests/mgpuvk-tests --list | grep -v oom); do
  left=$((560 - (SECONDS-T0))); [ $left -lt 20 ] && { echo "$f not run (time)"; continue; }
  LD_LIBRARY_PATH=$P/base timeout $((left < 120 ? left : 120)) build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1
  echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c1.tgz *.txt *.gz && rm -f *.txt *.gz
