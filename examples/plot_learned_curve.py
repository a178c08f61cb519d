"""Plot the learned player's training curves (the CSV files examples/train_learned.py writes).

    python examples/plot_learned_curve.py docs/learned-curve-block-2.csv \\
        docs/learned-curve-partnership-4.csv --out docs/learned-curve.png

One panel per file: the network's mean points per hand against ``greedy`` on the fixed duplicate
deals of the evaluation (its side's points, as the batch scores the hand), by
processor minutes of training, with the best so far (the checkpoint kept). Needs matplotlib (the
``analysis`` extra).
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--out", default="learned-curve.png")
    args = ap.parse_args()
    fig, axes = plt.subplots(1, len(args.csv), figsize=(4.2 * len(args.csv), 3.2), squeeze=False)
    for ax, name in zip(axes[0], args.csv, strict=True):
        with open(name) as f:
            rows = list(csv.DictReader(f))
        x = [float(r["cpu_minutes"]) for r in rows]
        ax.plot(x, [float(r["eval_points"]) for r in rows], lw=1, label="evaluation")
        ax.plot(x, [float(r["best_points"]) for r in rows], lw=1.5, label="best (kept)")
        ax.axhline(0, color="grey", lw=0.6)
        ax.set_title(Path(name).stem.removeprefix("learned-curve-"), fontsize=10)
        ax.set_xlabel("processor minutes (one core)")
        ax.set_ylabel("points per hand vs greedy")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=80)


if __name__ == "__main__":
    main()
