"""``manage.py standings NAME --format csv``: the columns of expected_standings.csv (RULES.md
§F for doublettes, §H for a mêlée's individual standings)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.management.commands._common import tournament_named, write_rows
from tournaments.presentation.columns import (
    MELEE_STANDINGS,
    MELEE_STANDINGS_FILE_KEYS,
    STANDINGS,
    STANDINGS_FILE_KEYS,
    pick,
)
from tournaments.selectors import is_melee, melee_standings, tournament_standings

#: The columns printed: those of ``expected_standings.csv`` (RULES.md §F).
COLUMNS = pick(STANDINGS, STANDINGS_FILE_KEYS)
#: The columns printed for a mêlée (RULES.md §H).
MELEE_COLUMNS = pick(MELEE_STANDINGS, MELEE_STANDINGS_FILE_KEYS)


class Command(BaseCommand):
    help = "Print a tournament's standings (a mêlée's individual standings)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name")
        parser.add_argument("--format", choices=("csv", "text"), default="text")

    def handle(self, *args: Any, name: str, format: str, **options: Any) -> None:
        tournament = tournament_named(name)
        if is_melee(tournament=tournament):
            write_rows(self.stdout, MELEE_COLUMNS, melee_standings(tournament=tournament), format)
            return
        write_rows(self.stdout, COLUMNS, tournament_standings(tournament=tournament), format)
