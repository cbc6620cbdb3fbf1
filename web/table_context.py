"""What the table's live part (`web/jinja2/web/_live.html`) is drawn from: the view the service
layer gives the user (`viewing.table_page`, the same as the API's), with what a person needs
beyond it worked out here rather than in the template — the page is drawn after every move by
every viewer: why each card cannot be played, what a card just drawn allows, who plays each
seat, the last round's result, the deadline in words."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from games.models import Seat, Table
from games.rules import REASONS, rules_for
from games.rules.options import calls_last_card
from games.service import results, viewing
from games.service.words import log_line, since_last_move
from games.storage.reads import Game
from notifications.preferences import preference_of

from . import seats as seat_words
from .chat import chat_context
from .fair_play import fair_context
from .forms import BotForm, InviteForm
from .invitations import for_the_host
from .links import table_links
from .orders import orders_context
from .pauses import away_words, pause_context
from .templatetags.cards import card, card_color, card_label, card_svg
from .times import deadline_text

POLL_SECONDS = 3  # how often an open table page asks whether anything changed


def live_context(request: HttpRequest, table_id: int, since: int | None = None) -> dict | None:
    """Everything the live part shows the user; None when nothing changed since `since`."""
    page = viewing.table_page(table_id, request.user, since=since)
    if page is None:
        return None
    game, view, log = page
    seat = game.seat_of(request.user)
    table = game.table
    context = {"game": game, "table": table, "seat": seat, "view": view,
               "urls": table_links(table_id),
               "poll_seconds": POLL_SECONDS, "version": table.version,
               "is_host": seat is not None and seat.number == 0,
               "rated": results.shows_rated(game),
               # The event stream answers only who may see the game: a seated player, or
               # anyone at a table open to spectators. Others follow by polling.
               "follows_stream": seat is not None or table.settings.spectators,
               "fair": fair_context(game, seat, view["round"] if view else None)}
    if view is None:
        context.update(lobby_context(request, game, seat))
        return context
    names = {row["seat"]: row["name"] for row in view["seats"]}
    people = {s.number for s in game.seats if s.user_id is not None}
    context.update(game_context(view, names, people, table.deck))
    context["bot_plays_you"] = seat_words.plays_for_you(seat)
    if context["bot_plays_you"] or view["paused"]:  # a bot moves for it, or none may move
        _bot_plays(context)
    context["seat_notice"] = seat_words.own_notice(seat, table, log)
    context.update(pause_context(game, seat, view))  # vacation and pause (issue 27)
    away = away_words(view)
    for row in context["seat_rows"]:
        row["away"] = away.get(row["seat"], "")
    context["call_with_play"] = (calls_last_card(table.settings.options())
                                 and context["your_turn"]
                                 and "play" in context["actions"]
                                 and len(context["you"]["hand"]) == 2)
    context["log"] = [log_line(entry, names, people) for entry in log]
    if context["your_turn"]:  # what the others did meanwhile, oldest first
        context["since_your_turn"] = [log_line(entry, names, people)
                                      for entry in since_last_move(log, seat.number)]
    if seat is not None and table.mode == Table.Mode.TURN:
        context["emails_muted"] = table.pk in preference_of(request.user).muted_tables
    realtime = table.mode == Table.Mode.REALTIME
    context["deadline_text"] = deadline_text(view["round"].get("deadline"), seconds=realtime)
    # A bot's turn has a deadline too (the table moves for a bot that has not), which is no
    # time a person has to watch.
    turn = view["round"]["turn"]
    context["show_deadline"] = bool(context["deadline_text"]) and turn is not None and not any(
        row["seat"] == turn and row["state"] in ("bot", "away") for row in view["seats"])
    return context


def lobby_context(request: HttpRequest, game: Game, seat: Seat | None) -> dict:
    table = game.table
    context = {"bot_form": BotForm(), "free_seats": table.players - len(game.seats)}
    if seat is not None:
        link = reverse("table", args=[table.pk]) + f"?invite={table.invite}"
        context["invite_link"] = request.build_absolute_uri(link)
        if seat.number == 0:
            context.update(for_the_host(request, game))
    else:
        context["join_form"] = InviteForm(initial={"invite": request.GET.get("invite", "")})
    return context


def game_context(view: dict, names: dict, people: set[int], deck: str) -> dict:
    """What the template needs beyond the view: the hand with why each card cannot be played,
    the seats with who plays them, and the hands face up at a round's end."""
    you = view.get("you")
    context: dict = {"you": you, "actions": you["actions"] if you else [],
                     "round": view["round"], "seats": view["seats"]}
    round_view = view["round"]
    playing = view["status"] == "playing" and round_view["status"] == "playing"
    mine = you["seat"] if you else None
    catchable = round_view.get("catchable", [])
    lost = round_view.get("turns_to_lose", [])
    may_catch = bool(you) and "catch" in you["actions"]
    context["seat_rows"] = [
        {"seat": row["seat"], "name": row["name"],
         "cards": f"{row['cards']} card{'' if row['cards'] == 1 else 's'}",
         "score": row["score"], "turn": playing and row["seat"] == round_view["turn"],
         "you": row["seat"] == mine,
         "badge": (row["state"] if row["state"] in ("away", "bot", "left")
                   else "bot" if row["bot_account"] else ""),
         "said": seat_words.seat_line(row, row["seat"] in people),
         "uncalled": row["seat"] in catchable,
         "loses": lost.count(row["seat"]),
         "catch": may_catch and row["seat"] in catchable and row["seat"] != mine}
        for row in view["seats"]]
    context["your_turn"] = playing and mine is not None and mine == round_view["turn"]
    context["whose_turn"] = names.get(round_view["turn"], "")
    if you:
        playable = set(you["playable"])
        on_turn = you["seat"] == round_view["turn"]
        context["hand"] = [{"code": code, "playable": code in playable, "color": card_color(code),
                            "label": card_label(code), "face": card_svg(code, deck),
                            "why": REASONS.get(you["refusals"].get(code, ""), "")
                            if on_turn else ""}
                           for code in you["hand"]]
        context["jump_in"] = not on_turn and bool(playable)
        # A card just drawn: what the rules allow with it at this table, and no more.
        context["may_keep"] = bool(you["drawn"]) and "pass" in you["actions"]
    # The whole pile can hold a hundred cards: joined here from the cached faces, not looped
    # over in the template.
    context["discard_html"] = mark_safe("".join(card(code, "small", deck)
                                                for code in view["round"]["discard"]))
    context["deck"] = deck
    # With the All Wild deck a color may be declared and changes nothing: none is to be chosen.
    context["colors_matter"] = rules_for(deck).color_declared
    context["face_up"] = face_up(view["round"], names, deck)
    context["last_round"] = (face_up(view["last_round"], names, deck) if view["last_round"]
                             else None)
    if context["last_round"]:
        # Open while the new round has barely begun: nobody has played on its starter yet.
        context["last_round"]["fresh"] = len(view["round"]["discard"]) <= 1
    if view["ranking"]:
        context["ranking"] = [{**row, "name": names.get(row["seat"])} for row in view["ranking"]]
    return context


