#!/bin/bash
# Session 11 call 2: radix late counts (r64: rank in the subgroup first, counts from the counters; r66 = r64 without
# look-back; q6 / r38 / r70: no look-back, no scatter, with early counts / without the early atomics / late counts);
# scan look-back: s8 tile states 128 B apart, s16 a delay between re-reads, s24 both; mergesort blocksort 1 / 2 / 4.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
LD_LIBRARY_PATH=$P/r64 timeout 200 $B --prims radix,radix_pairs --types u32,u64,f32,i64 --sizes 14:22 > $OUT/r64_verified.txt 2>&1; grep -c " ok$" $OUT/r64_verified.txt; grep -c FAILED $OUT/r64_verified.txt
LD_LIBRARY_PATH=$P/r64 timeout 200 $B --prims radix,radix_pairs --types u32,u64 --sizes 26:26 > $OUT/r64_verified26.txt 2>&1; grep -E "^radix" $OUT/r64_verified26.txt
for round in 1 2; do
for v in base r64 r66 q6 r38 r70; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_${v}_r$round.txt timeout 60 $B --prims copy,radix,radix_pairs --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(radix|copy)" | sed "s/^/$v r$round: /"
done
LD_LIBRARY_PATH=$P/base timeout 60 $B --prims radix,radix_pairs --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/base r$round: /"
LD_LIBRARY_PATH=$P/r64 timeout 60 $B --prims radix,radix_pairs --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/r64 r$round: /"
done > $OUT/radix_late.txt; grep 67108864 $OUT/radix_late.txt
for v in base r64 r66 q6 r38 r70; do echo "== $v"; grep "^pipeline kernel 11 " $OUT/prof_${v}_r1.txt | sort -u | head -3; python3 .gl/prof.py $OUT/prof_${v}_r1.txt | grep -iE "onesweep|histogram|==" | tail -6; done > $OUT/radix_late_prof.txt
rm -f $OUT/prof_*.txt
for round in 1 2; do
for v in base s8 s16 s24; do
  env=""; case $v in s8|s24) env="MGPU_PROBE_STATE_STRIDE=1";; esac
  env $env LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims copy,scan --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(scan|copy)" | sed "s/^/$v r$round: /"
done
done > $OUT/scan_lb.txt; grep 67108864 $OUT/scan_lb.txt
MGPU_PROBE_STATE_STRIDE=1 LD_LIBRARY_PATH=$P/s24 timeout 60 $B --prims scan --types u32,u64,f32 --sizes 14:24 2>&1 | grep -E "^scan" > $OUT/s24_verified.txt; grep -c " ok$" $OUT/s24_verified.txt
for F in 1 2 4; do
  MGPU_TUNE="mergesort:blocksort=$F" LD_LIBRARY_PATH=$P/base timeout 150 $B --prims sort,sort_pairs --types u32,u64 --sizes 14:26 2>&1 | grep -E "^sort" | sed "s/^/F$F: /"
done > $OUT/mergesort_f.txt; grep -E "67108864|65536 " $OUT/mergesort_f.txt
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
