#!/usr/bin/env python3
"""How much better is each bot level? Seeded head-to-head games between two levels.

Each game is played by bots only, with the engine as the referee (`games.rules.bots.arena`):
every bot sees only its seat's view and the round's public log. Seats alternate between the
two levels from game to game (with 4 players: A B A B, then B A B A), so neither level always
moves first. Game n uses seed n: the same command prints the same figures.

Prints, for each pairing, the games won by each level, the winning share of the first with a
95 % interval, and the mean and longest time a decision of each level took.

Usage:
  .venv/bin/python bench/bots.py [--games 200] [--players 2] [--rollouts 160]
                                 [--pairs hard:normal,normal:easy] [--rules stacking,jump_in]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.rules import Options  # noqa: E402
from games.rules.bots import arena  # noqa: E402
from games.rules.bots import choose_move as plain_choose  # noqa: E402

timings: dict[str, list[float]] = defaultdict(list)


def timed_choose(level, view, rng, **kwargs):
    started = time.perf_counter()
    move = plain_choose(level, view, rng, **kwargs)
    timings[level].append(time.perf_counter() - started)
    return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=(2, 4, 6))
    parser.add_argument("--rollouts", type=int, default=None,
                        help="the Hard bot's rollouts a decision (default: its own default)")
    parser.add_argument("--pairs", default="hard:normal,normal:easy")
    parser.add_argument("--rules", default="", help="house rules on, comma separated")
    args = parser.parse_args()
    options = Options(**{name: True for name in args.rules.split(",") if name})
    arena.choose_move = timed_choose  # the referee asks through the clock
    print(f"{args.games} games a pairing, {args.players} players, rules: "
          f"{args.rules or 'none'}, Hard rollouts: {args.rollouts or 'default'}")
    for pair in args.pairs.split(","):
        a, b = pair.split(":")
        timings.clear()
        won: Counter = Counter()
        started = time.perf_counter()
        for game in range(args.games):
            half = args.players // 2
            levels = [a, b] * half if game % 2 == 0 else [b, a] * half
            state = arena.play_game(levels, options, seed=game, rollouts=args.rollouts)
            if state.winner is not None:
                won[levels[state.winner]] += 1
        decided = won[a] + won[b]
        share = won[a] / decided if decided else 0.0
        margin = 1.96 * math.sqrt(share * (1 - share) / decided) if decided else 0.0
        print(f"{a} vs {b}: {a} won {won[a]}, {b} won {won[b]} "
              f"({100 * share:.1f} % ± {100 * margin:.1f} for {a}; "
              f"{time.perf_counter() - started:.0f} s)")
        for level in (a, b):
            spent = timings[level]
            print(f"  {level}: {1000 * sum(spent) / len(spent):.1f} ms a decision on average, "
                  f"{1000 * max(spent):.0f} ms at most, {len(spent)} decisions")


if __name__ == "__main__":
    main()
