#!/bin/bash
# For session 30's first GPU call (prepared, not run; libraries from next_build.sh; carry ["build-gpu/bench",
# "build-gpu/tests","build-gpu/tools",".gl"]; results under $OUT packed into one tar). About 500 s: run with
# timeout_s 600 (or drop (d)).
# (0) js (the join's search in one walk) against base, two rounds, every kind, u32 and u64, 2^20..2^26; its
#     per-dispatch times at 2^26; the join tests on the GPU; every kind verified. Predicted: join_search -20..30%,
#     inner join u32 2^26 ~1099 -> ~950-1000 us (61 -> 67-70 G keys/s; issue 13's target 69).
# (a) Where the set tile's count pass goes now: base / ng / nd, count pass alone (lookback off) per op, u32 and u64
#     at 2^26 (kernel 28, dispatch 2), and the one pass at 2^22..2^26, two rounds. Predicted: nd near the merge's
#     ~150 us, ng between.
# (b) The 32-bit keys' tile at small sizes: 256 x 9 (session 28's row) against 256 x 13 (the row) at 2^14..2^21
#     (session 29: 256 x 13 0.1-0.7 us slower at 2^14..2^19 in 10 of 18 rows), two rounds: a size rule if it wins.
# (c) f32 against u32 (session 29: set_union 2^26 444.8 against 390.0 us, 0.26 against 0.30 of copy): count pass
#     per type, to tell a slower kernel from more outputs.
# (d) The headline rows of issues 10, 12, 13, 14 beside CUB in the same call (one round) for the closing note; and
#     select / unique / rle u32 at 2^20..2^23 (inputs that fit L2): if unique's ranges read their elements twice
#     from DRAM at 2^26 (unique 218 us, select 227: the same DRAM bytes if the second read misses L2), unique
#     should run well ahead of select where the input fits L2. And nr (unique and rle not reloading their
#     elements, timing only) against base at 2^24..2^26, two rounds: predicted unique u32 2^26 218 -> ~150 us if the
#     second read goes to DRAM, ~205 if it hits L2.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base js; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims join_inner,join_left,join_right,join_outer --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab_join.txt
for lib in base js; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims join_inner,join_outer --types u32,u64 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel (4|5|25|26|27) |^pipeline kernel 25 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile_join.txt; rm -f $OUT/p.txt
done
for fam in join join_cli; do
  LD_LIBRARY_PATH=$L/js timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/js $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/js timeout 40 $B --prims join_inner,join_left,join_right,join_outer --types u32,i32,f32,u64,i64,f64 --sizes 14:21 --runs 1 > $OUT/verified_join.txt 2>&1
echo "join done at $((SECONDS-T0)) s" >> $OUT/tests.txt
for lib in base ng nd; do
  MGPU_TUNE="sets:lookback=off" LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union,set_intersection,set_symdiff --types u32,u64,f32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel 28 |^pipeline kernel 28 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
for round in 1 2; do for lib in base ng nd; do
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims set_union,set_intersection,set_symdiff --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
for round in 1 2; do for shape in row 256x9; do
  tune=""; [ $shape = 256x9 ] && tune="sets.u32:nt=256,vt=9"
  MGPU_TUNE="$tune" LD_LIBRARY_PATH=$L/base timeout 30 $B --prims set_union,set_intersection,set_symdiff,set_difference --types u32 --sizes 14:21 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$shape r$round: /"
done; done > $OUT/small.txt
echo "sets done at $((SECONDS-T0)) s" >> $OUT/small.txt
LD_LIBRARY_PATH=$L/base timeout 80 $B --prims scan,reduce,merge,sort,sort_pairs,radix,radix_pairs,segreduce100,join_inner,set_union,set_union_pairs,select,partition,unique,rle --types u32,u64 --sizes 24:26 --no-verify > $OUT/headline.txt 2>&1
timeout 60 .gl/peers/cub_bench 24 26 > $OUT/cub.csv 2>&1
LD_LIBRARY_PATH=$L/base timeout 30 $B --prims select,unique,rle --types u32 --sizes 20:23 --no-verify > $OUT/compact_small.txt 2>&1
for round in 1 2; do for lib in base nr; do
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims unique,rle --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(unique|rle)" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab_compact.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/headline.txt
cd $OUT && tar czf c1.tgz *.txt *.csv && rm -f *.txt *.csv
