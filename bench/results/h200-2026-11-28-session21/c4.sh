#!/bin/bash
# Session 21, call 4: the sorted search's tile shapes again (its ablation in call 3: the walk ~50 us and the
# stores ~70 of 605 at u32 2^26; the rest its loads and partitions, so more keys in flight a workgroup should pay).
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/.gl/lib/tune
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do
  for s in 256x7 256x9 256x11 256x13 256x15 128x11 128x15 512x7 512x9; do
    nt=${s%x*}; vt=${s#*x}
    MGPU_TUNE="sorted_search.u32:nt=$nt,vt=$vt" timeout 60 $B --prims search,join_inner --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(search|join)" | sed "s/^/$s r$round: /"
  done
  for s in 256x5 256x7 256x9 256x11 128x9 128x13; do
    nt=${s%x*}; vt=${s#*x}
    MGPU_TUNE="sorted_search.u64:nt=$nt,vt=$vt" timeout 60 $B --prims search,join_inner --types u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(search|join)" | sed "s/^/$s r$round: /"
  done
  echo "round $round at $((SECONDS-T0)) s"
done > $OUT/shapes.txt
for s in 256x9 256x11 256x13 256x15 512x9; do
  [ $((SECONDS-T0)) -lt 420 ] || break
  nt=${s%x*}; vt=${s#*x}
  MGPU_TUNE="sorted_search.u32:nt=$nt,vt=$vt;sorted_search.u64:nt=$nt,vt=$vt" timeout 60 $B --prims search,join_inner,join_outer --types u32,f32,u64,i64 --sizes 14:22 2>&1 | grep -E "^(search|join)" | sed "s/^/$s: /"
done > $OUT/verified.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
