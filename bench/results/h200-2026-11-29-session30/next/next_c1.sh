#!/bin/bash
# For session 31's first GPU call (prepared, not run; libraries from next_build.sh; carry ["build-gpu/bench",
# "build-gpu/tests","build-gpu/tools",".gl"]; results under $OUT packed into one tar). About 350 s.
# (a) lp (the load-balancing and join rows partitions through a sample array) against base, two rounds: the
#     load-balancing family (lbs, expand, move, insert, remove) and every join kind, u32 (and u64 joins), 2^20..2^26;
#     per-dispatch times at 2^26 (lbs_partition kernel 13, lbs 14; join_partition 26, join_rows 27). Predicted: the
#     join's rows partitions 80 -> ~35-45 us at 2^26 u32 (inner join 937 -> ~900 us, ~74 G keys/s), the
#     load-balancing family's partitions alike (merge partitions went 36 -> 12 us with S = 256, plus the gather).
# (b) lp's tests on the GPU (load_balance, intervals, bulk, join, join_cli; the first four also with
#     load_balance:subgroup=off), and the verified benchmark of the load-balancing family and the joins.
# (c) the headline rows beside CUB in the same call, for the closing note.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base lp; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims lbs,expand,move,insert,remove,join_inner,join_left,join_right,join_outer --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^(lbs|expand|move|insert|remove|join)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims join_inner,join_outer --types u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/log.txt
for lib in base lp; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims lbs,insert,join_inner --types u32 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel (13|14|26|27) " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
for fam in load_balance intervals bulk join join_cli; do
  LD_LIBRARY_PATH=$L/lp timeout 40 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 1 | sed "s/^/lp $fam: /" >> $OUT/tests.txt
done
for fam in load_balance intervals bulk join; do
  MGPU_TUNE="load_balance:subgroup=off" LD_LIBRARY_PATH=$L/lp timeout 40 build-gpu/tests/mgpuvk-tests --no-validation --only $fam 2>&1 | tail -n 1 | sed "s/^/lp $fam subgroup off: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/lp timeout 60 $B --prims lbs,expand,move,insert,remove,join_inner,join_outer --types u32,u64 --sizes 14:22 --runs 1 > $OUT/verified.txt 2>&1
echo "tests done at $((SECONDS-T0)) s" >> $OUT/log.txt
LD_LIBRARY_PATH=$L/base timeout 80 $B --prims scan,reduce,merge,sort,radix,radix_pairs,segreduce100,join_inner,set_union,set_union_pairs,select,unique --types u32,u64 --sizes 26:26 --no-verify > $OUT/headline.txt 2>&1
timeout 60 .gl/peers/cub_bench 26 26 > $OUT/cub.csv 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c1.tgz *.txt *.csv && rm -f *.txt *.csv
