#!/bin/bash
# Session 10 call 1: radix one-sweep ablation (timing only, --no-verify): p1 no look-back wait, p2 no per-tile
# histogram sum, p4 coalesced stores instead of the scatter, p8 no ranking, p15 all four. p0 = base.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in 1 2; do
for v in p0 p1 p2 p4 p8 p15; do
  LD_LIBRARY_PATH=$P/$v MGPU_PROFILE=$OUT/prof_${v}_r$round.txt timeout 60 $B --prims copy,radix --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(radix|copy)" | sed "s/^/$v r$round: /"
done
done > $OUT/ablation.txt; cat $OUT/ablation.txt
for v in p0 p1 p2 p4 p8 p15; do echo "== $v"; grep "^pipeline kernel 11 " $OUT/prof_${v}_r1.txt | sort -u | head -3; python3 .gl/prof.py $OUT/prof_${v}_r1.txt | grep -iE "onesweep|histogram" | head -4; done > $OUT/ablation_prof.txt; cat $OUT/ablation_prof.txt
rm -f $OUT/prof_*.txt
.gl/peers/cub_bench 24 26 sort,radix > $OUT/cub.txt 2>&1; cat $OUT/cub.txt | tail -12
# Correctness on NVIDIA of the families whose tile grids changed (tile groups floor)
for f in merge join sets sorted_search load_balance; do
  LD_LIBRARY_PATH=$P/p0 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c1.tgz *.txt; rm -f *.txt
