#!/bin/bash
# Session 12 call 11: the sorted search's merge walk without divergence (ss: one path of selects for A and B
# elements) against main (base), verified; then the sorted search's GPU tests on ss.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for v in base ss; do
  LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims copy,search,search_indirect --types u32,u64 --sizes 14:26 2>&1 | grep -E "^(search|copy)" | sed "s/^/$v r$round: /"
done; done > $OUT/search_ab.txt 2>&1
echo "ab at $((SECONDS-T0)) s"
for f in sorted_search join; do
  LD_LIBRARY_PATH=$P/ss timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1
  echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c11.tgz *.txt && rm -f *.txt
