#!/bin/bash
# Session 11 call 4: look-back count window (MGPU_LOOKBACK_COUNT_WINDOW: base 4, rw8, rw16, rw32) for the radix
# one-sweep passes and the set operations' one pass.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
for v in base rw8 rw16 rw32; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_${v}_r$round.txt timeout 100 $B --prims radix,radix_pairs --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$v r$round: /"
  LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims radix,set_union --types u32 --sizes 14:22 --no-verify 2>&1 | grep -E "^(radix|set)" | sed "s/^/$v r$round: /"
done
done > $OUT/window.txt; grep -E "67108864" $OUT/window.txt | grep r1
for v in base rw8 rw16 rw32; do echo "== $v"; grep "^pipeline kernel 11 " $OUT/prof_${v}_r1.txt | sort -u | head -4; python3 .gl/prof.py $OUT/prof_${v}_r1.txt | grep -E "==|onesweep" | head -12; done > $OUT/window_prof.txt
rm -f $OUT/prof_*
for v in rw8 rw16 rw32; do LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims radix,radix_pairs,set_union --types u32,u64 --sizes 16:24 2>&1 | grep -E "^(radix|set)" | sed "s/^/$v: /"; done > $OUT/window_verified.txt
echo "ok $(grep -c ' ok$' $OUT/window_verified.txt) failed $(grep -c FAILED $OUT/window_verified.txt)"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
