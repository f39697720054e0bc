#!/bin/bash
# Session call 12: the committed code: radix figures beside CUB, then the whole test suite on the H100.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
timeout 200 $B --prims radix,radix_pairs --types u32,u64 --sizes 14:26 --csv $OUT/radix.csv > $OUT/radix.txt 2>&1; echo "radix rc=$?"
timeout 60 .gl/peers/cub_bench 14 26 radix > $OUT/cub.txt 2>&1; echo "cub rc=$?"
timeout 320 build-gpu/tests/mgpuvk-tests --cli build-gpu/tools/mgpuvk --temp /tmp > $OUT/tests.txt 2>&1; echo "tests rc=$?"; grep -v " ok$" $OUT/tests.txt | tail -6
