#!/bin/bash
# Session 31, call 5: pq (probe_segsort_prefetch_long.diff: call 3's pf, reading ahead only where a list is longer
# than the grid, else the plain walk) against tr (fddd701) and pf, two rounds: does segsort_100's 1-4% loss at
# 2^20..2^23 (call 4: in pm and pf alike, not seen in the per-dispatch profile) go, and the 2^26 gains stay?
# pq's segsort tests and a verified benchmark on the GPU.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in tr pf pq; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims segsort_100,segsort_pairs_100,locality_100 --types u32 --sizes 20:23 --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims segsort_100,segsort_10000,locality_100,locality_pairs_100 --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
for fam in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/pq timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/pq $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/pq timeout 40 $B --prims locality_100,locality_pairs_10000,segsort_100,segsort_pairs_10000 --types u32,i32,u64,f64 --sizes 14:20 --runs 1 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/pq timeout 30 $B --prims locality_100,segsort_10000 --types f32,u64 --sizes 22:23 --runs 1 >> $OUT/verified.txt 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
