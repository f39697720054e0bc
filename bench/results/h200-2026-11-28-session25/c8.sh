#!/bin/bash
# Session 25 call 8: residency of the sorted search, the join's search, the compaction and the set operations
# (probe build res2 of the tree af3aa47), with their registers and shared memory.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
r() { echo "== $*"; LD_LIBRARY_PATH=$L/res2 timeout 40 $B --runs 3 --no-verify "$@" 2>&1 | grep -E "PROBE|^[a-z]"; }
{
r --prims search --types u32 --sizes 26:26
r --prims search --types u64 --sizes 26:26
r --prims join_inner --types u32 --sizes 26:26
r --prims select --types u32 --sizes 26:26
r --prims select --types u64 --sizes 26:26
r --prims unique --types u32 --sizes 26:26
r --prims set_union --types u32 --sizes 26:26
r --prims set_intersection --types u32 --sizes 26:26
} > $OUT/res.txt 2>&1
LD_LIBRARY_PATH=$L/res2 MGPU_PROFILE=$OUT/p.txt timeout 60 $B --prims search,join_inner,select,unique,set_union --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
grep "^pipeline" $OUT/p.txt > $OUT/profile.txt; rm -f $OUT/p.txt
