#!/bin/bash
# Session 12 call 7: tile-shape sweeps of the rows not swept on this GPU: segmented sort, sorted search (and the
# join), load balance (and the interval operations), histogram, segmented reduce. u32, 2^24..2^26, unverified.
B=build-gpu/bench/mgpuvk-bench
tar xzf .gl/probes.tgz -C .gl && P=$PWD/.gl/probe
export LD_LIBRARY_PATH=$P/new
T0=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
sweep() { # family prims shapes...
  local fam=$1 prims=$2; shift 2
  for s in "$@"; do nt=${s%:*}; vt=${s#*:}
    MGPU_TUNE="$fam.u32:nt=$nt,vt=$vt" timeout 60 $B --prims copy,$prims --types u32 --sizes 24:26 --no-verify 2>&1 | grep -vE "^(copy|NVIDIA|Driver|Subgroup|Device|int64)" | sed "s/^/$fam $s: /"
  done
}
sweep segsort segsort_100,segsort_10000,segsort_pairs_100,locality_100 256:7 256:11 128:9 128:11 256:9 512:7 > $OUT/segsort.txt 2>&1
echo "segsort at $((SECONDS-T0)) s"
sweep sorted_search search,join_inner 256:7 256:11 128:11 256:9 128:7 > $OUT/search.txt 2>&1
echo "search at $((SECONDS-T0)) s"
sweep load_balance lbs,expand,move,join_inner 128:3 128:5 256:3 256:5 64:7 128:7 > $OUT/lbs.txt 2>&1
echo "lbs at $((SECONDS-T0)) s"
sweep histogram histogram 256:16 512:16 1024:8 256:8 128:32 512:8 > $OUT/histogram.txt 2>&1
echo "histogram at $((SECONDS-T0)) s"
sweep segreduce segreduce100,segreduce10000,rbk100 256:5 256:7 512:5 128:7 128:11 > $OUT/segreduce.txt 2>&1
echo "segreduce at $((SECONDS-T0)) s"
cd $OUT && tar czf c7.tgz *.txt && rm -f *.txt
