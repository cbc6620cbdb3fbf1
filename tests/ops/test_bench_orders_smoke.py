"""bench/orders.py at its smoke size, so that it cannot rot unseen: it runs as documented
(docs/benchmarks.md, "Standing orders over days") and prints its tables, with orders needing
a person on fewer turns than without."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_orders_prints_the_share_of_turns_that_need_a_person_and_the_days():
    done = subprocess.run([sys.executable, "bench/orders.py", "--smoke"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    shares = re.findall(r"^\| turns that need a person \| ([\d.]+)% \| ([\d.]+)% \|$",
                        done.stdout, re.MULTILINE)
    assert len(shares) == 3, done.stdout
    for without, with_orders in shares:
        assert float(without) == 100.0 and float(with_orders) < 100.0
    assert done.stdout.count("| length in days, mean |") == 3
