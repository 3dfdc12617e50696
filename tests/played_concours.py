"""A concours played through the services, with everything an archive must keep, and
everything a restored copy must show the same (tests/tournaments/test_archive*.py).

:func:`play_concours` plays it: 7 teams (a bye), round 1 closed after table entries
confirmed at the table and by PIN, a dispute settled by the organiser, a correction, an
unlock, a deal deleted and entered again, a table stopped for time and reopened, a passed
deal, a renewed team link; a team withdrawn; round 2 being played (a deal waiting for the
opponents, a table done, a table not started). :func:`play_paper_concours` plays a
classic belote concours on paper sheets (RULES.md §G): a table switched to paper whose
sheet the desk types and corrects, a table recorded by its totals whose counts do not add
up, saved with the organiser's reason, a totals-only table corrected, a table switched
to paper and back, the tournament switched to paper. :func:`concours_outputs` reads what
the site shows of a concours: standings, CSV, XLSX and PDF HTML, the audit trail of each
match, as plain JSON-ready values (team ids left out: a restored concours has its own).

``python manage.py shell -c "from tests.played_concours import main; main('OUT')"`` plays
both in the database DATABASE_URL names and writes their archives and outputs to OUT (a
JSON file): tests/tournaments/test_archive_databases.py restores those archives in another
database.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime
import io
import json
import random
import zipfile

from django.contrib.auth import get_user_model

import scoring
from tournaments import selectors, services
from tournaments.archive import tournament_archive
from tournaments.exports import csv, pdf, xlsx
from tournaments.models import Club, DealEntry, Seat, TeamData, Tournament
from tournaments.presentation.audit import audit_entries
from tournaments.services.deals import Author

NAME = "Concours de la Saint-Martin"
PAPER_NAME = "Concours de la Sainte-Catherine"
START = datetime.datetime(2026, 11, 11, 13, 30, tzinfo=datetime.UTC)
MINUTE = datetime.timedelta(minutes=1)
#: The address printed under the QR codes of the score sheets.
BASE_URL = "http://192.168.1.20:8000/"
#: The XLSX part openpyxl stamps with the time the workbook was written.
XLSX_STAMPED_PART = "docProps/core.xml"

PLAYERS = [
    ("Hélène Martin", "Paul Durand", "Belote Club de Rodez"),
    ("Jérôme Lefèvre", "Agnès Roux", "Amicale de Cahors"),
    ("Françoise Bézier", "Noël Garçon", ""),
    ("Zoé Müller", "Gaëlle Chénier", "Belote Club de Rodez"),
    ("Loïc Évrard", "Maëlys Brûlé", '=HYPERLINK("x")'),
    ("Clémence Dupré", "Benoît Pâris", ""),
    ("Raphaël Cœur", "Inès Bénard", "Coinche Club d’Albi"),
]


def deal(
    taker: str,
    trump: str,
    contract: int | str,
    taker_points: int,
    tricks: int,
    **more: object,
) -> DealEntry:
    """Return a deal entry: the taker's team, trump, contract, card points and tricks."""
    defence = scoring.CAPOT_CARD_POINTS - taker_points if tricks in (0, 8) else 162 - taker_points
    return DealEntry(
        taker,
        scoring.Deal(
            trump=trump,
            contract=contract,
            taker_card_points=taker_points,
            defence_card_points=defence,
            taker_tricks=tricks,
            **more,
        ),
    )


PASSED = DealEntry("B", None)


