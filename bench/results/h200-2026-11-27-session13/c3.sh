#!/bin/bash
# Session 13 call 3: sets and compaction taking the next ticket ahead (a) against main (m), two rounds, verified;
# sets and compaction shapes on a; u64 radix pairs, main (64-bit look-back first) against the session's start (r0);
# GPU tests of sets, compaction (a) and radix (m).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for v in m a; do
  nv=""; [ $round = 2 ] && nv=--no-verify
  LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims set_union,set_intersection,select,partition,unique,rle --types u32 --sizes 22:26 $nv 2>&1 | grep -E "^(set|select|partition|unique|rle)" | sed "s/^/$v r$round: /"
done; done > $OUT/ahead_ab.txt 2>&1
for v in m a; do
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims set_union,set_union_pairs,select,unique --types u64 --sizes 24:26 2>&1 | grep -E "^(set|select|unique)" | sed "s/^/$v u64: /"
done >> $OUT/ahead_ab.txt 2>&1
echo "ab at $((SECONDS-T0)) s"
for s in 128:7 128:11 256:7; do
  MGPU_TUNE="sets.u32:nt=${s%:*},vt=${s#*:}" LD_LIBRARY_PATH=$P/a timeout 40 $B --prims set_union --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/a $s: /"
done > $OUT/ahead_shapes.txt 2>&1
for s in 512:8 1024:8 512:12; do
  MGPU_TUNE="compact.u32:nt=${s%:*},vt=${s#*:}" LD_LIBRARY_PATH=$P/a timeout 40 $B --prims select,unique --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(select|unique)" | sed "s/^/a $s: /"
done >> $OUT/ahead_shapes.txt 2>&1
echo "shapes at $((SECONDS-T0)) s"
for round in 1 2; do for v in r0 m; do
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims radix_pairs --types u64 --sizes 24:26 2>&1 | grep -E "^radix" | sed "s/^/$v r$round: /"
done; done > $OUT/radix_u64_pairs.txt 2>&1
echo "radix at $((SECONDS-T0)) s"
for t in "a sets_lookback" "a compact_lookback" "m radixsort"; do
  set -- $t
  left=$((560 - (SECONDS-T0))); [ $left -lt 20 ] && break
  LD_LIBRARY_PATH=$P/$1 timeout $((left < 120 ? left : 120)) build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $2 > $OUT/test_$1_$2.txt 2>&1
  echo "$1 $2 rc=$? $(tail -1 $OUT/test_$1_$2.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
