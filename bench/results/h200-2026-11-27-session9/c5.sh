#!/bin/bash
# Session 9 call 5: every test family on the final tree (buffer last, oom needs a CPU device).
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
T0=$SECONDS
for f in $(build-gpu/tests/mgpuvk-tests --list | grep -vE "^(buffer|oom)$") buffer; do
  [ $((SECONDS - T0)) -gt 520 ] && { echo "$f not run (time)"; continue; }
  timeout 250 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c5.tgz *.txt; rm -f *.txt
