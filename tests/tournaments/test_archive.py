"""The whole-concours archive (tournaments/archive/): written, then restored as it was."""

import datetime
import json
import random
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

import scoring
from tests.factories import (
    ClubFactory,
    DealFactory,
    MatchFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tests.played_concours import (
    MISCOUNTED_REASON,
    NAME,
    PAPER_NAME,
    START,
    concours_outputs,
    play_concours,
    play_paper_concours,
)
from tournaments.archive import FORMAT, VERSION, restore_tournament, tournament_archive
from tournaments.archive.fields import NOT_ARCHIVED, RECORD_FIELDS, RECORD_LINKS
from tournaments.archive.problems import ArchiveError
from tournaments.importing import import_played_tournament
from tournaments.models import (
    Deal,
    Match,
    MeleeConcours,
    MeleeDraft,
    MeleePair,
    MeleePlayer,
    Round,
    SitOut,
    TableLink,
    Team,
    TeamLink,
    Tournament,
)
from tournaments.selectors import tournament_standings
from tournaments.services.totals import apply_match_totals

LATER = START + datetime.timedelta(days=3)
SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "concours-coinche-16"


def delete_concours(tournament: Tournament) -> None:
    """Delete ``tournament`` and all it holds, as if it had never been on this site (its
    matches first: they protect their teams)."""
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()


def standing_rows(tournament: Tournament) -> list:
    """Return the standings as (team number, points, rank), team ids left out."""
    return [
        (s.team.number, s.row.points, s.row.rank)
        for s in tournament_standings(tournament=tournament)
    ]


@pytest.mark.django_db
def test_a_restored_archive_gives_the_same_standings_sheets_exports_and_audit_trail():
    tournament = play_concours()
    before = concours_outputs(tournament)
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)

    restored = restore_tournament(data=data, now=LATER)

    assert (concours_outputs(restored), tournament_archive(tournament=restored, now=LATER)) == (
        before,
        data,
    )


@pytest.mark.django_db
def test_a_restored_archive_of_a_concours_on_paper_gives_the_same_standings_exports_and_audit():
    tournament = play_paper_concours()
    before = concours_outputs(tournament)
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)

    restored = restore_tournament(data=data, now=LATER)

    assert (concours_outputs(restored), tournament_archive(tournament=restored, now=LATER)) == (
        before,
        data,
    )


def match_state(match: Match) -> tuple:
    """Return how ``match`` was recorded: its totals and sheet, its result, who enters it."""
    return (
        match.is_totals_only,
        match.total_a,
        match.total_b,
        match.sheet_deals_played,
        match.sheet_capots,
        match.sheet_belotes,
        match.sheet_declarations,
        match.deals_played,
        match.reserve,
        match.is_finished,
        match.result,
        match.results_mode,
        match.is_paper,
        match.deals.count(),
    )


def match_actions(match: Match) -> list[tuple]:
    """Return what the organiser did to ``match``, in order: action, who, why."""
    return list(
        Match.history.filter(id=match.pk)
        .exclude(audit_action="")
        .order_by("history_id")
        .values_list("audit_action", "history_user__username", "audit_reason")
    )


@pytest.mark.django_db
def test_it_restores_the_totals_only_tables_and_the_tables_on_paper_as_they_were():
    tournament = play_paper_concours()
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)

    restored = restore_tournament(data=data, now=LATER)

    matches = {
        (match.round.number, match.table_number): match
        for match in Match.objects.filter(round__tournament=restored).select_related(
            "round__tournament"
        )
    }
    assert (restored.name, restored.results_mode) == (PAPER_NAME, "paper")
    assert {key: match_state(match) for key, match in matches.items()} == {
        # 90 by A with a belote (110 – 72), then 100 by B (62 – 100): a draw (RULES.md §B5).
        (1, 1): (False, 172, 172, None, None, None, None, 2, 0, True, "draw", "paper", True, 2),
        (1, 2): (True, 200, 130, 2, 0, 1, None, 2, 0, True, "A", "", True, 0),
        (2, 1): (True, 164, 180, 2, 0, 1, None, 2, 0, True, "B", "", True, 0),
        (2, 2): (False, 52, 110, None, None, None, None, 1, 0, False, "", "phones", False, 1),
    }
    assert {key: match_actions(match) for key, match in matches.items()} == {
        (1, 1): [("switched_to_paper", "marie", "")],
        (1, 2): [("totals_recorded", "marie", MISCOUNTED_REASON)],
        (2, 1): [
            ("totals_recorded", "marie", ""),
            ("totals_corrected", "marie", "Équipes inversées"),
        ],
        (2, 2): [
            ("switched_to_paper", "marie", ""),
            ("switched_to_phones", "marie", ""),
        ],
    }


@pytest.mark.django_db
def test_a_restored_archive_of_the_sample_concours_gives_the_same_exports():
    tournament = import_played_tournament(
        directory=SAMPLE,
        name="Concours de démonstration",
        rules_preset="ffb-coinche",
        now=START,
        rng=random.Random(7),
    )
    before = concours_outputs(tournament)
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)

    restored = restore_tournament(data=data, now=LATER)

    assert concours_outputs(restored) == before


