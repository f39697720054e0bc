#!/bin/bash
# Session 23 call 6: the final library (= call 5's ash) through the test families call 5 left out that include
# keys.glsl (the float maps changed): compact, join, segsort, sets, merge.
T0=$SECONDS
for f in compact merge segsort sets join; do
  [ $((SECONDS-T0)) -lt 140 ] || break
  LD_LIBRARY_PATH=$PWD/.gl/lib/ash timeout 45 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f] at $((SECONDS-T0)) s"
done | tee $OUT/tests.txt
