#!/bin/bash
# Session 15, call 14: rbkv = branch rbk-keys-vector (key tiles by uvec4 loads, subgroup sums) beside rbk (main).
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in segreduce segreduce_lookback segreduce_cli; do
  LD_LIBRARY_PATH=$P/rbkv timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f 2>&1 | grep -v "^\[vulkan\] MGPU_ERROR" | tail -3
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s: $(grep -c ' ok$' $OUT/tests.txt) ok"
LD_LIBRARY_PATH=$P/rbkv timeout 100 $B --prims copy,rbk100,rbk10000 --types u32,u64,f32,i64 --sizes 14:26 > $OUT/bench_rbkv.txt 2>&1
echo "rbkv verified at $((SECONDS-T0)) s: ok $(grep -c ' ok$' $OUT/bench_rbkv.txt) failed $(grep -c FAILED $OUT/bench_rbkv.txt)"
for l in rbk rbkv; do
  LD_LIBRARY_PATH=$P/$l timeout 30 $B --prims rbk100,rbk10000 --types u32,u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^rbk" | sed "s/^/$l: /"
done > $OUT/ab.txt
MGPU_PROFILE=$OUT/prof_rbkv.txt LD_LIBRARY_PATH=$P/rbkv timeout 30 $B --prims rbk100 --types u32 --sizes 26:26 --no-verify > /dev/null 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && grep -E "^submit" prof_rbkv.txt | tail -6 > p.t && mv p.t prof_rbkv.txt && tar czf c14.tgz *.txt && rm -f *.txt
