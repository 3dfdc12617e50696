"""``manage.py matches NAME --format csv``: the columns of expected_matches.csv."""

from django.core.management.base import BaseCommand

from tournaments.management.commands._common import tournament_named, write_rows
from tournaments.selectors import tournament_matches

COLUMNS = ("round", "table", "team_a", "team_b", "total_a", "total_b")


class Command(BaseCommand):
    help = "Print every match total of a tournament."

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--format", choices=("csv", "text"), default="text")

    def handle(self, *args, name, format, **options):
        tournament = tournament_named(name)
        rows = [
            (m.round.number, m.table_number, m.team_a.number, m.team_b.number, m.total_a, m.total_b)
            for m in tournament_matches(tournament=tournament)
        ]
        write_rows(self.stdout, COLUMNS, rows, format)
