#!/bin/bash
# Session 8 call 6: the compaction family on the GPU (tests, series against the copy), Merge Path tile shapes
# with the pipelined kernels, a mergesort profile.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
for f in compact compact_cli; do
  timeout 200 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "test $f rc=$?"; tail -1 $OUT/test_$f.txt
done
timeout 120 $B --prims select,partition,unique,rle --types u32,u64 --sizes 14:26 --csv $OUT/compact.csv > $OUT/compact.txt 2>&1; echo "compact rc=$?"
grep -E " (16384|65536|1048576|16777216|67108864) " $OUT/compact.txt
MGPU_PROFILE=/tmp/pc.txt timeout 60 $B --prims select,unique --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
python3 .gl/prof.py /tmp/pc.txt | tail -6; grep "^pipeline kernel 30 " /tmp/pc.txt | head -3
for s in 256,7 128,15 256,9 128,11; do nt=${s%,*}; vt=${s#*,}
  MGPU_TUNE="merge:nt=$nt,vt=$vt" timeout 60 $B --prims merge,search,join_inner --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/$s: /"
done
MGPU_PROFILE=/tmp/ms.txt timeout 60 $B --prims sort --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
python3 .gl/prof.py /tmp/ms.txt | tail -16; grep "^pipeline kernel" /tmp/ms.txt | head -4
cd $OUT && tar czf c6.tgz *.txt *.csv && rm -f *.csv *.txt
