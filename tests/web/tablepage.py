"""What the table page tests of issue 23 do with a page: open a table, act by keyboard and
count the Tabs, tell whether something is on the screen and has the focus."""

from __future__ import annotations

import re

from browser import Visitor, is_move_answer
from playwright.sync_api import expect

# A move's form, in the browser's own words: the element that has the keyboard focus.
FOCUSED = """() => { const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  return el.tagName.toLowerCase() + (el.name ? '[name=' + el.name + ']' : '')
    + (el.value ? '[value=' + el.value + ']' : '') + ' '
    + (el.textContent || '').trim().slice(0, 40); }"""


def open_table(person: Visitor, table: int) -> None:
    person.page.goto(f"/tables/{table}")
    expect(person.page.locator("#live")).to_be_attached()


def press_and_wait(person: Visitor, key: str = "Enter") -> None:
    """Presses `key` on what has the focus (a move's button) and waits for the table its
    answer brings, as `Visitor.click_and_wait` does for a click."""
    person._mark_live()
    with person.page.expect_response(is_move_answer) as answer:
        person.page.keyboard.press(key)
    found = re.search(r'data-version="(\d+)"', answer.value.text())
    person._wait_for_new_live(int(found[1]) if found else 0)


def focus_matches(person: Visitor, selector: str) -> bool:
    return person.page.evaluate(
        "selector => !!document.activeElement && document.activeElement.matches(selector)",
        selector)


def tabs_to(person: Visitor, selector: str, limit: int = 30) -> int | None:
    """How many presses of Tab bring the focus to an element matching `selector` (0 if it is
    there already); None if `limit` presses do not."""
    for count in range(limit + 1):
        if focus_matches(person, selector):
            return count
        person.page.keyboard.press("Tab")
    return None


def within_viewport(person: Visitor, selector: str) -> dict | None:
    """The box of `selector` if it lies wholly inside the viewport as it is scrolled now, else
    None."""
    return person.page.evaluate("""selector => {
        const el = document.querySelector(selector);
        if (!el) return null;
        const box = el.getBoundingClientRect();
        const inside = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight
                       && box.right <= window.innerWidth && box.height > 0;
        return inside ? {top: box.top, bottom: box.bottom, height: box.height} : null;
    }""", selector)


def box_of(person: Visitor, selector: str) -> dict:
    return person.page.evaluate("""selector => {
        const box = document.querySelector(selector).getBoundingClientRect();
        return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
                scrollY: window.scrollY, height: window.innerHeight};
    }""", selector)
