"""The archive of a concours à la mêlée (format version 3, RULES.md §H): its players, the
pairs and sit-outs of each partie and its pending draft are written, restored as they
were, and refused with a French message when they do not hold together."""

import copy
import csv
import datetime
import io
import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import transaction
from django.utils import translation

from tests.factories import TournamentFactory
from tests.played_concours import play_concours
from tests.samples import import_sample
from tournaments.archive import VERSION, ArchiveError, restore_tournament, tournament_archive
from tournaments.forms.archive import restore_refused_message
from tournaments.models import (
    Club,
    Deal,
    Match,
    MeleeConcours,
    MeleeDraft,
    MeleePair,
    MeleePlayer,
    Round,
    SitOut,
    Team,
    TeamLink,
    Tournament,
)
from tournaments.selectors import is_melee, melee_draft
from tournaments.services import (
    MeleePlayerData,
    draw_melee_partie,
    mark_melee,
    publish_draft,
    register_melee_players,
)

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(days=2)
SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "melee-18"
NAME = "Mêlée du jeudi"
COUNTED = (
    Tournament,
    Team.every_team,
    Round,
    Match,
    Deal,
    TeamLink,
    Club,
    MeleeConcours,
    MeleePlayer,
    MeleePair,
    SitOut,
    MeleeDraft,
)


def read_csv_rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def standings_csv(name: str = NAME) -> list[list[str]]:
    """Return ``manage.py standings NAME --format csv`` as rows."""
    out = io.StringIO()
    call_command("standings", name, "--format", "csv", stdout=out)
    return list(csv.reader(io.StringIO(out.getvalue())))


def delete_concours(tournament: Tournament) -> None:
    """Delete ``tournament`` and all it holds (its pairs and matches first: they protect
    their players and teams)."""
    MeleePair.objects.filter(round__tournament=tournament).delete()
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()


def row_counts() -> list[int]:
    return [(model if hasattr(model, "count") else model.objects).count() for model in COUNTED]


@pytest.mark.django_db
def test_a_restored_melee_gives_the_same_individual_standings_and_archive():
    tournament = import_sample()
    assert standings_csv() == read_csv_rows(SAMPLE / "expected_standings.csv")
    # Lots that break the ties otherwise than by number, a withdrawn and an absent player.
    for player in MeleePlayer.objects.filter(tournament=tournament):
        player.lot = (player.number * 7) % 19
        player.is_withdrawn = player.number == 16
        player.is_checked_in = player.number != 3
        player.save()
    before = standings_csv()
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)
    assert (row_counts()[0], MeleePlayer.objects.count()) == (0, 0)

    restored = restore_tournament(data=data, now=LATER)

    assert before[-1][1] == "16"
    assert (
        standings_csv(),
        is_melee(tournament=restored),
        Team.objects.filter(tournament=restored).count(),
        # As JSON: PostgreSQL stores JSON fields with their keys in an order of its own.
        json.loads(tournament_archive(tournament=restored, now=LATER)),
    ) == (before, True, 0, json.loads(data))


def test_it_writes_the_players_pairs_and_sit_outs_by_number(document):
    rows = read_csv_rows(SAMPLE / "matches.csv")[1:]

    melee = document["melee"]
    pairs = {(p["round"], p["player_1"], p["player_2"]) for p in melee["pairs"]}
    assert (
        document["version"],
        list(document)[-1],
        list(melee),
        melee["players"][:4],
        len(melee["players"]),
        melee["pairs"][:2],
        pairs,
        [(s["round"], s["player"]) for s in melee["sit_outs"]],
        melee["draft"],
        len(document["teams"]),
    ) == (
        3,
        "melee",
        ["players", "pairs", "sit_outs", "draft"],
        [
            {
                "number": 1,
                "name": "Josette Vincent",
                "lot": 0,
                "is_checked_in": True,
                "is_withdrawn": False,
                "club": "",
            },
            {
                "number": 2,
                "name": "Michel Laurent",
                "lot": 0,
                "is_checked_in": True,
                "is_withdrawn": False,
                "club": "",
            },
            {
                "number": 3,
                "name": "Chantal Vincent",
                "lot": 0,
                "is_checked_in": True,
                "is_withdrawn": False,
                "club": "Foyer rural de Sète",
            },
            {
                "number": 4,
                "name": "Geneviève Martin",
                "lot": 0,
                "is_checked_in": True,
                "is_withdrawn": False,
                "club": "Café du Commerce",
            },
        ],
        18,
        [
            {"round": 1, "team": 1, "player_1": 5, "player_2": 4},
            {"round": 1, "team": 2, "player_1": 17, "player_2": 8},
        ],
        {(int(r[0]), int(r[2]), int(r[3])) for r in rows}
        | {(int(r[0]), int(r[4]), int(r[5])) for r in rows},
        sorted(
            (partie, player)
            for partie in (1, 2, 3, 4)
            for player in range(1, 19)
            if not any(int(r[0]) == partie and str(player) in r[2:6] for r in rows)
        ),
        None,
        2 * len(rows),
    )


