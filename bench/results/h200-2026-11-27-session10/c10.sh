#!/bin/bash
# Session 10 call 10: every test family but oom on the final tree (the tile-groups floor, the histogram and
# radix shader changes).
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for f in pool buffer reduce scan scan_paths scan_lookback merge mergesort radixsort sorted_search load_balance intervals bulk segreduce segreduce_cli segsort segsort_cli join join_cli sets sets_lookback sets_cli compact compact_lookback compact_cli histogram histogram_cli engine cli npy ranges threads device_lost contracts; do
  LD_LIBRARY_PATH=$P/final timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c10.tgz *.txt; rm -f *.txt
