#!/bin/bash
# For session 31's first GPU call (next_c1.sh): the tree (base) and lp (probe_lbs_sampled.diff), each library to
# .gl/lib/NAME, and CUB's benchmark (../shared/peers) to .gl/peers/cub_bench.
#   lp: the load-balancing search's partitions (lbs_partition.comp: lbs, expand, move, bulk insert and remove) and the
#       join's rows partitions (join_partition.comp) searched through a sample array of every S-th start (S = 128
#       for the 128 x 3 tile), gathered first, as the merge's and the sorted search's partitions are
#       (mgpu__dispatch_sampled_partitions; the work items need no samples: item p is p). The array lies in the
#       scratch after the partitions (sized by items + objects for the load-balancing search, so that the bulk
#       insert's requirements cover it; by the objects after the partitions of capacity rows for the join).
#       Tested on lavapipe: load_balance, intervals, bulk, join (also with load_balance:subgroup=off, which sends
#       every partition through the samples), buffer, contracts; intervals and bulk get the thread_partitions ctest
#       entry; a mutation of the gather (start k * S + S - 2) fails 5 / 11 / 4 checks (load_balance / intervals /
#       bulk) and 29 (join) with subgroup off.
# Run from the repository root with build-gpu configured (Release, MGPU_BUILD_TESTS=ON).
set -e
D=bench/results/h200-2026-11-29-session30/next
build() { cmake --build build-gpu -j2 > /tmp/next_build_$1.log 2>&1; mkdir -p .gl/lib/$1; cp -L build-gpu/libmgpuvk.so.0 .gl/lib/$1/; }
build base
git apply $D/probe_lbs_sampled.diff; build lp; git apply -R $D/probe_lbs_sampled.diff
cmake --build build-gpu -j2 > /tmp/next_build_main.log 2>&1
mkdir -p .gl/peers && /usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 -o .gl/peers/cub_bench ../shared/peers/cub_bench.cu
git status --short