def play_concours() -> Tournament:
    """Play the concours (module docstring) and return it."""
    organiser = get_user_model().objects.get_or_create(username="marie")[0]
    club = Club.objects.get_or_create(name="Amicale de Cahors")[0]
    club.organisers.add(organiser)
    marie = Author(user=organiser)
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": NAME,
            "date": START.date(),
            "venue": "Salle des fêtes de Cahors",
            "rules_preset": "ffb-coinche",
            "match_format": "deals",
            "match_format_value": 2,
            "number_of_rounds": 3,
            "bye_credit": "round-mean",
            "ranking": "points",
            "prize_list": "Un jambon\nDeux bouteilles de cahors",
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[TeamData(*players) for players in PLAYERS],
        rng=random.Random(11),
    )
    services.check_in_all(tournament=tournament)
    round_1 = services.publish_round(
        round=services.draw_round(tournament=tournament, seed=2026), now=START
    )
    table_1, table_2, table_3 = round_1.matches.order_by("table_number")
    links = {
        (match.table_number, side): seat
        for match in (table_1, table_2, table_3)
        for side, seat in selectors.match_links(match=match).items()
    }
    at = iter(START + n * MINUTE for n in range(1, 1000))

    # Table 1: the organiser enters both deals; one is corrected with a reason.
    services.record_deal(
        match=table_1, entry=deal("A", "H", 80, 100, 5), now=next(at), author=marie
    )
    services.record_deal(match=table_1, entry=PASSED, now=next(at), author=marie)
    first = table_1.deals.get(deal_number=1)
    services.correct_deal(
        deal=first,
        entry=deal("A", "H", 80, 100, 5, taker_belotes=1),
        version=first.version,
        now=next(at),
        author=marie,
        reason="Belote oubliée",
    )
    # Two passes in a row do not count: table 1 still needs a deal.
    services.record_deal(
        match=table_1,
        entry=deal("B", "S", 90, 92, 5, coinche="coinche"),
        now=next(at),
        author=marie,
    )

    # Table 2: entered at the table, confirmed by the opponents and by PIN, locked,
    # unlocked by the organiser with a reason, confirmed again.
    services.submit_deal(
        seat=links[2, "A"], entry=deal("A", "C", 100, 110, 6), deal_number=1, now=next(at)
    )
    services.confirm_deals(seat=links[2, "B"], now=next(at))
    services.submit_deal(
        seat=links[2, "B"], entry=deal("B", "TA", "capot", 252, 8), deal_number=2, now=next(at)
    )
    services.confirm_with_pin(seat=links[2, "B"], pin=links[2, "A"].link.pin, now=next(at))
    table_2.refresh_from_db()
    services.unlock_match(match=table_2, reason="Erreur de saisie", now=next(at), user=organiser)
    services.confirm_deals(seat=links[2, "A"], now=next(at))
    services.confirm_deals(seat=links[2, "B"], now=next(at))

    # Table 3: a renewed link, a dispute settled by the organiser, stopped for time and
    # reopened, a deal deleted and entered again.
    renewed = services.regenerate_link(link=links[3, "A"].link, now=next(at))
    services.submit_deal(
        seat=Seat(renewed, table_3, "A"),
        entry=deal("A", "D", 80, 81, 4, taker_declarations=20),
        deal_number=1,
        now=next(at),
    )
    disputed = services.dispute_deal(
        seat=links[3, "B"], deal_number=1, note="Pas de tierce", now=next(at)
    )
    services.confirm_deal_by_organiser(
        deal=disputed, version=disputed.version, now=next(at), user=organiser
    )
    services.close_match_for_time(match=table_3, now=next(at), user=organiser)
    services.reopen_match(match=table_3, now=next(at), user=organiser)
    services.record_deal(match=table_3, entry=deal("B", "S", 80, 60, 3), now=next(at), author=marie)
    services.delete_deal(
        deal=table_3.deals.get(deal_number=2), reason="Donne rejouée", now=next(at), author=marie
    )
    services.record_deal(
        match=table_3, entry=deal("B", "SA", 110, 120, 6), now=next(at), author=marie
    )
    services.close_round(round=round_1, now=next(at))

    # The team with the bye withdraws; round 2 is being played.
    bye = round_1.byes.get().team
    services.withdraw_team(team=bye)
    round_2 = services.publish_round(round=services.draw_round(tournament=tournament), now=next(at))
    playing = list(round_2.matches.order_by("table_number"))
    seat = selectors.match_links(match=playing[0])["A"]
    services.submit_deal(seat=seat, entry=deal("A", "H", 80, 90, 5), deal_number=1, now=next(at))
    services.record_deal(
        match=playing[1], entry=deal("A", "S", 80, 82, 5), now=next(at), author=marie
    )
    services.record_deal(
        match=playing[1], entry=deal("B", "H", 80, 102, 6), now=next(at), author=marie
    )
    return tournament


