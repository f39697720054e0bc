#!/bin/bash
# Session 11 call 1: baseline beside CUB; radix skeleton ablation (q*), scan ablation (s*), mergesort blocksort
# super-tiles (MGPU_PROBE_BLOCK_F) with and without the keys-only s_tags sizing (base / mt).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
LD_LIBRARY_PATH=$P/base timeout 200 $B --prims copy,scan,merge,sort,sort_pairs,radix,radix_pairs --types u32 --sizes 14:26 > $OUT/base_u32.txt 2>&1; tail -3 $OUT/base_u32.txt
timeout 200 .gl/peers/cub_bench 14 26 merge,sort,radix,scan > $OUT/cub.txt 2>&1; tail -3 $OUT/cub.txt
for round in 1 2; do
for v in base q1 q14 q15 q30 q31; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_${v}_r$round.txt timeout 60 $B --prims copy,radix --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(radix|copy)" | sed "s/^/$v r$round: /"
done
done > $OUT/radix_ablation.txt; cat $OUT/radix_ablation.txt | grep 67108864
for v in base q1 q14 q15 q30 q31; do echo "== $v"; grep "^pipeline kernel 11 " $OUT/prof_${v}_r1.txt | sort -u | head -3; python3 .gl/prof.py $OUT/prof_${v}_r1.txt | grep -iE "onesweep|histogram|==" | tail -6; done > $OUT/radix_ablation_prof.txt
rm -f $OUT/prof_*.txt
for round in 1 2; do
for v in base s1 s2 s6 s7; do
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims copy,scan --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(scan|copy)" | sed "s/^/$v r$round: /"
done
done > $OUT/scan_ablation.txt; grep 67108864 $OUT/scan_ablation.txt
LD_LIBRARY_PATH=$P/base MGPU_PROFILE=$OUT/prof_scan.txt timeout 60 $B --prims scan --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
grep "^pipeline kernel 4 " $OUT/prof_scan.txt | sort -u | head -3 > $OUT/scan_regs.txt; rm -f $OUT/prof_scan.txt
for v in mt base; do for F in 1 2 4; do
  prims=sort,sort_pairs; [ $F = 4 ] && prims=sort
  MGPU_PROBE_BLOCK_F=$F LD_LIBRARY_PATH=$P/$v timeout 120 $B --prims $prims --types u32 --sizes 20:26 2>&1 | grep -E "^sort" | sed "s/^/$v F$F: /"
done; done > $OUT/mergesort_f.txt; grep 67108864 $OUT/mergesort_f.txt
for v in mt base; do LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_ms_$v.txt timeout 60 $B --prims sort --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
  echo "== $v"; grep -E "^pipeline kernel (6|7) " $OUT/prof_ms_$v.txt | sort -u | head -6; python3 .gl/prof.py $OUT/prof_ms_$v.txt | tail -40; done > $OUT/mergesort_prof.txt
MGPU_PROBE_BLOCK_F=2 LD_LIBRARY_PATH=$P/base MGPU_PROFILE=$OUT/prof_ms_f2.txt timeout 60 $B --prims sort --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
(echo "== base F2"; grep -E "^pipeline kernel (6|7) " $OUT/prof_ms_f2.txt | sort -u | head -6; python3 .gl/prof.py $OUT/prof_ms_f2.txt | tail -40) >> $OUT/mergesort_prof.txt
rm -f $OUT/prof_*.txt
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
