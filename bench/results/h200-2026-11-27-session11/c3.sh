#!/bin/bash
# Session 11 call 3: look-back states a cache line apart (base: 32 words; st8: 8; st2: 2, the packed layout's
# spacing), the one pass forced for compaction and set operations at every size (k1), verification, GPU tests.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
LD_LIBRARY_PATH=$P/base timeout 240 $B --prims scan,select,partition,unique,rle,sort --types u32,u64 --sizes 14:26 > $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$P/base timeout 120 $B --prims scan --types f32,i64 --sizes 14:26 >> $OUT/verified.txt 2>&1
LD_LIBRARY_PATH=$P/base timeout 120 $B --prims set_union,set_intersection,set_difference_pairs,join_inner --types u32 --sizes 14:26 >> $OUT/verified.txt 2>&1
echo "ok $(grep -c ' ok$' $OUT/verified.txt) failed $(grep -c FAILED $OUT/verified.txt)"
LD_LIBRARY_PATH=$P/k1 timeout 200 $B --prims select,partition,unique,rle,set_union,set_intersection --types u32,u64 --sizes 20:26 > $OUT/k1_verified.txt 2>&1
echo "k1 ok $(grep -c ' ok$' $OUT/k1_verified.txt) failed $(grep -c FAILED $OUT/k1_verified.txt)"
timeout 100 .gl/peers/cub_bench 20 26 scan,merge,sort > $OUT/cub.txt 2>&1
for round in 1 2; do
for v in base st8 st2 k1; do
  LD_LIBRARY_PATH=$P/$v timeout 100 $B --prims copy,scan,select,partition,unique,rle,set_union,set_intersection --types u32 --sizes 20:26 --no-verify 2>&1 | grep -vE "^(prim|$)" | grep -E "^[a-z]" | sed "s/^/$v r$round: /"
  LD_LIBRARY_PATH=$P/$v timeout 60 $B --prims scan --types u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^scan" | sed "s/^/$v r$round: /"
done
done > $OUT/ab.txt; grep -E "67108864" $OUT/ab.txt | grep r1
for f in scan compact sets mergesort; do
  LD_LIBRARY_PATH=$P/base timeout 150 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c3.tgz *.txt && rm -f *.txt
