#!/bin/bash
# Session 17 call 4: cw = the compaction's count walks bounded off GPUs (branch count-walk-bound, GPU: wait
# forever, no recompute code: predicted level); k1/k2/k4 = the subgroup count walk reading 1/2/4 windows of 32
# predecessors per round trip (compaction and set operations; k1 = the old walk rewritten). Tests, then A/B.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for l in cw k2 k4; do for f in compact compact_lookback sets sets_lookback; do
  LD_LIBRARY_PATH=$L/$l timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -2 | sed "s/^/$l: /"
done; done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
for round in 1 2; do for l in base cw k1 k2 k4; do
  LD_LIBRARY_PATH=$L/$l timeout 25 $B --prims select,unique,partition,rle --types u32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle) " | sed "s/^/$l r$round: /"
  LD_LIBRARY_PATH=$L/$l timeout 25 $B --prims set_union,set_intersection,set_union_pairs --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^set_" | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/k2 timeout 60 $B --prims select,unique,partition,rle,set_union,set_intersection --types u32,u64,f32 --sizes 14:26 > $OUT/verified_k2.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
