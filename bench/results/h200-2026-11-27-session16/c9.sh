#!/bin/bash
# Session 16 call 9: cw = the helper's branch count-walk-bound (the radix one-sweep's and the compaction's count
# walks bounded off GPUs, recompute hooks); on GPUs the wait is 0xffffffff: predicted level with base (straddle4 =
# main's code). Tests radixsort and compact, then A/B.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in radixsort compact; do
  LD_LIBRARY_PATH=$P/cw timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
for round in 1 2; do for l in straddle4 cw; do
  LD_LIBRARY_PATH=$P/$l timeout 25 $B --prims radix,radix_pairs,select,unique --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^radix|^select|^unique" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c9.tgz *.txt && rm -f *.txt
