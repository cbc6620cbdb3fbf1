"""Invitations in a real browser (Debian's Chromium, as in test_browser.py): the host invites from
the lobby, a refusal shows on the form, the person invited takes the seat from the email's link
on a phone, and a visitor without an account is asked to sign up. No serious accessibility
problem on the way; the pages are photographed to tests/web/screenshots/lobby-invitations.png,
invitation.png, invitation-phone.png, invitation-used-phone.png,
invitation-visitor-phone.png and lobby-invitations-phone.png.
"""

from __future__ import annotations

import re

import pytest
from browser import serious_violations
from django.core import mail
from playwright.sync_api import expect
from test_browser import ana, chromium, visitor  # noqa: F401  (the browser fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def link_to(address: str) -> str:
    [email] = [email for email in mail.outbox if email.to == [address]]
    return re.search(r"https?://[^/\s]+(/invitations/\S+)", email.body).group(1)


def fits_the_width(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_host_invites_and_the_invited_take_their_seats_from_the_email(
        ana, visitor):  # noqa: F811
    table = ana.create_table(players="3", scoring="single")
    page = ana.page
    form = page.locator("form.invite-player")
    form.get_by_label("Username or email address").fill("nobody")
    form.get_by_role("button", name="Send the invitation").click()
    expect(page.locator("#invite-player ~ form .error")).to_have_text(
        "Nobody is called nobody here.")
    problems = serious_violations(page)

    ben = visitor("ben", viewport=PHONE).has_an_account()
    form = page.locator("form.invite-player")
    form.get_by_label("Username or email address").fill("ben")
    form.get_by_role("button", name="Send the invitation").click()
    expect(page.locator(".messages")).to_contain_text("ben is invited")
    form = page.locator("form.invite-player")
    form.get_by_label("Username or email address").fill("dora@example.org")
    form.get_by_role("button", name="Send the invitation").click()
    expect(page.locator("ul.invitations li")).to_have_count(2)
    problems += serious_violations(page)
    ana.screenshot("lobby-invitations")

    ben.page.goto(link_to("ben@example.com"))
    heading = ben.page.get_by_role("heading", name=f"ana invites you to table {table}")
    expect(heading).to_be_visible()
    assert fits_the_width(ben.page)
    problems += serious_violations(ben.page)
    ben.screenshot("invitation-phone")
    ben.page.get_by_role("button", name="Take a seat").click()
    ben.page.wait_for_url(re.compile(rf"/tables/{table}$"))
    expect(ben.page.locator(".messages")).to_contain_text("You have seat 1")
    expect(ben.page.get_by_role("button", name="Give my seat back")).to_be_visible()
    ben.page.goto(link_to("ben@example.com"))  # once more: used
    expect(ben.page.get_by_role("alert")).to_have_text("This invitation has been used.")
    problems += serious_violations(ben.page)
    ben.screenshot("invitation-used-phone")

    dora = visitor("dora", viewport=PHONE)
    dora.page.goto(link_to("dora@example.org"))
    expect(dora.page.get_by_text("dora@example.org")).to_be_visible()
    assert fits_the_width(dora.page)
    problems += serious_violations(dora.page)
    dora.screenshot("invitation-visitor-phone")
    dora.page.locator("#main").get_by_role("link", name="Sign up").click()
    expect(dora.page.locator("[name=email]")).to_have_value("dora@example.org")
    dora.page.fill("[name=username]", "dora")
    dora.page.fill("[name=password1]", "a-long-passw0rd")
    dora.page.fill("[name=password2]", "a-long-passw0rd")
    dora.page.get_by_role("button", name="Create my account").click()
    dora.page.wait_for_url(re.compile(r"/invitations/"))
    dora.page.get_by_role("button", name="Take a seat").click()
    dora.page.wait_for_url(re.compile(rf"/tables/{table}$"))

    page.reload()
    expect(page.locator(".lobby table.list tbody tr")).to_have_count(3)
    expect(page.get_by_text("Every seat is taken: nobody more can be invited.")).to_be_visible()
    assert not problems, "\n".join(problems)


def test_the_lobby_and_the_invitation_page_read_well_at_both_widths(
        ana, visitor):  # noqa: F811
    table = ana.create_table(players="4", scoring="target")
    ana.page.locator("form.invite-player").get_by_label("Username or email address").fill(
        "friend@example.org")
    ana.page.get_by_role("button", name="Send the invitation").click()
    expect(ana.page.locator("ul.invitations li")).to_have_count(1)
    friend = visitor("friend")
    friend.page.goto(link_to("friend@example.org"))
    friend.screenshot("invitation")
    phone = visitor("ana-phone", viewport=PHONE)
    phone.context.add_cookies(ana.context.cookies())
    phone.page.goto(f"/tables/{table}")
    expect(phone.page.locator("form.invite-player")).to_be_visible()
    assert fits_the_width(phone.page)
    phone.screenshot("lobby-invitations-phone")
