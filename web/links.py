"""The pages' addresses and static files, worked out once per process rather than by a
`{% url %}` or `{% static %}` tag per link (each cost about a tenth of a millisecond, and a
table page has a dozen)."""

from __future__ import annotations

import functools

from django.templatetags.static import static
from django.urls import reverse
from django_htmx.jinja import htmx_script

_MARK = 918273645  # stands for the table's id while a pattern is reversed once

TABLE_LINKS = ("table", "table-live", "table-join", "table-leave", "table-cancel",
               "table-bots", "table-start", "table-move", "table-concede", "api-events",
               "table-replay", "table-verify", "table-record", "table-again",
               "table-emails", "table-seed", "table-pause", "table-resume")
SITE_LINKS = ("home", "new-table", "account", "login", "logout", "signup", "leaderboard",
              "rules")


@functools.cache
def _pattern(name: str) -> str:
    return reverse(name, args=[_MARK])


def table_links(table_id: int) -> dict[str, str]:
    """The addresses of one table's pages and actions, by URL name with `_` for `-`."""
    return {name.replace("-", "_"): _pattern(name).replace(str(_MARK), str(table_id))
            for name in TABLE_LINKS}


STATIC = {"css": "web/wildcards.css", "countdown_js": "web/countdown.js",
          "table_js": "web/table.js", "time_zone_js": "web/time_zone.js",
          "favicon": "web/favicon.svg"}


@functools.cache
def _site() -> dict[str, str]:
    links = {name.replace("-", "_"): reverse(name) for name in SITE_LINKS}
    links.update({name: static(path) for name, path in STATIC.items()})
    links["htmx_script"] = htmx_script(minified=True)  # django-htmx's own tag, rendered once
    return links


def site_links(request) -> dict:
    """Context processor: `links.home`, `links.new_table`, ... on every page."""
    return {"links": _site()}
