#!/bin/bash
# Session 30, call 5: nb, the set operations' three counts from the neighbours (each thread's first and last runs
# in shared memory: the copies of its first key before it are the last runs of the threads before it while each
# is one run of that key, B's copies of its last key after it the first runs of the threads after it; galloping
# only where a run reaches the tile's edge), against base (85c1732), keys of u32, u64, f32 and pairs of u32, u64,
# 2^20..2^26, two rounds; the count pass at 2^26 (lookback off); the sets tests and the verified benchmark on the
# GPU with nb. Predicted (call 1's ng bound: the galloping counts cost 24-82 us of the u32 count pass, f32's whole
# gap to u32): u32 intersection and symdiff one pass -5..-10%, union -2..-4%, f32 close to u32.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base nb; do
  LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims set_union,set_intersection,set_difference,set_symdiff --types u32,u64,f32 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 20 $B --prims set_union_pairs,set_intersection_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
for lib in base nb; do
  MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims set_union,set_intersection,set_symdiff --types u32,u64,f32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel 28 |^pipeline kernel 28 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
for fam in sets sets_lookback sets_cli; do
  LD_LIBRARY_PATH=$L/nb timeout 40 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/nb $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/nb timeout 40 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_symdiff_pairs --types u32,i32,f32,u64,i64,f64 --sizes 14:19 --runs 1 > $OUT/verified.txt 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
