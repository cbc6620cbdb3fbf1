"""Helpers of the browser tests (test_browser.py): Debian's Chromium driven by Playwright, a
person at a browser, playing a turn through the table page, the accessibility check, the
screenshots, and the check that no other seat's card reaches a person's browser.

Only Debian's Chromium is used (`/usr/bin/chromium`, installed by `make test` when missing):
never a browser downloaded by Playwright.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

from web.templatetags.cards import card_label, card_name

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).parent / "screenshots"  # git-ignored, written on every run
PASSWORD = "a-long-passw0rd"
POLL_MS = 3000  # the table page's polling period (web/table_context.py POLL_SECONDS)
TIMEOUT_MS = 10_000  # for one page action or one wait


def is_move_answer(response: Response) -> bool:
    """The answer to a form the person sent, not to the seed the page adds by itself to the
    next deal (web/static/web/table.js)."""
    return response.request.method == "POST" and not response.url.endswith("/seed")


# --------------------------------------------------------------------------- a person
class Visitor:
    """Someone at their own browser (one Playwright context: own cookies, own clock)."""

    def __init__(self, browser: Browser, base_url: str, name: str,
                 viewport: dict | None = None) -> None:
        self.name = name
        self.base_url = base_url
        self.context: BrowserContext = browser.new_context(
            base_url=base_url, viewport=viewport or {"width": 1280, "height": 900})
        # The page's own timers, but time may be moved on at once: `poll` fires the table's
        # 3-second poll without waiting for it. Time flows as usual otherwise.
        self.context.clock.install()
        self.context.set_default_timeout(TIMEOUT_MS)
        self.page: Page = self.context.new_page()
        self.responses: list[tuple[str, str]] | None = None  # (url, body) once recording

    def close(self) -> None:
        self.context.close()

    # ---- accounts
    @property
    def user(self):
        return get_user_model().objects.get(username=self.name)

    def sign_up(self, password: str = PASSWORD) -> None:
        page = self.page
        page.goto("/accounts/signup")
        page.fill("[name=username]", self.name)
        page.fill("[name=email]", f"{self.name}@example.com")
        page.fill("[name=password1]", password)
        page.fill("[name=password2]", password)
        page.get_by_role("button", name="Create my account").click()
        page.wait_for_url(self.base_url + "/")

    def has_an_account(self) -> Visitor:
        """An account made in the database and a logged-in session in this browser (faster
        than the sign-up page, which its own test goes through)."""
        user = get_user_model().objects.create_user(self.name, f"{self.name}@example.com",
                                                    PASSWORD)
        client = Client()
        client.force_login(user)
        cookie = client.cookies["sessionid"]
        self.context.add_cookies([{"name": "sessionid", "value": cookie.value,
                                   "url": self.base_url}])
        return self

    # ---- tables
    def create_table(self, **choices: str) -> int:
        """A new table through the form: `players="3"`, `scoring="single"`..."""
        page = self.page
        page.goto("/tables/new")
        for name, value in choices.items():
            field = page.locator(f"[name={name}]")
            if field.first.get_attribute("type") == "radio":
                page.check(f"[name={name}][value={value}]")
            else:
                field.select_option(value)
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url(re.compile(r"/tables/\d+$"))
        return int(page.url.rstrip("/").rsplit("/", 1)[-1])

    def add_bot(self, level: str = "normal") -> None:
        """Adds a bot in the lobby and waits for the lobby to show it."""
        seats = self.page.locator(".lobby table.list tbody tr")
        before = seats.count()
        self.page.select_option("#bot-level", level)
        self.page.get_by_role("button", name="Add a bot").click()
        expect(seats).to_have_count(before + 1)

    # ---- the table page
    def table(self) -> dict:
        """What the table page shows now, read in one go (see _TABLE_JS)."""
        return self.page.evaluate(_TABLE_JS)

    def status(self) -> str:
        return self.table()["status"]

    def my_turn(self) -> bool:
        return self.table()["yourTurn"]

    def round_over(self) -> bool:
        return self.table()["over"]

    def _mark_live(self) -> None:
        """Marks the live part, so that its replacement (htmx swaps it whole) can be seen."""
        self.page.evaluate("document.querySelector('#live').dataset.old = '1'")

    def _wait_for_new_live(self, version: int = 0) -> None:
        """Waits for a live part swapped in since `_mark_live`, of `version` or newer, settled
        (the page puts the focus back at htmx's settle, a moment after the swap: a loaded
        machine showed the focus still lost) and with no request of the page's under way."""
        self.page.wait_for_function(
            "version => { const live = document.querySelector('#live');"
            " return live && !live.dataset.old && Number(live.dataset.version) >= version"
            " && !document.querySelector('.htmx-request, .htmx-settling'); }", arg=version)

    def click_and_wait(self, target) -> None:
        """Clicks a button of the live part and waits for the part its answer brings (or a
        newer one: the page's event stream may fetch the table meanwhile, and a fetch that
        lands first takes the element the answer was for)."""
        self._mark_live()
        with self.page.expect_response(is_move_answer) as answer:
            target.click()
        found = re.search(r'data-version="(\d+)"', answer.value.text())
        self._wait_for_new_live(int(found[1]) if found else 0)

    def poll(self) -> None:
        """Moves the page's clock on by the polling period: the page asks for news itself, as
        it would 3 seconds later, and shows them if there are any."""
        self._mark_live()
        with self.page.expect_response(lambda r: "/live" in r.url) as answer:
            self.page.clock.fast_forward(POLL_MS)
        if answer.value.status == 200:
            self._wait_for_new_live()
        else:
            self.page.evaluate("delete document.querySelector('#live').dataset.old")

    def wait_for_my_turn(self, seconds: float = 10) -> None:
        """Lets the page poll until it says "Your turn" (the bots play in the meantime). A page
        that follows the table's event stream does not poll (`every 3s [!wildcardsStreaming]`):
        it fetches the news an event announces by itself, perhaps before `poll` would listen
        for the fetch, so it is only watched."""
        stop = time.monotonic() + seconds
        while not self.my_turn():
            assert time.monotonic() < stop, f"{self.name} waited in vain: {self.status()}"
            if self.page.evaluate("window.wildcardsStreaming === true"):
                self.page.wait_for_timeout(100)
            else:
                self.poll()

    def take_turn(self, table: dict | None = None) -> str:
        """Does what a player would on their turn: a color for a Wild when asked (the color
        of most of the hand), else the first playable card, else take the penalty, draw, or
        keep the drawn card. Says what it did."""
        button, said = self.turn_button(table or self.table())
        self.click_and_wait(button)
        return said

    def turn_button(self, table: dict):
        """The button `take_turn` clicks, and what clicking it does."""
        page = self.page
        if table["colors"]:
            best = max(table["colors"], key=lambda color: table["hand"].count(color))
            return page.locator(f".chooser button[name=color][value={best}]").first, \
                f"chose {best}"
        if table["targets"]:
            return page.locator(".chooser button[name=target]").first, "chose a player"
        if table["playable"]:
            card = table["playable"][0]
            return page.locator(f".hand button.card[value='{card}']").first, f"played {card}"
        for words in ("Take the", "Draw a card", "Keep it", "Pass"):
            if any(button.startswith(words) for button in table["buttons"]):
                return page.locator(".actions button", has_text=words).first, words.lower()
        raise AssertionError(f"{self.name} has nothing to do on their turn: {table}")

    # ---- recording what reaches the browser
    def record_responses(self) -> None:
        self.responses = []

        def keep(response: Response) -> None:
            kind = response.headers.get("content-type", "")
            if self.responses is not None and kind.startswith("text/html"):
                try:
                    self.responses.append((response.url, response.text()))
                except Exception:  # a redirect or a body the browser did not keep
                    self.responses.append((response.url, ""))

        self.page.on("response", keep)

    # ---- checks
    def screenshot(self, name: str) -> Path:
        """The whole page, as tests/web/screenshots/<name>.png."""
        path = screenshot_path(name)
        self.page.screenshot(path=path, full_page=True)
        return path


