#!/bin/bash
# Session 15, call 12: per-dispatch profiles of reduce-by-key (2^26 u32 / u64, mean 100) and of small radix sorts
# (u32 keys 2^14, 2^16) on main (segmented scan with one barrier, walk by selects).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
MGPU_PROFILE=$OUT/prof_rbk_u32.txt LD_LIBRARY_PATH=$P/new timeout 30 $B --prims rbk100 --types u32 --sizes 26:26 --no-verify > $OUT/rbk_u32.txt 2>&1
MGPU_PROFILE=$OUT/prof_rbk_u64.txt LD_LIBRARY_PATH=$P/new timeout 30 $B --prims rbk100 --types u64 --sizes 26:26 --no-verify > $OUT/rbk_u64.txt 2>&1
MGPU_PROFILE=$OUT/prof_radix14.txt LD_LIBRARY_PATH=$P/new timeout 30 $B --prims radix --types u32 --sizes 14:14 --no-verify > $OUT/radix14.txt 2>&1
MGPU_PROFILE=$OUT/prof_radix16.txt LD_LIBRARY_PATH=$P/new timeout 30 $B --prims radix --types u32 --sizes 16:16 --no-verify > $OUT/radix16.txt 2>&1
cd $OUT && for f in prof_*.txt; do grep -E "^submit" $f | tail -40 > $f.t; mv $f.t $f; done; tar czf c12.tgz *.txt && rm -f *.txt
