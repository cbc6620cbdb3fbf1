"""`python manage.py import_record game.json`: replay and verify an exported game record."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from games.service import records


class Command(BaseCommand):
    help = ("Replay and verify a game record (format wild-cards-record, from GET "
            "/api/games/{id}/record or export_record); nothing is stored. Exits with 1 unless "
            "verified.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="The record's JSON file ('-' for standard input).")

    def handle(self, *args, file: str, **options):
        try:
            if file == "-":
                document = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    document = json.load(handle)
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read {file}: {error}") from None
        verdict = records.check_record(document)
        table = document.get("table") if isinstance(document, dict) else None
        self.stdout.write(f"record of table {table}: {verdict.status}"
                          f"{' (rigged deck: the deal was chosen)' if verdict.rigged else ''}"
                          f", {verdict.rounds} rounds, {verdict.moves} log entries, "
                          f"{len(verdict.states)} states replayed")
        for problem in verdict.problems:
            self.stdout.write(f"  - {problem}")
        if not verdict.ok:
            raise CommandError(f"the record is not verified ({verdict.status})")
