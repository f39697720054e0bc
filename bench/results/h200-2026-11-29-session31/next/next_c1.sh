#!/bin/bash
# For session 32's first GPU call (prepared, not run; libraries from next_build.sh; carry ["build-gpu/bench",
# "build-gpu/tests","build-gpu/tools",".gl"]; results under $OUT packed into one tar). About 250 s.
# (a) sm (segsort_merge by subgroups for the tiles of few keys) against base, two rounds: the locality and
#     segmented sorts, u32 2^20..2^23 and 2^26, u64 at 2^26; per-dispatch profiles of locality_100 and
#     segsort_10000 at 2^26 (kernel 22: segsort_merge). Predicted (session 31's profile: pass 0's merge 209 us for
#     about 50 keys a tile, a tile after another a workgroup): locality noise 100 u32 2^26 merges 423 -> ~150-250
#     us, 1831 -> ~1600-1700 in all (1.75-1.85x the mergesort of the same keys; issue 12's target 2x); segmented
#     sorts level (their tiles mostly take the workgroup's path; mean 10000 within +-2%).
# (b) sm's segsort tests on the GPU (also with segsort:groups=64, walks of many steps) and the verified benchmark.
# (c) the headline rows beside CUB in the same call, for the closing note.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base sm; do for sizes in 20:23 26:26; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims locality_100,locality_10000,locality_pairs_100,segsort_100,segsort_10000,segsort_pairs_100 --types u32 --sizes $sizes --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
done; done; done > $OUT/ab.txt
for lib in base sm; do
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims locality_100,segsort_10000 --types u64 --sizes 26:26 --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r1: /" >> $OUT/ab.txt
done
LD_LIBRARY_PATH=$L/base timeout 30 $B --prims mergesort_near_100 --types u32,u64 --sizes 26:26 --no-verify > $OUT/mergesort_near.txt 2>&1
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
for lib in base sm; do for prim in locality_100 segsort_10000; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims $prim --types u32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  last=$(grep -E "^submit" $OUT/p.txt | tail -n 1 | awk '{print $2}')
  grep -E "^submit $last |^pipeline" $OUT/p.txt | sed "s/^/$lib $prim: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done; done
for fam in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/sm timeout 70 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/sm $fam: /" >> $OUT/tests.txt
done
MGPU_TUNE="segsort:groups=64" LD_LIBRARY_PATH=$L/sm timeout 70 build-gpu/tests/mgpuvk-tests --no-validation --only segsort 2>&1 | tail -n 1 | sed "s/^/sm segsort groups=64: /" >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/sm timeout 50 $B --prims locality_100,locality_10000,locality_pairs_100,segsort_100,segsort_10000,segsort_pairs_10000 --types u32,i32,f32,u64,i64,f64 --sizes 14:19 --runs 1 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/sm timeout 50 $B --prims locality_100,locality_pairs_10000,segsort_100,segsort_10000 --types u32,f32,u64 --sizes 23:24 --runs 1 >> $OUT/verified.txt 2>&1
echo "tests done at $((SECONDS-T0)) s" >> $OUT/log.txt
LD_LIBRARY_PATH=$L/base timeout 80 $B --prims scan,reduce,merge,sort,radix,radix_pairs,segreduce100,join_inner,set_union,set_union_pairs,select,unique --types u32,u64 --sizes 26:26 --no-verify > $OUT/headline.txt 2>&1
timeout 60 .gl/peers/cub_bench 26 26 > $OUT/cub.csv 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c1.tgz *.txt *.csv && rm -f *.txt *.csv
