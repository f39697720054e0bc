#!/bin/bash
# Session 13 call 1: radix one-sweep per-phase clocks (probe lib clock), the sets kernel's ablation (s0..s15),
# Merge Path partition search by clusters of L lanes (L4..L32) against the thread search (base = main).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for c in "radix u32 26" "radix_pairs u32 26" "radix u64 26" "radix u32 24" "radix u32 20"; do
  set -- $c
  echo "== $1 $2 2^$3"
  LD_LIBRARY_PATH=$P/clock timeout 60 $B --prims $1 --types $2 --sizes $3:$3 2>&1 | grep -E "^radix|PROBE"
done > $OUT/radix_clock.txt 2>&1
echo "clock at $((SECONDS-T0)) s"
for round in 1 2; do for v in s0 s1 s2 s3 s4 s8 s15; do
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims set_union,set_intersection --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$v r$round: /"
done; done > $OUT/sets_ablation.txt 2>&1
echo "sets at $((SECONDS-T0)) s"
for v in base L4 L8 L16 L32; do
  L=${v#L}; lib=$P/$v
  if [ $v = base ]; then unset PROBE_L; else export PROBE_L=$L; fi
  LD_LIBRARY_PATH=$lib MGPU_PROFILE=$OUT/prof_$v.txt timeout 120 $B --prims merge,sort,search,lbs --types u32 --sizes 24:26 2>&1 | grep -E "^(merge|sort|search|lbs)" | sed "s/^/$v: /"
  gzip -f $OUT/prof_$v.txt
done > $OUT/partition_cluster.txt 2>&1
unset PROBE_L
echo "cluster at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt *.gz && rm -f *.txt *.gz
