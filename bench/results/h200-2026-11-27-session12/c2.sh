#!/bin/bash
# Session 12 call 2: tile shapes of the scan (scanbig: the look-back pass's shared memory alone checked), the
# compaction and the set operations' one passes; then the GPU test matrix on main (base).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for s in u32:256:32 u32:512:32 u32:1024:16 u32:1024:32 u32:512:16 u64:256:16 u64:256:32 u64:512:16 u64:512:32 u64:1024:16; do
  IFS=: read t nt vt <<< "$s"
  MGPU_TUNE="scan.$t:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/scanbig timeout 40 $B --prims copy,scan --types $t --sizes 24:26 2>&1 | grep -E "^(scan|copy)|rror" | sed "s/^/$s: /"
done > $OUT/scan.txt 2>&1
echo "scan done at $((SECONDS-T0)) s"
for s in 256:16 256:32 512:16 128:32 512:8 1024:8; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="compact.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/base timeout 40 $B --prims copy,select,partition,unique,rle --types u32 --sizes 24:26 2>&1 | grep -E "^(sel|par|uni|rle|copy)|rror" | sed "s/^/$s: /"
done > $OUT/compact.txt 2>&1
echo "compact done at $((SECONDS-T0)) s"
for s in 128:7 128:11 256:7 64:15 128:15 256:11 64:7; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="sets.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/base timeout 40 $B --prims copy,set_union,set_intersection,set_union_pairs --types u32 --sizes 24:26 2>&1 | grep -E "^(set|copy)|rror" | sed "s/^/$s: /"
done > $OUT/sets.txt 2>&1
echo "sets done at $((SECONDS-T0)) s"
export LD_LIBRARY_PATH=$P/base
for f in $(build-gpu/tests/mgpuvk-tests --list | grep -v oom); do
  left=$((560 - (SECONDS-T0))); [ $left -lt 20 ] && { echo "$f not run (time)"; continue; }
  timeout $((left < 120 ? left : 120)) build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1
  echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c2.tgz *.txt && rm -f *.txt
