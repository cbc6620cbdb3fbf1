"""More than one node (issue 29, docs/scaling.md): two web nodes behind nginx's `upstream`, two
Celery workers and one beat, one PostgreSQL database and one Redis, each a process of its own as
separate machines would run them. A move made through one node reaches a stream held by the
other; a real-time timer and a turn's deadline each expire once; a node's restart loses
nothing."""

from __future__ import annotations

import json
import os
import secrets
import threading
import time
from datetime import timedelta

import httpx
import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone
from nodes import NGINX, Site

from games.models import Round, Table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.path.exists(NGINX), reason="nginx is not installed "
                       "(scripts/test_services.sh installs it)"),
]

COLORS = ("red", "yellow", "green", "blue")


@pytest.fixture(scope="module")
def site(django_db_setup):
    """The site's processes, shared by this module's tests (each test's rows are its own)."""
    if connection.vendor != "postgresql" or not settings.REDIS_URL:
        pytest.skip("the nodes share PostgreSQL and Redis")
    db = connection.settings_dict
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("WILDCARDS_", "DJANGO_"))},
           "DJANGO_SETTINGS_MODULE": "wildcards.settings", "DEBUG": "0",
           "SECRET_KEY": secrets.token_urlsafe(50), "WILDCARDS_HTTPS": "0",
           "ALLOWED_HOSTS": "127.0.0.1,localhost",
           "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
           "DATABASE_POOL_SIZE": "3", "REDIS_URL": settings.REDIS_URL,
           "CELERY_TASK_ALWAYS_EAGER": "0",
           "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
           "WILDCARDS_THROTTLE_SIGNUP": "1000/hour", "WILDCARDS_THROTTLE_MOVES": "1000/minute"}
    started = Site(env)
    try:
        yield started
    finally:
        started.stop()


class Player:
    def __init__(self, base: str) -> None:
        name = f"p{secrets.token_hex(4)}"
        answer = httpx.post(f"{base}/api/accounts", json={
            "username": name, "email": f"{name}@example.com", "password": "a-long-passw0rd"})
        assert answer.status_code == 201, answer.text
        self.token = answer.json()["token"]
        self.headers = {"Authorization": f"Token {self.token}"}

    def call(self, base: str, method: str, path: str, body: dict | None = None) -> dict:
        answer = httpx.request(method, f"{base}/api{path}", json=body, headers=self.headers,
                               timeout=10)
        assert answer.status_code in (200, 201), answer.text
        return answer.json()


def started_table(base: str, players: list[Player], **options) -> int:
    host, *others = players
    table = host.call(base, "POST", "/tables", {"players": len(players), **options})
    for other in others:
        other.call(base, "POST", f"/tables/{table['id']}/join", {"invite": table["invite"]})
    host.call(base, "POST", f"/tables/{table['id']}/start")
    return table["id"]


def play_one(base: str, table: int, players: list[Player]) -> int:
    """The seat whose turn it is makes a legal move through `base`; its answer's version."""
    for player in players:
        you = player.call(base, "GET", f"/tables/{table}/state")["you"]
        actions = you["actions"]
        if "play" in actions and you["playable"]:
            card = you["playable"][0]
            move = {"action": "play", "card": card}
            if card.startswith("wild"):
                move["color"] = COLORS[0]
        elif "choose" in actions:
            move = {"action": "choose", "color": COLORS[0]}
        else:
            action = next((a for a in ("take", "draw", "pass") if a in actions), None)
            if action is None:
                continue
            move = {"action": action}
        return player.call(base, "POST", f"/tables/{table}/moves", move)["version"]
    raise AssertionError("no seat could move")


