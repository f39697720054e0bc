#!/bin/bash
# Session 27, call 5: the other key types by ranges (call 3's verified run had set_union f32 2^26 at 818 us by
# ranges against u32's 624; f32 ran 731-774 per tile in earlier sessions). base = df04050, new = b6ce14e.
B=build-gpu/bench/mgpuvk-bench
L=$PWD/.gl/lib
T0=$SECONDS
for round in 1 2; do for lib in base new; do
  LD_LIBRARY_PATH=$L/$lib timeout 40 $B --prims set_union,set_intersection --types f32,i32,f64,i64 --sizes 23:26 --no-verify 2>&1 | grep -E "^set" | sed "s/^/$lib r$round: /"
done; done > $OUT/types_ab.txt
echo "ab done at $((SECONDS-T0)) s" >> $OUT/types_ab.txt
LD_LIBRARY_PATH=$L/new MGPU_PROFILE=$OUT/p.txt timeout 30 $B --prims set_union --types f32,i32,f64 --sizes 26:26 --runs 1 --no-verify > /dev/null 2>&1
grep "^pipeline kernel 29" $OUT/p.txt > $OUT/types_profile.txt; rm -f $OUT/p.txt
echo "all done at $((SECONDS-T0)) s" >> $OUT/types_ab.txt
cd $OUT && tar czf c5.tgz *.txt && rm -f *.txt
