"""The restore refuses a damaged or foreign archive with a message naming what is wrong,
and saves nothing (tournaments/archive/reading.py, restoring.py, forms/archive.py)."""

import copy
import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import translation

from tests.played_concours import START, play_concours, play_paper_concours
from tournaments.archive import ArchiveError, restore_tournament, tournament_archive
from tournaments.forms.archive import ARCHIVE_MESSAGES, restore_refused_message
from tournaments.models import Club, Deal, Match, Round, TableLink, Team, TeamLink, Tournament

COUNTED = (Tournament, Team, Round, Match, Deal, TableLink, TeamLink, Club, get_user_model())


@pytest.fixture(scope="module")
def document(django_db_setup, django_db_blocker) -> dict:
    """The archive of tests.played_concours, as JSON data; the concours is not kept."""
    with django_db_blocker.unblock(), transaction.atomic():
        data = tournament_archive(tournament=play_concours(), now=START)
        transaction.set_rollback(True)
    return json.loads(data)


@pytest.fixture(scope="module")
def paper_document(django_db_setup, django_db_blocker) -> dict:
    """The archive of the classic concours on paper of tests.played_concours (round 1:
    table 1 typed on paper, table 2 recorded by totals its counts contradict, with a
    reason; round 2: table 1 recorded by totals then corrected, table 2 on phones)."""
    with django_db_blocker.unblock(), transaction.atomic():
        data = tournament_archive(tournament=play_paper_concours(), now=START)
        transaction.set_rollback(True)
    return json.loads(data)


def row_counts() -> list[int]:
    """Return how many rows each model has, the history of deals and matches included."""
    return [model.objects.count() for model in COUNTED] + [
        Deal.history.count(),
        Match.history.count(),
    ]


def refusal(data: bytes) -> tuple[str, list[int]]:
    """Restore ``data``; return the message of the refusal in French, and the row counts
    after it, to compare with those before."""
    with pytest.raises(ArchiveError) as refused:
        restore_tournament(data=data, now=START)
    with translation.override("fr"):
        return restore_refused_message(refused.value.problem), row_counts()


def changed(document: dict, change) -> bytes:
    """Return the archive ``document`` after ``change(copy)``, as bytes."""
    data = copy.deepcopy(document)
    change(data)
    return json.dumps(data).encode()


def match(data: dict, round_number: int, table: int) -> dict:
    return data["rounds"][round_number - 1]["matches"][table - 1]


def team(data: dict, number: int) -> dict:
    return next(entry for entry in data["teams"] if entry["number"] == number)


