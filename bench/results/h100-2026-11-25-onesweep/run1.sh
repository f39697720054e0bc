#!/bin/bash
# GPU call 1 of 2026-11-25 (session 2): the new one-sweep radix sort.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt
timeout 240 build-gpu/tests/mgpuvk-tests --only radixsort > $OUT/test_radix_match.txt 2>&1; echo "rc=$?" >> $OUT/test_radix_match.txt
tail -3 $OUT/test_radix_match.txt
timeout 120 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:26 --csv $OUT/default.csv > $OUT/default.txt 2>&1; tail -30 $OUT/default.txt
timeout 120 .gl/peers/cub_bench 14 26 radix > $OUT/cub.csv 2>&1; grep -E ",(16384|65536|1048576|16777216|67108864)," $OUT/cub.csv
LD_LIBRARY_PATH=$PWD/.gl/lib-ballot timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 24:26 --csv $OUT/ballot.csv > /dev/null 2>&1
for t in "nt=256,vt=30" "nt=256,vt=24" "nt=512,vt=12" "nt=1024,vt=7" "nt=256,vt=16" "nt=128,vt=30"; do
  MGPU_TUNE="radixsort.u32:$t" timeout 60 $B --prims radix,radix_pairs --types u32 --sizes 24:26 --csv "$OUT/u32_$t.csv" > /dev/null 2>&1
done
for t in "nt=256,vt=16" "nt=512,vt=10" "nt=128,vt=30" "nt=256,vt=12"; do
  MGPU_TUNE="radixsort.u64:$t" timeout 60 $B --prims radix,radix_pairs --types u64 --sizes 24:26 --csv "$OUT/u64_$t.csv" > /dev/null 2>&1
done
MGPU_TUNE="radixsort:lookback=off" timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 24:26 --csv $OUT/rts_fit.csv > /dev/null 2>&1
MGPU_TUNE="radixsort.u32:nt=128,vt=16,lookback=off" timeout 60 $B --prims radix --types u32 --sizes 26:26 --csv $OUT/rts_old.csv > /dev/null 2>&1
LD_LIBRARY_PATH=$PWD/.gl/lib-ballot timeout 200 build-gpu/tests/mgpuvk-tests --only radixsort > $OUT/test_radix_ballot.txt 2>&1; echo "rc=$?" >> $OUT/test_radix_ballot.txt
tail -2 $OUT/test_radix_ballot.txt
for f in $OUT/u*.csv $OUT/ballot.csv $OUT/rts*.csv; do echo "== $f"; grep -v prim "$f" | cut -d, -f1-4,6,9; done
