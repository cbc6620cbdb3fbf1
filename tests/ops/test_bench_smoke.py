"""Benchmarks at their smoke size, so that none can rot unseen: each runs as documented and
prints its table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="the benchmark makes a PostgreSQL database of its own")
def test_bench_notices_runs_a_game_and_prints_before_and_after():
    server = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    done = subprocess.run(
        [sys.executable, "bench/notices.py", "--games", "1", "--server", server],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={key: value for key, value in os.environ.items() if key != "DATABASE_URL"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert "| emails in the player's quiet hours (all games) |" in done.stdout
    row = next(line for line in done.stdout.splitlines() if "quiet hours" in line)
    assert row.rstrip(" |").endswith("| 0"), row  # none in quiet hours after


@pytest.mark.parametrize("mode", [[], ["--verify"]])
def test_bench_replay_replays_and_verifies_recorded_games(mode):
    done = subprocess.run([sys.executable, "bench/replay.py", "--smoke", *mode], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "20 games (20 finished)" in done.stdout
    assert ("verify_record" if mode else "replay:") in done.stdout
