#!/usr/bin/env python3
"""Draws the benchmark charts (throughput and ratio to copy against size, one line per type) from the JSON
files of mgpuvk-bench, like the seeds' pages: python3 bench/plot.py OUT.png bench/results/<run>/*.json"""
import json
import sys

try:
    import matplotlib
except ImportError:
    sys.exit("plot.py needs matplotlib: scripts/install-deps.sh --plot (Debian's python3-matplotlib)")

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(out, paths):
    rows = [r for p in paths for r in json.load(open(p))["results"]]
    prims = sorted({r["prim"] for r in rows})
    fig, axes = plt.subplots(2, len(prims), figsize=(6 * len(prims), 8), squeeze=False)
    for col, prim in enumerate(prims):
        for t in sorted({r["type"] for r in rows if r["prim"] == prim}):
            sel = sorted((r for r in rows if r["prim"] == prim and r["type"] == t), key=lambda r: r["n"])
            n = [r["n"] for r in sel]
            axes[0][col].plot(n, [r["items_per_s"] / 1e9 for r in sel], marker="o", label=t)
            axes[1][col].plot(n, [r["ratio_to_copy"] for r in sel], marker="o", label=t)
        axes[0][col].set_title(f"{prim}: G elements/s")
        axes[1][col].set_title(f"{prim}: ratio to copy")
        for ax in (axes[0][col], axes[1][col]):
            ax.set_xscale("log", base=2)
            ax.grid(True, alpha=0.3)
            ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: plot.py OUT.png RESULTS.json...")
    main(sys.argv[1], sys.argv[2:])
