#!/bin/bash
# GPU call 4: one-sweep radix sort with privatized histogram counters and the 8-wide look-back.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt
s() { echo "== $1"; grep -v prim "$OUT/$1.csv" | cut -d, -f1-4,9 | tr '\n' ' '; echo; }
for st in 1 2 3 4 0; do for lg in 14 26; do
  r=$(MGPU_PROBE_STOP=$st LD_LIBRARY_PATH=$PWD/.gl/lib-probe timeout 40 $B --prims radix --types u32 --sizes $lg:$lg --no-verify --csv /dev/stdout 2>/dev/null | grep -v prim | cut -d, -f4)
  echo "probe stop$st u32 2^$lg $r"
done; done | tee $OUT/probe.txt
timeout 150 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:26 --csv $OUT/default.csv > /dev/null 2>&1; s default
for t in 256_15 256_30 1024_7 256_20; do
  MGPU_TUNE="radixsort.u32:nt=${t%_*},vt=${t#*_}" timeout 50 $B --prims radix,radix_pairs --types u32 --sizes 26:26 --csv "$OUT/u32_$t.csv" > /dev/null 2>&1; s u32_$t
done
for t in 256_16 512_10; do
  MGPU_TUNE="radixsort.u64:nt=${t%_*},vt=${t#*_}" timeout 50 $B --prims radix,radix_pairs --types u64 --sizes 26:26 --csv "$OUT/u64_$t.csv" > /dev/null 2>&1; s u64_$t
done
timeout 60 .gl/peers/cub_bench 14 26 radix > $OUT/cub.csv 2>&1; grep RESULT $OUT/cub.csv | cut -d, -f3-9 | tr '\n' ' '
timeout 200 build-gpu/tests/mgpuvk-tests --only radixsort > $OUT/test_radix.txt 2>&1; echo "rc=$?" >> $OUT/test_radix.txt; tail -3 $OUT/test_radix.txt
