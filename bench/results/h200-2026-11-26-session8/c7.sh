#!/bin/bash
# Session 8 call 7 (final tree): the whole test suite on the GPU family by family (no layers there), the
# benchmark series of the families changed or added this session, compaction tile shapes, CUB in the same call.
export LD_LIBRARY_PATH=$PWD/build-gpu
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
start=$(date +%s)
for f in $(build-gpu/tests/mgpuvk-tests --list 2>/dev/null); do
  [ "$f" = oom ] && continue
  timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > /tmp/t_$f.txt 2>&1; rc=$?
  echo "$f rc=$rc $(tail -1 /tmp/t_$f.txt) $(( $(date +%s) - start ))s"
  [ $rc != 0 ] && grep -m5 FAIL /tmp/t_$f.txt
done > $OUT/tests.txt 2>&1
grep -c "rc=0" $OUT/tests.txt; grep -v "rc=0" $OUT/tests.txt
for round in 1 2; do for lib in cbase new; do
  if [ $lib = new ]; then export LD_LIBRARY_PATH=$PWD/build-gpu; else export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib; fi
  timeout 40 $B --prims select,partition,unique,rle --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/$lib: /"
done; done
export LD_LIBRARY_PATH=$PWD/build-gpu
for t in "256,32" "128,32" "256,16" "256,8" "128,16" "512,8" "128,8"; do nt=${t%,*}; vt=${t#*,}
  MGPU_TUNE="compact:nt=$nt,vt=$vt" timeout 40 $B --prims select,unique --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/compact $t: /"
done
MGPU_TUNE="compact:lookback=off" timeout 40 $B --prims select,unique --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/compact two-pass: /"
cd $OUT && tar czf c7.tgz *.txt *.csv && rm -f *.csv *.txt
