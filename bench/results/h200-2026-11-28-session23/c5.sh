#!/bin/bash
# Session 23 call 5 (the last minutes): library ash = the tree + (a) keys.glsl's float maps by an arithmetic shift
# (u ^ (int(u) >> 31 | sign bit): two instructions where the select took three or four), (b) f64 keys as order bits
# in the mergesort's blocksort (call 4's f64bs, in that kernel alone). Predicted: (a) the f32 merge and search
# kernels' 17% over u32 (call 4's profile: merge 195.1 against 167.1 us, search 603 against 518) about halved;
# (b) f64 sort 2^26 7681 -> ~7190 (call 4).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for f in mergesort sorted_search radixsort; do
  LD_LIBRARY_PATH=$L/ash timeout 40 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f]"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for lib in head ash; do
  [ $((SECONDS-T0)) -lt 120 ] || break
  LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims merge,search,join_inner,set_union,segsort_100,sort,radix --types f32 --sizes 22:26 --no-verify 2>&1 | grep -E "^[a-z]" | grep -v "^prim" | sed "s/^/$lib: /"
  LD_LIBRARY_PATH=$L/$lib timeout 20 $B --prims sort,sort_pairs --types f64 --sizes 20:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib: /"
done > $OUT/ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
