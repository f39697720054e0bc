#!/bin/bash
# Session 19 call 7: the sets' serial op with keys in registers (lib final = the session's tree) against js; the
# GPU tests of every family the session touched, on final.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for lib in js final; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/final timeout 60 $B --prims set_union,set_difference,set_symdiff_pairs --types u32,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
for f in radixsort sorted_search join sets sets_lookback segsort merge mergesort load_balance intervals bulk; do
  LD_LIBRARY_PATH=$L/final timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -2 | tr '\n' ' ' ; echo
done > $OUT/tests.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c7.tgz *.txt && rm -f *.txt
