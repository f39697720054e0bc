#!/bin/bash
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
for nv in 256:7 256:9 256:11 256:15 512:7 512:11 128:15 128:11; do
  r=""; for s in 16 20 26; do r="$r $(MGPU_TUNE="mergesort:nt=${nv%:*},vt=${nv#*:};merge:nt=${nv%:*},vt=${nv#*:}" timeout 60 $B --prims sort,sort_pairs,merge --types u32 --sizes $s --runs 3 --no-verify 2>&1 | grep -E '^(sort|sort_pairs|merge) ' | awk '{printf "%s/%s:%s ", $1, $3, $4}')"; done
  echo "## $nv:$r"
done
