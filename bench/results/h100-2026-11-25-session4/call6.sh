#!/bin/bash
# Session 4 final call: A/B of the look-back kernels before (build-probe: main before the h8 merge) and after the
# GLSL device library merge, interleaved; then the whole test suite on the H100.
B=build-gpu/bench/mgpuvk-bench
for i in 1 2; do
  for v in pre post; do
    if [ $v = pre ]; then L=$PWD/build-probe; else L=$PWD/build-gpu; fi
    LD_LIBRARY_PATH=$L timeout 60 $B --prims scan,radix,radix_pairs --types u32 --sizes 24:26 --no-verify --csv $OUT/ab_${v}_$i.csv > /dev/null 2>&1
    echo "$v $i: $(awk -F, 'NR>1{printf "%s/%s:%.1f ", $1, $3, $4/1000}' $OUT/ab_${v}_$i.csv)"
  done
done
bash .gl/c21.sh
