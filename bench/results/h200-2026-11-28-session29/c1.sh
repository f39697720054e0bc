#!/bin/bash
# For session 29's first GPU call (prepared, not run; libraries from next_build.sh; carry ["build-gpu/bench",
# "build-gpu/tests","build-gpu/tools",".gl"]; results under $OUT packed into one tar: the call returns few files).
# (a) me against base, two rounds, every op, u32/u64 keys and pairs, 2^18..2^26. Predicted: count pass 297 ->
#     ~190 us, one pass set_union u32 2^26 432 -> ~340 us (0.27 -> ~0.34 of copy), intersection likewise.
#     rg (ranges of 2 tiles) likewise; predicted -5..-10% at 2^24..2^26, slower below 2^22 (fewer tickets), pairs
#     at risk from registers.
#     sv (values staged in shared memory) on the pairs rows: predicted set_union pairs u32 2^26 815 -> ~650 us,
#     keys level.
# (b) per-dispatch times (count pass, lookback off) and registers at 2^26.
# (c) me verified (8 ops x 6 types, 2^14..2^20) and its sets tests (on the GPU: the one pass). Estimated ~580 s: run with timeout_s 600 (or drop (d)).
# (d) tiles on me (the kept rows 256 x 9 / 128 x 7 chosen on session 28's tile).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base me rg; do
  LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
for round in 1 2; do for lib in base sv; do
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims set_union_pairs,set_symdiff_pairs,set_intersection_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab_values.txt
LD_LIBRARY_PATH=$L/sv timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only sets_lookback 2>&1 | tail -n 2 | sed "s/^/sv sets_lookback: /" >> $OUT/tests.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
for lib in base me; do
  MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims set_union,set_intersection --types u32,u64 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel 28 |^pipeline kernel 28 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
LD_LIBRARY_PATH=$L/rg MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims set_union,set_union_pairs --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
grep -E "^pipeline kernel 28 " $OUT/p.txt | sed "s/^/rg: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
LD_LIBRARY_PATH=$L/rg timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only sets_lookback 2>&1 | tail -n 2 | sed "s/^/rg sets_lookback: /" >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/me timeout 80 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_intersection_pairs,set_difference_pairs,set_symdiff_pairs --types u32,i32,f32,u64,i64,f64 --sizes 14:20 --runs 1 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
LD_LIBRARY_PATH=$L/me timeout 90 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only sets 2>&1 | tail -n 2 | sed "s/^/me sets: /" >> $OUT/tests.txt
for shape in "nt=256,vt=9" "nt=256,vt=11" "nt=128,vt=11"; do
  tag=$(echo $shape | tr -d 'ntv=' | tr ',' 'x')
  MGPU_TUNE="sets.u32:$shape" LD_LIBRARY_PATH=$L/me timeout 20 $B --prims set_union,set_intersection,set_union_pairs --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/s$tag r1: /"
done > $OUT/shapes.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/shapes.txt
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