@pytest.mark.django_db
def test_it_writes_the_format_its_version_and_the_settings_first():
    tournament = play_concours()

    document = json.loads(tournament_archive(tournament=tournament, now=LATER))

    assert (
        list(document),
        document["format"],
        document["version"],
        document["archived_at"],
        document["tournament"] | {"projector_token": "…", "created_at": "…"},
    ) == (
        ["format", "version", "archived_at", "tournament", "users", "teams", "rounds", "melee"],
        FORMAT,
        VERSION,
        "2026-11-14T13:30:00+00:00",
        {
            "name": NAME,
            "slug": "concours-de-la-saint-martin",
            "date": "2026-11-11",
            "venue": "Salle des fêtes de Cahors",
            "rules_preset": "ffb-coinche",
            "rules_version": 1,
            "match_format": "deals",
            "match_format_value": 2,
            "number_of_rounds": 3,
            "bye_credit": "round-mean",
            "bye_credit_value": 0,
            "bye_counts_as_win": False,
            "ranking": "points",
            "match_points_win": 2,
            "match_points_draw": 1,
            "match_points_loss": 1,
            "match_points_bye": 2,
            "tie_breaks": "matches_won,points_difference,head_to_head",
            "allows_no_trump_all_trump": True,
            "projector_token": "…",
            "confirmation_mode": "confirm",
            "results_mode": "phones",
            "prize_list": "Un jambon\nDeux bouteilles de cahors",
            "created_at": "…",
            "club": "Amicale de Cahors",
        },
    )


@pytest.mark.django_db
def test_a_copy_restored_beside_its_original_gets_its_own_addresses():
    tournament = play_concours()
    data = tournament_archive(tournament=tournament, now=LATER)
    tokens = set(TeamLink.objects.values_list("token", flat=True))

    copy = restore_tournament(data=data, now=LATER, name="Copie de la Saint-Martin")

    copy_tokens = set(TeamLink.objects.filter(tournament=copy).values_list("token", flat=True))
    assert (
        copy.name,
        copy.slug,
        copy.projector_token == tournament.projector_token,
        len(copy_tokens),
        copy_tokens & tokens,
        standing_rows(copy),
    ) == (
        "Copie de la Saint-Martin",
        "copie-de-la-saint-martin",
        False,
        8,
        set(),
        standing_rows(tournament),
    )


@pytest.mark.django_db
def test_it_restores_for_the_club_it_is_given_and_finds_the_teams_clubs_by_name():
    tournament = play_concours()
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)
    millau = ClubFactory(name="Les Coinchés de Millau")

    restored = restore_tournament(data=data, now=LATER, club=millau)

    assert (
        restored.club,
        sorted({team.club.name for team in restored.teams.exclude(club=None)}),
    ) == (
        millau,
        ['=HYPERLINK("x")', "Amicale de Cahors", "Belote Club de Rodez", "Coinche Club d’Albi"],
    )


@pytest.mark.django_db
def test_an_author_unknown_here_gets_an_account_that_cannot_sign_in():
    tournament = play_concours()
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)
    get_user_model().objects.filter(username="marie").delete()

    restore_tournament(data=data, now=LATER)

    marie = get_user_model().objects.get(username="marie")
    assert (marie.is_active, marie.has_usable_password(), marie.organised_clubs.count()) == (
        False,
        False,
        0,
    )


@pytest.mark.django_db
def test_an_author_known_here_is_that_account():
    organiser = UserFactory(username="marie")
    tournament = play_concours()
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)

    restored = restore_tournament(data=data, now=LATER)

    authors = set(
        Deal.history.filter(match__round__tournament=restored)
        .exclude(history_user=None)
        .values_list("history_user", flat=True)
    )
    assert authors == {organiser.pk}


@pytest.mark.django_db
def test_a_phone_link_of_the_round_being_played_still_opens_its_table(client):
    tournament = play_concours()
    match = Match.objects.get(round__tournament=tournament, round__number=2, table_number=1)
    link = TeamLink.objects.get(team=match.team_b, revoked_at__isnull=True)
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)
    restore_tournament(data=data, now=LATER)

    response = client.get(f"/table/{link.token}/")

    shown = response.context["match"]
    assert (response.status_code, shown.round.tournament.name, shown.round.number) == (
        200,
        NAME,
        2,
    )


