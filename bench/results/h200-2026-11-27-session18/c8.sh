#!/bin/bash
# Session 18 call 8: the segmented sort's shapes again, now that the keys-only blocksort holds 47 registers and
# 7.9 KB (main e6de3dd; row 256 x 7). u32 keys, 2^24..2^26, no verification.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for s in 256x7 128x15 256x11 512x7 128x9 256x9 512x5; do
  nt=${s%x*}; vt=${s#*x}
  MGPU_TUNE="segsort.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/base timeout 40 $B --prims segsort_100,segsort_10000,locality_100 --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/$s: /"
done > $OUT/shapes.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c8.tgz *.txt && rm -f *.txt