def renewed(data: dict) -> dict:
    """Return the team whose link was renewed (its first link revoked)."""
    return next(entry for entry in data["teams"] if len(entry["links"]) == 2)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(
            b"\xff\xfe{",
            "Rien n’a été restauré. Ce fichier n’est pas une sauvegarde de Belote Club : il ne "
            "se lit pas comme du texte JSON.",
            id="not-utf-8",
        ),
        pytest.param(
            b'{"format": "belote-club-concours", "version": 1,',
            "Rien n’a été restauré. Ce fichier n’est pas une sauvegarde de Belote Club : il ne "
            "se lit pas comme du texte JSON.",
            id="cut-short",
        ),
        pytest.param(
            b'{"format": "belote-club-concours", "version": NaN}',
            "Rien n’a été restauré. Ce fichier n’est pas une sauvegarde de Belote Club : il ne "
            "se lit pas comme du texte JSON.",
            id="nan",
        ),
        pytest.param(
            b'[{"format": "belote-club-concours"}]',
            "Rien n’a été restauré. Ce fichier n’est pas une sauvegarde de Belote Club : son "
            "« format » n’est pas « belote-club-concours ».",
            id="a-list",
        ),
        pytest.param(
            b'{"format": "tabbycat", "version": 1}',
            "Rien n’a été restauré. Ce fichier n’est pas une sauvegarde de Belote Club : son "
            "« format » n’est pas « belote-club-concours ».",
            id="another-format",
        ),
        pytest.param(
            b'{"format": "belote-club-concours", "version": 4}',
            "Rien n’a été restauré. Cette sauvegarde vient d’un Belote Club plus récent (format "
            "version 4 ; celui-ci lit la version 3) : mettez Belote Club à jour pour la "
            "restaurer.",
            id="newer-version",
        ),
        pytest.param(
            b'{"format": "belote-club-concours", "version": "1"}',
            "Rien n’a été restauré. Cette sauvegarde indique une version de format que ce "
            'Belote Club ne connaît pas ("1" ; il lit la version 3).',
            id="version-as-text",
        ),
        pytest.param(
            b'{"format": "belote-club-concours", "version": 0}',
            "Rien n’a été restauré. Cette sauvegarde indique une version de format que ce "
            "Belote Club ne connaît pas (0 ; il lit la version 3).",
            id="version-0",
        ),
        pytest.param(
            b'{"format": "belote-club-concours"}',
            "Rien n’a été restauré. Cette sauvegarde indique une version de format que ce "
            "Belote Club ne connaît pas (null ; il lit la version 3).",
            id="no-version",
        ),
    ],
)
def test_it_refuses_a_file_that_is_not_an_archive_it_reads(data, message):
    before = row_counts()

    refused = refusal(data)

    assert refused == (message, before)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda d: d["teams"][0].pop("lot"),
            "Rien n’a été restauré. L’équipe 1 : « lot » manque.",
            id="missing-key",
        ),
        pytest.param(
            lambda d: d["tournament"].__setitem__("colour", "vert"),
            "Rien n’a été restauré. Les réglages du concours : « colour » ne fait pas partie de ce format.",
            id="unknown-key",
        ),
        pytest.param(
            lambda d: d["teams"].__setitem__(1, 7),
            "Rien n’a été restauré. Les équipes, élément 2 : cet élément doit être un objet JSON.",
            id="entry-not-an-object",
        ),
        pytest.param(
            lambda d: d.__setitem__("teams", {}),
            "Rien n’a été restauré. Les équipes : « teams » doit être une liste.",
            id="teams-not-a-list",
        ),
        pytest.param(
            lambda d: d["teams"][0].__setitem__("lot", "12"),
            "Rien n’a été restauré. L’équipe 1 : « lot » doit être un nombre entier.",
            id="lot-as-text",
        ),
        pytest.param(
            lambda d: d["teams"][0].__setitem__("is_checked_in", 1),
            "Rien n’a été restauré. L’équipe 1 : « is_checked_in » doit être true ou false.",
            id="present-as-1",
        ),
        pytest.param(
            lambda d: d["rounds"][0].__setitem__("seed", 2026.0),
            "Rien n’a été restauré. Partie 1 : « seed » doit être un nombre entier ou null.",
            id="seed-as-float",
        ),
        pytest.param(
            lambda d: d["teams"][2].__setitem__("player_1", 5),
            "Rien n’a été restauré. L’équipe 3 : « player_1 » doit être du texte.",
            id="player-as-number",
        ),
        pytest.param(
            lambda d: match(d, 1, 2)["deals"][0].__setitem__("trump", "X"),
            "Rien n’a été restauré. Partie 1, table 2, donne 1 : « trump » : La valeur «\xa0'X'\xa0» n’est pas un choix valide.",
            id="unknown-trump",
        ),
        pytest.param(
            lambda d: d["tournament"].__setitem__("name", ""),
            "Rien n’a été restauré. Les réglages du concours : « name » : Ce champ ne peut pas être vide.",
            id="blank-name",
        ),
        pytest.param(
            lambda d: d["tournament"].__setitem__("name", "N" * 151),
            "Rien n’a été restauré. Les réglages du concours : « name » : Assurez-vous que cette valeur comporte au plus 150 caractères (actuellement 151).",
            id="name-too-long",
        ),
        pytest.param(
            lambda d: d["teams"][3].__setitem__("club", "C" * 151),
            "Rien n’a été restauré. L’équipe 4 : « club » : Assurez-vous que cette valeur comporte au plus 150 caractères (actuellement 151).",
            id="club-too-long",
        ),
        pytest.param(
            lambda d: d["teams"][0].__setitem__("lot", 2**31),
            "Rien n’a été restauré. L’équipe 1 : « lot » vaut 2147483648 ; il doit être entre 0 et 999999.",
            id="lot-out-of-range",
        ),
        pytest.param(
            lambda d: match(d, 1, 1)["deals"][0].__setitem__("taker_score", 100_000),
            "Rien n’a été restauré. Partie 1, table 1, donne 1 : « taker_score » vaut 100000 ; il doit être entre -99999 et 99999.",
            id="score-out-of-range",
        ),
        pytest.param(
            lambda d: match(d, 1, 1)["deal_history"][0].__setitem__("version", 0),
            "Rien n’a été restauré. Partie 1, table 1, enregistrement 1 de l’historique des donnes : « version » vaut 0 ; il doit être entre 1 et 2000000000.",
            id="history-out-of-range",
        ),
        pytest.param(
            lambda d: d["rounds"][0].__setitem__("published_at", "2026-11-11T13:30:00"),
            "Rien n’a été restauré. Partie 1 : « published_at » n’est pas une date et une heure avec leur décalage UTC (ISO 8601) : « 2026-11-11T13:30:00 ».",
            id="time-without-offset",
        ),
        pytest.param(
            lambda d: team(d, 2)["links"][0].__setitem__("created_at", "midi"),
            "Rien n’a été restauré. L’équipe 2, élément 1 : « created_at » n’est pas une date et une heure avec leur décalage UTC (ISO 8601) : « midi ».",
            id="not-a-time",
        ),
        pytest.param(
            lambda d: d["tournament"].__setitem__("date", "11/11/2026"),
            "Rien n’a été restauré. Les réglages du concours : « date » n’est pas une date (AAAA-MM-JJ) : « 11/11/2026 ».",
            id="not-a-date",
        ),
        pytest.param(
            lambda d: d["tournament"].__setitem__("tie_breaks", "matches_won,luck"),
            "Rien n’a été restauré. Les réglages du concours : « luck » n’est pas un départage.",
            id="unknown-tie-break",
        ),
        pytest.param(
            lambda d: d["tournament"].__setitem__("rules_version", 7),
            "Rien n’a été restauré. Les réglages du concours : ce Belote Club n’a pas de version 7 de la règle « ffb-coinche ».",
            id="unknown-rules-version",
        ),
        pytest.param(
            lambda d: d["teams"][1].__setitem__("number", d["teams"][0]["number"]),
            "Rien n’a été restauré. L’équipe 1 figure deux fois dans la sauvegarde.",
            id="team-twice",
        ),
        pytest.param(
            lambda d: d["users"].append(dict(d["users"][0])),
            "Rien n’a été restauré. Le compte « marie » figure deux fois dans la sauvegarde.",
            id="user-twice",
        ),
        pytest.param(
            lambda d: d.__setitem__("users", []),
            "Rien n’a été restauré. Partie 1, table 1, enregistrement 1 de l’historique des donnes : le compte « marie » ne figure pas parmi les comptes de la sauvegarde.",
            id="unknown-user",
        ),
        pytest.param(
            lambda d: d["rounds"][1].__setitem__("number", 3),
            "Rien n’a été restauré. Les parties doivent se suivre à partir de 1 : la partie 3 est à la place de la partie 2.",
            id="rounds-out-of-order",
        ),
        pytest.param(
            lambda d: d["tournament"].__setitem__("number_of_rounds", 1),
            "Rien n’a été restauré. La sauvegarde a 2 parties, le concours 1.",
            id="too-many-rounds",
        ),
        pytest.param(
            lambda d: d["rounds"][0].__setitem__("status", "published"),
            "Rien n’a été restauré. La partie 1 n’est pas close, et pourtant une autre la suit.",
            id="round-after-an-open-one",
        ),
        pytest.param(
            lambda d: match(d, 1, 2).__setitem__("table_number", 1),
            "Rien n’a été restauré. Partie 1 : la table 1 figure deux fois.",
            id="table-twice",
        ),
        pytest.param(
            lambda d: match(d, 1, 1).__setitem__("team_a", 99),
            "Rien n’a été restauré. Partie 1, table 1 : il n’y a pas d’équipe 99.",
            id="unknown-team",
        ),
        pytest.param(
            lambda d: match(d, 1, 1).__setitem__("team_b", match(d, 1, 1)["team_a"]),
            "Rien n’a été restauré. Partie 1, table 1 : l’équipe 6 joue contre elle-même.",
            id="team-against-itself",
        ),
        pytest.param(
            lambda d: d["rounds"][0].__setitem__("byes", [match(d, 1, 1)["team_a"]]),
            "Rien n’a été restauré. Partie 1 : l’équipe 6 a deux places (tables ou exempt).",
            id="team-at-a-table-and-the-bye",
        ),
        pytest.param(
            lambda d: match(d, 1, 1)["deals"][1].__setitem__("deal_number", 1),
            "Rien n’a été restauré. Partie 1, table 1 : la donne 1 figure deux fois.",
            id="deal-twice",
        ),
        pytest.param(
            lambda d: match(d, 1, 1)["deals"][1].__setitem__(
                "key", match(d, 1, 1)["deals"][0]["key"]
            ),
            "Rien n’a été restauré. Partie 1, table 1 : deux donnes ont la clé 1.",
            id="deal-key-twice",
        ),
        pytest.param(
            lambda d: d["rounds"][1].__setitem__("status", "draft"),
            "Rien n’a été restauré. Partie 2, table 1 : la partie est un brouillon, ses tables n’ont donc pas de donnes.",
            id="deals-in-a-draft",
        ),
        pytest.param(
            lambda d: renewed(d)["links"][0].__setitem__("revoked_at", None),
            "Rien n’a été restauré. L’équipe 5 : l’équipe a deux liens actifs.",
            id="two-active-links",
        ),
        pytest.param(
            lambda d: team(d, 2)["links"][0].__setitem__("token", team(d, 1)["links"][0]["token"]),
            "Rien n’a été restauré. L’équipe 2 : deux liens de table ont la même adresse.",
            id="token-twice",
        ),
        pytest.param(
            lambda d: team(d, 2)["links"][0].__setitem__("pin", team(d, 1)["links"][0]["pin"]),
            "Rien n’a été restauré. L’équipe 2 : deux équipes ont le même code.",
            id="code-twice",
        ),
        pytest.param(
            lambda d: [entry.pop("links") for entry in d["teams"][:1]],
            "Rien n’a été restauré. L’équipe 2 : « links » ne fait pas partie de ce format.",
            id="links-of-some-teams-only",
        ),
        pytest.param(
            lambda d: match(d, 1, 2)["deals"][0].__setitem__("defence_card_points", 100),
            "Rien n’a été restauré. Partie 1, table 2, donne 1 : Les points des deux équipes doivent faire 162 (ici 210), ou 252 sur un capot.",
            id="engine-refuses-the-inputs",
        ),
    ],
)
def test_it_refuses_an_archive_that_does_not_hold_together(document, change, message):
    data = changed(document, change)
    before = row_counts()

    refused = refusal(data)

    assert refused == (message, before)


