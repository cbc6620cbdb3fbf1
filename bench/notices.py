#!/usr/bin/env python3
"""How many emails does a four-player turn-by-turn game send each player, and when?

Simulated people play whole games over days through the service layer, on a frozen clock that
jumps from one event to the next (a move, a page view, a notice due, a reminder or deadline of
the sweep): the real outbox, presence, quiet hours and sweep decide what is sent.

Each player has a time zone (Paris, New York, Tokyo or UTC), sleeps from 23:00 to 08:00 on
their own clock, and three in four chose quiet hours 22:00-08:00. A third keep the table's page
open while awake: they see their turn at once (the page's stream), and play within 20 minutes;
asleep, they open the page within an hour of waking. The others come by on their own
schedule: a visit an exponential while after their turn began (mean 8 hours of waking time),
whatever the emails say, so that one trace serves both rules below. A turn runs 24 hours;
one that runs out is played by the table.

Printed for the same games:
- before (the rule until December 2026): a "your turn" email at every turn of a person, a
  reminder at the halfway point of every turn still unplayed then, "game over" to everyone;
- after (today's): what the outbox sent.
Emails per player per game (all, those who keep the page open, those away), emails that
arrived in the player's quiet hours, emails to a player at the table (from the moment their
turn came while their page was open until they played it, and in the ten minutes after a game
ended before their eyes), and
the most "your turn" emails one player had from one table between two visits.

Usage:
  .venv/bin/python bench/notices.py [--games 20] [--seed 1] [--postgres postgres://...]
      [--database wcbench_notices_<pid>]
  .venv/bin/python bench/notices.py --smoke    # two games (CI)
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE = f"wcbench_notices_{os.getpid()}"  # runs side by side never meet
ZONES = ("Europe/Paris", "America/New_York", "Asia/Tokyo", "UTC")
WAKE, SLEEP = 8, 23  # local hours
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MOST_MOVES = 1500


@dataclass
class Player:
    user: object
    zone: object
    quiet: bool
    page: bool
    visits: list[datetime] = field(default_factory=list)
    open_page: list[tuple[datetime, datetime]] = field(default_factory=list)  # (from, to)

    def at_the_table(self, moment: datetime) -> bool:
        return any(start <= moment <= stop for start, stop in self.open_page)

    def awake(self, moment: datetime) -> bool:
        return WAKE <= moment.astimezone(self.zone).hour < SLEEP

    def next_waking(self, moment: datetime) -> datetime:
        """`moment`, or the next 08:00 on the player's clock."""
        if self.awake(moment):
            return moment
        local = moment.astimezone(self.zone)
        wake = local.replace(hour=WAKE, minute=0, second=0, microsecond=0)
        if local.hour >= SLEEP:
            wake += timedelta(days=1)
        return wake.astimezone(UTC)

    def in_quiet_hours(self, moment: datetime) -> bool:
        hour = moment.astimezone(self.zone).hour
        return self.quiet and (hour >= 22 or hour < 8)


