#!/bin/bash
# Session 28, call 1: the set operations as a merge whose outputs are kept or dropped (`new`: merge partitions,
# the merge's pipelined tile, matches counted by galloping from each output's place) against `base` (ad192b7:
# Balanced Path tiles, one pass by ranges). Predicted: count, scan and write (lookback=off) near the merge's
# time plus a count pass (~300 us at 2^26 u32, against base 584); the one pass (default) maybe below that.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
# (1) correctness on the GPU: new verified and its tests
LD_LIBRARY_PATH=$L/new timeout 100 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_symdiff_pairs --types u32,f32,u64,f64 --sizes 14:23 --runs 2 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
LD_LIBRARY_PATH=$L/new MGPU_TUNE="sets:lookback=off" timeout 60 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs --types u32,i64 --sizes 14:22 --runs 2 >> $OUT/verified.txt 2>&1
echo "verified (lookback off) rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
for fam in sets sets_lookback sets_cli; do
  LD_LIBRARY_PATH=$L/new timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/$fam: /" >> $OUT/tests.txt
done
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
# (2) A/B: base, new (one pass), new count/scan/write; two rounds
for round in 1 2; do
  LD_LIBRARY_PATH=$L/base timeout 45 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/base r$round: /"
  LD_LIBRARY_PATH=$L/new timeout 45 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/new r$round: /"
  MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/new timeout 45 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/csw r$round: /"
done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
LD_LIBRARY_PATH=$L/new timeout 30 $B --prims merge,copy --types u32,u64 --sizes 24:26 --no-verify > $OUT/merge_ref.txt 2>&1
# (3) per-dispatch times and registers at 2^26
for mode in on off; do
  MGPU_TUNE="sets:lookback=$mode" LD_LIBRARY_PATH=$L/new MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
  grep -E "^submit|^pipeline" $OUT/p.txt | sed "s/^/lookback $mode: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
echo "profile done at $((SECONDS-T0)) s" >> $OUT/profile.txt
# (4) the new tile's shapes (one pass and count/scan/write)
for shape in "nt=256,vt=11" "nt=128,vt=11" "nt=256,vt=7" "nt=256,vt=15" "nt=128,vt=15" "nt=512,vt=7"; do
  tag=$(echo $shape | tr -d 'ntv=' | tr ',' 'x')
  for mode in on off; do
    MGPU_TUNE="sets.u32:$shape,lookback=$mode" LD_LIBRARY_PATH=$L/new timeout 30 $B --prims set_union,set_union_pairs --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/s$tag$mode r1: /"
  done
done > $OUT/shapes.txt
for shape in "nt=256,vt=5" "nt=256,vt=7" "nt=128,vt=9" "nt=256,vt=9" "nt=128,vt=7"; do
  tag=$(echo $shape | tr -d 'ntv=' | tr ',' 'x')
  for mode in on off; do
    MGPU_TUNE="sets.u64:$shape,lookback=$mode" LD_LIBRARY_PATH=$L/new timeout 30 $B --prims set_union,set_union_pairs --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/s$tag$mode r1: /"
  done
done >> $OUT/shapes.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/shapes.txt
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
