#!/bin/bash
# Session 12 call 5: mergesort shapes, keys at small sizes and pairs per NT; blocksort factors at 256 x 11.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
export LD_LIBRARY_PATH=$P/base
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
timeout 60 .gl/peers/cub_bench 14 20 sort > $OUT/cub.txt 2>&1
for round in 1 2; do for s in u32:256:7 u32:256:11 u64:256:5 u64:128:9 u64:128:7; do IFS=: read t nt vt <<< "$s"
  MGPU_TUNE="mergesort.$t:nt=$nt,vt=$vt" timeout 60 $B --prims sort --types $t --sizes 14:22 --no-verify 2>&1 | grep -E "^(sort)|rror" | sed "s/^/$s r$round: /"
done; done > $OUT/keys_small.txt 2>&1
for s in u32:256:5 u32:256:7 u32:128:7 u32:128:9 u64:256:5 u64:128:5 u64:128:7 u64:256:3; do IFS=: read t nt vt <<< "$s"
  MGPU_TUNE="mergesort.$t:nt=$nt,vt=$vt" timeout 60 $B --prims sort_pairs --types $t --sizes 16:26 --no-verify 2>&1 | grep -E "^(sort)|rror" | sed "s/^/$s: /"
done > $OUT/pairs.txt 2>&1
echo "pairs done at $((SECONDS-T0)) s"
for s in u32:256:11:1 u32:256:11:2 u32:256:11:4 u64:128:9:1 u64:128:9:2 u64:128:9:4; do IFS=: read t nt vt f <<< "$s"
  MGPU_TUNE="mergesort.$t:nt=$nt,vt=$vt,blocksort=$f" timeout 60 $B --prims sort --types $t --sizes 16:26 --no-verify 2>&1 | grep -E "^(sort)|rror" | sed "s/^/$s: /"
done > $OUT/blocksort.txt 2>&1
echo "blocksort done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
