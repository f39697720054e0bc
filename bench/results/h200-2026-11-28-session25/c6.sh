#!/bin/bash
# Session 25 call 6: frame VT 16 up to 256 tiles (mid) against the tree of call 5 (new), 2^14..2^22, two rounds;
# the radix tests on mid.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in new mid; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix,radix_pairs --types u32 --sizes 14:22 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix --types f32 --sizes 18:21 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
LD_LIBRARY_PATH=$L/mid timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only radixsort > $OUT/tests.txt 2>&1
LD_LIBRARY_PATH=$L/mid timeout 60 $B --prims radix,radix_pairs,radix_indirect --types u32,f32,u64 --sizes 18:21 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s" >> $OUT/ab.txt
