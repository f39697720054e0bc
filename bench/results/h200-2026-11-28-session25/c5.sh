#!/bin/bash
# Session 25 call 5: the tree (new: the radix tile staged in parts, rows 256 x 23 / values 256 x 21 for 32-bit
# keys, 512 x 12 for 64-bit) beside main (base, with this session's sample arrays), two rounds; CUB; the final
# figures; tests and verified runs.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base new; do
  LD_LIBRARY_PATH=$L/$lib timeout 100 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix --types f32 --sizes 20:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
timeout 90 .gl/peers/cub_bench 14 26 sort,radix,merge,scan > $OUT/cub.txt 2>&1
LD_LIBRARY_PATH=$L/new timeout 120 $B --prims scan,merge,search,sort,sort_pairs,join_inner,select,unique --types u32,u64 --sizes 14:26 --no-verify > $OUT/final.txt 2>&1
echo "final done at $((SECONDS-T0)) s" >> $OUT/ab.txt
t() { LD_LIBRARY_PATH=$L/new timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $1 2>&1 | tail -1 | tr '\n' ' '; echo " [$1 ${MGPU_TUNE:-}]"; }
{ t radixsort; MGPU_TUNE="radixsort:fold=off" t radixsort; MGPU_TUNE="radixsort:vt=11" t radixsort; MGPU_TUNE="radixsort:vt=9" t radixsort; } > $OUT/tests.txt
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/new timeout 120 $B --prims radix,radix_pairs,radix_indirect --types u32,i32,f32,u64,i64,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/new timeout 60 $B --prims radix,radix_pairs --types u32,u64 --sizes 24:24 >> $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s" >> $OUT/tests.txt
