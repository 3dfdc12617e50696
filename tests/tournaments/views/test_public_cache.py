"""The cached public pages (tournaments/presentation/cache.py): never a stale page.

The public standings, the round pages and the projector are rendered once per version of
their tournament's results, which every service writing what they show changes
(tournaments/services/cache.py). Each test below reads a page (so that it is cached),
writes through one service, and reads the page again: the new value is there at once.
The services whose writes no public page shows change the version all the same, or are
listed with the reason they need not; a new service must be put in one list or the other.
"""

import datetime
import importlib
import inspect
import pkgutil
import random
import re

import pytest

import scoring
from tests.factories import (
    ByeFactory,
    MatchFactory,
    RegistrationFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tests.html_reading import table_rows
from tournaments import selectors, services
from tournaments.models import (
    Deal,
    DealEntry,
    Match,
    MeleePlayer,
    Round,
    Team,
    TeamData,
    Tournament,
)
from tournaments.services.cache import results_changed
from tournaments.services.deals import Author
from tournaments.services.played_rounds import PlayedMatch

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
#: 90 ♥ made by the taker: 104 card points and 5 tricks give 190 – 60 (RULES.md §B1).
MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
ORGANISER = Author()


@pytest.fixture
def hall(db, client):
    """A concours of one-deal matches: teams 1–4, round 1 published (1 v 2 at table 1,
    3 v 4 at table 2), every team with its link; the client reads in French."""
    client.cookies["django_language"] = "fr"
    tournament = TournamentFactory(slug="t", name="Concours de la Saint-André")
    tournament.match_format_value = 1
    tournament.save()
    teams = [
        TeamFactory(tournament=tournament, number=n, player_1=f"J{n}a", player_2=f"J{n}b")
        for n in range(1, 5)
    ]
    round_ = RoundFactory(tournament=tournament, number=1)
    MatchFactory(round=round_, table_number=1, team_a=teams[0], team_b=teams[1])
    MatchFactory(round=round_, table_number=2, team_a=teams[2], team_b=teams[3])
    services.ensure_team_links(tournament=tournament, now=NOW)
    return tournament


def table(number: int) -> Match:
    return Match.objects.get(table_number=number, round__number=1)


def seats(number: int):
    return selectors.match_links(match=table(number))


def team(number: int) -> Team:
    return Team.objects.get(number=number)


def deal() -> Deal:
    return Deal.objects.get()


def standings(client) -> list[tuple[str, str, str]]:
    """The public standings: (team, players, points) per row, in rank order."""
    rows = table_rows(client.get("/concours/t/"), "standings")[1:]
    return [(row[1], row[2], row[4]) for row in rows]


def by_number(client) -> dict[str, tuple[str, str, str]]:
    """The public standings' rows by team number."""
    return {row[0]: row for row in standings(client)}


def rounds_listed(client) -> list[str]:
    """The rounds the tournament's page lists, with their status."""
    page = client.get("/concours/t/").content.decode()
    found = re.findall(r'<ul class="round-list">(.*?)</ul>', page, re.S)
    items = re.findall(r"<li>(.*?)</li>", found[0], re.S) if found else []
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).strip() for item in items]


def round_page(client, number: int = 1) -> list[list[str]]:
    """The public round page's tables: every cell of each row below the headings."""
    return table_rows(client.get(f"/concours/t/parties/{number}/"), "matches")[1:]


def slide_texts(client) -> list[str]:
    """The projector's first slide: the tournament's name, then each row of its board."""
    tournament = Tournament.objects.get()
    page = client.get(f"/ecran/{tournament.projector_token}/diapo/?slide=0")
    name = re.findall(r'<p class="slide-tournament">(.*?)</p>', page.content.decode())
    return name + [" ".join(row) for row in table_rows(page, "board")[1:]]


def record(number: int, taker: str = "A") -> Deal:
    return services.record_deal(match=table(number), entry=DealEntry(taker, MADE_90), now=NOW)