@pytest.mark.django_db
def test_a_pending_draft_is_restored_with_its_players():
    tournament = import_sample()
    Tournament.objects.filter(pk=tournament.pk).update(number_of_rounds=5)
    tournament.refresh_from_db()
    draw_melee_partie(tournament=tournament)
    before = melee_draft(round=tournament.rounds.get(number=5))
    assert before is not None
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)

    restored = restore_tournament(data=data, now=LATER)

    draft = json.loads(data)["melee"]["draft"]
    after = melee_draft(round=restored.rounds.get(number=5))
    assert after is not None

    def numbers(partie):
        return (
            [
                (
                    table.table_number,
                    [p.number for p in table.pair_a],
                    [p.number for p in table.pair_b],
                    [[p.number for p in couple] for couple in table.repeated_partners],
                    [[p.number for p in couple] for couple in table.repeated_opponents],
                )
                for table in partie.tables
            ],
            [p.number for p in partie.sit_outs],
        )

    assert (
        draft["round"],
        len(draft["tables"]),
        draft["sit_outs"],
        numbers(after),
        json.loads(tournament_archive(tournament=restored, now=LATER)),
    ) == (5, 4, numbers(before)[1], numbers(before), json.loads(data))
    # The restored draft publishes as the original would: four tables of two pairs.
    publish_draft(round=restored.rounds.get(number=5), now=LATER)
    assert MeleePair.objects.filter(round__tournament=restored, round__number=5).count() == 8


def drawn_melee(players: int) -> Tournament:
    """A mêlée of ``players`` players: partie 1 published, partie 2 drawn as a draft."""
    tournament = TournamentFactory(number_of_rounds=3)
    mark_melee(tournament=tournament)
    register_melee_players(
        tournament=tournament,
        players=[MeleePlayerData(name=f"Joueur {n}") for n in range(1, players + 1)],
        rng=None,
    )
    publish_draft(round=draw_melee_partie(tournament=tournament, seed=7), now=NOW)
    Round.objects.filter(tournament=tournament).update(status=Round.Status.CLOSED)
    draw_melee_partie(tournament=tournament)
    return Tournament.objects.select_related("club").get(pk=tournament.pk)