PAPER_PLAYERS = [
    ("Odile Fabre", "Rémi Castan", "Amicale de Cahors"),
    ("Suzanne Vidal", "André Bouscarel", "Belote Club de Rodez"),
    ("Gisèle Maury", "Honoré Lacombe", ""),
    ("Yvette Carrié", "Léon Delpech", "Amicale de Cahors"),
    ("Marcel Pujol", "Josette Lafon", ""),
]
#: Round 1, table 2's sheet: 2 deals and a belote give 162 × 2 + 20 = 344, the totals
#: add up to 330. The two teams signed it as it is: saved with the organiser's reason.
MISCOUNTED_SHEET = scoring.MatchTotals(200, 130, deals_played=2, capots=0, belotes=1)
MISCOUNTED_REASON = "Feuille mal additionnée, signée ainsi par les deux équipes"


def classic_deal(taker: str, taker_points: int, tricks: int, **more: object) -> DealEntry:
    """Return a classic belote deal (no contract): the taker's team, its card points (the
    defence has the rest of 162) and tricks, hearts trump."""
    return DealEntry(
        taker,
        scoring.Deal(
            trump="H",
            contract=None,
            taker_card_points=taker_points,
            defence_card_points=162 - taker_points,
            taker_tricks=tricks,
            **more,
        ),
    )


def play_paper_concours() -> Tournament:
    """Play the classic belote concours on paper (module docstring) and return it."""
    organiser = get_user_model().objects.get_or_create(username="marie")[0]
    club = Club.objects.get_or_create(name="Amicale de Cahors")[0]
    club.organisers.add(organiser)
    marie = Author(user=organiser)
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": PAPER_NAME,
            "date": START.date(),
            "venue": "Salle paroissiale de Luzech",
            "rules_preset": "belote-classique",
            "match_format": "deals",
            "match_format_value": 2,
            "number_of_rounds": 2,
            "bye_credit": "round-mean",
            "ranking": "points",
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[TeamData(*players) for players in PAPER_PLAYERS],
        rng=random.Random(5),
    )
    services.check_in_all(tournament=tournament)
    round_1 = services.publish_round(
        round=services.draw_round(tournament=tournament, seed=1125), now=START
    )
    table_1, table_2 = round_1.matches.order_by("table_number")
    at = iter(START + n * MINUTE for n in range(1, 1000))

    # Table 1 goes to paper: the desk types its sheet, then corrects its first row.
    services.set_match_results_mode(match=table_1, is_paper=True, now=next(at), user=organiser)
    for number, entry in ((1, classic_deal("A", 90, 5)), (2, classic_deal("B", 100, 5))):
        services.save_sheet_row(
            match=table_1,
            deal_number=number,
            entry=entry,
            version=None,
            now=next(at),
            user=organiser,
            reason="",
        )
    first = table_1.deals.get(deal_number=1)
    services.save_sheet_row(
        match=table_1,
        deal_number=1,
        entry=classic_deal("A", 90, 5, taker_belotes=1),
        version=first.version,
        now=next(at),
        user=organiser,
        reason="Belote oubliée sur la feuille",
    )

    # Table 2 is recorded by its totals, which its counts contradict: saved with a reason.
    services.record_match_totals(
        match=table_2,
        totals=MISCOUNTED_SHEET,
        now=next(at),
        author=marie,
        reason=MISCOUNTED_REASON,
    )
    services.close_round(round=round_1, now=next(at))

    # Round 2: table 1 recorded by its totals, then corrected; table 2 switched to paper
    # and back to its phones, one deal entered; then the whole tournament goes to paper.
    round_2 = services.publish_round(round=services.draw_round(tournament=tournament), now=next(at))
    table_1, table_2 = round_2.matches.order_by("table_number")
    services.record_match_totals(
        match=table_1,
        totals=scoring.MatchTotals(180, 164, deals_played=2, capots=0, belotes=1),
        now=next(at),
        author=marie,
    )
    services.record_match_totals(
        match=table_1,
        totals=scoring.MatchTotals(164, 180, deals_played=2, capots=0, belotes=1),
        now=next(at),
        author=marie,
        reason="Équipes inversées",
    )
    services.set_match_results_mode(match=table_2, is_paper=True, now=next(at), user=organiser)
    services.set_match_results_mode(match=table_2, is_paper=False, now=next(at), user=organiser)
    services.record_deal(match=table_2, entry=classic_deal("B", 110, 6), now=next(at), author=marie)
    return services.update_tournament(tournament=tournament, settings={"results_mode": "paper"})


