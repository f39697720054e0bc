#!/bin/bash
# Session 18 call 3: the histogram's shared bins in 32 (h32) or 16 (h16) interleaved copies, a copy per lane
# (bank-conflict-free atomics); h0: no shared atomics at all (a ceiling). base = main with the compaction's ranges.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for round in 1 2; do for v in base h32 h16 h0; do
  LD_LIBRARY_PATH=$L/$v timeout 30 $B --prims histogram --types u32,f32,u64 --sizes 20:26 --no-verify 2>&1 | grep -E "^histogram" | sed "s/^/$v r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
for v in h32 h16; do LD_LIBRARY_PATH=$L/$v timeout 60 $B --prims histogram --types u32,i32,f32,u64,i64,f64 --sizes 14:26 > $OUT/verified_$v.txt 2>&1; done
LD_LIBRARY_PATH=$L/base timeout 60 $B --prims select,partition,unique,rle --types u32,u64 --sizes 14:26 > $OUT/verified_base_compact.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
