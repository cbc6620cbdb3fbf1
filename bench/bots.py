#!/usr/bin/env python3
"""How much better is each bot level? Seeded head-to-head games between two levels.

Each game is played by bots only, with the engine as the referee (`games.rules.bots.arena`):
every bot sees only its seat's view and the round's public log. Seats alternate between the
two levels from game to game (with 4 players: A B A B, then B A B A), so neither level always
moves first. Game n uses seed n: the same command prints the same figures, and a long run can
be split between processes (`--start 0 --games 200` and `--start 200 --games 200` play the
games of `--games 400`).

Prints, for each pairing, the games won by each level, the winning share of the first with a
95 % interval, and the mean and longest time a decision of each level took (and the CPU time's
p50 and p99), in wall time and
in CPU time of this process (the machine's other work does not count in the CPU time: it is
the time a decision takes on one core of its own).

Usage:
  .venv/bin/python bench/bots.py [--games 200] [--players 2] [--rollouts 160]
                                 [--pairs hard:normal,normal:easy] [--rules stacking,jump_in]
                                 [--start 0] [--progress 50]
  .venv/bin/python bench/bots.py --smoke     # two games a pairing, seconds (CI)
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
from games.rules.bots import arena, hard  # noqa: E402
from games.rules.bots import choose_move as plain_choose  # noqa: E402
from games.rules.decks import DECKS  # noqa: E402

timings: dict[str, list[float]] = defaultdict(list)
cpu: dict[str, list[float]] = defaultdict(list)


def timed_choose(level, view, rng, **kwargs):
    started, used = time.perf_counter(), time.process_time()
    move = plain_choose(level, view, rng, **kwargs)
    timings[level].append(time.perf_counter() - started)
    cpu[level].append(time.process_time() - used)
    return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=(2, 4, 6))
    parser.add_argument("--rollouts", type=int, default=None,
                        help="the Hard bot's rollouts a decision (default: its own default)")
    parser.add_argument("--pairs", default="hard:normal,normal:easy")
    parser.add_argument("--rules", default="", help="house rules on, comma separated")
    parser.add_argument("--deck", default="classic", choices=sorted(DECKS))
    parser.add_argument("--start", type=int, default=0,
                        help="the first game's seed, to split a long run between processes")
    parser.add_argument("--alone", action="store_true",
                        help="one seat of the first level, every other seat of the second (the "
                             "lone seat moves round the table from game to game)")
    parser.add_argument("--duplicate", action="store_true",
                        help="each deal played with the levels' seats swapped (with --alone: "
                             "with the lone seat at every place): game n uses seed n // 2 (n // "
                             "players)")
    parser.add_argument("--set", default="",
                        help="the Hard bot's settings for this run, e.g. DEPTH=40,EPSILON=0")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the running count every this many games")
    parser.add_argument("--smoke", action="store_true",
                        help="two games of each pairing, Hard with 8 rollouts (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.rollouts = 2, args.rollouts or 8
    options = Options(**{name: True for name in args.rules.split(",") if name})
    arena.choose_move = timed_choose  # the referee asks through the clock
    for setting in filter(None, args.set.split(",")):
        name, value = setting.split("=")
        if name == "ROLLOUTS":  # a default argument of `choose_move`, bound when it was defined
            args.rollouts = int(float(value))
            continue
        setattr(hard, name, type(getattr(hard, name))(float(value)))
    print(f"{args.games} games a pairing (seeds {args.start} to {args.start + args.games - 1}), "
          f"{args.players} players, {args.deck} deck, rules: "
          f"{args.rules or 'none'}, Hard rollouts: {args.rollouts or 'default'}"
          f"{', one seat of the first level' if args.alone else ''}"
          f"{', duplicate deals' if args.duplicate else ''}"
          f"{', Hard settings ' + args.set if args.set else ''}")
    for pair in args.pairs.split(","):
        a, b = pair.split(":")
        timings.clear()
        cpu.clear()
        won: Counter = Counter()
        lengths: list[int] = []  # moves a game: every bot's decisions
        started = time.perf_counter()
        for game in range(args.start, args.start + args.games):
            levels = seating(game, a, b, args.players, args.alone)
            seed = deal_seed(game, args.players, args.alone, args.duplicate)
            before = sum(len(spent) for spent in timings.values())
            state = arena.play_game(levels, options, seed=seed, rollouts=args.rollouts,
                                    deck=args.deck)
            lengths.append(sum(len(spent) for spent in timings.values()) - before)
            if state.winner is not None:
                won[levels[state.winner]] += 1
            if args.progress and (game + 1 - args.start) % args.progress == 0:
                used = cpu[a] or [0.0]
                print(f"  after {game + 1 - args.start} games: {a} {won[a]}, {b} {won[b]} "
                      f"({a}: {len(used)} decisions, {1000 * sum(used) / len(used):.1f} ms of "
                      f"CPU on average, {1000 * max(used):.0f} ms at most)", flush=True)
        share, margin = interval(won[a], won[a] + won[b])
        print(f"{a} vs {b}: {a} won {won[a]}, {b} won {won[b]} "
              f"({100 * share:.1f} % ± {100 * margin:.1f} for {a}; "
              f"{time.perf_counter() - started:.0f} s)")
        print(f"  moves a game (the bots' decisions): median {percentile(lengths, 50):.0f}, "
              f"p99 {percentile(lengths, 99):.0f}, most {max(lengths)}; over 1,000: "
              f"{sum(n > 1000 for n in lengths)} games")
        for level in (a, b):
            spent, used = timings[level], cpu[level]
            print(f"  {level}: {1000 * sum(spent) / len(spent):.1f} ms a decision on average "
                  f"({1000 * sum(used) / len(used):.1f} ms of CPU), {1000 * max(spent):.0f} ms "
                  f"at most ({1000 * max(used):.0f} ms of CPU), {len(spent)} decisions; CPU "
                  f"p50 {1000 * percentile(used, 50):.1f} ms, p99 "
                  f"{1000 * percentile(used, 99):.1f} ms")


def seating(game: int, a: str, b: str, players: int, alone: bool) -> list[str]:
    """The level of each seat in game `game`: with `alone`, one seat of `a` (at seat `game %
    players`, so it goes round the table) and every other of `b`; else `a` and `b` alternating,
    `a` first in even games (A B A B), `b` first in odd ones (B A B A)."""
    if alone:
        levels = [b] * players
        levels[game % players] = a
        return levels
    half = players // 2
    return [a, b] * half if game % 2 == 0 else [b, a] * half


def deal_seed(game: int, players: int, alone: bool, duplicate: bool) -> int:
    """The seed of game `game`'s deal: the game's number, or with `duplicate` the same deal for
    every seating of `seating` (game // players with `alone`, game // 2 without)."""
    return game // (players if alone else 2) if duplicate else game


def interval(wins: int, decided: int) -> tuple[float, float]:
    """The share of `decided` games won and the half-width of its 95 % interval (normal
    approximation); (0, 0) when no game was decided."""
    if not decided:
        return 0.0, 0.0
    share = wins / decided
    return share, 1.96 * math.sqrt(share * (1 - share) / decided)


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile (p in 0..100) of `values`."""
    ranked = sorted(values)
    return ranked[max(0, math.ceil(p / 100 * len(ranked)) - 1)]


if __name__ == "__main__":
    main()