@pytest.mark.django_db
@pytest.mark.parametrize("players", [9, 18])
def test_it_writes_a_melee_in_the_same_queries_for_2_and_4_tables(
    django_assert_num_queries, players
):
    tournament = drawn_melee(players)

    # Those of doublettes (tests/tournaments/test_archive.py) but the mark, which the
    # players make needless, then the pairs, the sit-outs and the draft.
    with django_assert_num_queries(13):
        document = json.loads(tournament_archive(tournament=tournament, now=LATER))

    melee = document["melee"]
    assert (
        len(melee["players"]),
        len(melee["pairs"]),
        len(melee["sit_outs"]),
        melee["draft"]["round"],
        len(melee["draft"]["tables"]),
        len(melee["draft"]["sit_outs"]),
    ) == (players, players // 4 * 2, players % 4, 2, players // 4, players % 4)


@pytest.mark.django_db
def test_a_melee_with_no_player_yet_is_restored_as_a_melee():
    tournament = TournamentFactory()
    mark_melee(tournament=tournament)
    data = tournament_archive(tournament=tournament, now=LATER)
    tournament.delete()

    restored = restore_tournament(data=data, now=LATER)

    assert (json.loads(data)["melee"], is_melee(tournament=restored)) == (
        {"players": [], "pairs": [], "sit_outs": [], "draft": None},
        True,
    )


@pytest.mark.django_db
def test_a_doublettes_archive_has_no_melee():
    document = json.loads(tournament_archive(tournament=play_concours(), now=LATER))

    assert (document["version"], document["melee"]) == (VERSION, None)


@pytest.mark.django_db
def test_an_archive_of_version_2_is_a_doublettes_concours_and_is_still_restored():
    tournament = play_concours()
    document = json.loads(tournament_archive(tournament=tournament, now=LATER))
    document["version"] = 2
    del document["melee"]
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()

    restored = restore_tournament(data=json.dumps(document).encode(), now=LATER)

    assert (
        is_melee(tournament=restored),
        json.loads(tournament_archive(tournament=restored, now=LATER)),
    ) == (False, document | {"version": VERSION, "melee": None})


@pytest.fixture(scope="module")
def document(django_db_setup, django_db_blocker) -> dict:
    """The archive of the mêlée sample, as JSON data; the concours is not kept."""
    with django_db_blocker.unblock(), transaction.atomic():
        data = tournament_archive(tournament=import_sample(), now=LATER)
        transaction.set_rollback(True)
    return json.loads(data)


@pytest.fixture(scope="module")
def draft_document(django_db_setup, django_db_blocker) -> dict:
    """The archive of the mêlée sample with partie 5 drawn as a draft."""
    with django_db_blocker.unblock(), transaction.atomic():
        tournament = import_sample()
        Tournament.objects.filter(pk=tournament.pk).update(number_of_rounds=5)
        tournament.refresh_from_db()
        draw_melee_partie(tournament=tournament)
        data = tournament_archive(tournament=tournament, now=LATER)
        transaction.set_rollback(True)
    return json.loads(data)


def changed(document: dict, change) -> bytes:
    data = copy.deepcopy(document)
    change(data)
    return json.dumps(data).encode()


def refusal(data: bytes) -> tuple[str, list[int]]:
    with pytest.raises(ArchiveError) as refused:
        restore_tournament(data=data, now=LATER)
    with translation.override("fr"):
        return restore_refused_message(refused.value.problem), row_counts()


def melee(data: dict) -> dict:
    return data["melee"]


def pair(data: dict, team: int) -> dict:
    return next(entry for entry in data["melee"]["pairs"] if entry["team"] == team)


def set_in(entry: dict, **values) -> None:
    entry.update(values)


def move_pair_1_to_partie_2(data: dict) -> None:
    """Make pair 1 (table 1 of partie 1) the pair of players 9 and 11 in partie 2, where
    they sat out."""
    set_in(pair(data, 1), round=2, player_1=9, player_2=11)
    melee(data)["sit_outs"] = [s for s in melee(data)["sit_outs"] if s["round"] != 2]


# Partie 1 of the sample: table 1 is pair 1 (players 5, 4) against pair 2 (17, 8), table 2
# pair 3 (1, 9) against pair 4 (11, 16); players 10 and 14 sit out.
REFUSALS = [
    pytest.param(
        lambda d: set_in(pair(d, 2), player_2=99),
        "Rien n’a été restauré. Partie 1, la paire 2 : il n’y a pas de joueur 99.",
        id="pair-names-an-unknown-player",
    ),
    pytest.param(
        lambda d: set_in(pair(d, 3), player_1=5),
        "Rien n’a été restauré. Partie 1 : le joueur 5 a deux places (paires ou exempt).",
        id="player-seated-twice",
    ),
    pytest.param(
        lambda d: set_in(melee(d)["sit_outs"][0], player=17),
        "Rien n’a été restauré. Partie 1, les exempts : le joueur 17 est exempt, mais joue dans "
        "la paire 2.",
        id="sit-out-who-plays",
    ),
    pytest.param(
        lambda d: melee(d)["sit_outs"].append({"round": 1, "player": 10}),
        "Rien n’a été restauré. Partie 1, les exempts : le joueur 10 a deux places (paires ou "
        "exempt).",
        id="sits-out-twice",
    ),
    pytest.param(
        lambda d: set_in(melee(d)["players"][1], number=1),
        "Rien n’a été restauré. Le joueur 1 figure deux fois dans la sauvegarde.",
        id="player-number-twice",
    ),
    pytest.param(
        lambda d: set_in(pair(d, 1), player_2=5),
        "Rien n’a été restauré. Partie 1, la paire 1 : le joueur 5 fait paire avec lui-même.",
        id="paired-with-themselves",
    ),
    pytest.param(
        lambda d: melee(d)["pairs"].append({"round": 2, "team": 1, "player_1": 10, "player_2": 14}),
        "Rien n’a été restauré. Partie 2, la paire 1 : l’équipe 1 est donnée deux fois comme "
        "paire.",
        id="team-paired-twice",
    ),
    pytest.param(
        lambda d: set_in(pair(d, 1), team=999),
        "Rien n’a été restauré. Partie 1, la paire 999 : il n’y a pas d’équipe 999.",
        id="pair-of-an-unknown-team",
    ),
    pytest.param(
        lambda d: set_in(pair(d, 1), round=9),
        "Rien n’a été restauré. Partie 9, la paire 1 : il n’y a pas de partie 9.",
        id="pair-of-an-unknown-round",
    ),
    pytest.param(
        lambda d: set_in(melee(d)["sit_outs"][0], player="10"),
        "Rien n’a été restauré. Partie 1, les exempts : « player » doit être un nombre entier.",
        id="sit-out-as-text",
    ),
    pytest.param(
        move_pair_1_to_partie_2,
        "Rien n’a été restauré. Partie 1, table 1 : l’équipe 1 n’est pas une paire de cette "
        "partie.",
        id="pair-of-another-round",
    ),
    pytest.param(
        lambda d: melee(d)["pairs"].remove(pair(d, 1)),
        "Rien n’a été restauré. Partie 1, table 1 : l’équipe 1 n’est pas une paire de cette "
        "partie.",
        id="table-of-a-team-that-is-no-pair",
    ),
    pytest.param(
        lambda d: melee(d)["players"][0].pop("lot"),
        "Rien n’a été restauré. Le joueur 1 : « lot » manque.",
        id="player-missing-a-key",
    ),
    pytest.param(
        lambda d: set_in(melee(d)["players"][0], name=""),
        "Rien n’a été restauré. Le joueur 1 : « name » : Ce champ ne peut pas être vide.",
        id="player-without-a-name",
    ),
    pytest.param(
        lambda d: melee(d).pop("pairs"),
        "Rien n’a été restauré. La mêlée : « pairs » manque.",
        id="no-pairs",
    ),
    pytest.param(
        lambda d: d.__setitem__("melee", "oui"),
        "Rien n’a été restauré. La mêlée : cet élément doit être un objet JSON.",
        id="melee-not-an-object",
    ),
    pytest.param(
        lambda d: melee(d)["pairs"].__setitem__(0, 7),
        "Rien n’a été restauré. La mêlée, les paires, élément 1 : cet élément doit être un "
        "objet JSON.",
        id="pair-not-an-object",
    ),
    pytest.param(
        lambda d: d["teams"].append(dict(d["teams"][0], number=999, links=[])),
        "Rien n’a été restauré. L’équipe 999 : l’équipe n’est la paire d’aucune partie, et une "
        "mêlée n’a pas d’équipes inscrites.",
        id="registered-team-in-a-melee",
    ),
    pytest.param(
        lambda d: d.pop("melee"),
        "Rien n’a été restauré. La sauvegarde : « melee » manque.",
        id="version-3-without-melee",
    ),
    pytest.param(
        lambda d: d.__setitem__("version", 2),
        "Rien n’a été restauré. La sauvegarde : « melee » ne fait pas partie de ce format.",
        id="version-2-with-melee",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("change", "message"), REFUSALS)
def test_a_melee_that_does_not_hold_together_is_refused_and_nothing_is_saved(
    document, change, message
):
    before = row_counts()

    assert refusal(changed(document, change)) == (message, before)


def draft(data: dict) -> dict:
    return data["melee"]["draft"]


DRAFT_REFUSALS = [
    pytest.param(
        lambda d: set_in(draft(d)["tables"][1], pair_a=[draft(d)["tables"][0]["pair_a"][0], 99]),
        "Rien n’a été restauré. Partie 5, le brouillon, table 2 : il n’y a pas de joueur 99.",
        id="draft-names-an-unknown-player",
    ),
    pytest.param(
        lambda d: set_in(draft(d)["tables"][1], pair_b=draft(d)["tables"][0]["pair_a"]),
        lambda d: (
            "Rien n’a été restauré. Partie 5, le brouillon : le joueur "
            f"{draft(d)['tables'][0]['pair_a'][0]} a deux places (paires ou exempt)."
        ),
        id="draft-seats-a-player-twice",
    ),
    pytest.param(
        lambda d: draft(d)["sit_outs"].append(draft(d)["tables"][0]["pair_b"][1]),
        lambda d: (
            "Rien n’a été restauré. Partie 5, le brouillon : le joueur "
            f"{draft(d)['tables'][0]['pair_b'][1]} a deux places (paires ou exempt)."
        ),
        id="draft-sit-out-who-plays",
    ),
    pytest.param(
        lambda d: set_in(draft(d)["tables"][0], pair_a=[1]),
        "Rien n’a été restauré. Partie 5, le brouillon, table 1 : « pair_a » doit être une "
        "liste de deux numéros de joueurs.",
        id="draft-pair-of-one",
    ),
    pytest.param(
        lambda d: set_in(draft(d)["tables"][0], pair_b=[1, "2"]),
        "Rien n’a été restauré. Partie 5, le brouillon, table 1 : « pair_b » doit être une "
        "liste de deux numéros de joueurs.",
        id="draft-pair-with-a-text",
    ),
    pytest.param(
        lambda d: set_in(draft(d)["tables"][1], table_number=draft(d)["tables"][0]["table_number"]),
        "Rien n’a été restauré. Partie 5, le brouillon : la table 1 figure deux fois.",
        id="draft-table-twice",
    ),
    pytest.param(
        lambda d: set_in(melee(d), draft=[]),
        "Rien n’a été restauré. La mêlée, le brouillon : cet élément doit être un objet JSON.",
        id="draft-not-an-object",
    ),
    pytest.param(
        lambda d: set_in(draft(d), round=4),
        "Rien n’a été restauré. La mêlée, le brouillon : la partie 4 n’est pas un brouillon.",
        id="draft-of-a-published-round",
    ),
    pytest.param(
        lambda d: set_in(melee(d), draft=None),
        "Rien n’a été restauré. Partie 5 : la partie est un brouillon, mais la sauvegarde n’en "
        "a pas le tirage.",
        id="draft-round-without-draft",
    ),
    pytest.param(
        lambda d: melee(d)["sit_outs"].append({"round": 5, "player": 1}),
        "Rien n’a été restauré. Partie 5, les exempts : la partie est un brouillon, ses paires "
        "et ses exempts sont donc dans son brouillon.",
        id="sit-out-in-a-draft-round",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("change", "message"), DRAFT_REFUSALS)
def test_a_draft_that_does_not_hold_together_is_refused_and_nothing_is_saved(
    draft_document, change, message
):
    before = row_counts()
    if callable(message):
        message = message(draft_document)

    assert refusal(changed(draft_document, change)) == (message, before)


@pytest.mark.django_db
def test_the_restore_page_shows_a_melee_problem_and_restores_nothing(desk, club, document):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = changed(document, lambda d: set_in(pair(d, 2), player_2=99))

    response = desk.post(
        "/organisation/concours/restaurer/",
        {
            "file": SimpleUploadedFile("melee.json", data, content_type="application/json"),
            "club": club.pk,
        },
    )

    assert (response.status_code, response.context["form"].errors, Tournament.objects.count()) == (
        200,
        {"file": ["Rien n’a été restauré. Partie 1, la paire 2 : il n’y a pas de joueur 99."]},
        0,
    )


@pytest.mark.django_db
def test_the_commands_restore_a_melee_and_write_its_archive_again(document, tmp_path):
    path = tmp_path / "melee.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = io.StringIO()

    call_command("restore_archive", str(path), stdout=out)

    written = io.StringIO()
    call_command("archive_tournament", NAME, "--output", "-", stdout=written)
    again = json.loads(written.getvalue())
    assert (out.getvalue(), standings_csv(), again | {"archived_at": "…"}) == (
        f"« {NAME} » restauré (melee-du-jeudi).\n",
        read_csv_rows(SAMPLE / "expected_standings.csv"),
        document | {"archived_at": "…"},
    )