def play_until_the_round_ends(people: list[Visitor], *, max_actions: int = 300,
                              max_seconds: float = 120) -> list[str]:
    """Each person acts only when their page says "Your turn"; while nobody's does, the pages
    poll (the others' before the last to act) until one does. Bounded in actions and in time.
    Returns what each did, in order: "zoe played flame-7", "yann chose red"..."""
    done: list[str] = []
    stop = time.monotonic() + max_seconds
    last = None  # who acted last: the others' pages are the ones behind
    for _ in range(max_actions):
        tables = {person: person.table() for person in people}
        if any(table["over"] for table in tables.values()):
            return done
        assert time.monotonic() < stop, f"the round took over {max_seconds} s: {done[-10:]}"
        turn = next((person for person in people if tables[person]["yourTurn"]), None)
        if turn is None:
            for person in sorted(people, key=lambda person: person is last):
                person.poll()
                if person.my_turn():
                    break
            continue
        done.append(f"{turn.name} {turn.take_turn(tables[turn])}")
        last = turn
    raise AssertionError(f"the round did not end in {max_actions} actions: {done[-10:]}")


def screenshot_path(name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


# What a player reads off the table page: the status line, whether the round or the game is
# over, the cards that may be played, the color or player choosers, the action buttons.
_TABLE_JS = """() => {
  const all = selector => [...document.querySelectorAll(selector)];
  const line = document.querySelector('.status-line');
  const status = line ? line.textContent.replace(/\\s+/g, ' ').trim() : '';
  return {
    status,
    yourTurn: status.includes('Your turn'),
    over: !!document.querySelector('.game[data-status=finished]')
          || status.includes('The round is over'),
    playable: all('.hand button.card').map(button => button.value),
    hand: all('.hand .card').map(card => ['red', 'yellow', 'green', 'blue', 'wild']
                                           .find(color => card.classList.contains(color))),
    colors: all('.chooser button[name=color]').map(button => button.value),
    targets: all('.chooser button[name=target]').length,
    buttons: all('.actions button').map(button => button.textContent.trim()),
  };
}"""


# --------------------------------------------------------------------------- accessibility
_AXE = Axe()  # reads axe-core's script once


def serious_violations(page: Page) -> list[str]:
    """axe-core's violations of impact serious or critical on the page, one line each."""
    found = _AXE.run(page).response["violations"]
    return [f"{page.url}: {v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(", ".join(node["target"]) for node in v["nodes"][:5])
            for v in found if v["impact"] in ("serious", "critical")]


def all_violations(page: Page) -> list[str]:
    """axe-core's violations of any impact on the page, one line each."""
    found = _AXE.run(page).response["violations"]
    return [f"{page.viewport_size['width']} px, {page.url}: {v['id']} ({v['impact']}): "
            f"{v['help']} at " + "; ".join(", ".join(node["target"]) for node in v["nodes"][:5])
            for v in found]


# --------------------------------------------------------------------------- secrecy
def card_words(code: str) -> tuple[str, str]:
    """The card's name and its label as pages write them (web/templatetags/cards.py)."""
    return card_name(code), card_label(code)


def shown_cards(html: str, codes: Iterable[str]) -> set[str]:
    """Which of `codes` the HTML shows: as a form value (`value="flame-7"`), in an aria-label
    ("Red 7 (flame)"), or by name in the text or an aria-label ("Red 7"; "Wild", but not as
    the start of "Wild Draw 4")."""
    values = set(re.findall(r'\bvalue="([^"]*)"', html))
    words = " | ".join([*re.findall(r'\baria-label="([^"]*)"', html),
                        re.sub(r"<[^>]*>", " ", html)])
    return {code for code in codes
            if code in values or any(_alone(said).search(words) for said in card_words(code))}


def _alone(words: str) -> re.Pattern:
    """`words` standing alone: "Wild" not in "Wild Draw 4" nor in the site's name "Wild Cards",
    "Red 1" not in "Red 10"."""
    return re.compile(rf"(?<![\w-]){re.escape(words)}(?![\w-]| Draw 4| Cards)")
