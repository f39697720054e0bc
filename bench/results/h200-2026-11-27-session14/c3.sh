#!/bin/bash
# Session 14 call 3: ablation of the one-pass segmented reduce (probe bits: 1 no look-back wait, 2 no starts,
# 4 tiles by group id, 8 values straight to shared memory, 16 no workgroup segmented scan; 31 all), u32 at 2^24..2^26.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for l in new p1 p2 p4 p8 p16 p31; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$l r$round: /"
done; done > $OUT/ablation.txt
echo "ablation at $((SECONDS-T0)) s"
for s in "256,9" "256,11" "256,15" "128,11"; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_PROFILE=$OUT/prof_${nt}x${vt}.txt MGPU_TUNE="segreduce.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/new timeout 30 $B --prims segreduce100 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
  grep -E "^pipeline kernel 34" $OUT/prof_${nt}x${vt}.txt > $OUT/regs_${nt}x${vt}.txt; rm $OUT/prof_${nt}x${vt}.txt
done
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
