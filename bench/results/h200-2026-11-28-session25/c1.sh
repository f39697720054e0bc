#!/bin/bash
# Session 25 call 1: g256 (gathered sample arrays of stride 256: sorted search, merge), ms256 (mergesort passes'
# samples every 256th key), cpf (compaction ranges load each tile's elements a tile ahead, the first during the
# walk), each beside base (main 1f18249) in the same call, two rounds, then verified runs and tests.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
t() { LD_LIBRARY_PATH=$L/$1 timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --only $2 2>&1 | tail -1 | tr '\n' ' '; echo " [$2 $1 ${MGPU_TUNE:-}]"; }
for round in 1 2; do
  for lib in base cpf; do
    LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims select,partition,unique,rle --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(select|partition|unique|rle)" | sed "s/^/$lib r$round: /"
  done
  for lib in base g256; do
    LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims merge,search,join_inner,join_outer --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^(merge|search|join)" | sed "s/^/$lib r$round: /"
  done
  for lib in base ms256; do
    LD_LIBRARY_PATH=$L/$lib timeout 90 $B --prims sort,sort_pairs --types u32,u64 --sizes 22:26 --no-verify 2>&1 | grep -E "^sort" | sed "s/^/$lib r$round: /"
  done
done > $OUT/ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/ab.txt
{ t cpf compact; MGPU_TUNE="compact:fold=on" t cpf compact; t g256 merge; MGPU_TUNE="merge:fold=off,subgroup=off" t g256 merge;
  t g256 sorted_search; MGPU_TUNE="sorted_search:subgroup=off" t g256 sorted_search; t g256 join;
  MGPU_TUNE="mergesort:fold=off,subgroup=off" t ms256 mergesort; } > $OUT/tests.txt
echo "tests done at $((SECONDS-T0)) s" >> $OUT/tests.txt
timeout 60 .gl/peers/cub_bench 20 26 merge,sort > $OUT/cub.txt 2>&1
LD_LIBRARY_PATH=$L/cpf timeout 60 $B --prims select,partition,unique,rle,select_indirect --types u32,f32,u64 --sizes 22:24 > $OUT/verified_cpf.txt 2>&1
LD_LIBRARY_PATH=$L/g256 timeout 60 $B --prims merge,search,join_inner --types u32,f32,u64 --sizes 22:24 > $OUT/verified_g256.txt 2>&1
LD_LIBRARY_PATH=$L/ms256 timeout 60 $B --prims sort,sort_pairs --types u32,u64 --sizes 22:24 > $OUT/verified_ms256.txt 2>&1
echo "done at $((SECONDS-T0)) s" >> $OUT/tests.txt
