#!/bin/bash
# Session 8 call 3: m4 (pipelined merge tile loop) over tile shapes; per-dispatch split; mergesort keys too.
B=build-gpu/bench/mgpuvk-bench
for lib in base m4; do for s in 256,7 256,9 256,11 512,7 512,9 128,11 128,15; do
  if [ $lib = base ]; then export LD_LIBRARY_PATH=$PWD/build-gpu; else export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib; fi
  nt=${s%,*}; vt=${s#*,}
  MGPU_PROFILE=/tmp/s_${lib}_${nt}_$vt.txt MGPU_TUNE="merge:nt=$nt,vt=$vt" timeout 60 $B --prims merge --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/$lib $s: /"
  python3 .gl/prof.py /tmp/s_${lib}_${nt}_$vt.txt | grep -A2 "best total" | grep "merge" | tail -2 | sed "s/^/$lib $s prof: /"
done; done
for lib in base m4; do
  if [ $lib = base ]; then export LD_LIBRARY_PATH=$PWD/build-gpu; else export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib; fi
  timeout 60 $B --prims mergesort --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E " (16777216|67108864) " | sed "s/^/$lib: /"
done
