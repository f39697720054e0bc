#!/bin/bash
# Session 12 call 4: the compaction's one pass with its look-back before the shared staging (e1) and with direct
# stores from registers (e16), against main (base), verified; mergesort tile shapes; CUB's mergesort.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for s in 256:16 512:8; do for v in base e1 e16; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="compact.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/$v timeout 40 $B --prims copy,select,partition,unique,rle --types u32 --sizes 22:26 2>&1 | grep -E "^(sel|par|uni|rle|copy)|rror" | sed "s/^/$s $v r$round: /"
done; done; done > $OUT/compact.txt 2>&1
for v in base e1 e16; do for s in 256:8 512:4; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="compact.u64:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/$v timeout 40 $B --prims copy,select,partition,unique --types u64 --sizes 24:26 2>&1 | grep -E "^(sel|par|uni|rle|copy)|rror" | sed "s/^/$s $v: /"
done; done > $OUT/compact64.txt 2>&1
echo "compact done at $((SECONDS-T0)) s"
timeout 60 .gl/peers/cub_bench 20 26 sort > $OUT/cub.txt 2>&1
for s in 256:7 256:9 256:11 256:13 256:15 128:11 512:7; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="mergesort.u32:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/base timeout 60 $B --prims sort,sort_pairs --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^(sort)|rror" | sed "s/^/$s: /"
done > $OUT/mergesort.txt 2>&1
echo "mergesort u32 done at $((SECONDS-T0)) s"
for s in 256:5 256:7 256:9 128:9; do nt=${s%:*}; vt=${s#*:}
  MGPU_TUNE="mergesort.u64:nt=$nt,vt=$vt" LD_LIBRARY_PATH=$P/base timeout 60 $B --prims sort,sort_pairs --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(sort)|rror" | sed "s/^/$s: /"
done > $OUT/mergesort64.txt 2>&1
echo "mergesort u64 done at $((SECONDS-T0)) s"
cd $OUT && tar czf c4.tgz *.txt && rm -f *.txt
