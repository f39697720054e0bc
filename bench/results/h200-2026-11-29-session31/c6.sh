#!/bin/bash
# Session 31, call 6: cq (probe_segsort_prep_settle.diff: the prep's walk takes a chunk of its list a step, a
# thread a tile settling those surely in place by its own few reads, the workgroup working through the rest)
# against pq (d921f20), two rounds; per-dispatch profile of locality_100 at 2^26; cq's segsort tests and the
# verified benchmark (2^23 and 2^24 walk chunks of two and more) on the GPU. Predicted (call 3: the prep's later
# passes walk every tile of the locality sort, 27-100 us each, ~1000 us in all): locality_100 u32 2^26 ~2228 ->
# ~1600-1800 us, segsort_10000 level or -1..2%, segsort_100 level.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in pq cq; do for sizes in 20:23 26:26; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims locality_100,locality_10000,locality_pairs_100,segsort_100,segsort_10000,segsort_pairs_100 --types u32 --sizes $sizes --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
done; done; done > $OUT/ab.txt
for lib in pq cq; do
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims locality_100,segsort_10000 --types u64 --sizes 26:26 --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r1: /" >> $OUT/ab.txt
done
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
LD_LIBRARY_PATH=$L/cq MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims locality_100 --types u32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
last=$(grep -E "^submit" $OUT/p.txt | tail -n 1 | awk '{print $2}')
grep -E "^submit $last |^pipeline" $OUT/p.txt | sed "s/^/cq: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
for fam in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/cq timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/cq $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/cq timeout 50 $B --prims locality_100,locality_10000,locality_pairs_100,segsort_100,segsort_10000,segsort_pairs_10000 --types u32,i32,f32,u64,i64,f64 --sizes 14:19 --runs 1 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/cq timeout 50 $B --prims locality_100,locality_10000,locality_pairs_10000,segsort_10000,segsort_pairs_10000 --types u32,f32,u64 --sizes 23:24 --runs 1 >> $OUT/verified.txt 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c6.tgz *.txt && rm -f *.txt
