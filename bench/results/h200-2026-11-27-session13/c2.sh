#!/bin/bash
# Session 13 call 2: radix probes (r1 no subgroupMemoryBarrierShared in the ranking, r2 look-back before the
# ranking, r3 both) against main (r0), verified; sets with a galloping Balanced Path (g1) against main, verified.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for v in r0 r1 r2 r3; do
  LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims radix,radix_pairs --types u32 --sizes 20:26 2>&1 | grep -E "^radix" | sed "s/^/$v r$round: /"
done; done > $OUT/radix_ab.txt 2>&1
echo "radix at $((SECONDS-T0)) s"
for v in r0 r1 r2 r3; do
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims radix --types u64 --sizes 24:26 2>&1 | grep -E "^radix" | sed "s/^/$v: /"
  LD_LIBRARY_PATH=$P/$v timeout 30 $B --prims radix --types u32 --sizes 14:16 2>&1 | grep -E "^radix" | sed "s/^/$v: /"
done > $OUT/radix_ab_u64_small.txt 2>&1
echo "radix u64 at $((SECONDS-T0)) s"
for round in 1 2; do for v in r0 g1; do
  LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims set_union,set_intersection,set_difference,set_symdiff --types u32 --sizes 20:26 2>&1 | grep -E "^set" | sed "s/^/$v r$round: /"
done; done > $OUT/sets_gallop.txt 2>&1
LD_LIBRARY_PATH=$P/g1 timeout 60 $B --prims set_union,set_union_pairs --types u64 --sizes 24:26 2>&1 | grep -E "^set" | sed "s/^/g1 u64: /" >> $OUT/sets_gallop.txt
echo "sets at $((SECONDS-T0)) s"
for t in "g1 sets" "g1 sets_lookback" "r3 radixsort"; do
  set -- $t
  left=$((570 - (SECONDS-T0))); [ $left -lt 20 ] && break
  LD_LIBRARY_PATH=$P/$1 timeout $((left < 120 ? left : 120)) build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $2 > $OUT/test_$1_$2.txt 2>&1
  echo "$1 $2 rc=$? $(tail -1 $OUT/test_$1_$2.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
