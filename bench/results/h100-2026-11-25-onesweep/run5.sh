#!/bin/bash
# GPU call 5: shapes over all sizes, the reduce-then-scan passes beside the one-sweep ones, the whole test suite.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
s() { echo "== $1"; grep -v prim "$OUT/$1.csv" | cut -d, -f1-4,9 | tr '\n' ' '; echo; }
MGPU_TUNE="radixsort.u64:lookback=off" timeout 80 $B --prims radix,radix_pairs --types u64 --sizes 14:26 --csv $OUT/u64_rts.csv > /dev/null 2>&1; s u64_rts
MGPU_TUNE="radixsort.u32:lookback=off" timeout 60 $B --prims radix,radix_pairs --types u32 --sizes 14:26 --csv $OUT/u32_rts.csv > /dev/null 2>&1; s u32_rts
MGPU_TUNE="radixsort.u64:nt=512,vt=10" timeout 80 $B --prims radix,radix_pairs --types u64 --sizes 14:26 --csv $OUT/u64_512x10.csv > /dev/null 2>&1; s u64_512x10
MGPU_TUNE="radixsort.u32:nt=256,vt=15" timeout 60 $B --prims radix,radix_pairs --types u32 --sizes 14:26 --csv $OUT/u32_256x15.csv > /dev/null 2>&1; s u32_256x15
timeout 300 build-gpu/tests/mgpuvk-tests --cli build-gpu/tools/mgpuvk --temp /tmp > $OUT/tests.txt 2>&1; echo "rc=$?" >> $OUT/tests.txt; grep -v " ok$" $OUT/tests.txt | tail -8
