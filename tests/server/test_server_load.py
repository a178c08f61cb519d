"""The load benchmark (benchmarks/load.py) still runs: a short run on two tables."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import load

pytestmark = pytest.mark.timeout(120)


def test_a_short_load_run() -> None:
    row = load.run_one(2, 0.0, warmup=1.0, seconds=1.5, game="block")
    # How many moves fit in 1.5 s depends on how busy the machine is; a few give the quantiles.
    assert row["moves"] >= 3 and row["errors"] == 0
    assert 0 < row["p50_ms"] <= row["p99_ms"] < 1000
    assert row["server_mb_peak"] > 10
    assert "| 2 | 0 |" in load.table_text([row])
