#!/bin/bash
# Session 31, call 7 (the session's last device time): fin (8825b4a: the straddle merges in equal subgroup rounds,
# the locality sort's settling walk) against pq (d921f20), two rounds; the mergesort of the same nearly sorted keys;
# fin's segsort tests and verified benchmark on the GPU (2^23 and 2^24: straddle chunks of several boundaries).
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in pq fin; do for sizes in 20:22 26:26; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims segsort_100,segsort_pairs_100,segsort_10000,locality_100,locality_pairs_100 --types u32 --sizes $sizes --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
done; done; done > $OUT/ab.txt
LD_LIBRARY_PATH=$L/fin timeout 30 $B --prims locality_100,locality_10000,mergesort_near_100,mergesort_near_10000 --types u32,u64 --sizes 26:26 --no-verify > $OUT/locality_vs_mergesort.txt 2>&1
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
for fam in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/fin timeout 70 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/fin $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/fin timeout 40 $B --prims segsort_100,segsort_pairs_100,locality_100,locality_pairs_10000 --types u32,f32,u64 --sizes 14:18 --runs 1 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/fin timeout 40 $B --prims segsort_100,segsort_pairs_100,locality_100,segsort_10000 --types u32,i64 --sizes 23:24 --runs 1 >> $OUT/verified.txt 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c7.tgz *.txt && rm -f *.txt
