#!/bin/bash
# Session 12 call 8: the histogram's 1024 x 8 row verified and its 64-bit shapes; the load-balancing search's
# shapes (its tuning is int32's); the join's dispatches at 2^26; the histogram's GPU tests.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
export LD_LIBRARY_PATH=$P/new
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
timeout 60 $B --prims copy,histogram,histogram_indirect --types u32,f32 --sizes 14:26 > $OUT/histogram.txt 2>&1
for s in 256:8 512:8 1024:4 1024:8 512:4; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="histogram.u64:nt=$nt,vt=$vt" timeout 60 $B --prims copy,histogram --types u64 --sizes 24:26 2>&1 | grep -E "^(hist|copy)" | sed "s/^/$s: /"
done > $OUT/histogram64.txt 2>&1
echo "histogram at $((SECONDS-T0)) s"
for s in 128:3 128:5 256:3 256:5 64:7 128:7 256:7 64:11; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="load_balance.i32:nt=$nt,vt=$vt" timeout 60 $B --prims copy,lbs,expand,move,insert,remove,join_inner --types u32 --sizes 24:26 --no-verify 2>&1 | grep -vE "^(NVIDIA|Driver|Subgroup|Device|int64)" | sed "s/^/$s: /"
done > $OUT/lbs.txt 2>&1
echo "lbs at $((SECONDS-T0)) s"
MGPU_PROFILE=$OUT/prof_join.txt timeout 60 $B --prims join_inner,join_outer,set_union --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
python3 .gl/prof.py $OUT/prof_join.txt > $OUT/prof_join_summary.txt 2>&1; rm -f $OUT/prof_join.txt
for f in histogram histogram_cli; do
  timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1
  echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c8.tgz *.txt && rm -f *.txt
