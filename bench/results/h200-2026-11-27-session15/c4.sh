#!/bin/bash
# Session 15, call 4: segmented reduce one pass, smaller workgroups (fewer subgroups meeting at each barrier) and
# more ranges: nt x vt x groups through MGPU_TUNE on the library of main (base).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do
  for s in 256x16:512 128x16:512 128x16:1024 128x16:2048 64x16:1024 64x16:2048 64x16:4096 128x12:1024 64x24:2048; do
    shape=${s%%:*}; g=${s##*:}; nt=${shape%%x*}; vt=${shape##*x}
    MGPU_TUNE="segreduce.u32:nt=$nt,vt=$vt,groups=$g" LD_LIBRARY_PATH=$P/base timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$s r$round: /"
  done
  for s in 128x16:512 64x16:1024 64x16:2048 64x8:2048 32x16:4096; do
    shape=${s%%:*}; g=${s##*:}; nt=${shape%%x*}; vt=${shape##*x}
    MGPU_TUNE="segreduce.u64:nt=$nt,vt=$vt,groups=$g" LD_LIBRARY_PATH=$P/base timeout 30 $B --prims segreduce100,segreduce10000 --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$s r$round: /"
  done
done > $OUT/shapes.txt
for s in 128x16 64x16; do nt=${s%%x*}; vt=${s##*x}
  MGPU_PROFILE=$OUT/prof_$s.txt MGPU_TUNE="segreduce.u32:nt=$nt,vt=$vt,groups=1024" LD_LIBRARY_PATH=$P/base timeout 30 $B --prims segreduce100 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
done
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