def add_a_deal_after_the_end(data: dict) -> None:
    """Give round 1's table 1, over after its deal 3, a deal 4."""
    deals = match(data, 1, 1)["deals"]
    deals.append(deals[-1] | {"key": 99, "deal_number": 4})


def rename_the_author(data: dict, username: str) -> None:
    """Name the archive's only author ``username``, in its accounts and its history."""
    data["users"][0]["username"] = username
    for round_ in data["rounds"]:
        for table in round_["matches"]:
            for record in [*table["history"], *table["deal_history"]]:
                if record["user"] is not None:
                    record["user"] = username


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda d: match(d, 1, 2)["deals"][0].__setitem__("taker_score", 990),
            "Rien n’a été restauré. Partie 1, table 2, donne 1 : la sauvegarde enregistre 990 "
            "pour « taker_score », mais le calcul des scores donne 210 pour ces données.",
            id="a-deal-score",
        ),
        pytest.param(
            lambda d: match(d, 1, 2)["deals"][0].__setitem__("breakdown", {}),
            "Rien n’a été restauré. Partie 1, table 2, donne 1 : la sauvegarde enregistre … "
            "pour « breakdown », mais le calcul des scores donne … pour ces données.",
            id="a-breakdown",
        ),
        pytest.param(
            lambda d: match(d, 1, 3).__setitem__("total_b", 0),
            "Rien n’a été restauré. Partie 1, table 3 : la sauvegarde enregistre 0 pour "
            "« total_b », mais le calcul des scores donne 310 pour ces données.",
            id="a-match-total",
        ),
        pytest.param(
            lambda d: match(d, 2, 3).__setitem__("is_finished", True),
            "Rien n’a été restauré. Partie 2, table 3 : la sauvegarde enregistre True pour "
            "« is_finished », mais le calcul des scores donne False pour ces données.",
            id="a-match-not-played-finished",
        ),
        pytest.param(
            add_a_deal_after_the_end,
            "Rien n’a été restauré. Partie 1, table 1 : une donne vient après la fin de la partie.",
            id="a-deal-after-the-end",
        ),
        pytest.param(
            lambda d: rename_the_author(d, "marie dupont"),
            "Rien n’a été restauré. Le compte « marie dupont » : « username » : Saisissez un nom "
            "d’utilisateur valide. Il ne peut contenir que des lettres, des nombres ou les "
            # Django's French puts no-break spaces inside its quotes.
            "caractères «\xa0@\xa0», «\xa0.\xa0», «\xa0+\xa0», «\xa0-\xa0» et «\xa0_\xa0».",
            id="an-author-this-site-refuses",
        ),
    ],
)
def test_it_refuses_an_archive_whose_scores_or_authors_it_cannot_restore(document, change, message):
    data = changed(document, change)
    before = row_counts()

    refused = refusal(data)

    assert refused == (message, before)