class Follower(threading.Thread):
    """A player's stream as a browser's EventSource follows it: from `base`, back after the
    server's `retry:` with `Last-Event-ID` when it ends or cannot connect."""

    def __init__(self, base: str, table: int, player: Player) -> None:
        super().__init__(daemon=True)
        self.url, self.player = f"{base}/api/tables/{table}/events", player
        self.events: list[dict] = []
        self.statuses: list[int] = []
        self.retry_ms, self.running = 3000, True

    def run(self) -> None:
        while self.running:
            headers = {**self.player.headers, "Accept": "text/event-stream"}
            if self.events:
                headers["Last-Event-ID"] = str(self.events[-1]["version"])
            try:
                with httpx.stream("GET", self.url, headers=headers,
                                  timeout=httpx.Timeout(5, read=30)) as answer:
                    self.statuses.append(answer.status_code)
                    self.read(answer.iter_lines())
            except httpx.HTTPError:
                pass
            time.sleep(self.retry_ms / 1000)

    def read(self, lines) -> None:
        fields: dict[str, str] = {}
        for line in lines:
            if not self.running:
                return
            if line:
                name, _, value = line.partition(":")
                fields[name] = value.strip()
                continue
            if "retry" in fields:
                self.retry_ms = int(fields["retry"])
            if fields.get("event") == "state":
                self.events.append(json.loads(fields["data"]))
            fields = {}

    def has(self, version: int, seconds: float = 15) -> bool:
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            if self.events and self.events[-1]["version"] >= version:
                return True
            time.sleep(0.05)
        return False

    def chain(self) -> tuple[list[int], list[int]]:
        """(the versions whose event did not start where the one before ended, the move log
        entries' versions as received, in order)."""
        gaps = [e["version"] for before, e in zip(self.events, self.events[1:], strict=False)
                if e["from"] != before["version"]]
        return gaps, [m["version"] for e in self.events for m in e["moves"]]


def test_a_move_through_one_node_reaches_a_stream_on_the_other_and_a_restart_loses_nothing(
        site):
    ana, ben = Player(site.url), Player(site.url)
    table = started_table(site.url, [ana, ben])
    on_b = Follower(site.node(1), table, ana)  # held by node B
    through_nginx = Follower(site.url, table, ben)
    for follower in (on_b, through_nginx):
        follower.start()
        assert follower.has(0), "no first event"
    first = on_b.events[-1]["version"]

    moved = play_one(site.node(0), table, [ana, ben])  # through node A
    assert on_b.has(moved, 5), "a move through node A did not reach node B's stream"

    versions = [moved]
    playing = threading.Event()
    playing.set()

    def keep_playing() -> None:  # moves through nginx, across the restart
        while playing.is_set():
            versions.append(play_one(site.url, table, [ana, ben]))
            time.sleep(0.2)

    mover = threading.Thread(target=keep_playing, daemon=True)
    mover.start()
    time.sleep(1)
    away = site.restart(1)  # node B: its streams end with a retry, its clients come back
    time.sleep(1)
    playing.clear()
    mover.join(15)
    final = Player.call(ana, site.url, "GET", f"/tables/{table}/state")["version"]
    assert on_b.has(final, 15) and through_nginx.has(final, 15), (
        f"not every stream was back with the last move ({away:.1f} s away)")
    for follower in (on_b, through_nginx):
        follower.running = False
        gaps, logged = follower.chain()
        assert gaps == [], "an event did not start where the one before ended"
        assert logged == list(range(first + 1, final + 1))  # each move once, none lost
        assert set(follower.statuses) == {200}  # nothing a browser would give up on
    assert set(versions) <= set(range(first + 1, final + 1))


def log_of(site: Site, player: Player, table: int) -> list[dict]:
    return player.call(site.url, "GET", f"/tables/{table}/moves")["moves"]


def test_a_real_time_timer_and_a_turn_deadline_each_expire_once(site):
    ana, ben, cleo, dan = (Player(site.url) for _ in range(4))
    live = started_table(site.url, [ana, ben], mode="realtime", move_timer="fast")
    turns = started_table(site.url, [cleo, dan])
    Round.objects.filter(table_id=turns).update(  # the day went by: beat's sweep finds it
        deadline_at=timezone.now() - timedelta(seconds=1))
    timed_out = Table.objects.get(pk=live).current_round.deadline_at

    def expired(player: Player, table: int) -> list[dict]:
        return [m for m in log_of(site, player, table) if m["by"] in ("timer", "bot")]

    stop = time.monotonic() + 45
    while time.monotonic() < stop and not (expired(cleo, turns) and expired(ana, live)):
        time.sleep(0.5)
    assert timezone.now() >= timed_out
    time.sleep(6)  # beat's next sweep, and both workers, had every chance to expire it again
    for player, table in ((cleo, turns), (ana, live)):
        after = expired(player, table)
        assert after, f"table {table}'s turn never expired"
        # One seat's turn, once: a second expiry would have been the next seat's.
        assert len({m["seat"] for m in after}) == 1, after
