#!/bin/bash
# For session 23's second GPU call (not run), after next_c1.sh: can the sorted search's results over its keys
# (session 21's probe_search_results_over_keys.diff, library .gl/lib/sk; base = main's) take large tiles at large
# sizes and keep its frame-size speed with another shape? Session 22 call 1: on sk, 128 x 11 is 3-8% faster than
# the row (base 256 x 7) from 2^19 but 1.3-1.7 us slower at 2^14..2^18, and sk at 256 x 7 0.4 us slower there. If a
# smaller VT on sk (128 x 5, 128 x 7, 256 x 5) matches base's 256 x 7 at 2^14..2^18, a frame rule as the radix
# sort's (a smaller VT while the input makes few tiles) gives both; if none does, the probe stays unlanded.
# Predicted: 128 x 7 on sk within 0.3 us of base at 2^14..2^18 (the frame cost is each thread's serial steps).
# Build: main's library to .gl/lib/base; `git apply` probe_search_results_over_keys.diff (session 21), build to
# .gl/lib/sk, revert. Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do
  LD_LIBRARY_PATH=$L/base timeout 60 $B --prims search --types u32,u64 --sizes 14:20 --no-verify 2>&1 | grep -E "^search" | sed "s/^/base row r$round: /"
  for s in 128x5 128x7 256x5 128x11; do
    nt=${s%x*}; vt=${s#*x}
    LD_LIBRARY_PATH=$L/sk MGPU_TUNE="sorted_search.u32:nt=$nt,vt=$vt,values_nt=256,values_vt=10;sorted_search.u64:nt=$nt,vt=$vt,values_nt=256,values_vt=7" timeout 60 $B --prims search --types u32,u64 --sizes 14:20 --no-verify 2>&1 | grep -E "^search" | sed "s/^/sk $s r$round: /"
  done
done > $OUT/search_frame.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
