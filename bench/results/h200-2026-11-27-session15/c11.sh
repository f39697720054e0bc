#!/bin/bash
# Session 15, call 11: tile shapes of the segmented reduce's one pass with the walk by selects (library: walk).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do
  for s in 128x16:512 128x24:512 128x32:512 64x32:1024 256x16:256 128x20:512; do
    shape=${s%%:*}; g=${s##*:}; nt=${shape%%x*}; vt=${shape##*x}
    MGPU_TUNE="segreduce.u32:nt=$nt,vt=$vt,groups=$g" LD_LIBRARY_PATH=$P/walk timeout 30 $B --prims segreduce100,segreduce10000 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$s r$round: /"
  done
  for s in 64x16:1024 64x24:1024 64x32:1024 128x16:512; do
    shape=${s%%:*}; g=${s##*:}; nt=${shape%%x*}; vt=${shape##*x}
    MGPU_TUNE="segreduce.u64:nt=$nt,vt=$vt,groups=$g" LD_LIBRARY_PATH=$P/walk timeout 30 $B --prims segreduce100,segreduce10000 --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^segreduce" | sed "s/^/$s r$round: /"
  done
done > $OUT/shapes.txt
cd $OUT && tar czf c11.tgz *.txt && rm -f *.txt
