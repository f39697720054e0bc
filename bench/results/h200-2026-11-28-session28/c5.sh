#!/bin/bash
# Session 28, call 5: where the kept set tile's time goes (probes not verified: wrong outputs by design), against
# `fin` (44ddeef): nocarry (no galloping for the ranks carried into a thread), noprobe (also no probe in the other
# array: the merge, the rank counting, compaction and stores), keepall (every output kept: the decision gone).
# One pass and count pass (lookback=off, per-dispatch) at 2^26 u32; predicted: the decision ~100 of the count
# pass's ~300 us, the carried gallops ~20.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in fin nocarry noprobe keepall; do
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims set_union,set_intersection --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
for lib in fin nocarry noprobe keepall; do
  MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union,set_intersection --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel 28 |^pipeline kernel 28 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
echo "all done at $((SECONDS-T0)) s" >> $OUT/profile.txt
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