def _bot_plays(context: dict) -> None:
    """A bot plays the person's seat: their cards are shown, none offered, and the turn is not
    theirs to take; conceding stays open (the rule book lets anyone leave)."""
    context["your_turn"] = False
    context["jump_in"] = False
    context["may_keep"] = False
    context["actions"] = [action for action in context["actions"] if action == "concede"]
    for held in context.get("hand", []):
        held["playable"], held["why"] = False, ""


def face_up(round_view: dict, names: dict, deck: str) -> dict | None:
    """An ended round's hands face up with their points."""
    hands = round_view.get("hands") if round_view else None
    if not hands:
        return None
    points, ids = rules_for(deck).deck.points, rules_for(deck).deck.ids
    return {
        "number": round_view.get("number"), "winner": round_view.get("winner"),
        "winner_name": names.get(round_view.get("winner")), "points": round_view.get("points"),
        "status": round_view.get("status"),
        "hands": [{"seat": int(seat), "name": names.get(int(seat)), "cards": cards,
                   "points": sum(points[ids[code]] for code in cards if code in ids)}
                  for seat, cards in sorted(hands.items(), key=lambda item: int(item[0]))],
    }


def pick_context(context: dict, card: str, need: str, call: bool = False) -> dict:
    """The color or seat chooser for a card that needs one, if the card is in the hand; the
    play's last-card call goes along."""
    you = context.get("you")
    if not you or card not in you["hand"]:
        return {}
    if need == "target":
        others = [row for row in context["seats"]
                  if row["seat"] != you["seat"] and row["state"] != "left"]
        question = ("who draws 2?" if card == "wild-targeted-draw2"
                    else "swap hands with whom?")
        return {"pick": {"card": card, "need": "target", "seats": others, "call": call,
                         "question": question}}
    return {"pick": {"card": card, "need": "color", "call": call}}


def side_panels(request: HttpRequest, context: dict) -> dict:
    """The panels beside the live part, which its redrawing must not touch: the user's standing
    orders and the table chat (each only where the user has it), as HTML."""
    game, seat = context["game"], context["seat"]
    panels = {}
    for name, template, found in (
            ("orders_panel", "web/_orders.html", orders_context(game, seat)),
            ("chat_panel", "web/_chat.html", chat_context(request, game, seat))):
        if found is not None:
            panels[name] = mark_safe(render_to_string(template, {**found, "urls": context["urls"]},
                                                      request))  # Jinja2: escaped
    return panels
