#!/bin/bash
# Session 30, call 3: (a) jb, the join's search replaying its runs from bits (whether each step's key equals the
# step before's) instead of an array of its keys (u64: 48-64 bytes of local memory in call 2's profile), against
# base (e985ef8), every kind, u32 and u64, 2^20..2^26, two rounds; registers and local memory; the join tests and
# every kind verified on the GPU with jb. Predicted: u64 join_search faster (no local memory), u32 level or
# slightly faster (fewer registers). (b) the set operations' workgroups (sets.u32 groups, the row's 4096) at
# 2^22..2^26, two rounds.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base jb; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims join_inner,join_left,join_right,join_outer --types u32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab_join.txt
for lib in base jb; do
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 20 $B --prims join_inner --types u32,u64 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
  grep -E "^submit.* kernel 25 |^pipeline kernel 25 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/profile.txt; rm -f $OUT/p.txt
done
for fam in join join_cli; do
  LD_LIBRARY_PATH=$L/jb timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $fam 2>&1 | tail -n 2 | sed "s/^/jb $fam: /" >> $OUT/tests.txt
done
LD_LIBRARY_PATH=$L/jb timeout 60 $B --prims join_inner,join_left,join_right,join_outer --types u32,i32,f32,u64,i64,f64 --sizes 14:21 --runs 1 > $OUT/verified_join.txt 2>&1
echo "join done at $((SECONDS-T0)) s" >> $OUT/log.txt
for round in 1 2; do for g in 4096 2048 8192 16384; do
  MGPU_TUNE="sets.u32:groups=$g" LD_LIBRARY_PATH=$L/jb timeout 30 $B --prims set_union,set_intersection --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/g$g r$round: /"
done; done > $OUT/sets_groups.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/log.txt
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