def _workbook_parts(data: bytes) -> dict[str, str]:
    """Return each part of an XLSX file but the one stamped with the time it was written,
    as base64."""
    with zipfile.ZipFile(io.BytesIO(data)) as workbook:
        return {
            name: base64.b64encode(workbook.read(name)).decode()
            for name in sorted(workbook.namelist())
            if name != XLSX_STAMPED_PART
        }


def _audit(match) -> list[list]:
    entries = audit_entries(
        deal_records=selectors.match_history(match=match),
        unlock_records=selectors.match_unlocks(match=match),
        rules=match.round.tournament.rules,
    )
    return [
        [
            entry.when.isoformat(),
            entry.who,
            entry.deal_number,
            entry.action,
            entry.reason,
            [dataclasses.astuple(change) for change in entry.changes],
        ]
        for entry in entries
    ]


def concours_outputs(tournament: Tournament) -> dict:
    """Return what the site shows of ``tournament``, as JSON-ready values: the standings
    (the selector's rows and figures, team ids left out), the CSV files, the workbook's
    parts (but its time stamp), the PDFs' HTML, and each match's audit trail."""
    standings = [
        [dataclasses.asdict(dataclasses.replace(s.row, team_id=0)), dataclasses.asdict(s.figures)]
        for s in selectors.tournament_standings(tournament=tournament)
    ]
    outputs = {
        "standings": standings,
        "standings.csv": csv.standings_csv(tournament=tournament).decode(),
        "standings-fr.csv": csv.standings_csv(tournament=tournament, french_excel=True).decode(),
        "deals.csv": csv.deals_csv(tournament=tournament).decode(),
        "deals-fr.csv": csv.deals_csv(tournament=tournament, french_excel=True).decode(),
        "workbook": _workbook_parts(xlsx.tournament_xlsx(tournament=tournament)),
        "standings.html": pdf.standings_html(tournament=tournament),
    }
    for round_ in tournament.rounds.order_by("number"):
        outputs[f"round {round_.number}"] = {
            "score sheets": pdf.score_sheets_html(round=round_, base_url=BASE_URL),
            "draw sheet": pdf.draw_sheet_html(round=round_),
            "match sheets": pdf.match_sheets_html(round=round_),
            "audit": {
                str(match.table_number): _audit(match)
                for match in round_.matches.order_by("table_number")
            },
        }
    return outputs


def main(path: str) -> None:
    """Play both concours in this database; write to ``path`` a list of their archives and
    outputs, ``[{"archive", "outputs"}, …]``."""
    played = []
    for tournament in (play_concours(), play_paper_concours()):
        archive = tournament_archive(tournament=tournament, now=START)
        played.append({"archive": archive.decode(), "outputs": concours_outputs(tournament)})
    with open(path, "w", encoding="utf-8") as file:
        json.dump(played, file)
