"""Benchmarks at their smoke size, so that none can rot unseen: every script under bench/ runs
as documented with `--smoke` (seconds) and ends well. The scripts are found by listing bench/:
a new one is run too, and fails here if it has no `--smoke`.

What a script takes is read from its `--help`: a PostgreSQL server (`--postgres`; it makes a
database of its own, `--database wcbench_<script>_<pid>`, and drops it), a Redis database
(`--redis`: this test worker's, which the tests flush anyway), RLCard's virtualenv (`--anchor`,
given when `.venv-anchor` is there: bench/engine.py says how to make it). A script whose
outside requirement is missing here (nginx, valgrind, RLCard) says so and exits with status 77:
the test is skipped with its reason."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(path.name for path in (ROOT / "bench").glob("*.py"))
ANCHOR_PYTHON = ROOT / ".venv-anchor" / "bin" / "python"
SKIPPED = 77  # a script's exit status when what it needs from outside is missing
SMOKE_SECONDS = 300
POSTGRES = os.environ.get("DATABASE_URL", "")


def environment() -> dict[str, str]:
    """This process's environment without the test run's database and Redis: each script
    names its own."""
    return {key: value for key, value in os.environ.items()
            if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}


def options_of(script: str) -> set[str]:
    done = subprocess.run([sys.executable, f"bench/{script}", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, env=environment())
    assert done.returncode == 0, f"bench/{script} --help failed:\n{done.stderr[-2000:]}"
    return set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", done.stdout))


def smoke_command(script: str, options: set[str]) -> list[str]:
    command = [sys.executable, f"bench/{script}", "--smoke"]
    if "--postgres" in options:
        if not POSTGRES.startswith("postgres"):
            pytest.skip(f"bench/{script} needs PostgreSQL (DATABASE_URL is not postgres://)")
        command += ["--postgres", POSTGRES.rsplit("/", 1)[0]]
    if "--database" in options:
        command += ["--database", f"wcbench_{Path(script).stem}_{os.getpid()}"]
    if "--redis" in options:
        if not settings.REDIS_URL:
            pytest.skip(f"bench/{script} needs Redis (REDIS_URL is not set)")
        command += ["--redis", settings.REDIS_URL]
    if "--anchor" in options and ANCHOR_PYTHON.exists():
        command += ["--anchor", str(ANCHOR_PYTHON)]
    return command


def orders_printed_their_figure(stdout: str) -> None:
    """bench/orders.py (docs/benchmarks.md, "Standing orders over days"): its three tables,
    with orders needing a person on fewer turns than without."""
    shares = re.findall(r"^\| turns that need a person \| ([\d.]+)% \| ([\d.]+)% \|$",
                        stdout, re.MULTILINE)
    assert len(shares) == 3, stdout
    for without, with_orders in shares:
        assert float(without) == 100.0 and float(with_orders) < 100.0
    assert stdout.count("| length in days, mean |") == 3


# What a script's smoke run must print besides something (the script's name: the check).
PRINTED = {"orders.py": orders_printed_their_figure}


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_benchmark_runs_at_its_smoke_size(script):
    options = options_of(script)
    assert "--smoke" in options, f"bench/{script} has no --smoke size"
    done = subprocess.run(smoke_command(script, options), cwd=ROOT, capture_output=True,
                          text=True, timeout=SMOKE_SECONDS, env=environment())
    if done.returncode == SKIPPED:
        reason = [line for line in done.stdout.splitlines() if line.startswith("skipped:")]
        pytest.skip(f"bench/{script}: {reason[-1] if reason else 'skipped'}")
    assert done.returncode == 0, (f"bench/{script} --smoke ended with {done.returncode}:\n"
                                  f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    assert done.stdout.strip(), f"bench/{script} --smoke printed nothing"
    if script in PRINTED:
        PRINTED[script](done.stdout)


@pytest.mark.skipif(not POSTGRES.startswith("postgres"),
                    reason="the benchmark makes a PostgreSQL database of its own")
def test_bench_notices_runs_a_game_and_prints_before_and_after():
    server = POSTGRES.rsplit("/", 1)[0]
    done = subprocess.run(
        [sys.executable, "bench/notices.py", "--games", "1", "--postgres", server,
         "--database", f"wcbench_notices_one_{os.getpid()}"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env=environment())
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
