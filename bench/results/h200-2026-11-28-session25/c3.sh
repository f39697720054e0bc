#!/bin/bash
# Session 25 call 3: the one-sweep radix pass staging its tile in two parts (parts: 22.5 -> 12.5 KB of shared
# memory at 256 x 17, so that three workgroups fit an SM as its registers allow), beside main (base); the
# residency probe on both (res, pres); VTs on parts; tests; CUB.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base parts; do
  LD_LIBRARY_PATH=$L/$lib timeout 100 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:26 --no-verify 2>&1 | grep -E "^radix" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
r() { echo "== $1 $2 $3 ${MGPU_TUNE:-}"; LD_LIBRARY_PATH=$L/$1 timeout 60 $B --runs 3 --no-verify --prims $2 --types $3 --sizes 26:26 2>&1 | grep -E "PROBE|^radix"; }
{ for lib in res pres; do r $lib radix u32; r $lib radix_pairs u32; r $lib radix u64; done
  for vt in 15 19 21 23; do MGPU_TUNE="radixsort.u32:vt=$vt" r pres radix u32; done
  for vt in 8 12 14; do MGPU_TUNE="radixsort.u64:vt=$vt" r pres radix u64; done
  MGPU_TUNE="radixsort.u64:nt=256,vt=16" r pres radix u64
} > $OUT/res.txt 2>&1
echo "res done at $((SECONDS-T0)) s" >> $OUT/res.txt
LD_LIBRARY_PATH=$L/parts MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims radix,radix_pairs --types u32,u64 --sizes 26:26 --runs 2 --no-verify > /dev/null 2>&1
grep "^pipeline" $OUT/p.txt > $OUT/profile_parts.txt; rm -f $OUT/p.txt
{ LD_LIBRARY_PATH=$L/parts timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only radixsort 2>&1 | tail -1
  MGPU_TUNE="radixsort:fold=off" LD_LIBRARY_PATH=$L/parts timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only radixsort 2>&1 | tail -1
} > $OUT/tests.txt
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
LD_LIBRARY_PATH=$L/parts timeout 90 $B --prims radix,radix_pairs,radix_indirect --types u32,i32,f32,u64,f64 --sizes 14:22 > $OUT/verified_parts.txt 2>&1
timeout 60 .gl/peers/cub_bench 14 26 radix > $OUT/cub.txt 2>&1
echo "done at $((SECONDS-T0)) s" >> $OUT/tests.txt
