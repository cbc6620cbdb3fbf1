"""Each table's last version a web process saw published (games/api/hub.py): what tells a
stream that opens whether its table moved between its first read and its joining the hub,
without asking Redis."""

from __future__ import annotations

import time


class Seen:
    """Each table's last version the hub saw published, kept at least KEEP seconds: two
    generations of a dict, the older one dropped each KEEP seconds (no timer, no per-table
    clock)."""

    KEEP = 60.0

    def __init__(self) -> None:
        self.now: dict[int, int] = {}
        self.before: dict[int, int] = {}
        self.turned = self.began = time.monotonic()

    def saw(self, table_id: int, version: int) -> None:
        self._turn()
        if version > self.now.get(table_id, -1):
            self.now[table_id] = version

    def version(self, table_id: int) -> int:
        """The last version seen (-1: none within the last KEEP seconds)."""
        self._turn()
        return max(self.now.get(table_id, -1), self.before.get(table_id, -1))

    def covers(self, since: float) -> bool:
        """Whether every version seen since `since` (monotonic) is still kept."""
        self._turn()
        return since >= self.began

    def _turn(self) -> None:
        now = time.monotonic()
        if now - self.turned >= self.KEEP:
            self.before, self.now = self.now, {}
            # What is kept now was seen since the last turn (or since the one before: the
            # older generation), so it covers from the turn before this one.
            self.began, self.turned = self.turned, now
