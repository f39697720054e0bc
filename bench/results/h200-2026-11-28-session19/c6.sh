#!/bin/bash
# Session 19 call 6: the join's search walks with keys in registers (lib js, includes the sorted search's) against
# chain; then sorted_search shapes (search and join) on js.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
LD_LIBRARY_PATH=$L/js timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only join 2>&1 | tail -2 > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in chain js; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims join_inner,join_outer,join_left --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
for s in 256,7 256,9 256,11 128,11 128,15 512,7; do
  nt=${s%,*}; vt=${s#*,}
  MGPU_TUNE="sorted_search:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$L/js timeout 60 $B --prims search,join_inner --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(search|join)" | sed "s/^/${nt}x$vt: /"
done > $OUT/shapes.txt
echo "shapes at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/js timeout 100 $B --prims join_inner,join_left,join_right,join_outer --types u32,f64 --sizes 14:22 > $OUT/verified.txt 2>&1
MGPU_PROFILE=$OUT/prof_js.txt LD_LIBRARY_PATH=$L/js timeout 60 $B --prims join_inner --types u32 --sizes 26:26 --runs 3 --no-verify > /dev/null 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c6.tgz *.txt && rm -f *.txt
