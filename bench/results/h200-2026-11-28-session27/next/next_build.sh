#!/bin/bash
# For session 28's first GPU call (next_c1.sh): main and one probe build, each library to .gl/lib/NAME.
#   nb: the set operations' f32 keys held as floats, not order bits (probe_sets_f32_floats.diff): by ranges of
#       tiles the f32 kernel took 81 registers against u32's 58 and lost 12-18% (session 27, call 5), while f64,
#       which compares floats, gained as u64 did.
#   ot: the per-tile pass as before session 27 (probe_sets_old_tile.diff: df04050's mgpu_tile, its own copy of the
#       tile's outputs), for the 1-2% the per-tile pass lost when it came to share the ranges' functions.
# Run from the repository root with build-gpu configured (Release, MGPU_BUILD_TESTS=ON).
set -e
D=bench/results/h200-2026-11-28-session27/next
build() { cmake --build build-gpu -j2 > /tmp/next_build_$1.log 2>&1; mkdir -p .gl/lib/$1; cp -L build-gpu/libmgpuvk.so.0 .gl/lib/$1/; }
build base
git apply $D/probe_sets_f32_floats.diff; build nb; git apply -R $D/probe_sets_f32_floats.diff
git apply $D/probe_sets_old_tile.diff; build ot; git apply -R $D/probe_sets_old_tile.diff
cmake --build build-gpu -j2 > /tmp/next_build_main.log 2>&1
git status --short
