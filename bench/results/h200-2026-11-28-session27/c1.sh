#!/bin/bash
# For session 27's first GPU call (prepared, not run; libraries from next_build.sh; carry ["build-gpu/bench",
# "build-gpu/tests","build-gpu/tools",".gl"]).
# (a) 64-bit radix pairs and keys with direct scatter: vs, ks against base. Predicted: u64 pairs 2^26 6380 ->
#     5600-6000 us (call 2's unstaged store: 5588, an upper bound on the gain) for vs; ks unknown (the keys'
#     scatter uncoalesced, but no barriers and no staging): keep what beats CUB's 4188 / 6247 (call 1).
# (b) 32-bit pairs on smaller tiles (values_vt 13..21 through MGPU_TUNE): four workgroups an SM at about 64
#     registers and 10 KB; registers and shared memory from the profile.
# (c) the compaction's ranges with the next tile loaded ahead (pf) against base.
# (d) CUB radix in the same call.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base vs ks; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix,radix_pairs --types u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/direct_ab.txt
echo "direct done at $((SECONDS-T0)) s" >> $OUT/direct_ab.txt
for lib in vs ks; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims radix,radix_pairs,radix_indirect --types u64,i64,f64 --sizes 14:22 > $OUT/direct_verified_$lib.txt 2>&1
  echo "verified rc=$?" >> $OUT/direct_verified_$lib.txt
  LD_LIBRARY_PATH=$L/$lib timeout 80 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only radixsort 2>&1 | tail -n 1 | sed "s/^/$lib: /" >> $OUT/direct_tests.txt
  LD_LIBRARY_PATH=$L/$lib MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims radix,radix_pairs --types u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline kernel 11 " $OUT/p.txt | sed "s/^/$lib: /" >> $OUT/direct_profile.txt; rm -f $OUT/p.txt
done
echo "direct verified at $((SECONDS-T0)) s" >> $OUT/direct_ab.txt
for vt in 21 19 17 15 13; do
  MGPU_TUNE="radixsort.u32:values_vt=$vt" LD_LIBRARY_PATH=$L/base timeout 40 $B --prims radix_pairs --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/vt$vt r1: /"
  MGPU_TUNE="radixsort.u32:values_vt=$vt" LD_LIBRARY_PATH=$L/base MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims radix_pairs --types u32 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
  grep "^pipeline kernel 11 " $OUT/p.txt | sed "s/^/profile vt$vt: /"; rm -f $OUT/p.txt
done > $OUT/pairs_vt.txt
echo "pairs vt done at $((SECONDS-T0)) s" >> $OUT/pairs_vt.txt
for round in 1 2; do for lib in base pf; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims select,partition,unique,rle --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/$lib r$round: /"
done; done > $OUT/compact_ab.txt
LD_LIBRARY_PATH=$L/pf timeout 60 $B --prims select,partition,unique,rle --types u32,f32,u64 --sizes 20:24 > $OUT/compact_verified_pf.txt 2>&1
echo "verified rc=$?" >> $OUT/compact_verified_pf.txt
echo "compact done at $((SECONDS-T0)) s" >> $OUT/compact_ab.txt
timeout 60 .gl/peers/cub_bench 22 26 radix > $OUT/cub.txt 2>&1
echo "all done at $((SECONDS-T0)) s" >> $OUT/compact_ab.txt
