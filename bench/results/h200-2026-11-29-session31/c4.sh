#!/bin/bash
# Session 31, call 4: which half of call 3's pf cost segsort_100 1-4% (+7 us at 2^22): pm (the merge's prefetch
# alone, probe_segsort_merge_prefetch.diff) and pf (the prep's too) against tr (fddd701), two rounds, with
# per-dispatch profiles of segsort_100 at 2^22; pm's segsort tests and verified benchmark on the GPU; the headline
# rows (tr) beside CUB for the closing note.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in tr pm pf; do for sizes in 20:23 26:26; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims segsort_100,segsort_10000,locality_100 --types u32 --sizes $sizes --no-verify 2>&1 | grep -E "^(loc|seg)" | sed "s/^/$lib r$round: /"
done; done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
for lib in tr pm pf; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims segsort_100 --types u32 --sizes 22:22 --runs 3 --no-verify > /dev/null 2>&1
  last=$(grep -E "^submit" $OUT/p.txt | tail -n 1 | awk '{print $2}')
  grep -E "^submit $last |^pipeline" $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
for fam in segsort segsort_cli; do
  LD_LIBRARY_PATH=$L/pm timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/pm $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/pm timeout 40 $B --prims locality_100,locality_pairs_10000,segsort_100,segsort_pairs_10000 --types u32,f32,u64,f64 --sizes 14:20 --runs 1 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$L/pm timeout 30 $B --prims locality_100,segsort_10000 --types u32,i64 --sizes 22:23 --runs 1 >> $OUT/verified.txt 2>&1
echo "tests done at $((SECONDS-T0)) s" >> $OUT/log.txt
LD_LIBRARY_PATH=$L/tr timeout 100 $B --prims scan,reduce,merge,sort,radix,radix_pairs,segreduce100,segreduce10000,join_inner,join_outer,set_union,set_union_pairs,select,partition,unique,rle,histogram --types u32,u64 --sizes 26:26 --no-verify > $OUT/headline.txt 2>&1
timeout 60 .gl/peers/cub_bench 26 26 > $OUT/cub.csv 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c4.tgz *.txt *.csv && rm -f *.txt *.csv
