#!/bin/bash
# For session 23's first GPU call (not run): keys held as their order bits in the Merge Path tile kernels
# (probe_keys_as_bits.diff, branch keys-as-bits: merge.comp, mergesort_block.comp, segsort_block.comp,
# segsort_merge.comp, sorted_search.comp, join_search.comp, sets.comp; keys.glsl's MGPU_KEYS_AS_BITS). Each comparison of the
# tile's keys becomes one unsigned compare where it mapped both keys (floats, signed integers, descending) each
# time; a tile's keys are mapped once on the way into shared memory and once on the way out. Tested on lavapipe
# under validation (merge 3522, mergesort 9209, segsort 12022, sorted_search 4437, join 14010, sets 14770 checks;
# mutations fail them), not timed. set_union f32 / u32 2^22 55.5 / 47.9 (session 21 call 3).
# The cost it removes: mergesort f32 against u32 (session 21 call 1) 2^22 300.4 / 248.5 us, 2^24 1190 / 1011, 2^26
# 4483 / 3620; sort_pairs 2^26 7934 / 7021; sorted search f32 2^22 60.2 / 54.6 and inner join 122.7 / 109.9 (session
# 22 call 1; the f32 join at 2^25..2^26 has more rows: keys above 2^24 round to equal floats).
# Predicted: f32 (and i32, f64) within 3% of u32 (u64) at every size: mergesort f32 2^26 4483 -> ~3700, sorted
# search f32 2^22 60.2 -> ~55, join f32 2^22 122.7 -> ~111; u32 and u64 ascending level (their order bits are the
# keys: the same code after specialization).
# Build: main's library to .gl/lib/base; `git checkout keys-as-bits`, build the library to .gl/lib/kab, back to
# main. Carry ["build-gpu/bench","build-gpu/tests","build-gpu/tools",".gl"].
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in merge mergesort segsort sorted_search join join_cli sets sets_lookback; do
  LD_LIBRARY_PATH=$L/kab timeout 120 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $f 2>&1 | tail -1 | tr '\n' ' '; echo " [$f]"
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in base kab; do
  [ $((SECONDS-T0)) -lt 420 ] || break
  LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims sort,sort_pairs --types u32,f32,i32,f64 --sizes 16:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims merge,search,join_inner --types u32,f32 --sizes 16:26 --no-verify 2>&1 | grep -E "^(merge|search|join)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims segsort_100,locality_100 --types u32,f32 --sizes 20:26 --no-verify 2>&1 | grep -E "^(segsort|locality)" | sed "s/^/$lib r$round: /"
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims set_union,set_intersection --types u32,f32 --sizes 20:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/kab timeout 100 $B --prims sort,sort_pairs,merge,search,join_inner,segsort_100,locality_100,set_union,set_difference_pairs --types u32,i32,f32,u64,i64,f64 --sizes 14:21 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c1.tgz *.txt && rm -f *.txt
