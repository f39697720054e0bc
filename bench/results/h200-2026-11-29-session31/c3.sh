#!/bin/bash
# Session 31, call 3: pf (probe_segsort_prefetch.diff), the segmented and locality sorts' list walks reading their
# next list entries (and the merge its next tile_info) ahead, against tr (fddd701, the trimmed moving tiles), two
# rounds; per-dispatch profiles of locality_100 and segsort_10000 at 2^26; the segsort tests and the verified
# benchmark with pf on the GPU. Predicted (call 2's profile: the walks are latency-bound, ~4 dependent round trips
# a merged tile): merge dispatches -20..30% (segsort_10000 u32 2^26 merges 1102 -> ~800 us, 2894 -> ~2650 in all;
# locality_100 2308 -> ~2150).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in tr pf; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims locality_100,locality_10000,locality_pairs_100,segsort_100,segsort_10000,segsort_pairs_100 --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims locality_100,segsort_10000 --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
for lib in tr pf; do for prim in locality_100 segsort_10000; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims $prim --types u32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  last=$(grep -E "^submit" $OUT/p.txt | tail -n 1 | awk '{print $2}')
  grep -E "^submit $last |^pipeline" $OUT/p.txt | sed "s/^/$lib $prim: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done; done
for fam in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/pf timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/pf $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/pf timeout 60 $B --prims locality_100,locality_10000,locality_pairs_100,locality_pairs_10000,segsort_100,segsort_pairs_10000 --types u32,i32,f32,u64,i64,f64 --sizes 14:20 --runs 1 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/pf timeout 30 $B --prims locality_100,locality_pairs_100,segsort_10000 --types u32,u64 --sizes 22:24 --runs 1 >> $OUT/verified.txt 2>&1
echo "tests done at $((SECONDS-T0)) s" >> $OUT/log.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
