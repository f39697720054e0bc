#!/bin/bash
# For session 32's first GPU call (next_c1.sh): the tree (base) and sm (probe_segsort_merge_subgroups.diff), each
# library to .gl/lib/NAME, and CUB's benchmark (../shared/peers) to .gl/peers/cub_bench.
#   sm: segsort_merge's subgroup variant (where the tuning's subgroup is on): each workgroup takes up to NT list
#       entries a step, a thread each reading its tile's tile_info; the tiles whose trimmed shares fit a subgroup's
#       part of shared memory with the serial merge's slack (gl_SubgroupSize * VT - VT - 1 keys: on nearly sorted
#       input nearly all of them) merge a subgroup each, in rounds every subgroup runs (lavapipe), the others by
#       the workgroup one by one. Tested on lavapipe: segsort (also with segsort:groups=3), segsort_cli; two
#       mutations of the subgroup merge (a B key's place, a value's source) fail 71 and 115 checks.
# Run from the repository root with build-gpu configured (Release, MGPU_BUILD_TESTS=ON).
set -e
D=bench/results/h200-2026-11-29-session31/next
build() { cmake --build build-gpu -j2 > /tmp/next_build_$1.log 2>&1; mkdir -p .gl/lib/$1; cp -L build-gpu/libmgpuvk.so.0 .gl/lib/$1/; }
build base
git apply $D/probe_segsort_merge_subgroups.diff; build sm; git apply -R $D/probe_segsort_merge_subgroups.diff
cmake --build build-gpu -j2 > /tmp/next_build_main.log 2>&1
mkdir -p .gl/peers && /usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 -o .gl/peers/cub_bench ../shared/peers/cub_bench.cu
git status --short
