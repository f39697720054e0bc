#!/bin/bash
# Session 7 call 3: probes. p1: join_search without thread 0's tail search in global memory; p2: sets with Merge
# Path instead of Balanced Path per thread; p3: sets' count pass ends after the tile load. Baseline beside each.
B=build-gpu/bench/mgpuvk-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for lib in base p1 base p1; do
  if [ $lib = base ]; then export LD_LIBRARY_PATH=$PWD/build-gpu; else export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib; fi
  MGPU_PROFILE=/tmp/j_$lib.txt timeout 40 $B --prims join_inner --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E " 67108864 " | sed "s/^/$lib: /"
done
python3 .gl/prof.py /tmp/j_p1.txt | tail -8
for lib in base p2 p3 base p2 p3; do
  if [ $lib = base ]; then export LD_LIBRARY_PATH=$PWD/build-gpu; else export LD_LIBRARY_PATH=$PWD/.gl/probe/$lib; fi
  MGPU_PROFILE=/tmp/s_$lib.txt timeout 40 $B --prims set_union --types u32 --sizes 26:26 --no-verify 2>&1 | grep -E " 67108864 " | sed "s/^/$lib: /"
done
for lib in p2 p3; do python3 .gl/prof.py /tmp/s_$lib.txt | tail -6; done
export LD_LIBRARY_PATH=$PWD/build-gpu
timeout 40 $B --prims merge,search --types u32 --sizes 25:26 --no-verify 2>&1 | grep -E " (33554432|67108864) "
