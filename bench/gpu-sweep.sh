#!/bin/sh
# A tuning sweep on the GPU machine: for each NT x VT in CONFIGS, one benchmark process with
# MGPU_TUNE="PRIM:nt=..,vt=.." over the given cases and sizes, no verification (the tests cover every NT/VT).
# Prints one line per case and size: config, case, n, G items/s, ratio to copy; appends it to OUTDIR/sweep.txt.
# Usage: bench/gpu-sweep.sh OUTDIR PRIM CASES SIZES TYPE "128x7 128x11 ..."
set -u
out=$1 prim=$2 cases=$3 sizes=$4 type=$5 configs=$6
mkdir -p "$out"
for c in $configs; do
    nt=${c%x*} vt=${c#*x}
    MGPU_TUNE="$prim:nt=$nt,vt=$vt" timeout 120 build-gpu/bench/mgpuvk-bench --types "$type" --sizes "$sizes" \
        --prims "$cases" --no-verify 2>&1 | awk -v c="$prim:$c" '$2 ~ /^[uif](32|64)$/ && $3 ~ /^[0-9]+$/ {print c, $1, $2, $3, $6, $9}' |
        tee -a "$out/sweep.txt"
done
