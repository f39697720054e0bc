#!/bin/bash
# For session 30's first GPU call (next_c1.sh): main and two ablation builds of the set operations' tile, each
# library to .gl/lib/NAME, and CUB's benchmark (../shared/peers) to .gl/peers/cub_bench.
#   ng: no galloping counts (the copies of a thread's first key before its place, B's copies of its last key past
#       its end: all taken as 0; wrong where runs are cut by threads, timing only).
#   nd: no decision at all (every merged output kept, no galloping; timing only): with ng, splits the count pass
#       (session 29: union u32 2^26 243 us, intersection 273, symdiff 310, against the merge's whole pass ~195)
#       into the merge, the galloping counts and the decision loop.
#   js: the join's search in one walk (probe_join_one_walk.diff): the B-first walk that gave each A element's upper
#       bound (a Merge Path search and VT steps a thread, and a barrier) replaced by a backward replay of the A-first
#       walk's keys from registers (B's copies of a key merge right after A's) and one galloping count in the
#       tile's B keys at the thread's end. Tested on lavapipe: join (13999 checks), join_cli; two mutations (the
#       count past the thread's end ignored; the tail past the tile ignored) fail 342 and 299 checks.
#   nr: unique and rle by ranges not reloading their elements for the write (probe_compact_noreload.diff: values
#       made from positions, timing only): what the second read of a range's elements costs.
# Run from the repository root with build-gpu configured (Release, MGPU_BUILD_TESTS=ON).
set -e
D=bench/results/h200-2026-11-28-session29/next
build() { cmake --build build-gpu -j2 > /tmp/next_build_$1.log 2>&1; mkdir -p .gl/lib/$1; cp -L build-gpu/libmgpuvk.so.0 .gl/lib/$1/; }
build base
git apply $D/probe_sets_nogallop.diff; build ng; git apply -R $D/probe_sets_nogallop.diff
git apply $D/probe_sets_nodecide.diff; build nd; git apply -R $D/probe_sets_nodecide.diff
git apply $D/probe_join_one_walk.diff; build js; git apply -R $D/probe_join_one_walk.diff
git apply $D/probe_compact_noreload.diff; build nr; git apply -R $D/probe_compact_noreload.diff
cmake --build build-gpu -j2 > /tmp/next_build_main.log 2>&1
mkdir -p .gl/peers && /usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 -o .gl/peers/cub_bench ../shared/peers/cub_bench.cu
git status --short
