#!/bin/bash
# GPU call 3: where a one-sweep pass spends its time: the pass cut short after each step (MGPU_PROBE_STOP).
B=build-gpu/bench/mgpuvk-bench
for lib in pm pb; do for st in 1 2 3 4 0; do for lg in 14 20 26; do for ty in u32 u64; do
  [ $ty = u64 ] && [ $lg = 20 ] && continue
  r=$(MGPU_PROBE_STOP=$st LD_LIBRARY_PATH=$PWD/.gl/lib-$lib timeout 40 $B --prims radix --types $ty --sizes $lg:$lg --no-verify --csv /dev/stdout 2>/dev/null | grep -v prim | cut -d, -f4)
  echo "$lib stop$st $ty 2^$lg $r"
done; done; done; done | tee $OUT/probe.txt
