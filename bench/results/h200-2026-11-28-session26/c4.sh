#!/bin/bash
# Session 26 call 4: the tree (new: the compaction's ranges on tiles of their own, 128 x 8 / 128 x 4, from 8192
# of them, rle 4096) against main (base), two rounds; verified; the compaction's tests on the GPU.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base new; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims select,partition,unique,rle,select_indirect,unique_indirect --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/$lib r$round: /"
done; done > $OUT/compact_ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/compact_ab.txt
t() { LD_LIBRARY_PATH=$L/new timeout 80 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $1 2>&1 | tail -1 | tr '\n' ' '; echo " [$1 ${MGPU_TUNE:-}]"; }
{ t compact; t compact_lookback; t compact_cli; } > $OUT/tests.txt
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/new timeout 120 $B --prims select,partition,unique,rle,select_indirect,unique_indirect --types u32,i32,f32,u64,i64,f64 --sizes 16:24 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
