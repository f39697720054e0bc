#!/bin/bash
B=build-gpu/bench/mgpuvk-bench
P=$PWD/build-probe:$PWD/build-gpu
for m in 0 1 2 3; do
  MGPU_PROBE=$m MGPU_PROFILE=$OUT/probe_$m.txt LD_LIBRARY_PATH=$P timeout 60 $B --prims radix --types u32 --sizes 26 --runs 5 --no-verify > /dev/null 2>&1
  echo "## probe $m"; python3 .gl/prof.py $OUT/probe_$m.txt | grep -v "copy \|^pipeline\|^== .*submits, best total [0-9.]* us$" | head -7
  python3 .gl/prof.py $OUT/probe_$m.txt | grep "^pipeline.*onesweep"
done
export LD_LIBRARY_PATH=$PWD/build-gpu
for t in u32 u64; do for nv in 256:15 256:8 256:4 256:2 128:8 128:4 128:2 512:4 64:4; do
  echo "## $t $nv"; MGPU_TUNE="radixsort.$t:nt=${nv%:*},vt=${nv#*:}" timeout 60 $B --prims radix --types $t --sizes 14:20 --runs 10 2>&1 | grep "^radix" | awk '{printf "%s:%s ", $3, $4} END {print ""}'
done; done