@pytest.mark.django_db
def test_it_refuses_an_archive_of_a_tournament_whose_name_is_taken(document):
    data = changed(document, lambda d: None)
    restore_tournament(data=data, now=START)
    before = row_counts()

    refused = refusal(data)

    assert refused == (
        "Rien n’a été restauré. Un concours nommé « Concours de la Saint-Martin » existe déjà "
        "ici : restaurez la sauvegarde sous un autre nom.",
        before,
    )


@pytest.mark.django_db
def test_a_refused_archive_leaves_no_club_and_no_account_behind(document):
    data = changed(document, lambda d: match(d, 2, 2)["deals"][1].__setitem__("score_a", 1))
    before = (
        sorted(Club.objects.values_list("name", flat=True)),
        sorted(get_user_model().objects.values_list("username", flat=True)),
    )

    refusal(data)

    assert (
        (
            sorted(Club.objects.values_list("name", flat=True)),
            sorted(get_user_model().objects.values_list("username", flat=True)),
        )
        == before
        == ([], [])
    )


def totals_records(data: dict, round_number: int, table: int) -> list[dict]:
    """Return the history records of a table that set its totals (recorded, corrected)."""
    return [
        record
        for record in match(data, round_number, table)["history"]
        if record["audit_action"] in ("totals_recorded", "totals_corrected")
    ]


