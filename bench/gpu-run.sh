#!/bin/sh
# The benchmark runs of one GPU session (see README, "Running on the GPU machine"): one process per type,
# since host downloads slow later runs of the same process. Usage: bench/gpu-run.sh OUTDIR [TYPES] [SIZES] [PRIMS]
set -u
out=$1
types=${2:-"u32 i32 f32 u64 i64 f64"}
sizes=${3:-16:28}
prims=${4:-reduce,scan,merge,sort,sort_pairs,radix,radix_pairs,search,lbs,expand,move,remove,insert}
mkdir -p "$out"
for t in $types; do
    timeout 300 build-gpu/bench/mgpuvk-bench --types "$t" --sizes "$sizes" --prims "$prims" --json "$out/bench_$t.json" \
        >"$out/bench_$t.txt" 2>&1
    echo "$t: exit $?"
done
