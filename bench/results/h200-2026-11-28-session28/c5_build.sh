#!/bin/bash
# Call 5's libraries: each probe diff applied to the kept tree (44ddeef), built in build-gpu, copied to .gl/lib/NAME.
set -e
D=bench/results/h200-2026-11-28-session28
for p in nocarry noprobe keepall; do
  git apply $D/probe_sets_$p.diff
  cmake --build build-gpu -j2 > /tmp/c5_build_$p.log 2>&1
  mkdir -p .gl/lib/$p && cp -L build-gpu/libmgpuvk.so.0 .gl/lib/$p/
  git apply -R $D/probe_sets_$p.diff
done
cmake --build build-gpu -j2 > /tmp/c5_build_main.log 2>&1
git status --short