def submit(number: int = 1) -> Deal:
    return services.submit_deal(
        seat=seats(number)["A"], entry=DealEntry("A", MADE_90), deal_number=1, now=NOW
    )


BEFORE = [("1", "J1a / J1b", "0"), ("2", "J2a / J2b", "0"), ("3", "J3a / J3b", "0"),
          ("4", "J4a / J4b", "0")]  # fmt: skip
AFTER_190 = [("1", "J1a / J1b", "190"), ("2", "J2a / J2b", "60"), ("3", "J3a / J3b", "0"),
             ("4", "J4a / J4b", "0")]  # fmt: skip
#: Round 1's table 1 before any deal, then with deal 1 (its only one) waiting for the
#: opponents: all its deals entered, « à confirmer ».
TABLE_1 = ["1", "1 – J1a / J1b", "0", "0", "2 – J2a / J2b", "0 donne jouée"]
TABLE_1_WAITING = ["1 à confirmer", "1 – J1a / J1b", "0", "0", "2 – J2a / J2b", "1 donne jouée"]
TABLE_1_FINISHED = ["1", "1 – J1a / J1b", "190", "60", "2 – J2a / J2b", "Terminée"]


# Deals ------------------------------------------------------------------------------------


def test_a_deal_recorded_by_the_desk_shows_at_once(client, hall):
    before = standings(client), round_page(client)[0]

    record(1)

    assert before == (BEFORE, TABLE_1)
    assert (standings(client), round_page(client)[0]) == (AFTER_190, TABLE_1_FINISHED)


def test_deals_recorded_together_show_at_once(client, hall):
    before = standings(client)

    services.record_deals(match=table(1), entries=[(1, DealEntry("A", MADE_90))], now=NOW)

    assert (before, standings(client)) == (BEFORE, AFTER_190)


def test_a_corrected_deal_shows_at_once(client, hall):
    record(1)
    before = standings(client)

    services.correct_deal(
        deal=deal(),
        entry=DealEntry("B", MADE_90),
        version=deal().version,
        now=NOW,
        author=ORGANISER,
        reason="Erreur de preneur",
    )

    assert before == AFTER_190
    assert standings(client) == [
        ("2", "J2a / J2b", "190"),
        ("1", "J1a / J1b", "60"),
        ("3", "J3a / J3b", "0"),
        ("4", "J4a / J4b", "0"),
    ]


def test_a_deleted_deal_goes_at_once(client, hall):
    record(1)
    before = standings(client), round_page(client)[0]

    services.delete_deal(deal=deal(), reason="Doublon", now=NOW, author=ORGANISER)

    assert before == (AFTER_190, TABLE_1_FINISHED)
    assert (standings(client), round_page(client)[0]) == (BEFORE, TABLE_1)


def test_a_deal_sent_from_a_phone_shows_as_to_confirm_at_once(client, hall):
    before = round_page(client)[0]

    submit()

    assert (before, round_page(client)[0]) == (TABLE_1, TABLE_1_WAITING)


def test_a_deal_confirmed_by_the_opponents_counts_at_once(client, hall):
    submit()
    before = standings(client), round_page(client)[0]

    services.confirm_deals(seat=seats(1)["B"], now=NOW)

    assert before == (BEFORE, TABLE_1_WAITING)
    assert (standings(client), round_page(client)[0]) == (AFTER_190, TABLE_1_FINISHED)


def test_a_deal_confirmed_with_the_opponents_code_counts_at_once(client, hall):
    submit()
    before = standings(client)
    links = seats(1)

    services.confirm_with_pin(seat=links["A"], pin=links["B"].link.pin, now=NOW)

    assert (before, standings(client)) == (BEFORE, AFTER_190)


def test_a_deal_confirmed_by_the_organiser_counts_at_once(client, hall):
    submit()
    before = standings(client)

    services.confirm_deal_by_organiser(deal=deal(), version=deal().version, now=NOW, user=None)

    assert (before, standings(client)) == (BEFORE, AFTER_190)


