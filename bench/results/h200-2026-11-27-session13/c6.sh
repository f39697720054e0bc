#!/bin/bash
# Session 13 call 6: a streaming merge with ring windows (st2, PROBE_STREAM=G workgroups each merging a contiguous run of tiles, no
# partition dispatch, keys only) against main (base): merge and mergesort u32, verified at G=1056, G swept.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
LD_LIBRARY_PATH=$P/base timeout 80 $B --prims merge,sort --types u32 --sizes 20:26 2>&1 | grep -E "^(merge|sort)" | sed "s/^/base: /" > $OUT/stream.txt
PROBE_STREAM=1056 LD_LIBRARY_PATH=$P/st2 timeout 80 $B --prims merge,sort --types u32 --sizes 20:26 2>&1 | grep -E "^(merge|sort)" | sed "s/^/st2_1056: /" >> $OUT/stream.txt
echo "verified at $((SECONDS-T0)) s"
for G in 132 264 528 2112; do
  PROBE_STREAM=$G LD_LIBRARY_PATH=$P/st2 timeout 40 $B --prims merge,sort --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/st2_$G: /"
done >> $OUT/stream.txt
LD_LIBRARY_PATH=$P/base timeout 40 $B --prims merge,sort --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/base r2: /" >> $OUT/stream.txt
PROBE_STREAM=1056 LD_LIBRARY_PATH=$P/st2 timeout 40 $B --prims merge,sort --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/st2_1056 u64: /" >> $OUT/stream.txt
LD_LIBRARY_PATH=$P/base timeout 40 $B --prims merge,sort --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(merge|sort)" | sed "s/^/base u64: /" >> $OUT/stream.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c6.tgz *.txt && rm -f *.txt
