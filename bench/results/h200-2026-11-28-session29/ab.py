#!/usr/bin/env python3
"""Mean of the rounds' best per (prim, type, n) and library, from lines 'LIB rN: prim type n best ...'."""
import collections, sys
d = collections.defaultdict(list)
libs = []
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) < 6 or not p[1].startswith('r'): continue
    lib = p[0]
    if lib not in libs: libs.append(lib)
    d[(p[2], p[3], int(p[4]), lib)].append(float(p[5]))
rows = sorted(set(k[:3] for k in d))
for prim, t, n in rows:
    v = [sum(d[(prim, t, n, l)]) / len(d[(prim, t, n, l)]) if d.get((prim, t, n, l)) else None for l in libs]
    base = v[0]
    cells = ' '.join(f'{l} {x:9.2f}' + (f' ({100 * (x / base - 1):+.1f}%)' if base and i else '') for i, (l, x) in enumerate(zip(libs, v)) if x)
    print(f'{prim:16s} {t} 2^{n.bit_length() - 1:2d} {cells}')