def give_the_deals_of(data: dict, source: tuple[int, int], target: tuple[int, int]) -> None:
    """Give the table ``target`` (round, table) the deals of the table ``source``."""
    match(data, *target)["deals"] = copy.deepcopy(match(data, *source)["deals"])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda d: match(d, 1, 1).__setitem__("sheet_belotes", 1),
            "Rien n’a été restauré. Partie 1, table 1 : seule une table saisie par ses totaux a "
            "les comptes d’une feuille papier.",
            id="counts-on-a-table-recorded-by-its-deals",
        ),
        pytest.param(
            lambda d: give_the_deals_of(d, (1, 1), (1, 2)),
            "Rien n’a été restauré. Partie 1, table 2 : la table est saisie par ses totaux, elle "
            "n’a donc pas de donnes.",
            id="deals-at-a-totals-only-table",
        ),
        pytest.param(
            lambda d: d["rounds"][1].__setitem__("status", "draft"),
            "Rien n’a été restauré. Partie 2, table 1 : la partie est un brouillon, ses tables "
            "n’ont donc pas de totaux.",
            id="totals-in-a-draft",
        ),
        pytest.param(
            lambda d: match(d, 2, 1).__setitem__("sheet_capots", 3),
            "Rien n’a été restauré. Partie 2, table 1 : Il ne peut pas y avoir plus de capots "
            "que de donnes jouées (2).",
            id="a-sheet-the-engine-refuses",
        ),
        pytest.param(
            lambda d: match(d, 2, 1).__setitem__("sheet_capots", 100),
            "Rien n’a été restauré. Partie 2, table 1 : « sheet_capots » vaut 100 ; il doit être "
            "entre 0 et 99.",
            id="a-count-out-of-range",
        ),
        pytest.param(
            lambda d: totals_records(d, 1, 2)[-1].__setitem__("audit_reason", " "),
            "Rien n’a été restauré. Partie 1, table 2 : Les totaux font 330, la feuille en "
            "annonce 344 (162 × 2 + 20 × 1). L’historique de la table n’en donne pas la raison, "
            "et de tels totaux ne s’enregistrent qu’avec la raison de l’organisateur.",
            id="a-mismatch-with-no-reason",
        ),
        pytest.param(
            lambda d: match(d, 1, 2).__setitem__("total_b", 131),
            "Rien n’a été restauré. Partie 1, table 2 : Les totaux font 331, la feuille en "
            "annonce 344 (162 × 2 + 20 × 1). L’historique de la table n’en donne pas la raison, "
            "et de tels totaux ne s’enregistrent qu’avec la raison de l’organisateur.",
            id="a-reason-given-for-other-totals",
        ),
        pytest.param(
            lambda d: match(d, 2, 1).__setitem__("total_b", 181),
            "Rien n’a été restauré. Partie 2, table 1 : Les totaux font 345, la feuille en "
            "annonce 344 (162 × 2 + 20 × 1). L’historique de la table n’en donne pas la raison, "
            "et de tels totaux ne s’enregistrent qu’avec la raison de l’organisateur.",
            id="a-mismatch-where-the-sheet-added-up",
        ),
        pytest.param(
            lambda d: match(d, 1, 2).__setitem__("result", "B"),
            "Rien n’a été restauré. Partie 1, table 2 : la sauvegarde enregistre B pour "
            "« result », mais le calcul des scores donne A pour ces données.",
            id="a-result-its-totals-do-not-give",
        ),
        pytest.param(
            lambda d: match(d, 2, 1).__setitem__("deals_played", 0),
            "Rien n’a été restauré. Partie 2, table 1 : la sauvegarde enregistre 0 pour "
            "« deals_played », mais le calcul des scores donne 2 pour ces données.",
            id="deals-played-its-sheet-does-not-give",
        ),
        pytest.param(
            lambda d: match(d, 2, 1).__setitem__("is_finished", False),
            "Rien n’a été restauré. Partie 2, table 1 : la sauvegarde enregistre False pour "
            "« is_finished », mais le calcul des scores donne True pour ces données.",
            id="a-totals-only-table-not-finished",
        ),
    ],
)
def test_it_refuses_a_totals_only_table_the_site_would_not_have_saved(
    paper_document, change, message
):
    data = changed(paper_document, change)
    before = row_counts()

    refused = refusal(data)

    assert refused == (message, before)


def test_every_problem_the_restore_raises_has_a_message_in_english_and_in_french():
    folder = Path(__file__).resolve().parents[2] / "tournaments" / "archive"
    source = "".join(path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py")))
    codes = set(re.findall(r'_refuse\(\s*[^"]*?,\s*"(\w+)"', source))

    def words(language: str) -> dict[str, str]:
        with translation.override(language):
            return {code: str(ARCHIVE_MESSAGES[code]) for code in codes & set(ARCHIVE_MESSAGES)}

    english, french = words("en"), words("fr")
    assert (
        "player_seated_twice" in codes,
        sorted(codes - set(ARCHIVE_MESSAGES)),
        sorted(code for code in english if english[code] == french[code]),
    ) == (True, [], [])
