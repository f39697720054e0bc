#!/bin/bash
# For session 29's first GPU call (next_c1.sh): main and one probe build, each library to .gl/lib/NAME.
#   me: the set tile's rank-0 probes from the merge's registers (probe_sets_merge_equal.diff): the serial merge
#       notes whether the other array's key next to each output's place equals it (B's next key for A's copy, the
#       last A key taken for B's), so only copies of rank > 0 read shared memory (session 28, call 5: the probes
#       cost ~120 of the count pass's 297 us at 2^26 u32; call 6: two shared reads a probe were slower still).
#       Tested on lavapipe: sets, sets_lookback; a mutation (the halo after B's part ignored) is caught.
#   rg: the one pass by ranges of 2 tiles a ticket (probe_sets_ranges.diff: each range decides its tiles in turn,
#       keeping their outputs in registers, walks back once and stores them; the Balanced Path tile gained 11-12%
#       at 2^26 by ranges of 4, twenty-seventh session). Tested on lavapipe: sets_lookback (LP_NUM_THREADS=1); a
#       mutation (the range's second tile stored at the first's place) is caught.
#   sv: the one pass with values staged (probe_sets_staged_values.diff): the tile's values loaded coalesced with
#       its keys into shared memory, the outputs' values gathered from there (session 28: set_union pairs u32 2^26
#       815 us against keys' 433, ~250 us beyond the values' bytes at copy speed). Tested on lavapipe: sets_lookback
#       (LP_NUM_THREADS=1); a mutation (each value from its neighbour's slot) is caught.
# Run from the repository root with build-gpu configured (Release, MGPU_BUILD_TESTS=ON).
set -e
D=bench/results/h200-2026-11-28-session28/next
build() { cmake --build build-gpu -j2 > /tmp/next_build_$1.log 2>&1; mkdir -p .gl/lib/$1; cp -L build-gpu/libmgpuvk.so.0 .gl/lib/$1/; }
build base
git apply $D/probe_sets_merge_equal.diff; build me; git apply -R $D/probe_sets_merge_equal.diff
git apply $D/probe_sets_ranges.diff; build rg; git apply -R $D/probe_sets_ranges.diff
git apply $D/probe_sets_staged_values.diff; build sv; git apply -R $D/probe_sets_staged_values.diff
cmake --build build-gpu -j2 > /tmp/next_build_main.log 2>&1
git status --short
