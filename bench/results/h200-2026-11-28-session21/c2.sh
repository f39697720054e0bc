B=build-gpu/bench/mgpuvk-bench
export LD_LIBRARY_PATH=$PWD/.gl/lib/base
MGPU_PROFILE=$OUT/search_prof.txt timeout 30 $B --prims search --types u32 --sizes 26:26 --runs 2 --no-verify > $OUT/search_bench.txt 2>&1
MGPU_PROFILE=$OUT/merge_prof.txt timeout 30 $B --prims merge --types u32 --sizes 26:26 --runs 2 --no-verify > $OUT/merge_bench.txt 2>&1
cd $OUT && grep pipeline search_prof.txt | sort -u > search_pipe.txt; grep pipeline merge_prof.txt | sort -u > merge_pipe.txt
for f in search merge; do grep -v pipeline ${f}_prof.txt | awk '{k=$6" vt"$14" g"$16; s[k]+=$18; c[k]++} END{for(x in s) print x, c[x], s[x]/c[x]}' > ${f}_sum.txt; rm ${f}_prof.txt; done
