#!/bin/bash
# Session 22 call 2: the merge's and the sorted search's tile pipeline two tiles deep (probe_tile_depth2.diff,
# .gl/lib/d2; skipped for time in call 1), and the join's search tile on the tree (base) beside the results-over-keys
# probe (sk): call 1 had sk's join u64 at 256x7 6.6% under base's row (256x5), u32 256x9 2.4% under base's 256x7.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in merge mergesort sorted_search; do
  LD_LIBRARY_PATH=$L/d2 timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f]"
done > $OUT/d2_tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base d2; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims merge,search --types u32,u64 --sizes 18:26 --no-verify 2>&1 | grep -E "^(merge|search)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims sort,sort_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
done; done > $OUT/d2_ab.txt
LD_LIBRARY_PATH=$L/d2 MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims merge,search --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
grep pipeline $OUT/p.txt | sort -u > $OUT/d2_pipelines.txt; rm -f $OUT/p.txt
echo "d2 at $((SECONDS-T0)) s"
for round in 1 2; do
for lib in base sk; do
  for s in 256x7 256x9 512x7 256x11; do
    [ $((SECONDS-T0)) -lt 480 ] || break
    nt=${s%x*}; vt=${s#*x}
    LD_LIBRARY_PATH=$L/$lib MGPU_TUNE="sorted_search.u32:nt=256,vt=7,values_nt=$nt,values_vt=$vt" timeout 60 $B --prims join_inner --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib join $s r$round: /"
  done
  for s in 256x5 256x7 512x5 256x9; do
    [ $((SECONDS-T0)) -lt 500 ] || break
    nt=${s%x*}; vt=${s#*x}
    LD_LIBRARY_PATH=$L/$lib MGPU_TUNE="sorted_search.u64:nt=256,vt=5,values_nt=$nt,values_vt=$vt" timeout 60 $B --prims join_inner --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^join" | sed "s/^/$lib join $s r$round: /"
  done
done; done > $OUT/join_tiles.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
