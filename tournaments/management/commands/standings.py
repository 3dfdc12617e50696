"""``manage.py standings NAME --format csv``: the columns of expected_standings.csv."""

from django.core.management.base import BaseCommand

from tournaments.management.commands._common import tournament_named, write_rows
from tournaments.selectors import tournament_standings

COLUMNS = (
    "rank",
    "team",
    "points",
    "matches_won",
    "matches_drawn",
    "points_against",
    "points_difference",
    "byes",
)


class Command(BaseCommand):
    help = "Print a tournament's standings."

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--format", choices=("csv", "text"), default="text")

    def handle(self, *args, name, format, **options):
        tournament = tournament_named(name)
        rows = [
            (
                s.row.rank,
                s.row.number,
                s.row.points,
                s.row.matches_won,
                s.row.matches_drawn,
                s.row.points_against,
                s.row.points_difference,
                s.row.byes,
            )
            for s in tournament_standings(tournament=tournament)
        ]
        write_rows(self.stdout, COLUMNS, rows, format)