def test_an_unlocked_match_waits_again_at_once(client, hall):
    submit()
    services.confirm_deals(seat=seats(1)["B"], now=NOW)
    before = standings(client), round_page(client)[0]

    services.unlock_match(match=table(1), reason="Erreur", now=NOW, user=None)

    assert before == (AFTER_190, TABLE_1_FINISHED)
    assert (standings(client), round_page(client)[0]) == (
        BEFORE,
        TABLE_1_WAITING,
    )


def test_a_deal_typed_from_a_paper_sheet_shows_at_once(client, hall):
    services.set_match_results_mode(match=table(1), is_paper=True, now=NOW)
    before = standings(client)

    services.save_sheet_row(
        match=table(1),
        deal_number=1,
        entry=DealEntry("A", MADE_90),
        version=None,
        now=NOW,
        user=None,
        reason="",
    )

    assert (before, standings(client)) == (BEFORE, AFTER_190)


def test_totals_recorded_from_a_paper_sheet_show_at_once(client, hall):
    before = round_page(client)[1]

    services.record_match_totals(
        match=table(2), totals=scoring.MatchTotals(total_a=250, total_b=120), now=NOW
    )

    assert before == ["2", "3 – J3a / J3b", "0", "0", "4 – J4a / J4b", "0 donne jouée"]
    assert round_page(client)[1] == [
        "2",
        "3 – J3a / J3b",
        "250",
        "120",
        "4 – J4a / J4b",
        "Totaux seulement",
    ]


# Matches and rounds -----------------------------------------------------------------------


def test_a_match_stopped_for_time_then_reopened_shows_each_time(client, hall):
    before = round_page(client)[1]

    services.close_match_for_time(match=table(2), now=NOW)
    stopped = round_page(client)[1]
    services.reopen_match(match=table(2), now=NOW)

    assert before == ["2", "3 – J3a / J3b", "0", "0", "4 – J4a / J4b", "0 donne jouée"]
    assert stopped == ["2", "3 – J3a / J3b", "0", "0", "4 – J4a / J4b", "Terminée"]
    assert round_page(client)[1] == before


def test_a_round_closed_then_reopened_shows_each_time(client, hall):
    record(1)
    record(2)
    before = rounds_listed(client)

    services.close_round(round=Round.objects.get(), now=NOW)
    closed = rounds_listed(client)
    services.reopen_round(round=Round.objects.get(), reason="Erreur", now=NOW)

    assert (before, closed) == (["Partie 1 Publiée"], ["Partie 1 Terminée"])
    assert rounds_listed(client) == ["Partie 1 Publiée"]


def test_a_published_draw_shows_at_once(client, hall):
    record(1)
    record(2)
    services.close_round(round=Round.objects.get(), now=NOW)
    Team.objects.update(is_checked_in=True)
    draft = services.draw_round(tournament=Tournament.objects.get())
    before = rounds_listed(client), slide_texts(client)[1]

    services.publish_round(round=draft, now=NOW)

    assert before == (["Partie 1 Terminée"], "1 Terminée 1 J1aJ1b 190 60 2 J2aJ2b")
    assert (rounds_listed(client), slide_texts(client)[1]) == (
        ["Partie 1 Terminée", "Partie 2 Publiée"],
        "1 0 donne 1 J1aJ1b 0 0 3 J3aJ3b",
    )


def test_a_round_recorded_as_played_shows_at_once(client, db):
    client.cookies["django_language"] = "fr"
    tournament = TournamentFactory(slug="t", match_format_value=1)
    first, second = (TeamFactory(tournament=tournament, number=n) for n in (1, 2))
    before = rounds_listed(client)

    services.record_played_round(
        tournament=tournament,
        matches=[PlayedMatch(1, first, second, entries=[(1, DealEntry("A", MADE_90))])],
        now=NOW,
    )

    assert (before, rounds_listed(client)) == ([], ["Partie 1 Terminée"])