def recreate_database(server_url: str, name: str, drop_only: bool = False) -> None:
    import psycopg

    with psycopg.connect(f"{server_url}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


def play_game(number: int, rng: random.Random, tally: dict) -> None:
    import zoneinfo

    import time_machine
    from django.contrib.auth import get_user_model
    from django.core import mail

    from games import deadlines
    from games.rules import timeout_move, turn_goes_on
    from games.rules.state import PLAYING
    from games.service import lobby, play, viewing
    from games.storage.reads import load
    from notifications.models import Notice
    from notifications.preferences import update_preferences
    from notifications.sending import deliver

    users = [get_user_model().objects.create_user(f"g{number}p{i}", f"g{number}p{i}@example.com",
                                                  "pw-bench-123") for i in range(4)]
    players = {}
    for user in users:
        zone = rng.choice(ZONES)
        quiet = rng.random() < 0.75
        choice = {"time_zone": zone}
        if quiet:
            choice.update(quiet_hours_start="22:00", quiet_hours_end="08:00")
        update_preferences(user, choice)
        players[user.pk] = Player(user, zoneinfo.ZoneInfo(zone), quiet, rng.random() < 1 / 3)
    now = START + timedelta(hours=rng.randrange(24))
    with time_machine.travel(now, tick=False):
        table = lobby.create_table(users[0], {"players": 4, "turn_hours": 24,
                                              "seed": rng.randrange(2**31)}).table
        for user in users[1:]:
            lobby.join_table(table.pk, user, table.invite)
        lobby.start_game(table.pk, users[0])
    sent_before = len(mail.outbox)
    when_sent: list[tuple[datetime, object]] = []  # (moment, message) of "after"
    before: list[tuple[datetime, int, str]] = []  # (moment, user id, kind) of the old rule

    def send_due(moment: datetime) -> None:
        nonlocal sent_before
        due = Notice.objects.filter(status="pending", due_at__lte=moment).order_by("due_at")
        for notice_id in due.values_list("pk", flat=True):
            deliver(notice_id, moment)
        for message in mail.outbox[sent_before:]:
            when_sent.append((moment, message))
        sent_before = len(mail.outbox)

    def plan(seat_user: int, start: datetime) -> tuple[datetime, datetime | None]:
        """When the player comes to play a turn that began at `start`, and when their open
        page tells the table they are there (None: not there)."""
        player = players[seat_user]
        if player.page and player.awake(start):
            return start + timedelta(minutes=rng.uniform(1, 20)), start + timedelta(seconds=5)
        if player.page:
            return player.next_waking(start) + timedelta(minutes=rng.uniform(1, 60)), None
        visit, left = start, rng.expovariate(1 / 8) * 3600  # seconds of waking time
        while left > 0:  # spend the waiting only while awake
            visit = player.next_waking(visit)
            step = min(left, 1800.0)
            visit += timedelta(seconds=step)
            left -= step
        return visit, None

    moves = 0
    game = load(table.pk)
    turn_user, turn_start = None, now
    visit_at, seen_at = now, None
    while game.state is not None and game.state.status == PLAYING and moves < MOST_MOVES:
        seat = game.seats[game.state.turn]
        if (seat.user_id, game.round.deadline_at) != (turn_user, None) and (
                seat.user_id != turn_user or game.round.deadline_at - timedelta(hours=24)
                != turn_start):
            turn_user, turn_start = seat.user_id, game.round.deadline_at - timedelta(hours=24)
            before.append((turn_start, turn_user, "your-turn"))
            halfway = turn_start + timedelta(hours=12)
            visit_at, seen_at = plan(turn_user, turn_start)
            if visit_at > halfway:
                before.append((halfway, turn_user, "reminder"))
        pending = Notice.objects.filter(status="pending").order_by("due_at").values_list(
            "due_at", flat=True).first()
        events = [visit_at, game.round.deadline_at]
        events += [moment for moment in (game.round.remind_at, pending, seen_at) if moment]
        now = max(now, min(events))
        with time_machine.travel(now, tick=False):
            if seen_at is not None and now >= seen_at:
                viewing.table_page(table.pk, players[turn_user].user)  # the open page's stream
                players[turn_user].visits.append(now)
                players[turn_user].open_page.append((turn_start, visit_at))
                seen_at = None
            if now >= visit_at:
                player = players[turn_user]
                viewing.table_page(table.pk, player.user)
                player.visits.append(now)
                while True:
                    state = load(table.pk).state
                    play.make_move(table.pk, player.user, timeout_move(state))
                    moves += 1
                    after = load(table.pk).state
                    if after.status != PLAYING or not turn_goes_on(state, after, state.turn):
                        break
                visit_at = now + timedelta(days=365)
            deadlines.sweep(now)
            send_due(now)
        game = load(table.pk)
    end = now + timedelta(seconds=1)
    for player in players.values():  # who sees the end: the page players who are awake
        before.append((end, player.user.pk, "game-over"))
        if player.page and player.awake(end):
            with time_machine.travel(end + timedelta(seconds=5), tick=False):
                viewing.table_page(table.pk, player.user)
            player.visits.append(end + timedelta(seconds=5))
            player.open_page.append((end + timedelta(seconds=5), end + timedelta(minutes=10)))
    for extra in (timedelta(minutes=3), timedelta(hours=12), timedelta(hours=24)):
        with time_machine.travel(end + extra, tick=False):
            send_due(end + extra)
    by_address = {player.user.email: player for player in players.values()}
    tally["games"] += 1
    tally["moves"] += moves
    for player in players.values():
        style = "page" if player.page else "away"
        tally[f"players {style}"] += 1
        mine_before = [(moment, kind) for moment, user, kind in before if user == player.user.pk]
        mine_after = [(moment, message) for moment, message in when_sent
                      if by_address.get(message.to[0]) is player]
        for rule, mine in (("before", [m for m, _ in mine_before]),
                           ("after", [m for m, _ in mine_after])):
            tally[f"{rule} emails"] += len(mine)
            tally[f"{rule} emails {style}"] += len(mine)
            tally[f"{rule} in quiet hours"] += sum(player.in_quiet_hours(m) for m in mine)
            at_table = sum(player.at_the_table(m) for m in mine)
            tally[f"{rule} at the table"] += at_table
        turn_moments = sorted(m for m, msg in mine_after if msg.subject.startswith("It's your"))
        visits = sorted(player.visits)
        most, run, last_visit = 0, 0, None
        for moment in turn_moments:
            seen = [v for v in visits if v <= moment]
            if seen and seen[-1] != last_visit:
                run, last_visit = 0, seen[-1]
            run += 1
            most = max(most, run)
        tally["most turn emails between visits"] = max(tally["most turn emails between visits"],
                                                       most)
        old = [m for m, kind in mine_before if kind == "your-turn"]
        tally["before most between visits"] = max(tally["before most between visits"],
                                                  _most_between(old, visits))


def _most_between(moments: list[datetime], visits: list[datetime]) -> int:
    most = 0
    for start, stop in zip([datetime.min.replace(tzinfo=UTC), *visits],
                           [*visits, datetime.max.replace(tzinfo=UTC)], strict=True):
        most = max(most, sum(start < m <= stop for m in moments))
    return most


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", "--server", dest="server",
                        default="postgres://postgres@127.0.0.1:5432",
                        help="PostgreSQL server URL, without a database name")
    parser.add_argument("--database", default=DATABASE)
    parser.add_argument("--smoke", action="store_true", help="two games (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.games = 2

    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    os.environ.update({
        "DATABASE_URL": f"{args.server}/{args.database}", "DEBUG": "0",
        "SECRET_KEY": "bench-notices-not-secret", "DJANGO_SETTINGS_MODULE": "wildcards.settings",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "WILDCARDS_TURN_NOTICE_DELAY": "120", "LOG_LEVEL": "WARNING",
        "WILDCARDS_ALLOW_RIGGED_DECKS": "1",  # each game dealt from a seed of --seed's
    })
    os.environ.pop("REDIS_URL", None)
    recreate_database(args.server, args.database)
    import django

    django.setup()
    from django.core import mail
    from django.core.management import call_command
    from django.db import connections
    from django.test.utils import setup_test_environment

    from wildcards.celery import app

    setup_test_environment()  # the locmem backend's outbox
    mail.outbox = []
    # A notice's task would only find it not yet due: the simulation sends what is due.
    app.conf.update(broker_url="memory://localhost/", task_always_eager=False,
                    result_backend=None)
    call_command("migrate", interactive=False, verbosity=0)
    print(f"# bench/notices.py on {platform.node()} ({os.cpu_count()} CPUs), "
          f"Python {platform.python_version()}, {args.games} games, seed {args.seed}")
    rng = random.Random(args.seed)
    tally: dict = defaultdict(int)
    started = time.perf_counter()
    try:
        for number in range(args.games):
            play_game(number, rng, tally)
    finally:
        connections.close_all()
        recreate_database(args.server, args.database, drop_only=True)
    seconds = time.perf_counter() - started
    games, players = tally["games"], tally["games"] * 4
    page, away = tally["players page"], tally["players away"]
    print(f"{games} games, {tally['moves'] / games:.0f} moves a game, {page} players with the "
          f"page open and {away} away, simulated in {seconds:.1f} s\n")
    print("| per player per game | before | after |")
    print("|---|---:|---:|")
    print(f"| emails, all players | {tally['before emails'] / players:.1f} | "
          f"{tally['after emails'] / players:.1f} |")
    for style, count in (("page", page), ("away", away)):
        label = "page open while awake" if style == "page" else "away"
        print(f"| emails, players {label} | "
              f"{tally[f'before emails {style}'] / max(count, 1):.1f} | "
              f"{tally[f'after emails {style}'] / max(count, 1):.1f} |")
    print(f"| emails in the player's quiet hours (all games) | {tally['before in quiet hours']} "
          f"| {tally['after in quiet hours']} |")
    print(f"| emails to a player at the table (all games) | {tally['before at the table']} | "
          f"{tally['after at the table']} |")
    print(f"| most turn emails from one table between two visits | "
          f"{tally['before most between visits']} | "
          f"{tally['most turn emails between visits']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
