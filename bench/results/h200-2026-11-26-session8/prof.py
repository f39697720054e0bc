#!/usr/bin/env python3
# Summarize an MGPU_PROFILE file: per run of identical submits, the best time of each dispatch index.
import sys, re, collections
kn = ("copy fill reduce scan_tiles scan_lookback merge_partition merge mergesort_block radix_count radix_scatter "
      "radix_histogram radix_onesweep radix_small lbs_partition lbs sorted_search segreduce_partition segreduce "
      "segreduce_spine segreduce_keys segsort_block segsort_prep segsort_merge segsort_plan segsort_heads "
      "join_search join_partition join_rows sets_partition sets compact").split()
subs = collections.OrderedDict()
for line in open(sys.argv[1]):
    m = re.match(r"submit (\d+) dispatch (\d+) kernel (\d+) type (\d+) subgroup (\d+) nt (\d+) vt (\d+) groups (\d+) us ([\d.]+)", line)
    if not m: continue
    s = int(m.group(1)); subs.setdefault(s, []).append((kn[int(m.group(3))], m.group(4), m.group(6), m.group(7), m.group(8), float(m.group(9))))
groups = []
for s, ds in subs.items():
    sig = tuple(d[:5] for d in ds)
    if groups and groups[-1][0] == sig: groups[-1][1].append([d[5] for d in ds])
    else: groups.append((sig, [[d[5] for d in ds]]))
for sig, runs in groups:
    if len(runs) < 3: continue
    best = [min(r[i] for r in runs) for i in range(len(sig))]
    print("== %d submits, best total %.1f us" % (len(runs), min(sum(r) for r in runs)))
    for d, b in zip(sig, best): print("  %-16s type %s nt %4s vt %3s groups %7s  %9.2f us" % (d[0], d[1], d[2], d[3], d[4], b))