def test_a_renamed_club_shows_at_once_in_the_standings(client, hall):
    club = services.register_club(name="Foyer rural")
    Team.objects.filter(number=1).update(club=club)
    results_changed(hall)
    before = table_rows(client.get("/concours/t/"), "standings")[1:]

    services.rename_club(club=club, name="Foyer rural de Sète")

    after = table_rows(client.get("/concours/t/"), "standings")[1:]
    club_column = table_rows(client.get("/concours/t/"), "standings")[0].index("Club")
    assert [row[club_column] for row in before] == ["Foyer rural", "", "", ""]
    assert [row[club_column] for row in after] == ["Foyer rural de Sète", "", "", ""]


def test_melee_players_registered_show_at_once(client, db):
    client.cookies["django_language"] = "fr"
    tournament = TournamentFactory(slug="t")
    services.register_melee_players(
        tournament=tournament, players=[services.MeleePlayerData(name="Josette")], rng=None
    )
    before = [row[2] for row in table_rows(client.get("/concours/t/"), "standings")[1:]]

    services.register_melee_players(
        tournament=tournament, players=[services.MeleePlayerData(name="Michel")], rng=None
    )

    after = [row[2] for row in table_rows(client.get("/concours/t/"), "standings")[1:]]
    assert (before, after) == (["Josette"], ["Josette", "Michel"])


def test_a_melee_player_renamed_then_withdrawn_shows_at_once(client, db):
    client.cookies["django_language"] = "fr"
    tournament = TournamentFactory(slug="t")
    josette, _ = services.register_melee_players(
        tournament=tournament,
        players=[services.MeleePlayerData(name="Josette"), services.MeleePlayerData(name="Michel")],
        rng=None,
    )
    before = [row[2] for row in table_rows(client.get("/concours/t/"), "standings")[1:]]

    services.update_melee_player(player=josette, data=services.MeleePlayerData(name="Josie"))
    renamed = [row[2] for row in table_rows(client.get("/concours/t/"), "standings")[1:]]
    services.set_melee_player_withdrawn(player=josette, is_withdrawn=True)

    after = [row[2] for row in table_rows(client.get("/concours/t/"), "standings")[1:]]
    assert (before, renamed, after) == (
        ["Josette", "Michel"],
        ["Josie", "Michel"],
        ["Michel", "Josie"],
    )


def melee_draft() -> Round:
    """Partie 1 of the 8-player mêlée of ``melee_hall``, drawn as a draft (seed 7)."""
    return services.draw_melee_partie(tournament=Tournament.objects.get(), seed=7)


#: Each mêlée service whose write no cached page shows as it reads today, with the write.
MELEE_WRITES = {
    "mark_melee": lambda: services.mark_melee(tournament=Tournament.objects.get()),
    "set_melee_player_present": lambda: services.set_melee_player_present(
        player=MeleePlayer.objects.get(number=1), is_present=False
    ),
    "draw_melee_partie": melee_draft,
    "swap_melee_players": lambda: services.swap_melee_players(
        round=melee_draft(), first=1, second=2
    ),
    "publish_draft": lambda: services.publish_draft(round=melee_draft(), now=NOW),
    "check_in_melee_registration": lambda: services.check_in_melee_registration(
        registration=RegistrationFactory(
            tournament=Tournament.objects.get(), player_1="Joueur 9", player_2=""
        ),
        now=NOW,
        user=None,
    ),
}


@pytest.fixture
def melee_hall(db):
    tournament = TournamentFactory(slug="t", number_of_rounds=3)
    services.register_melee_players(
        tournament=tournament,
        players=[services.MeleePlayerData(name=f"Joueur {n}") for n in range(1, 9)],
        rng=None,
    )


@pytest.mark.parametrize("name", sorted(MELEE_WRITES))
def test_a_melee_write_changes_the_version(melee_hall, name):
    before = version()

    MELEE_WRITES[name]()

    assert version() != before


