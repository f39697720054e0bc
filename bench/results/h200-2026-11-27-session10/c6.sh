#!/bin/bash
# Session 10 call 6: the final library (n4): radix rows verified 2^14..2^26 beside CUB; register counts of every
# kernel the main rows run (occupancy suspects); the radix, histogram, merge and join tests.
B=build-gpu/bench/mgpuvk-bench
P=$PWD/.gl/probe
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
LD_LIBRARY_PATH=$P/n4 timeout 300 $B --prims radix,radix_pairs,histogram --types u32,u64 --sizes 14:26 --csv $OUT/n4_radix.csv > $OUT/n4_radix.txt 2>&1; echo "n4 rc=$?"; grep -E "^(radix|histogram)" $OUT/n4_radix.txt | grep -E " (16384|65536|1048576|16777216|67108864) "; grep -E "^(radix|histogram)" $OUT/n4_radix.txt | grep -vc " ok$"
.gl/peers/cub_bench 14 26 radix > $OUT/cub.txt 2>&1; grep RESULT $OUT/cub.txt | grep -E ",(14|16|20|24|26),"
LD_LIBRARY_PATH=$P/n4 MGPU_PROFILE=$OUT/prof.txt timeout 120 $B --prims scan,reduce,merge,sort,sort_pairs,search,lbs,select,unique,join_inner,set_union,segsort_100,segreduce100 --types u32,u64 --sizes 24:24 --no-verify > $OUT/regs_bench.txt 2>&1
grep "^pipeline kernel" $OUT/prof.txt | sed 's/, Binary Size.*Shared Memory Size/, shared/' | sort -u > $OUT/regs.txt; wc -l $OUT/regs.txt; cat $OUT/regs.txt | head -80; rm -f $OUT/prof.txt
for f in radixsort histogram merge join; do
  LD_LIBRARY_PATH=$P/n4 timeout 200 build-gpu/tests/mgpuvk-tests --no-validation --cli build-gpu/tools/mgpuvk --temp /tmp --only $f > $OUT/test_$f.txt 2>&1; echo "$f rc=$? $(tail -1 $OUT/test_$f.txt)"
done | tee $OUT/tests.txt
cd $OUT && tar czf c6.tgz *.txt *.csv; rm -f *.txt *.csv
