"""`python manage.py verify_game <table>`: check a finished game from its record."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.service import records
from games.service.errors import GameError


class Command(BaseCommand):
    help = ("Check a finished game: each round's revealed seed against its commitment, every "
            "deal and card drawn against the seed's shuffle, every move against the rules, and "
            "the replay's end against the stored state. Exits with 1 unless verified.")

    def add_arguments(self, parser):
        parser.add_argument("table", type=int, help="The table's id.")

    def handle(self, *args, table: int, **options):
        try:
            verdict = records.verify(table, None)
        except GameError as error:
            raise CommandError(f"{error.code}: {error.detail}") from None
        self.stdout.write(f"table {table}: {verdict['status']}"
                          f"{' (rigged deck: the deal was chosen)' if verdict['rigged'] else ''}"
                          f", {verdict['rounds']} rounds, {verdict['moves']} log entries")
        for problem in verdict["problems"]:
            self.stdout.write(f"  - {problem}")
        if not verdict["ok"]:
            raise CommandError(f"table {table} is not verified ({verdict['status']})")