# Teams and the tournament -----------------------------------------------------------------


def test_a_team_registered_changed_then_removed_shows_each_time(client, hall):
    before = len(standings(client))

    new = services.register_team(
        tournament=Tournament.objects.get(),
        data=TeamData(player_1="Zoé", player_2="Yves"),
        rng=random.Random(1),
    )
    registered = by_number(client)["5"]
    services.update_team(team=new, data=TeamData(player_1="Zoé", player_2="Yann", number=5))
    changed = by_number(client)["5"]
    services.remove_team(team=new)

    assert (before, registered, changed) == (4, ("5", "Zoé / Yves", "0"), ("5", "Zoé / Yann", "0"))
    assert standings(client) == BEFORE


def test_a_team_withdrawn_then_reinstated_moves_at_once(client, hall):
    record(1)
    before = [row[0] for row in standings(client)]

    services.withdraw_team(team=team(1))
    withdrawn = [row[0] for row in standings(client)]
    services.reinstate_team(team=team(1))

    assert (before, withdrawn) == (["1", "2", "3", "4"], ["2", "3", "4", "1"])
    assert [row[0] for row in standings(client)] == before


def test_a_renamed_tournament_shows_on_the_projector_at_once(client, hall):
    before = slide_texts(client)[0]

    services.update_tournament(tournament=Tournament.objects.get(), settings={"name": "Noël"})

    assert (before, slide_texts(client)[0]) == ("Concours de la Saint-André", "Noël")


# Writes no public page shows: the version changes all the same ------------------------------


def version() -> str:
    return selectors.results_version(Tournament.objects.get())


def draft_of_round_2() -> Round:
    record(1)
    record(2)
    services.close_round(round=Round.objects.get(), now=NOW)
    Team.objects.update(is_checked_in=True)
    return services.draw_round(tournament=Tournament.objects.get())


#: Each service whose write changes no cached page as it reads today, with the write.
UNSEEN_WRITES = {
    "dispute_deal": lambda: services.dispute_deal(
        seat=seats(1)["B"], deal_number=submit().deal_number, note="Non", now=NOW
    ),
    "edit_deal_at_table": lambda: services.edit_deal_at_table(
        seat=seats(1)["A"], deal=submit(), entry=DealEntry("B", MADE_90), version=1, now=NOW
    ),
    "draw_round": lambda: draft_of_round_2(),
    "swap_teams_in_draft": lambda: services.swap_teams_in_draft(
        round=draft_of_round_2(), first=1, second=2
    ),
    "discard_draft": lambda: services.discard_draft(round=draft_of_round_2()),
    "set_checked_in": lambda: services.set_checked_in(team=team(1), is_checked_in=False),
    "check_in_all": lambda: services.check_in_all(tournament=Tournament.objects.get()),
}


@pytest.mark.parametrize("name", sorted(UNSEEN_WRITES))
def test_a_write_no_page_shows_changes_the_version_too(hall, name):
    before = version()

    UNSEEN_WRITES[name]()

    assert version() != before


def test_a_refused_write_keeps_the_version(hall):
    record(1)
    before = version()

    with pytest.raises(services.ServiceError):
        services.record_deal(match=table(1), entry=DealEntry("A", MADE_90), now=NOW)

    assert version() == before


