#!/bin/bash
# Session 12 call 3: the compaction's one pass, ablated (cp1: no look-back wait, cp2: no output stores, cp3: both,
# cp7: neither the shared staging), at 256 x 16 and 512 x 8; 64-bit compaction shapes; the rest of the GPU tests.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for s in 256:16 512:8; do for v in base cp1 cp2 cp3 cp7; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="compact.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/$v timeout 40 $B --prims copy,select,partition,unique,rle --types u32 --sizes 24:26 --no-verify 2>&1 | grep -E "^(sel|par|uni|rle|copy)|rror" | sed "s/^/$s $v r$round: /"
done; done; done > $OUT/ablate.txt 2>&1
echo "ablation done at $((SECONDS-T0)) s"
for s in 256:8 512:4 128:16 1024:2 64:32; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="compact.u64:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/base timeout 40 $B --prims copy,select,partition,unique,rle --types u64 --sizes 24:26 2>&1 | grep -E "^(sel|par|uni|rle|copy)|rror" | sed "s/^/$s: /"
done > $OUT/compact64.txt 2>&1
echo "compact64 done at $((SECONDS-T0)) s"
export LD_LIBRARY_PATH=$P/base
for f in cli npy ranges threads device_lost contracts; do
  left=$((570 - (SECONDS-T0))); [ $left -lt 20 ] && { echo "$f not run (time)"; continue; }
  timeout $((left < 240 ? left : 240)) build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1
  echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
