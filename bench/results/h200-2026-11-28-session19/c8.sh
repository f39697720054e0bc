#!/bin/bash
# Session 19 call 8: the load-balancing search's tile loop pipelined (lib lbsp: lbs, intervals, bulk, join rows)
# against final (the tree before it); GPU tests of those families on lbsp.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
for f in load_balance intervals bulk join; do
  LD_LIBRARY_PATH=$L/lbsp timeout 60 build-gpu/tests/mgpuvk-tests --no-validation --only $f 2>&1 | tail -2 | tr '\n' ' ' ; echo
done > $OUT/tests.txt
echo "tests at $((SECONDS-T0)) s"
for round in 1 2; do for lib in final lbsp; do
  LD_LIBRARY_PATH=$L/$lib timeout 60 $B --prims lbs,expand,move,insert,remove,join_inner,join_outer --types u32 --sizes 20:26 --no-verify 2>&1 | grep -E "^[a-z]" | grep -v "^prim" | sed "s/^/$lib r$round: /"
done; done > $OUT/ab.txt
echo "ab at $((SECONDS-T0)) s"
LD_LIBRARY_PATH=$L/lbsp timeout 60 $B --prims lbs,expand,move,insert,remove,join_inner,join_right --types u32,u64 --sizes 14:22 > $OUT/verified.txt 2>&1
echo "done at $((SECONDS-T0)) s"
cd $OUT && tar czf c8.tgz *.txt && rm -f *.txt