#: The services tested above, by the write each makes.
TESTED = {
    "record_deal", "record_deals", "correct_deal", "delete_deal", "submit_deal",
    "confirm_deals", "confirm_with_pin", "confirm_deal_by_organiser", "unlock_match",
    "save_sheet_row", "record_match_totals", "close_match_for_time", "reopen_match",
    "close_round", "reopen_round", "publish_round", "record_played_round", "register_team",
    "register_melee_players", "update_melee_player", "set_melee_player_withdrawn",
    *MELEE_WRITES,
    "update_team", "remove_team", "withdraw_team", "reinstate_team", "update_tournament",
    "rename_club",
    *UNSEEN_WRITES,
}  # fmt: skip
#: The services that need not change the version, and why.
NOT_RESULTS = {
    "register_teams": "register_team's body: one list of teams",
    "register_club": "a club shows only through a team, registered or changed above",
    "create_tournament": "a new tournament has no page cached, and a version of its own",
    "set_match_results_mode": "phones or paper: no public page says which",
    "set_prize_list": "the prize list is printed in the standings PDF only, never cached",
    "ensure_team_links": "team links never show on a public page",
    "regenerate_link": "team links never show on a public page",
    "revoke_link": "team links never show on a public page",
    "run_once": "keeps a phone's answer to replay, not a result",
    "redraw_later_draft": "called by correct_deal and record_match_totals, inside them",
    "replay_match": "called by the deal services, inside them",
    "apply_match_totals": "sets fields on a match, unsaved (record_match_totals saves)",
    "implausible_params": "puts a refusal's numbers in one dict, writes nothing",
    "set_match_figures": "sets fields on a match, unsaved (replay_match and totals save)",
    "results_changed": "the helper itself",
    "match_results_changed": "the helper itself, for a write under its match's lock",
    "record_deal_at": "record_deal's body, in its match already locked (changes the version)",
    "enter_deal": "submit_deal's body, which returns its deal only (changes the version)",
    "confirm_deals_at_table": "confirm_deals's body, which returns its count only",
    "record_played_melee_round": "records its partie through record_played_round",
    "check_in_registration": "makes its team through register_team",
    "register_pair": "the registration offer is drawn outside the cached results",
    "register_player": "the registration offer is drawn outside the cached results",
    "change_registration": "the registration offer is drawn outside the cached results",
    "cancel_registration": "the registration offer is drawn outside the cached results",
    "set_registration_settings": "the registration offer is drawn outside the cached results",
    "add_player": "the registry shows on organiser pages only; teams keep their names",
    "create_player": "the registry shows on organiser pages only; teams keep their names",
    "update_player": "the registry shows on organiser pages only; teams keep their names",
    "merge_players": "the registry shows on organiser pages only; teams keep their names",
    "create_club": "a new club shows on no concours yet",
    "add_organiser": "organisers show on no public page",
    "remove_organiser": "organisers show on no public page",
    "set_password_path": "reads: an account's one-time link",
    "new_password_link": "an account's one-time link shows on no public page",
    "create_challenge": "a challenge's ranking is computed on every read, never cached",
    "update_challenge": "a challenge's ranking is computed on every read, never cached",
    "add_concours": "a challenge's ranking is computed on every read, never cached",
    "remove_concours": "a challenge's ranking is computed on every read, never cached",
}
#: The services' functions that read or lock only.
READS = {
    "drawable_teams", "played_pairs", "is_reopenable", "parse_key", "fingerprint",
    "lock_tournament", "lock_round", "lock_match", "lock_seat_match",
    "lock_round_matches", "lock_team_link",
    "next_round_to_play", "next_round_to_draw", "breakdown_to_json", "deals_figures",
    "is_settings_frozen", "players_in_teams", "check_players",
    "unique_slug", "lock_club", "lock_registration", "lock_draft", "unscored_values",
}  # fmt: skip


def test_every_service_is_tested_or_needs_no_new_version():
    functions = set()
    for module in pkgutil.iter_modules(services.__path__):
        loaded = importlib.import_module(f"tournaments.services.{module.name}")
        functions |= {
            name
            for name, value in vars(loaded).items()
            if inspect.isfunction(value)
            and value.__module__ == loaded.__name__
            and not name.startswith("_")
        }

    assert functions == TESTED | set(NOT_RESULTS) | READS
    assert TESTED & set(NOT_RESULTS) == set()


# Queries ----------------------------------------------------------------------------------


