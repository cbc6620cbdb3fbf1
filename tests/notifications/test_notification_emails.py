"""Each kind of email, as sent through the outbox to Django's locmem backend: subject, plain
text, HTML, the link to the table, the unsubscribe links and the RFC 8058 headers."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.core import signing
from notice_helpers import RANKING, current_turn, new_turn, people_of

from notifications import outbox
from notifications.emails import ordinal
from notifications.preferences import read_unsubscribe_token

pytestmark = pytest.mark.django_db

TABLE_LINK = "https://cards.example.com/tables/{}"


def sent_by(queue, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        queue()
    assert len(mailoutbox) == 1
    return mailoutbox[0]


def html_of(message) -> str:
    (html, mimetype), = message.alternatives
    assert mimetype == "text/html"
    return html


def unsubscribe_link(message) -> str:
    header = message.extra_headers["List-Unsubscribe"]
    assert header.startswith("<https://cards.example.com/unsubscribe/") and header.endswith(">")
    return header[1:-1]


def test_the_reminder_says_when_the_turn_ends(ana, table, mailoutbox,
                                              django_capture_on_commit_callbacks):
    round_row = new_turn(table, start=datetime(2031, 3, 4, 2, 30, tzinfo=UTC))
    message = sent_by(lambda: outbox.queue_reminder(ana, table, **current_turn(table)),
                      mailoutbox, django_capture_on_commit_callbacks)

    assert round_row.deadline_at == datetime(2031, 3, 5, 2, 30, tzinfo=UTC)
    assert message.to == ["ana@example.com"]
    assert message.subject == f"Your turn at table {table.pk} ends at Wed 5 Mar 2031, 02:30 UTC"
    assert "Wednesday 5 March 2031, 02:30 UTC" in message.body
    assert TABLE_LINK.format(table.pk) in message.body
    html = html_of(message)
    assert f'href="{TABLE_LINK.format(table.pk)}"' in html
    assert "<strong>Wednesday 5 March 2031, 02:30 UTC</strong>" in html


def test_your_turn_email_names_the_table_and_the_deadline(ana, table, mailoutbox,
                                                          django_capture_on_commit_callbacks):
    new_turn(table, start=datetime(2031, 3, 4, 12, 0, tzinfo=UTC))
    message = sent_by(lambda: outbox.queue_your_turn(ana, table, **current_turn(table)),
                      mailoutbox, django_capture_on_commit_callbacks)

    assert message.subject == f"It's your turn at table {table.pk}"
    assert "You have until Wednesday 5 March 2031, 12:00 UTC." in message.body
    assert TABLE_LINK.format(table.pk) in message.body
    assert f'href="{TABLE_LINK.format(table.pk)}"' in html_of(message)


def test_game_over_email_shows_the_ranking_and_where_you_finished(
        ana, table, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_game_over(table, RANKING, people_of(table))

    to_ana = next(message for message in mailoutbox if message.to == ["ana@example.com"])
    assert to_ana.subject == f"Game over at table {table.pk}: you finished 2nd"
    lines = to_ana.body.splitlines()
    ranking = lines[lines.index("Rank  Seat  Player                Score") + 1:][:3]
    assert ranking == [
        "1     1     ben                   143",
        "2     0     ana                   0",
        "3     2     Normal bot 2          0",
    ]
    html = html_of(to_ana)
    assert "You finished <strong>2nd</strong>" in html
    assert html.index("ben") < html.index("ana</td>") < html.index("Normal bot 2")
    assert TABLE_LINK.format(table.pk) in to_ana.body


def test_game_over_email_marks_who_left(ana, table, mailoutbox,
                                        django_capture_on_commit_callbacks):
    ranking = [dict(row, left=row["seat"] == 1) for row in RANKING]
    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_game_over(table, ranking, people_of(table))

    message = mailoutbox[0]
    assert "ben                   143 (left the game)" in message.body
    assert "ben <em>(left the game)</em>" in html_of(message)


@pytest.mark.parametrize("kind", ["reminder", "your-turn", "game-over"])
def test_every_email_carries_a_one_click_unsubscribe_link_and_headers(
        kind, ana, table, mailoutbox, django_capture_on_commit_callbacks):
    queue = {
        "reminder": lambda: outbox.queue_reminder(ana, table, **current_turn(table)),
        "your-turn": lambda: outbox.queue_your_turn(ana, table, **current_turn(table)),
        "game-over": lambda: outbox.queue_notice("game-over", ana, table, "game-over:x",
                                                 {"ranking": RANKING, "your_seat": 0}),
    }[kind]
    message = sent_by(queue, mailoutbox, django_capture_on_commit_callbacks)

    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = unsubscribe_link(message)
    token = link.rsplit("/", 1)[1]
    assert read_unsubscribe_token(token) == (ana.pk, kind)
    assert f"Unsubscribe from these emails: {link}" in message.body
    assert f'href="{link}"' in html_of(message)
    all_links = [line.split(": ", 1)[1] for line in message.body.splitlines()
                 if line.startswith("Unsubscribe from all Wild Cards emails: ")]
    assert len(all_links) == 1
    assert read_unsubscribe_token(all_links[0].rsplit("/", 1)[1]) == (ana.pk, "all")
    # The headers survive into the message as it goes on the wire.
    wire = message.message()
    assert wire["List-Unsubscribe"] == f"<{link}>"
    assert wire["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_plain_text_is_not_html_escaped_and_html_is(make_user, table, mailoutbox,
                                                    django_capture_on_commit_callbacks):
    tom = make_user("tom&jerry<3", email="tom@example.com")
    ranking = [{"seat": 0, "name": "Tom & Jerry <3", "rank": 1, "score": 12, "left": False}]
    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_notice("game-over", tom, table, "game-over:tom",
                            {"ranking": ranking, "your_seat": 0})

    message, = mailoutbox
    assert "Hello tom&jerry<3," in message.body
    assert "Tom & Jerry <3" in message.body
    html = html_of(message)
    assert "Hello tom&amp;jerry&lt;3," in html
    assert "Tom &amp; Jerry &lt;3" in html and "Tom & Jerry <3" not in html


def test_the_subject_is_always_one_line(ana, table, mailoutbox,
                                        django_capture_on_commit_callbacks):
    message = sent_by(lambda: outbox.queue_your_turn(ana, table, **current_turn(table)),
                      mailoutbox, django_capture_on_commit_callbacks)
    assert "\n" not in message.subject and message.subject == message.subject.strip()


def test_unsubscribe_tokens_are_signed_for_that_purpose_only(ana):
    other_purpose = signing.dumps({"u": ana.pk, "s": "all"}, salt="something.else")
    from notifications.preferences import BadToken

    with pytest.raises(BadToken):
        read_unsubscribe_token(other_purpose)


@pytest.mark.parametrize("number, word", [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"),
                                          (11, "11th"), (12, "12th"), (13, "13th"),
                                          (21, "21st"), (102, "102nd")])
def test_places_read_as_ordinals(number, word):
    assert ordinal(number) == word
