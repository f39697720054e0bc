#!/bin/bash
# Session 9 call 7: one radix pass against its digit width (ballots per key), the new indirect rows.
B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/build-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
MGPU_PROFILE=$OUT/prof_bits.txt timeout 120 .gl/bits 26 > $OUT/bits26.txt 2>&1; echo "bits rc=$?"; cat $OUT/bits26.txt
python3 .gl/prof.py $OUT/prof_bits.txt 2>/dev/null | grep -v "copy " | head -80 > $OUT/prof_bits_summary.txt; grep "^pipeline kernel 1[01] " $OUT/prof_bits.txt | sort -u >> $OUT/prof_bits_summary.txt; rm -f $OUT/prof_bits.txt
timeout 200 $B --prims merge,merge_indirect,search,search_indirect,sort,sort_indirect --types u32 --sizes 14:26 --no-verify --csv $OUT/indirect2.csv > $OUT/indirect2.txt 2>&1; echo "indirect rc=$?"
grep -E " (16384|65536|1048576|16777216|67108864) " $OUT/indirect2.txt
cd $OUT && tar czf c7.tgz *.txt *.csv; rm -f *.txt *.csv