def test_the_archive_holds_every_field_of_the_models():
    archived = {
        "tournament": {
            *RECORD_FIELDS["tournament"],
            *RECORD_LINKS["tournament"],
            *NOT_ARCHIVED["tournament"],
        },
        # The registered players are archived as people (``players``), not record ids.
        "team": {
            *RECORD_FIELDS["team"],
            "tournament",
            *RECORD_LINKS["team"],
            "player_1_record",
            "player_2_record",
        },
        "round": {*RECORD_FIELDS["round"], "tournament"},
        "match": {*RECORD_FIELDS["match"], "round", "team_a", "team_b", *NOT_ARCHIVED["match"]},
        "deal": {*RECORD_FIELDS["deal"], "match"},
        "tablelink": {*RECORD_FIELDS["link"], "match"},
        "teamlink": {*RECORD_FIELDS["team_link"], "tournament", "team"},
        # A mêlée (``melee``): its mark is the section itself, a draft's draw its tables
        # and sit-outs.
        "meleeconcours": {"tournament"},
        "meleeplayer": {
            *RECORD_FIELDS["melee_player"],
            "tournament",
            *RECORD_LINKS["melee_player"],
        },
        "meleepair": set(RECORD_LINKS["melee_pair"]),
        "sitout": set(RECORD_LINKS["sit_out"]),
        "meleedraft": {"round", "draw"},
    }
    history = {"history_id", "history_user", "id", *RECORD_FIELDS["history"]}

    fields = {
        model._meta.model_name: {
            field.name for field in model._meta.concrete_fields if not field.primary_key
        }
        for model in (
            Tournament,
            Team,
            Round,
            Match,
            Deal,
            TableLink,
            TeamLink,
            MeleeConcours,
            MeleePlayer,
            MeleePair,
            SitOut,
            MeleeDraft,
        )
    }
    history_fields = {
        model._meta.model_name: {field.name for field in model._meta.concrete_fields}
        for model in (Deal.history.model, Match.history.model)
    }
    assert (fields, history_fields) == (
        archived,
        {
            "historicaldeal": archived["deal"] | history,
            # A match's figures follow from its deals: not in its history either.
            "historicalmatch": (archived["match"] - set(NOT_ARCHIVED["match"])) | history,
        },
    )


def played_tables(tables: int) -> Tournament:
    """A tournament whose closed round 1 has ``tables`` matches of two deals each."""
    tournament = TournamentFactory()
    played = RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    for table in range(1, tables + 1):
        match = MatchFactory(round=played, table_number=table, is_finished=True)
        for number in (1, 2):
            DealFactory(match=match, deal_number=number)
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize("tables", [1, 3])
def test_it_writes_the_archive_in_the_same_queries_for_1_and_3_tables(
    django_assert_num_queries, tables
):
    tournament = played_tables(tables)
    tournament = Tournament.objects.select_related("club").get(pk=tournament.pk)

    # The teams, rounds, matches, byes, deals, team links, table links, the history of
    # matches and deals, and whether it is a mêlée (its players, its mark).
    with django_assert_num_queries(11):
        tournament_archive(tournament=tournament, now=LATER)


@pytest.mark.django_db
def test_a_team_name_is_archived_and_restored():
    tournament = play_concours()
    Team.objects.filter(tournament=tournament, number=2).update(name="Les As de Cahors")
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)

    restored = restore_tournament(data=data, now=LATER)

    document = json.loads(data)
    assert (document["version"], [team["name"] for team in document["teams"]][:3]) == (
        3,
        ["", "Les As de Cahors", ""],
    )
    assert list(restored.teams.order_by("number").values_list("number", "name"))[:3] == [
        (1, ""),
        (2, "Les As de Cahors"),
        (3, ""),
    ]


@pytest.mark.django_db
def test_an_archive_of_version_1_has_no_team_names_and_is_still_restored():
    tournament = play_concours()
    before = standing_rows(tournament)
    document = json.loads(tournament_archive(tournament=tournament, now=LATER))
    document["version"] = 1
    del document["melee"]
    for team in document["teams"]:
        del team["name"]
    delete_concours(tournament)

    restored = restore_tournament(data=json.dumps(document).encode(), now=LATER)

    assert (standing_rows(restored), set(restored.teams.values_list("name", flat=True))) == (
        before,
        {""},
    )


@pytest.mark.django_db
def test_an_archive_of_version_1_with_a_team_name_is_refused():
    tournament = play_concours()
    document = json.loads(tournament_archive(tournament=tournament, now=LATER))
    document["version"] = 1
    del document["melee"]
    delete_concours(tournament)

    with pytest.raises(ArchiveError) as refused:
        restore_tournament(data=json.dumps(document).encode(), now=LATER)

    assert (refused.value.problem.place, refused.value.problem.code) == (
        (("team", 1),),
        "unknown_key",
    )
    assert Tournament.objects.count() == 0


@pytest.mark.django_db
def test_it_restores_totals_that_break_a_limit_as_they_were_without_checking_them():
    # Old data, saved before the site checked these limits (scoring.check_totals_plausibility):
    # 13 deals in a 12-deal match, total A off the step of 10, 2705 below 13 × 240, no reason.
    match = MatchFactory(
        round__tournament__rules_preset="ffb-coinche",
        round__status=Round.Status.PUBLISHED,
    )
    apply_match_totals(match, scoring.MatchTotals(1505, 1200, 13))
    match.save()
    tournament = match.round.tournament
    data = tournament_archive(tournament=tournament, now=LATER)
    delete_concours(tournament)

    restored = restore_tournament(data=data, now=LATER)

    match = Match.objects.get(round__tournament=restored)
    assert match_state(match) == (
        True, 1505, 1200, 13, None, None, None, 13, 0, True, "A", "", False, 0,
    )  # fmt: skip
