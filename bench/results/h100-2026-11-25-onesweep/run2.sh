#!/bin/bash
# GPU call 2: one-sweep radix sort with the register diet; shapes; ballot vs match ranking; CUB.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt
s() { echo "== $1"; grep -v prim "$OUT/$1.csv" | cut -d, -f1-4,9 | tr '\n' ' '; echo; }
timeout 60 $B --prims radix,radix_pairs --types u32 --sizes 24:26 --csv $OUT/def_u32.csv > /dev/null 2>&1; s def_u32
for t in 256_15 256_20 256_30 512_10 128_30 256_12; do
  MGPU_TUNE="radixsort.u32:nt=${t%_*},vt=${t#*_}" timeout 50 $B --prims radix,radix_pairs --types u32 --sizes 26:26 --csv "$OUT/u32_$t.csv" > /dev/null 2>&1; s u32_$t
done
LD_LIBRARY_PATH=$PWD/.gl/lib-ballot timeout 50 $B --prims radix,radix_pairs --types u32 --sizes 26:26 --csv $OUT/ballot_u32.csv > /dev/null 2>&1; s ballot_u32
timeout 60 $B --prims radix,radix_pairs --types u64 --sizes 24:26 --csv $OUT/def_u64.csv > /dev/null 2>&1; s def_u64
for t in 256_12 256_16 512_8 128_24; do
  MGPU_TUNE="radixsort.u64:nt=${t%_*},vt=${t#*_}" timeout 50 $B --prims radix,radix_pairs --types u64 --sizes 26:26 --csv "$OUT/u64_$t.csv" > /dev/null 2>&1; s u64_$t
done
timeout 100 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:23 --csv $OUT/small.csv > /dev/null 2>&1; s small
timeout 60 .gl/peers/cub_bench 24 26 radix > $OUT/cub.csv 2>&1; grep RESULT $OUT/cub.csv | cut -d, -f3-9
