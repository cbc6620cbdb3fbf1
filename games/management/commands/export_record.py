"""`python manage.py export_record <table> [-o file]`: a finished game's record as JSON."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from games.service import records
from games.service.errors import GameError


class Command(BaseCommand):
    help = ("Write a finished game's record (format wild-cards-record 2, as GET "
            "/api/games/{id}/record).")

    def add_arguments(self, parser):
        parser.add_argument("table", type=int)
        parser.add_argument("-o", "--output", default="-", help="A file ('-': standard output).")

    def handle(self, *args, table: int, output: str, **options):
        try:
            record = records.record_of(table, None)
        except GameError as error:
            raise CommandError(f"{error.code}: {error.detail}") from None
        text = json.dumps(record, indent=1)
        if output == "-":
            self.stdout.write(text)
        else:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
