#!/bin/bash
# Session 20, call 6: the Merge Path tiles' keys loaded as aligned uvec4 chunks (tile_pipeline.glsl): v4m in the
# merge (and the mergesort's passes) only, v4a also in the sorted search and the join's search; head = the tree.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in merge sorted_search join; do
  LD_LIBRARY_PATH=$L/v4a timeout 100 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -2 | tr '\n' ' '; echo
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for lib in head v4m v4a; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims merge,sort,search,join_inner --types u32 --sizes 22:26 --no-verify 2>&1 | grep -E "^(merge|sort|search|join)" | sed "s/^/$lib: /"
  LD_LIBRARY_PATH=$L/$lib timeout 30 $B --prims merge,search --types u64 --sizes 24:26 --no-verify 2>&1 | grep -E "^(merge|search)" | sed "s/^/$lib: /"
  echo "$lib at $((SECONDS-T0)) s" >&2
done > $OUT/ab.txt
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c6.tgz *.txt && rm -f *.txt
