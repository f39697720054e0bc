import sys, collections
# lines: "lib rN: prim type n best ..."
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    if ': ' not in line or ' r' not in line: continue
    head, rest = line.split(': ', 1)
    lib, rnd = head.split()
    f = rest.split()
    if len(f) < 4: continue
    try: best = float(f[3])
    except: continue
    d[(f[0], f[1], int(f[2]), lib)].append(best)
keys = sorted(set((p, t, n) for (p, t, n, l) in d))
libs = []
for k in d:
    if k[3] not in libs: libs.append(k[3])
for p, t, n in keys:
    row = [(l, sum(d[(p, t, n, l)]) / len(d[(p, t, n, l)]), d[(p, t, n, l)]) for l in libs if (p, t, n, l) in d]
    base = [v for l, v, _ in row if l == 'base']
    s = f"{p:10s} {t} {n:>9d} " + "  ".join(f"{l} {v:8.2f}" + (f" ({(v / base[0] - 1) * 100:+.1f}%)" if base and l != 'base' else "") + " [" + "/".join(f"{x:.1f}" for x in r) + "]" for l, v, r in row)
    print(s)
