#!/bin/bash
# Session 12 call 6: the new rows (mergesort keys / values shapes, compaction 512 x 8 and 512 x 4) verified beside
# CUB; the GPU tests of the changed families.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
export LD_LIBRARY_PATH=$P/new
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
timeout 150 .gl/peers/cub_bench 14 26 sort,merge > $OUT/cub.txt 2>&1
timeout 200 $B --prims copy,sort,sort_pairs,sort_indirect,select,partition,unique,rle --types u32,u64 --sizes 14:26 --csv $OUT/new.csv > $OUT/new.txt 2>&1
echo "bench ok $(grep -c ' ok$' $OUT/new.txt) failed $(grep -c FAILED $OUT/new.txt) at $((SECONDS-T0)) s"
for f in mergesort compact compact_lookback compact_cli contracts; do
  left=$((570 - (SECONDS-T0))); [ $left -lt 20 ] && { echo "$f not run (time)"; continue; }
  timeout $((left < 150 ? left : 150)) build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1
  echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c6.tgz *.txt *.csv && rm -f *.txt *.csv