def test_a_cached_standings_page_runs_three_queries(client, hall, django_assert_num_queries):
    record(1)
    client.get("/concours/t/")

    # The tournament, the sum of its matches' results counts (with the tournament's own
    # version, the results version), and its online registration settings: the
    # registration offer is drawn outside the cached results.
    with django_assert_num_queries(3):
        response = client.get("/concours/t/")

    assert [row[4] for row in table_rows(response, "standings")[1:]] == ["190", "60", "0", "0"]


def test_a_cached_round_page_runs_three_queries(client, hall, django_assert_num_queries):
    record(1)
    client.get("/concours/t/parties/1/")

    with django_assert_num_queries(3):  # the tournament, the round, its results' count
        response = client.get("/concours/t/parties/1/")

    assert table_rows(response, "matches")[1] == TABLE_1_FINISHED


def test_a_cached_projector_slide_runs_two_queries(client, hall, django_assert_num_queries):
    record(1)
    slide_texts(client)
    token = Tournament.objects.get().projector_token

    # The tournament, by its projector token, and the sum of its matches' results counts.
    with django_assert_num_queries(2):
        response = client.get(f"/ecran/{token}/diapo/?slide=0")

    assert [" ".join(row) for row in table_rows(response, "board")[1:]] == [
        "1 Terminée 1 J1aJ1b 190 60 2 J2aJ2b",
        "2 0 donne 3 J3aJ3b 0 0 4 J4aJ4b",
    ]


def test_every_sort_of_the_standings_is_cached_apart(client, hall):
    record(1)

    by_points = standings(client)
    by_number = table_rows(client.get("/concours/t/?sort=-number"), "standings")[1:]

    assert [row[0] for row in by_points] == ["1", "2", "3", "4"]
    assert [row[1] for row in by_number] == ["4", "3", "2", "1"]


def test_a_query_the_cache_does_not_keep_is_rendered_afresh(client, hall):
    client.get("/concours/t/?sort=-number&x=1")

    page = client.get("/concours/t/?sort=-number&x=1").content.decode()

    assert re.findall(r'href="(\?[^"]*sort=number[^"]*)"', page) == ["?sort=number&amp;x=1"]


def test_the_english_page_is_cached_apart_from_the_french_one(client, hall):
    french = standings(client)
    client.cookies["django_language"] = "en"

    english = table_rows(client.get("/concours/t/"), "standings")[0][:3]

    assert (len(french), english) == (4, ["Rank", "Team", "Players"])


def test_a_write_that_skips_the_services_shows_once_the_version_changes(client, hall):
    standings(client)
    Team.objects.filter(number=1).update(player_1="Anne")

    stale = standings(client)[0]
    results_changed(Tournament.objects.get())

    assert (stale, standings(client)[0]) == (("1", "J1a / J1b", "0"), ("1", "Anne / J1b", "0"))


@pytest.mark.parametrize("teams", [20, 80])
def test_the_round_page_runs_the_same_queries_for_10_and_40_tables(
    client, db, django_assert_num_queries, teams
):
    tournament = TournamentFactory(slug="t", match_format_value=2)
    rows = [TeamFactory(tournament=tournament, number=n + 1) for n in range(teams + 1)]
    round_ = RoundFactory(tournament=tournament, number=1)
    for number in range(teams // 2):
        MatchFactory(
            round=round_,
            table_number=number + 1,
            team_a=rows[2 * number],
            team_b=rows[2 * number + 1],
        )
    services.ensure_team_links(tournament=tournament, now=NOW)
    for match in Match.objects.all():
        services.record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
        links = selectors.match_links(match=match)
        services.submit_deal(seat=links["B"], entry=DealEntry("B", MADE_90), deal_number=2, now=NOW)
    ByeFactory(round=round_, team=rows[-1])

    # The tournament, the round, its results' count; then the matches with their
    # confirmed totals, the byes.
    with django_assert_num_queries(5):
        response = client.get("/concours/t/parties/1/")

    assert len(table_rows(response, "matches")) == teams // 2 + 1
