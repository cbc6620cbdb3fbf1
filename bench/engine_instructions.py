#!/usr/bin/env python3
"""Instructions per game of the engine's playouts against RLCard's rules core, counted by
valgrind's callgrind: a figure that does not move with the load of a shared machine.

For each side it counts the instructions of a run of `--skip` games and of a run of `--skip` +
`--games` games (the same seeds in order) and divides the difference by `--games`: start-up,
imports and the first games' warm-up drop out. Ours is `bench/engine.py`'s own `play_game`
(default options, random legal moves) in the mode asked (`trusted` by default: the rollouts'
path; `in-place` and `pure` check every move); RLCard's is `anchor_rlcard_uno.bench_core` (its
`Round` object alone, random agents), in the anchor's virtualenv (see bench/engine.py).

Usage:
  .venv/bin/python bench/engine_instructions.py --anchor .venv-anchor/bin/python
      [--players 2 4] [--games 1000] [--skip 100] [--modes trusted in-place]
  .venv/bin/python bench/engine_instructions.py --smoke [--anchor ...]   # two games (CI);
      without valgrind: skipped (exit status 77); without RLCard's harness: ours only
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ANCHOR = BENCH.parents[1] / "shared" / "bench" / "anchor_rlcard_uno.py"

OURS = """
import sys
sys.path.insert(0, {bench!r})
from engine import OPTION_SETS, play_game
for seed in range({games}):
    play_game({players}, OPTION_SETS["default"], seed, {mode!r})
"""
THEIRS = """
import sys
sys.path.insert(0, {anchor_dir!r})
from anchor_rlcard_uno import bench_core
bench_core({players}, "random", {games}, 1)
"""


def instructions(python: str, code: str) -> int:
    """The instructions callgrind counts for `python -c code`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c", code],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError("no totals in callgrind's output")


def per_game(python: str, template: str, games: int, skip: int, **fields) -> float:
    long = instructions(python, template.format(games=skip + games, **fields))
    short = instructions(python, template.format(games=skip, **fields))
    return (long - short) / games


SKIPPED = 77  # the exit status of a run whose outside requirement is missing (CI: a skip)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--anchor", help="python of a virtualenv with rlcard")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--skip", type=int, default=100)
    parser.add_argument("--modes", nargs="+", default=["trusted"],
                        choices=("pure", "in-place", "trusted"))
    parser.add_argument("--smoke", action="store_true", help="two games, 2 players (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.players, args.games, args.skip, args.modes = [2], 2, 1, ["trusted"]
    if shutil.which("valgrind") is None:
        print("skipped: valgrind is not installed (apt-get install valgrind)")
        return SKIPPED if args.smoke else 1
    if args.anchor and not ANCHOR.exists():
        if not args.smoke:
            parser.error(f"--anchor: RLCard's harness {ANCHOR} is missing")
        print(f"# RLCard left out: its harness {ANCHOR} is missing")
        args.anchor = None
    print(f"# instructions per game, games {args.skip} to {args.skip + args.games - 1} "
          f"(callgrind, PYTHONHASHSEED=0, default options, random legal moves)")
    for players in args.players:
        theirs = None
        if args.anchor:
            theirs = per_game(args.anchor, THEIRS, args.games, args.skip,
                              anchor_dir=str(ANCHOR.parent), players=players)
            print(f"{players}P: RLCard core {theirs / 1e6:.3f} M", flush=True)
        for mode in args.modes:
            ours = per_game(sys.executable, OURS, args.games, args.skip, bench=str(BENCH),
                            players=players, mode=mode)
            ratio = f"; speed ratio {theirs / ours:.2f}x" if theirs else ""
            print(f"{players}P: ours {mode:8} {ours / 1e6:.3f} M{ratio}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
