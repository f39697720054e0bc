#!/bin/bash
B=build-gpu/bench/mgpuvk-bench
P=$PWD/build-probe:$PWD/build-gpu
for t in u32; do for m in 0 7 8; do
  rm -f $OUT/p.txt; MGPU_PROBE=$m MGPU_PROFILE=$OUT/p.txt LD_LIBRARY_PATH=$P timeout 60 $B --prims radix,radix_pairs --types $t --sizes 26 --runs 5 > $OUT/b.txt 2>&1
  echo "## $t probe $m: $(grep -E '^radix' $OUT/b.txt | awk '{printf "%s %s %s; ", $1, $4, $NF}')"
  python3 .gl/prof.py $OUT/p.txt | grep "onesweep" | sed -n '1p;3p' ; python3 .gl/prof.py $OUT/p.txt | grep "pipeline radix_onesweep" | cut -c1-150
done; done
