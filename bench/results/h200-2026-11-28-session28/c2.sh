#!/bin/bash
# Session 28, call 2: call 1's merged sets tile ran 3-4x slower than the merge (count pass 612 us at 2^26 u32 against
# the merge's 166) with 96 bytes of local memory: its decision loop, with two galloping searches inlined per
# output, was likely not unrolled, so its register arrays went to local memory. `new2`: one probe per output in the
# unrolled loop, the ranked outputs in a loop of their own reading shared memory. Predicted: local memory 0, the
# count pass ~120-170 us, the one pass ~200-250 us at 2^26 u32 (base 585).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do
  LD_LIBRARY_PATH=$L/base timeout 45 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/base r$round: /"
  LD_LIBRARY_PATH=$L/new2 timeout 45 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/new2 r$round: /"
  MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/new2 timeout 45 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/csw2 r$round: /"
done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
for mode in on off; do
  MGPU_TUNE="sets:lookback=$mode" LD_LIBRARY_PATH=$L/new2 MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union,set_intersection,set_union_pairs --types u32,u64 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
  grep -E "^submit|^pipeline" $OUT/p.txt | sed "s/^/lookback $mode: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
echo "profile done at $((SECONDS-T0)) s" >> $OUT/profile.txt
for shape in "nt=128,vt=11" "nt=256,vt=7" "nt=128,vt=7" "nt=256,vt=9"; do
  tag=$(echo $shape | tr -d 'ntv=' | tr ',' 'x')
  MGPU_TUNE="sets.u32:$shape" LD_LIBRARY_PATH=$L/new2 timeout 30 $B --prims set_union,set_union_pairs --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/s$tag r1: /"
done > $OUT/shapes.txt
for shape in "nt=128,vt=7" "nt=256,vt=7" "nt=128,vt=5"; do
  tag=$(echo $shape | tr -d 'ntv=' | tr ',' 'x')
  MGPU_TUNE="sets.u64:$shape" LD_LIBRARY_PATH=$L/new2 timeout 30 $B --prims set_union,set_union_pairs --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/s$tag r1: /"
done >> $OUT/shapes.txt
echo "shapes done at $((SECONDS-T0)) s" >> $OUT/shapes.txt
LD_LIBRARY_PATH=$L/new2 timeout 60 $B --prims set_union,set_intersection,set_difference,set_symdiff,set_union_pairs,set_symdiff_pairs --types u32,f32,u64 --sizes 14:22 --runs 2 > $OUT/verified.txt 2>&1
echo "verified rc=$? at $((SECONDS-T0)) s" >> $OUT/verified.txt
LD_LIBRARY_PATH=$L/new2 timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only sets 2>&1 | tail -n 2 > $OUT/tests.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/tests.txt
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
