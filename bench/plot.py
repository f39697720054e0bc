#!/usr/bin/env python3
"""Draws the benchmark's charts like the seeds' pages: one PNG per primitive family, throughput (G items/s)
against n (log scale), one line per type (and per case where a family has several), the copy of the same
type's elements in the same run shown dashed.

    python3 bench/plot.py OUT_DIR bench/results/<run>/*.json     -> OUT_DIR/<family>.png, one per family

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


def draw_family(plt, family, rows, path):
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


def main(out_dir, paths):
    try:
        import matplotlib
    except ImportError:
        sys.exit("plot.py needs matplotlib: scripts/install-deps.sh --plot (Debian's python3-matplotlib)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = load_rows(paths)
    os.makedirs(out_dir, exist_ok=True)
    families = []
    for r in rows:
        if r["family"] not in families:
            families.append(r["family"])
    for family in families:
        path = os.path.join(out_dir, f"{family}.png")
        draw_family(plt, family, [r for r in rows if r["family"] == family], path)
        print(path)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: plot.py OUT_DIR RESULTS.json...")
    main(sys.argv[1], sys.argv[2:])
