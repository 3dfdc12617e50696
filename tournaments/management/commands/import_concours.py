"""``manage.py import_concours DIR --name NAME --ruleset PRESET`` (RULES.md §F layout, or
§G: matches.csv, each table's totals, instead of deals.csv; or §H: a mêlée's players.csv
and matches.csv).

Imports a played concours through
:func:`tournaments.importing.import_played_tournament`; the command keeps its French
name, which ``./run`` and the README use.
"""

import datetime
import random
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from scoring import PRESET_IDS
from scoring.matches import MatchFormat
from tournaments.forms.messages import import_problem_message
from tournaments.importing import TournamentImportError, import_played_tournament
from tournaments.models import Deal, Match


def refusal_text(error: TournamentImportError) -> str:
    """Return what the command says when the import refused the folder: its one problem
    after « Rien n’a été importé. », or how many there are then each on its own line (a
    matches.csv reports every bad row, RULES.md §G)."""
    messages = [import_problem_message(problem) for problem in error.problems]
    if len(messages) == 1:
        return gettext("Nothing was imported. %(problem)s") % {"problem": messages[0]}
    heading = ngettext(
        "Nothing was imported: %(count)s problem to fix.",
        "Nothing was imported: %(count)s problems to fix.",
        len(messages),
    ) % {"count": len(messages)}
    return "\n".join((heading, *messages))


class Command(BaseCommand):
    help = (
        "Import a played concours from DIR/teams.csv and DIR/deals.csv (or DIR/matches.csv, "
        "each table's totals), atomically."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", type=Path)
        parser.add_argument("--name", required=True)
        parser.add_argument("--ruleset", required=True, help=", ".join(PRESET_IDS))
        parser.add_argument("--format", default="deals:12", help="deals:N or target:T")
        parser.add_argument("--date", help="YYYY-MM-DD (default: today)")
        parser.add_argument("--club", help="organising club (created with the import if missing)")

    def handle(
        self,
        *args: Any,
        directory: Path,
        name: str,
        ruleset: str,
        format: str,
        date: str | None,
        club: str | None,
        **options: Any,
    ) -> None:
        try:
            # ASCII only: MatchFormat.parse would read "deals:١٢" (Arabic-Indic digits) as 12.
            if not format.isascii():
                raise ValueError(format)
            match_format = MatchFormat.parse(format)
        except ValueError:
            raise CommandError(
                gettext("The match format must be deals:N or target:T, not “%(format)s”.")
                % {"format": format}
            ) from None
        try:
            day = datetime.date.fromisoformat(date) if date else None
        except ValueError:
            raise CommandError(
                gettext("The date must be written YYYY-MM-DD, not “%(date)s”.") % {"date": date}
            ) from None
        try:
            tournament = import_played_tournament(
                directory=directory,
                name=name,
                rules_preset=ruleset,
                now=timezone.now(),
                rng=random.Random(),
                match_format=match_format,
                date=day,
                club=club,
            )
        except TournamentImportError as error:
            raise CommandError(refusal_text(error)) from None
        players = tournament.melee_players.count()
        if players:
            # A mêlée (RULES.md §H): its players registered alone, not teams.
            entrants = ngettext("%(count)s player", "%(count)s players", players) % {
                "count": players
            }
        else:
            teams = tournament.teams.count()
            entrants = ngettext("%(count)s team", "%(count)s teams", teams) % {"count": teams}
        rounds = tournament.rounds.count()
        deals = Deal.objects.filter(match__round__tournament=tournament).count()
        by_totals = Match.objects.filter(round__tournament=tournament, is_totals_only=True).count()
        if by_totals:
            # matches.csv (RULES.md §G): the tables' totals, no deal.
            results = ngettext(
                "%(count)s table by its totals", "%(count)s tables by their totals", by_totals
            ) % {"count": by_totals}
        else:
            results = ngettext("%(count)s deal", "%(count)s deals", deals) % {"count": deals}
        self.stdout.write(
            gettext("Imported “%(name)s”: %(teams)s, %(rounds)s, %(deals)s.")
            % {
                "name": tournament.name,
                "teams": entrants,
                "rounds": ngettext("%(count)s round", "%(count)s rounds", rounds)
                % {"count": rounds},
                "deals": results,
            }
        )
