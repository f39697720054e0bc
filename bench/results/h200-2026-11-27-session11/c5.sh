#!/bin/bash
# Session 11 call 5: per-dispatch profile of the set operations, the join and the merge at 2^24 and 2^26.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
for p in set_union set_intersection set_union_pairs join_inner merge segsort_100; do
  LD_LIBRARY_PATH=$P/base MGPU_PROFILE=$OUT/prof_$p.txt timeout 60 $B --prims $p --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^[a-z]" | grep -v "^prim"
  echo "== $p"; grep -E "^pipeline kernel" $OUT/prof_$p.txt | sort -u | head -8; python3 .gl/prof.py $OUT/prof_$p.txt | tail -24
done > $OUT/profiles.txt 2>&1
rm -f $OUT/prof_*; cat $OUT/profiles.txt | grep -v "^pipeline" | head -150
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
