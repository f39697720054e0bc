#!/bin/bash
# Session 19 call 4: the join's tile shapes through MGPU_TUNE (rows: load_balance's I32 tuning; search:
# sorted_search's), u32 at 2^24..2^26, no verification; then the best verified.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do
for s in 128,3 128,5 128,7 128,11 256,3 256,5 256,7 512,3 512,5; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_TUNE="load_balance:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/chain timeout 60 $B --prims join_inner,join_outer --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/rows${nt}x$vt r$round: /"
done
for s in 256,5 256,9 128,11 128,7 512,5; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_TUNE="sorted_search:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/chain timeout 60 $B --prims join_inner,join_outer --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/search${nt}x$vt r$round: /"
done
done > $OUT/shapes.txt
echo "shapes at $((SECONDS-T0)) s"
MGPU_PROFILE=$OUT/prof_join.txt LD_LIBRARY_PATH=$L/chain timeout 60 $B --prims join_inner --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
MGPU_PROFILE=$OUT/prof_join_r256x7.txt MGPU_TUNE="load_balance:nt=256,vt=7" LD_LIBRARY_PATH=$L/chain timeout 60 $B --prims join_inner --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
