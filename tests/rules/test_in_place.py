"""`apply(..., in_place=True)`, the rollouts' way (issue 11): the same checks, the same new state
and the same events as the pure `apply`, only without the copy; and a state copied with
`GameState.copy` (which shares the hands and piles) may be played on in place without touching
the state it was copied from."""

import random

from hypothesis import given
from test_properties import game_specs, games, play_game, snapshot

from games.rules import Applied, Event, Move, apply, legal_moves, new_game, rules_for


def test_events_and_applied_have_the_fields_the_engine_builds_them_with():
    # engine.py builds both with tuple.__new__ and every field in order, on the hot path.
    assert Event._fields == ("kind", "seat", "card", "color", "target", "cards", "count", "points")
    assert Event._field_defaults == {"seat": None, "card": None, "color": None, "target": None,
                                     "cards": (), "count": 0, "points": None}
    assert Applied._fields == ("state", "events", "ended")


def same_result(placed, pure) -> None:
    assert placed.ok == pure.ok
    if not pure.ok:
        assert placed.code == pure.code
        return
    assert placed.state == pure.state
    assert placed.events == pure.events
    assert all(type(event) is Event for event in placed.events)
    assert placed.ended == pure.ended


@games(150)
@given(spec=game_specs())
def test_in_place_apply_gives_the_state_and_events_of_pure_apply(spec):
    rng = random.Random(spec.choices)

    def on_state(game):
        s = game.state
        if s.status != "playing":
            return
        before = snapshot(s)
        tries = [(seat, move) for seat in range(s.players) for move in legal_moves(s, seat)]
        tries = rng.sample(tries, min(3, len(tries)))
        # Refused ones too: in place, a refusal changes nothing either.
        tries += [(rng.randrange(s.players), rng.choice([Move("draw"), Move("pass"),
                                                          Move("take"), Move("concede")]))]
        for seat, move in tries:
            pure = apply(s, seat, move)
            twin = s.copy()  # shares the hands and piles with `s`
            placed = apply(twin, seat, move, in_place=True)
            same_result(placed, pure)
            if placed.ok:
                assert placed.state is twin
            else:
                assert twin == before
            assert s == before, f"{move} by seat {seat} in place changed the state copied from"

    play_game(spec, on_state=on_state)


def test_whole_games_in_place_end_as_they_do_pure():
    for seed in range(40):
        pure = placed = new_game(2 + seed % 9, seed=seed).state
        rules = rules_for(pure)
        rng = random.Random(seed)
        while pure.status == "playing":
            moves = legal_moves(pure, pure.turn)
            move = moves[rng.randrange(len(moves))]
            expected = rules.apply(pure, pure.turn, move)
            got = rules.apply(placed, placed.turn, move, in_place=True)
            same_result(got, expected)
            pure, placed = expected.state, got.state
        assert placed == pure
