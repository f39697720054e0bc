#!/bin/bash
# Session 7 call 8: the whole test suite on the GPU with the final tree, family by family (no layers there).
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
start=$(date +%s)
for f in pool buffer reduce scan scan_paths scan_lookback merge mergesort radixsort sorted_search load_balance intervals bulk segreduce segreduce_cli segsort segsort_cli join join_cli sets sets_lookback sets_cli engine cli npy ranges threads oom device_lost contracts; do
  timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > /tmp/t_$f.txt 2>&1; rc=$?
  echo "$f rc=$rc $(tail -1 /tmp/t_$f.txt) $(( $(date +%s) - start ))s"
  [ $rc != 0 ] && grep -m5 FAIL /tmp/t_$f.txt
done
