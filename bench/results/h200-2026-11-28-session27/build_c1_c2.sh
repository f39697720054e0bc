#!/bin/bash
# For session 27's first GPU call (next_c1.sh): main and three probe builds, each library to .gl/lib/NAME.
#   pf: session 25's probe_compact_prefetch.diff (each range's next tile loaded while the tile before works), now
#       on the ranges' own 128 x 8 / 128 x 4 tiles (refuted at 512 x 8 tiles: select +2.6%, unique +50%).
#   vs: 64-bit values written straight from registers to their outputs (no staging: call 2's unstaged probe pd,
#       which wrote them at the wrong place, ran u64 pairs 12% faster).
#   ks: vs, and 64-bit keys written the same way (no staging at all with 64-bit keys).
#   sr2, sr4: the set operations' one pass by ranges of 2 or 4 tiles a ticket (each range computes its tiles'
#       outputs into registers, publishing each tile's count, then walks back once and stores its tiles), for
#       next_c2.sh.
# Run from the repository root with build-gpu configured (Release, MGPU_BUILD_TESTS=ON).
set -e
D=bench/results/h200-2026-11-28-session26
build() { cmake --build build-gpu -j2 > /tmp/next_build_$1.log 2>&1; mkdir -p .gl/lib/$1; cp -L build-gpu/libmgpuvk.so.0 .gl/lib/$1/; }
build base
git apply bench/results/h200-2026-11-28-session25/probe_compact_prefetch.diff; build pf; git apply -R bench/results/h200-2026-11-28-session25/probe_compact_prefetch.diff
git apply $D/probe_radix_direct_vs.diff; build vs; git apply -R $D/probe_radix_direct_vs.diff
git apply $D/probe_radix_direct_ks.diff; build ks; git apply -R $D/probe_radix_direct_ks.diff
git apply $D/probe_sets_ranges_r2.diff; build sr2; git apply -R $D/probe_sets_ranges_r2.diff
git apply $D/probe_sets_ranges_r4.diff; build sr4; git apply -R $D/probe_sets_ranges_r4.diff
cmake --build build-gpu -j2 > /tmp/next_build_main.log 2>&1
git status --short
