#!/usr/bin/env python3
"""Draws the benchmark's charts like the seeds' pages: one PNG per primitive family, throughput (G items/s)
against n (log scale), one line per type (and per case where a family has several), the copy of the same
type's elements in the same run shown dashed.

    python3 bench/plot.py OUT_DIR bench/results/<run>/*.json     -> OUT_DIR/<family>.png, one per family
    python3 bench/plot.py --group sorts --no-copy --cub CUB.txt OUT_DIR RUN.json   -> OUT_DIR/sorts.png

--group NAME draws every row in one chart, NAME.png (the README's chart of the sorts); --no-copy leaves the copy
out (it dwarfs the sorts); --cub FILE adds, dotted, the rows of ../shared/peers/cub_bench's RESULT lines whose case
and type match a drawn line (cub_bench names its cases as the benchmark does: sort, sort_pairs, radix, ...).

The JSON files are mgpuvk-bench's (--json). Rows name their family ("family", from src/families.def); rows of
older files, without it, are grouped by their case ("prim"). The copy's rate is n elements per copy time,
found from copy_gb_per_s (the copy moves 2 * n * size bytes). matplotlib (Debian's python3-matplotlib,
scripts/install-deps.sh --plot) is imported only when the script runs, so nothing else depends on it."""
import json
import os
import sys

TYPE_BYTES = {"u32": 4, "i32": 4, "f32": 4, "u64": 8, "i64": 8, "f64": 8}


def load_rows(paths):
    rows = []
    for path in paths:
        with open(path) as f:
            rows.extend(r for r in json.load(f)["results"] if r.get("ok", True))
    for r in rows:
        r.setdefault("family", r["prim"])
        r["copy_items_per_s"] = r["copy_gb_per_s"] * 1e9 / (2 * TYPE_BYTES[r["type"]])
    return rows


def load_cub(path):
    """{(case, type): [(n, items/s)]} from cub_bench's RESULT,cub,case,type,log2,n,best_ms,median_ms,... lines."""
    cub = {}
    with open(path) as f:
        for line in f:
            p = line.strip().split(",")
            if len(p) >= 8 and p[0] == "RESULT" and p[-1] == "ok":
                cub.setdefault((p[2], p[3]), []).append((int(p[5]), int(p[5]) / (float(p[6]) * 1e-3)))
    return cub


def draw_family(plt, family, rows, path, copy_shown=True, cub=None):
    fig, ax = plt.subplots(figsize=(8, 5))
    cases = sorted({r["prim"] for r in rows})
    types = [t for t in TYPE_BYTES if any(r["type"] == t for r in rows)]
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ti, t in enumerate(types):
        color = colors[ti % len(colors)]
        markers = "osD^v<>ph*"
        for ci, case in enumerate(cases):
            sel = sorted((r for r in rows if r["type"] == t and r["prim"] == case), key=lambda r: r["n"])
            if not sel:
                continue
            label = t if len(cases) == 1 else f"{case} {t}"
            ax.plot([r["n"] for r in sel], [r["items_per_s"] / 1e9 for r in sel], marker=markers[ci % len(markers)],
                    color=color, label=label)
            peer = sorted((cub or {}).get((case, t), []))
            if peer:
                ax.plot([n for n, _ in peer], [v / 1e9 for _, v in peer], linestyle=":", marker=markers[ci % len(markers)],
                        color=color, alpha=0.5, label=f"CUB {label}")
        if not copy_shown:
            continue
        copy = {}
        for r in rows:
            if r["type"] == t:
                copy.setdefault(r["n"], r["copy_items_per_s"])
        n = sorted(copy)
        ax.plot(n, [copy[k] / 1e9 for k in n], linestyle="--", color=color, alpha=0.6, label=f"copy {t}")
    ax.set_title(f"{family}: G items/s")
    ax.set_xlabel("n")
    ax.set_ylabel("G items/s")
    ax.set_xscale("log", base=2)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(out_dir, paths, group=None, copy_shown=True, cub=None):
    try:
        import matplotlib
    except ImportError:
        sys.exit("plot.py needs matplotlib: scripts/install-deps.sh --plot (Debian's python3-matplotlib)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = load_rows(paths)
    os.makedirs(out_dir, exist_ok=True)
    if group:
        path = os.path.join(out_dir, f"{group}.png")
        draw_family(plt, group, rows, path, copy_shown, cub)
        print(path)
        return
    families = []
    for r in rows:
        if r["family"] not in families:
            families.append(r["family"])
    for family in families:
        path = os.path.join(out_dir, f"{family}.png")
        draw_family(plt, family, [r for r in rows if r["family"] == family], path, copy_shown, cub)
        print(path)


if __name__ == "__main__":
    args, group, copy_shown, cub = sys.argv[1:], None, True, None
    while args and args[0].startswith("--"):
        if args[0] == "--group" and len(args) > 1:
            group, args = args[1], args[2:]
        elif args[0] == "--no-copy":
            copy_shown, args = False, args[1:]
        elif args[0] == "--cub" and len(args) > 1:
            cub, args = load_cub(args[1]), args[2:]
        else:
            sys.exit(f"plot.py: unknown option {args[0]}")
    if len(args) < 2:
        sys.exit("usage: plot.py [--group NAME] [--no-copy] [--cub CUB.txt] OUT_DIR RESULTS.json...")
    main(args[0], args[1:], group, copy_shown, cub)
