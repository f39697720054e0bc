#!/bin/bash
# For session 27's second GPU call (prepared, not run; libraries from next_build.sh): the set operations' one pass
# by ranges of 2 (sr2) or 4 (sr4) tiles a ticket against base. Session 13's ablation put ~180 of set_union's 737
# us (u32 2^26) in the per-tile look-back wait; a range walks back once for its tiles. Predicted: set_union u32
# 2^26 ~723 -> 600-650 us if the range's registers (its tiles' outputs: 7 keys a tile a thread) keep four or more
# workgroups an SM; slower if they do not (registers from the profile). Then verified and tested on the GPU.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base sr2 sr4; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/sets_ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/sets_ab.txt
for lib in base sr2 sr4; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union,set_union_pairs --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline" $OUT/p.txt | grep "spec 128 7" | sed "s/^/$lib: /" >> $OUT/sets_profile.txt; rm -f $OUT/p.txt
done
for lib in sr2 sr4; do
  LD_LIBRARY_PATH=$L/$lib timeout 80 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_symdiff_pairs --types u32,f32,u64 --sizes 14:22 > $OUT/sets_verified_$lib.txt 2>&1
  echo "verified rc=$?" >> $OUT/sets_verified_$lib.txt
  LD_LIBRARY_PATH=$L/$lib timeout 80 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only sets 2>&1 | tail -n 1 | sed "s/^/$lib: /" >> $OUT/sets_tests.txt
done
echo "all done at $((SECONDS-T0)) s" >> $OUT/sets_ab.txt
