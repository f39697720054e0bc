#!/bin/bash
# Session 23 call 2: (1) keys as order bits for f32 keys only (library kf: keys.glsl drops MGPU_KEYS_AS_BITS for the
# other types; their SPIR-V is main's, the searches' up to function order) against main (base): tests, one round of
# A/B. Predicted: f32 as call 1's kab (sort f32 2^26 4483 -> ~4060, segsort_100 f32 1511 -> ~1204), u32 and f64
# level with base (call 1's kab: u32 sort +0.8%, f64 sort 2^24 +23%). (2) session 22's next_c2.sh: the sorted search's
# results over its keys (library sk) at frame sizes with smaller tiles.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for f in merge mergesort segsort sorted_search join sets; do
  LD_LIBRARY_PATH=$L/kf timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f]"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for lib in base kf; do
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims sort,sort_pairs --types u32,f32,f64 --sizes 16:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims segsort_100,set_union,search,join_inner --types f32 --sizes 16:26 --no-verify 2>&1 | grep -E "^(segsort|set|search|join)" | sed "s/^/$lib: /"
done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/kf timeout 60 $B --prims sort,sort_pairs,merge,search,join_inner,segsort_100,set_union --types f32 --sizes 14:21 > $OUT/verified.txt 2>&1
echo "verified at $((SECONDS-T0)) s"
for round in 1 2; do
  [ $((SECONDS-T0)) -lt 480 ] || break
  LD_LIBRARY_PATH=$L/base timeout 60 $B --prims search --types u32,u64 --sizes 14:20 --no-verify 2>&1 | grep -E "^search" | sed "s/^/base row r$round: /"
  for s in 128x5 128x7 256x5 128x11; do
    nt=${s%x*}; vt=${s#*x}
    LD_LIBRARY_PATH=$L/sk MGPU_TUNE="sorted_search.u32:nt=$nt,vt=$vt,values_nt=256,values_vt=10;sorted_search.u64:nt=$nt,vt=$vt,values_nt=256,values_vt=7" timeout 60 $B --prims search --types u32,u64 --sizes 14:20 --no-verify 2>&1 | grep -E "^search" | sed "s/^/sk $s r$round: /"
  done
done > $OUT/search_frame.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
