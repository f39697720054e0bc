#!/bin/bash
# Session 25 call 7: residency of the merge kernel (merge, mergesort passes) and of the radix pass after the
# staging in parts (probe build mres of the tree 454c3ee), and their registers and shared memory.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
r() { echo "== $*"; LD_LIBRARY_PATH=$L/mres timeout 40 $B --runs 3 --no-verify "$@" 2>&1 | grep -E "PROBE|^(merge|sort|radix)"; }
{
r --prims merge --types u32 --sizes 26:26
r --prims merge --types u32 --sizes 24:24
r --prims merge --types u64 --sizes 26:26
r --prims sort --types u32 --sizes 26:26
r --prims sort_pairs --types u32 --sizes 26:26
r --prims sort --types u64 --sizes 26:26
r --prims radix --types u32 --sizes 26:26
r --prims radix_pairs --types u32 --sizes 26:26
r --prims radix --types u64 --sizes 26:26
r --prims radix_pairs --types u64 --sizes 26:26
} > $OUT/res.txt 2>&1
LD_LIBRARY_PATH=$L/mres MGPU_PROFILE=$OUT/p.txt timeout 40 $B --prims merge,sort,sort_pairs,search --types u32,u64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
grep "^pipeline" $OUT/p.txt > $OUT/profile.txt; rm -f $OUT/p.txt
