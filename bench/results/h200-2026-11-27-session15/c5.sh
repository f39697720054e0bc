#!/bin/bash
# Session 15, call 5: the final main (radix partials up to 16 histogram workgroups, segmented reduce 128 x 16 /
# 64 x 16 at 65536 threads of ranges): every GPU test, verified benchmarks of the changed families, CUB beside.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
LD_LIBRARY_PATH=$P/main timeout 330 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok, $(grep -ci 'fail' $OUT/tests.txt) fail lines"
LD_LIBRARY_PATH=$P/main timeout 150 $B --prims copy,segreduce100,segreduce10000,rbk100,rbk10000 --types u32,u64,f32,f64,i32,i64 --sizes 14:26 > $OUT/bench_seg.txt 2>&1
LD_LIBRARY_PATH=$P/main timeout 100 $B --prims copy,radix,radix_pairs --types u32,u64 --sizes 14:20 > $OUT/bench_radix.txt 2>&1
echo "bench at $((SECONDS-T0)) s: ok $(cat $OUT/bench_*.txt | grep -c ' ok$') failed $(cat $OUT/bench_*.txt | grep -c FAILED)"
timeout 60 .gl/peers/cub_bench 14 20 radix > $OUT/cub.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
