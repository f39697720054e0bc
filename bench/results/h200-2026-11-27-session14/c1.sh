#!/bin/bash
# Session 14 call 1: radix ranking split (rank1: ballots first then counters, two barriers; rank2: leader reads
# and writes, old value shuffled, one barrier; rank3: rank2 without the barrier, timing only) against rank0 (=main);
# streaming merge v2 timing bits (st1 no ring wrap, st2 no refill loads, st3 both; st0 = v2) at PROBE_STREAM=264.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for r in rank0 rank1 rank2 rank3; do
  LD_LIBRARY_PATH=$P/$r timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 20:26 2>&1 | grep -E "^radix" | sed "s/^/$r: /"
done > $OUT/rank.txt
echo "rank verified at $((SECONDS-T0)) s"
for round in 2 3; do for r in rank0 rank1 rank2 rank3; do
  LD_LIBRARY_PATH=$P/$r timeout 40 $B --prims radix,radix_pairs --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$r r$round: /"
done; done >> $OUT/rank.txt
echo "rank done at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$P/base timeout 40 $B --prims merge,sort --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/base: /" > $OUT/stream.txt
for s in st0 st1 st2 st3; do
  PROBE_STREAM=264 LD_LIBRARY_PATH=$P/$s timeout 40 $B --prims merge,sort --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/$s: /"
done >> $OUT/stream.txt
echo "stream done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
