#!/bin/bash
# Session 12 call 13: the join's upper bounds from a B-first walk of the tile (ju) instead of a galloping search
# per element, against main (base), verified; the join's GPU tests on ju.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for v in base ju; do
  LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims join_inner,join_left,join_right,join_outer --types u32 --sizes 16:26 2>&1 | grep -E "^join" | sed "s/^/$v r$round: /"
done; done > $OUT/join_ab.txt 2>&1
LD_LIBRARY_PATH=$P/ju timeout 60 $B --prims join_inner,join_outer --types u64 --sizes 20:26 2>&1 | grep -E "^join" | sed "s/^/ju u64: /" >> $OUT/join_ab.txt
echo "ab at $((SECONDS-T0)) s"
for f in join join_cli; do
  LD_LIBRARY_PATH=$P/ju timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1
  echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c13.tgz *.txt && rm -f *.txt
