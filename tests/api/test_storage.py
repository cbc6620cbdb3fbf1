"""What is stored after a move is the game the next request loads: the draw pile running out,
the discard pile reshuffled into a new one, and every card still there exactly once."""

from __future__ import annotations

from collections import Counter

import pytest

from games.models import Hand, Table
from games.rules import CLASSIC

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

# Cards that cannot be played on a Blue 7: neither Blue nor a 7 nor Wild.
UNPLAYABLE = [CLASSIC.codes[card] for card in CLASSIC.full()
              if not CLASSIC.codes[card].startswith(("wave", "wild"))
              and not CLASSIC.codes[card].endswith("-7")]


def ten_seats():
    """Ten seats, starter wave-7. Seat 1 holds nothing playable and the 37 cards of the draw
    pile are unplayable too; seat 2 holds the other wave-7; seat 3 holds nothing playable."""
    assert len(UNPLAYABLE) == 69
    seat1, seat3, pile, rest = UNPLAYABLE[:7], UNPLAYABLE[7:14], UNPLAYABLE[14:51], \
        UNPLAYABLE[51:]
    others = Counter(CLASSIC.codes[card] for card in CLASSIC.full())
    others.subtract([*UNPLAYABLE, "wave-7", "wave-7"])
    rest = [*rest, *sorted(others.elements())]  # 18 + 37: eight seats, seat 2's wave-7 aside
    assert len(rest) == 55
    hands = []
    for seat in range(10):
        if seat == 1:
            hands.append(seat1)
        elif seat == 3:
            hands.append(seat3)
        elif seat == 2:
            hands.append(["wave-7", *rest[:6]])
            rest = rest[6:]
        else:
            hands.append(rest[:7])
            rest = rest[7:]
    assert rest == []
    return hands, pile


def all_cards_of(table_id: int) -> Counter:
    table = Table.objects.get(pk=table_id)
    current = table.current_round
    cards = Counter(current.draw_pile)
    for hand in Hand.objects.filter(round=current):
        cards.update(hand.cards)
    cards.update(current.discard)
    return cards


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out(rigged_table):
    hands, pile = ten_seats()
    table, players = rigged_table(hands=hands, starter="wave-7", draw=pile,
                                  options={"draw_until_playable": True})
    full = Counter(CLASSIC.codes[card] for card in CLASSIC.full())
    # Seat 1 draws the whole pile, nothing playable in it; the starter alone cannot be
    # reshuffled, so the draw is short and the turn ends.
    drew = players[1].move(table, "draw").json()
    assert drew["round"]["draw_pile"] == 0 and len(drew["you"]["hand"]) == 44
    assert drew["round"]["turn"] == 2
    assert players[2].move(table, "play", "wave-7").status_code == 200
    # Seat 3 has nothing to play: the discard pile but its top (the starter) becomes the draw
    # pile, and the starter comes back as a playable Blue 7 that must be played.
    you = players[3].state(table)["you"]
    assert you["actions"] == ["draw", "concede"]
    drew = players[3].move(table, "draw").json()
    assert drew["you"]["drawn"] == "wave-7"
    assert drew["round"]["discard"] == ["wave-7"] and drew["round"]["draw_pile"] == 0
    assert all_cards_of(table) == full
    played = players[3].move(table, "play", "wave-7").json()
    assert played["round"]["discard"] == ["wave-7", "wave-7"]
    assert played["round"]["turn"] == 4
    assert all_cards_of(table) == full
    for seat, player in enumerate(players):
        view = player.state(table)
        assert view["round"]["discard"] == ["wave-7", "wave-7"]
        total = sum(s["cards"] for s in view["seats"]) + view["round"]["draw_pile"] + 2
        assert total == 108
        assert len(view["you"]["hand"]) == view["seats"][seat]["cards"]
    log = players[0].get(f"/api/tables/{table}/moves").json()["moves"]
    kinds = [event["kind"] for move in log for event in move["events"]]
    assert kinds.count("reshuffled") == 1
    assert log[0]["action"] == "deal"
    first_draw = log[1]["events"][0]
    assert first_draw == {"kind": "drew", "seat": 1, "count": 37}
