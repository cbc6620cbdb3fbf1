"""The move log in words: "Ana played Wild Draw 4 and chose blue"."""

from __future__ import annotations

from .templatetags.cards import card_name


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _event(event: dict, name) -> str | None:
    kind, who = event["kind"], name(event.get("seat"))
    count = event.get("count", 0)
    if kind == "played":
        said = f"{who} played {card_name(event['card'])}"
        if event["card"] == "wild-targeted-draw2" and event.get("target") is not None:
            said += f" on {name(event['target'])}"
        return f"{said} and chose {event['color']}" if event.get("color") else said
    if kind in ("drew", "took"):
        seen = event.get("cards")
        what = ": " + ", ".join(card_name(c) for c in seen) if seen else ""
        verb = "drew" if kind == "drew" else "took the penalty,"
        return f"{who} {verb} {_cards(count)}{what}"
    return {
        "chose": lambda: f"{who} chose {event.get('color')}",
        "passed": lambda: f"{who} passed",
        "called": lambda: f"{who} called “last card”",
        "caught": lambda: (f"{who} caught {name(event.get('target'))} holding one card without "
                           f"calling “last card”"),
        "skipped": lambda: f"{who} is skipped",
        "reversed": lambda: "play turns around",
        "swapped": lambda: f"{who} swapped hands with {name(event.get('target'))}",
        "hands-passed": lambda: "every hand passes to the next player",
        "reshuffled": lambda: "the discard pile is shuffled into a new draw pile",
        "conceded": lambda: f"{who} conceded",
        "round-won": lambda: f"{who} won the round and scores {event.get('points', 0)}",
        "round-blocked": lambda: "the round is blocked: nobody can play",
        "round-abandoned": lambda: "the round ends: too few players are left",
        "game-over": lambda: (f"game over: {who} wins" if event.get("seat") is not None
                              else "game over"),
        "dealt": lambda: f"a new round is dealt; the starter is {card_name(event['card'])}",
        "starter-returned": lambda: (f"the starter {card_name(event['card'])} goes back into "
                                     f"the pile"),
    }.get(kind, lambda: None)()


def log_line(entry: dict, names: dict[int, str]) -> str:
    """One entry of the move log (as the viewer may see it) in one sentence."""

    def name(seat: int | None) -> str:
        return names.get(seat, f"Seat {seat}") if seat is not None else "Someone"

    parts = [text for event in entry["events"] if (text := _event(event, name))]
    line = "; ".join(parts) if parts else f"{name(entry['seat'])}: {entry['action']}"
    if not any(line.startswith(who) for who in names.values()):
        line = line[0].upper() + line[1:]  # a sentence, not a player's name
    if entry.get("by") == "timer":
        line += " (time ran out)"
    return line + "."
