#!/bin/bash
# Session 26 call 2: (a) where the radix pass's values cost: pk (no values written) and pd (values stored where
# loaded, unstaged) against base, pairs u32/u64, two rounds. (b) the compaction at 256 x 8 (u32) and 256 x 4
# (u64), ranges from 4096 tiles (cmp) against base, two rounds, every size; more shapes on cmp; cmp verified and
# tested on the GPU with the ranges AUTO, on and off.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base pk pd; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/pairs_ab.txt
echo "pairs done at $((SECONDS-T0)) s" >> $OUT/pairs_ab.txt
for round in 1 2; do for lib in base cmp; do
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims select,partition,unique,rle,select_indirect,unique_indirect --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/$lib r$round: /"
done; done > $OUT/compact_ab.txt
echo "compact ab done at $((SECONDS-T0)) s" >> $OUT/compact_ab.txt
for s in u32:128,8 u32:256,4 u32:384,8 u32:256,12 u64:128,4 u64:192,4 u64:384,4; do
  t=${s%:*}; shape=${s#*:}; nt=${shape%,*}; vt=${shape#*,}
  MGPU_TUNE="compact.$t:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/cmp timeout 40 $B --prims select,partition,unique,rle --types $t --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/${nt}x$vt: /"
done > $OUT/compact_shapes.txt
echo "shapes done at $((SECONDS-T0)) s" >> $OUT/compact_shapes.txt
LD_LIBRARY_PATH=$L/cmp timeout 150 $B --prims select,partition,unique,rle,select_indirect,unique_indirect,histogram --types u32,i32,f32,u64,i64,f64 --sizes 14:24 > $OUT/compact_verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/compact_verified.txt
t() { LD_LIBRARY_PATH=$L/cmp timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $1 2>&1 | tail -1 | tr '\n' ' '; echo " [$1 ${MGPU_TUNE:-}]"; }
{ t compact; MGPU_TUNE="compact:fold=on" t compact; MGPU_TUNE="compact:fold=off" t compact; t compact_lookback; t compact_cli; t histogram; } > $OUT/tests.txt
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
