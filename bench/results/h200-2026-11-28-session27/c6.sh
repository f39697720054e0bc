#!/bin/bash
# Session 27, call 6: where the set operations' time goes now, per dispatch (MGPU_PROFILE's submit lines: the
# fill of the look-back state, the Balanced Path partitions (kernel 28), the one pass (kernel 29)), library new
# (b6ce14e's kernels; 40c350c only keeps f32 per tile), beside the merge of the same size.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
prof() { # label, then bench arguments
  local label=$1; shift
  LD_LIBRARY_PATH=$L/new MGPU_PROFILE=$OUT/p.txt timeout 40 $B "$@" --runs 3 --no-verify > /dev/null 2>&1
  grep "^submit" $OUT/p.txt | sed "s/^/$label: /" >> $OUT/dispatches.txt; rm -f $OUT/p.txt
}
prof union_u32_26 --prims set_union --types u32 --sizes 26:26
prof union_u32_24 --prims set_union --types u32 --sizes 24:24
prof union_u64_26 --prims set_union --types u64 --sizes 26:26
prof union_f32_26 --prims set_union --types f32 --sizes 26:26
MGPU_TUNE="sets:fold=off" prof union_u32_26_pertile --prims set_union --types u32 --sizes 26:26
prof union_pairs_u32_26 --prims set_union_pairs --types u32 --sizes 26:26
prof merge_u32_26 --prims merge --types u32 --sizes 26:26
cd $OUT && tar czf c6.tgz *.txt && rm -f *.txt
