#!/bin/bash
# Session 17 call 2: pf = the compaction's one pass with the next tile's loads issued before the current tile's
# look-back, staging and stores (a workgroup loops over tickets). Tests of compact on pf, verified bench, A/B
# against base, groups sweep on pf.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in compact compact_lookback compact_cli; do
  LD_LIBRARY_PATH=$L/pf timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -4
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/pf timeout 60 $B --prims select,partition,unique,rle --types u32,u64,f32,i64 --sizes 14:26 > $OUT/verified_pf.txt 2>&1
echo "verified at $((SECONDS-T0)) s"
for round in 1 2; do for l in base pf; do
  LD_LIBRARY_PATH=$L/$l timeout 25 $B --prims select,partition,unique,rle --types u32,u64 --sizes 16:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle) " | sed "s/^/$l r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
for g in 264 528 1056 2112 4224; do
  LD_LIBRARY_PATH=$L/pf MGPU_TUNE="compact.u32:groups=$g;compact.u64:groups=$g" timeout 25 $B --prims select,partition,unique --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle) " | sed "s/^/g$g: /"
done > $OUT/groups.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
