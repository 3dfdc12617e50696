"""Holes of issue 11 on the phones' server side: a dispute with no reason, refusals that
answered 200, a table kept by the desk (paper, totals only, stopped for time), a
withdrawn team. Every refusal answers a 4xx with its message and saves nothing."""

import datetime
import html
import re

import pytest
from django.core import serializers
from django.test import Client
from django.urls import reverse

import scoring
from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.html_reading import table_rows
from tests.phone_posts import VALID
from tournaments import selectors, services
from tournaments.models import Deal, DealStatus, Match, Seat, Team, TeamLink, Tournament

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


@pytest.fixture
def match(db) -> Match:
    tournament = TournamentFactory(slug="t", name="Concours de la Saint-André")
    round_ = RoundFactory(tournament=tournament, number=1)
    team_a, team_b = (TeamFactory(tournament=tournament, number=n) for n in (3, 5))
    match = MatchFactory(round=round_, table_number=1, team_a=team_a, team_b=team_b)
    services.ensure_team_links(tournament=tournament, now=NOW)
    return match


@pytest.fixture
def links(match) -> dict[str, Seat]:
    return selectors.match_links(match=match)


@pytest.fixture
def phone() -> Client:
    """A phone at the table, in French, sending as static/js/table_offline.js does."""
    client = Client(HTTP_HX_REQUEST="true")
    client.cookies["django_language"] = "fr"
    return client


def url(name: str, seat: Seat, number: int | None = None) -> str:
    kwargs: dict[str, str | int] = {"token": seat.link.token}
    if name != "table-entry":
        kwargs["partie"] = seat.match.round.number
    if number is not None:
        kwargs["number"] = number
    return reverse(f"tournaments:{name}", kwargs=kwargs)


def snapshot() -> str:
    """Return every row a write could touch, and the history's size."""
    models = (Tournament, Team, Match, Deal, TeamLink)
    rows = serializers.serialize("json", [o for m in models for o in m.objects.order_by("pk")])
    return f"{rows} history={Deal.history.count()}"


def notices(response) -> list[tuple[str, str]]:
    found = re.findall(
        r'<p class="notice notice-(\w+)" role="status">(.*?)</p>', response.content.decode(), re.S
    )
    return [(level, html.unescape(text)) for level, text in found]


def dispute_errors(response) -> dict[str, list[str]]:
    """Return the errors beside each deal's dispute reason, by deal number (non-empty)."""
    boxes = re.findall(
        r'<div id="note-(\d+)-errors" class="field-errors">(.*?)</div>',
        response.content.decode(),
        re.S,
    )
    return {
        number: [html.unescape(text) for text in re.findall(r"<li>(.*?)</li>", inner)]
        for number, inner in boxes
        if inner.strip()
    }


# 1. A dispute says why ---------------------------------------------------------------


@pytest.mark.parametrize("note", [None, "", "   \n "])
def test_a_dispute_with_no_reason_is_refused_beside_the_reason_and_saves_nothing(
    phone, links, note
):
    phone.post(url("table-deal", links["A"]), VALID)
    before = snapshot()

    response = phone.post(
        url("table-dispute", links["B"], 1), {} if note is None else {"note": note}
    )

    assert (response.status_code, dispute_errors(response)) == (
        422,
        {"1": ["Dites pourquoi la donne est contestée."]},
    )
    assert re.findall(r'<details class="dispute"( open)?>', response.content.decode()) == [" open"]
    assert snapshot() == before
    assert Deal.objects.get().status == DealStatus.PENDING


def test_a_dispute_with_no_reason_is_refused_in_english_too(links):
    client = Client()
    client.cookies["django_language"] = "en"
    Client(HTTP_HX_REQUEST="true").post(url("table-deal", links["A"]), VALID)

    response = client.post(url("table-dispute", links["B"], 1), {"note": " "})

    assert (response.status_code, dispute_errors(response)) == (
        422,
        {"1": ["Say why the deal is disputed."]},
    )
    assert Deal.objects.get().status == DealStatus.PENDING


def test_the_service_refuses_a_dispute_with_a_blank_note(links):
    form_client = Client(HTTP_HX_REQUEST="true")
    form_client.post(url("table-deal", links["A"]), VALID)

    with pytest.raises(services.ServiceError) as refused:
        services.dispute_deal(seat=links["B"], deal_number=1, note="  ", now=NOW)

    assert (refused.value.code, refused.value.params) == ("dispute_reason", {"number": 1})
    assert Deal.objects.get().status == DealStatus.PENDING


# 2. A refused write is a 4xx ---------------------------------------------------------

NOT_NEXT = "La donne {sent} ne peut pas être enregistrée : la prochaine donne de cette partie est la donne {next}."
BAD_NUMBER = (
    "Ce numéro de donne ne peut pas être enregistré : la prochaine donne de cette partie "
    "est la donne {next}."
)


def number_errors(response) -> list[str]:
    """Return the errors beside the hidden deal number."""
    found = re.findall(
        r'<div id="deal_number-errors" class="field-errors">(.*?)</div>',
        response.content.decode(),
        re.S,
    )
    return [html.unescape(t) for inner in found for t in re.findall(r"<li>(.*?)</li>", inner)]


@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("sent", ["99", "3"])
def test_a_deal_number_that_is_not_the_next_is_a_422_with_its_message(links, htmx, sent):
    phone = Client(HTTP_HX_REQUEST="true") if htmx else Client()
    phone.cookies["django_language"] = "fr"
    Client(HTTP_HX_REQUEST="true").post(url("table-deal", links["A"]), VALID)
    before = snapshot()

    response = phone.post(url("table-deal", links["A"]), VALID | {"deal_number": sent})

    assert (response.status_code, notices(response)) == (
        422,
        [("error", NOT_NEXT.format(sent=sent, next=2))],
    )
    assert snapshot() == before


@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("sent", ["0", "-1", "x", "", "1e3", "32768"])
def test_a_deal_number_that_is_no_number_is_a_422_with_the_next_deal_named(links, htmx, sent):
    phone = Client(HTTP_HX_REQUEST="true") if htmx else Client()
    phone.cookies["django_language"] = "fr"
    before = snapshot()

    response = phone.post(url("table-deal", links["A"]), VALID | {"deal_number": sent})

    assert (response.status_code, number_errors(response)) == (422, [BAD_NUMBER.format(next=1)])
    assert snapshot() == before


def test_a_missing_deal_number_is_a_422_too(phone, links):
    data = {name: value for name, value in VALID.items() if name != "deal_number"}

    response = phone.post(url("table-deal", links["A"]), data)

    assert (response.status_code, number_errors(response), Deal.objects.count()) == (
        422,
        [BAD_NUMBER.format(next=1)],
        0,
    )


def test_a_bad_deal_number_is_worded_in_english_for_an_english_phone(links):
    phone = Client(HTTP_HX_REQUEST="true")
    phone.cookies["django_language"] = "en"

    response = phone.post(url("table-deal", links["A"]), VALID | {"deal_number": "0"})

    assert (response.status_code, number_errors(response)) == (
        422,
        ["This deal number cannot be recorded: the next deal of this match is deal 1."],
    )


def test_the_same_deal_sent_by_the_other_team_is_a_409(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)
    before = snapshot()

    response = phone.post(url("table-deal", links["B"]), VALID)

    assert (response.status_code, notices(response)) == (
        409,
        [("error", "La donne 1 est déjà enregistrée.")],
    )
    assert snapshot() == before


def test_a_double_tap_of_the_same_deal_stays_a_calm_200(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)

    response = phone.post(url("table-deal", links["A"]), VALID)

    assert (response.status_code, notices(response)) == (
        200,
        [("success", "La donne 1 est bien enregistrée.")],
    )


def test_correcting_the_opponents_deal_is_a_403(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)
    before = snapshot()

    response = phone.post(
        url("table-deal-edit", links["B"], 1), VALID | {"version": "1", "taker_card_points": "90"}
    )

    assert (response.status_code, notices(response)) == (
        403,
        [
            (
                "error",
                "La donne 1 a été saisie par les adversaires : eux seuls peuvent la corriger.",
            )
        ],
    )
    assert snapshot() == before


def test_disputing_ones_own_deal_is_a_403(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)
    before = snapshot()

    response = phone.post(url("table-dispute", links["A"], 1), {"note": "non"})

    assert (response.status_code, notices(response)) == (
        403,
        [
            (
                "error",
                "La donne 1 a été saisie par votre équipe : les adversaires la confirment, "
                "ou la contestent.",
            )
        ],
    )
    assert snapshot() == before


def test_confirming_a_deal_changed_since_the_phone_showed_it_is_a_409(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)
    before = snapshot()

    response = phone.post(url("table-confirm", links["B"], 1), {"seen": "1:7"})

    assert (response.status_code, snapshot()) == (409, before)
    assert notices(response)[0][0] == "error"


@pytest.mark.parametrize(
    ("is_typed", "message"),
    [
        (False, "Les adversaires tapent leur propre code, celui de leur carte d’équipe."),
        (
            True,
            "Code erroné : les adversaires tapent leur propre code, celui de leur carte d’équipe.",
        ),
    ],
)
def test_a_missing_or_wrong_code_is_a_422(phone, links, is_typed, message):
    phone.post(url("table-deal", links["A"]), VALID)
    wrong = "0000" if links["B"].link.pin != "0000" else "1111"

    response = phone.post(url("table-pin", links["A"]), {"pin": wrong if is_typed else ""})

    assert (response.status_code, notices(response)) == (422, [("error", message)])
    assert Deal.objects.get().status == DealStatus.PENDING


# 3. A table whose result the desk keeps ----------------------------------------------


def desk_section(response) -> list[str]:
    """Return the lines of the board's « the desk keeps it » box, tags stripped."""
    found = re.findall(
        r'<section class="desk-keeps card".*?>(.*?)</section>', response.content.decode(), re.S
    )
    return [
        html.unescape(re.sub(r"<[^>]+>", "", line)).strip()
        for box in found
        for line in re.findall(r"<(?:h2|p)[^>]*>(.*?)</(?:h2|p)>", box, re.S)
    ]


def buttons(response) -> list[str]:
    """Return the forms' addresses on the board: what the phone may still send."""
    found = re.findall(r'<form[^>]*action="([^"]+)"', response.content.decode())
    return [action for action in found if action.startswith("/table/")]


def test_a_totals_only_table_says_the_desk_keeps_it_and_offers_nothing_to_send(phone, links):
    services.record_match_totals(
        match=links["A"].match, totals=scoring.MatchTotals(total_a=1210, total_b=980), now=NOW
    )

    page = phone.get(url("table-entry", links["A"]))

    assert desk_section(page) == [
        "Le résultat de cette table est tenu par la table de marque",
        "La table de marque a saisi la feuille papier de cette table : 1210 – 980. Rien ne se "
        "saisit ni ne se confirme sur ce téléphone.",
        "Résultat : l’équipe 3 gagne.",
    ]
    assert buttons(page) == []


@pytest.mark.parametrize(
    ("name", "number", "data"),
    [
        ("table-deal", None, VALID),
        ("table-confirm-all", None, {}),
        ("table-pin", None, {"pin": "1234"}),
    ],
)
def test_a_totals_only_table_refuses_every_write_with_its_reason(phone, links, name, number, data):
    services.record_match_totals(
        match=links["A"].match, totals=scoring.MatchTotals(total_a=1210, total_b=980), now=NOW
    )
    before = snapshot()

    response = phone.post(url(name, links["A"], number), data)

    assert (response.status_code, notices(response)) == (
        403,
        [
            (
                "error",
                "Le résultat de la table 1 est tenu par la table de marque, d’après sa feuille "
                "papier : rien ne se saisit ni ne se confirme sur les téléphones.",
            )
        ],
    )
    assert snapshot() == before


def test_a_table_stopped_for_time_says_so_shows_its_score_and_offers_nothing(phone, links):
    for number in (1, 2):
        phone.post(url("table-deal", links["A"]), VALID | {"deal_number": str(number)})
        phone.post(url("table-confirm", links["B"], number), {"seen": f"{number}:1"})
    services.close_match_for_time(match=links["A"].match, now=NOW)

    page = phone.get(url("table-entry", links["B"]))

    assert desk_section(page) == [
        "Partie arrêtée au temps",
        "L’organisateur a arrêté cette partie au temps : elle compte avec son score, 380 – "
        "120. Plus rien ne se saisit ni ne se confirme sur ce téléphone ; les donnes en "
        "attente sont réglées à la table de marque.",
        "Résultat : l’équipe 3 gagne.",
    ]
    assert buttons(page) == []


def test_a_table_stopped_with_a_deal_waiting_gives_no_score_nor_winner_yet(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)
    phone.post(url("table-confirm", links["B"], 1), {"seen": "1:1"})
    phone.post(url("table-deal", links["A"]), VALID | {"deal_number": "2"})
    services.close_match_for_time(match=links["A"].match, now=NOW)

    page = phone.get(url("table-entry", links["B"]))

    # The standings count it once deal 2 is settled at the desk (RULES.md §E).
    assert desk_section(page) == [
        "Partie arrêtée au temps",
        "L’organisateur a arrêté cette partie au temps. Plus rien ne se saisit ni ne se "
        "confirme sur ce téléphone : sa donne encore en attente est réglée à la table de "
        "marque, et la partie compte une fois qu’elle l’est.",
    ]
    assert buttons(page) == []


@pytest.mark.parametrize(
    ("side", "name", "number", "data"),
    [
        ("A", "table-deal", None, VALID | {"deal_number": "3"}),
        ("B", "table-confirm", 2, {"seen": "2:1"}),
        ("B", "table-confirm-all", None, {"seen": "2:1"}),
        ("B", "table-dispute", 2, {"note": "Belote oubliée"}),
        ("A", "table-deal-edit", 2, VALID | {"version": "1", "taker_card_points": "90"}),
    ],
)
def test_a_table_stopped_for_time_refuses_every_write_with_its_reason(
    phone, links, side, name, number, data
):
    phone.post(url("table-deal", links["A"]), VALID)
    phone.post(url("table-deal", links["A"]), VALID | {"deal_number": "2"})
    services.close_match_for_time(match=links["A"].match, now=NOW)
    before = snapshot()

    response = phone.post(url(name, links[side], number), data)

    assert (response.status_code, notices(response)) == (
        403,
        [
            (
                "error",
                "L’organisateur a arrêté au temps la partie de la table 1 : elle compte avec son "
                "score, plus rien ne se saisit ni ne se confirme sur les téléphones. Les donnes "
                "en attente sont réglées à la table de marque.",
            )
        ],
    )
    assert snapshot() == before


def board_is_closed(response) -> bool:
    """Whether the answer's board says the table takes nothing more from its phones
    (``data-closed``: static/js/table_offline.js then lists a refused new deal as not
    recorded, its figures for the desk)."""
    board = re.search(r'<div id="table-board"[^>]*>', response.content.decode())
    assert board is not None
    return re.search(r"\sdata-closed[\s>]", board.group(0)) is not None


def test_a_new_deal_refused_by_a_table_stopped_for_time_comes_with_a_closed_board(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)
    services.close_match_for_time(match=links["A"].match, now=NOW)

    response = phone.post(url("table-deal", links["A"]), VALID | {"deal_number": "2"})

    assert (response.status_code, board_is_closed(response), Deal.objects.count()) == (
        403,
        True,
        1,
    )


def test_a_deal_refused_as_already_recorded_or_not_next_comes_with_an_open_board(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)

    recorded = phone.post(url("table-deal", links["B"]), VALID)
    not_next = phone.post(url("table-deal", links["A"]), VALID | {"deal_number": "3"})
    shown = phone.get(url("table-entry", links["A"]))

    assert [(r.status_code, board_is_closed(r)) for r in (recorded, not_next, shown)] == [
        (409, False),
        (422, False),
        (200, False),
    ]


def board_is_recorded(response) -> bool:
    """Whether the answer's board says the deal refused is recorded all the same
    (``data-recorded``: deal_exists, static/js/table_offline.js lists it « Déjà
    enregistrée », never offered back to the form)."""
    board = re.search(r'<div id="table-board"[^>]*>', response.content.decode())
    assert board is not None
    return re.search(r"\sdata-recorded[\s>]", board.group(0)) is not None


def test_only_a_deal_refused_as_already_recorded_comes_with_a_recorded_board(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)

    recorded = phone.post(url("table-deal", links["B"]), VALID)
    other = phone.post(url("table-deal", links["B"]), VALID | {"taker_card_points": "90"})
    not_next = phone.post(url("table-deal", links["A"]), VALID | {"deal_number": "3"})
    shown = phone.get(url("table-entry", links["A"]))

    assert [(r.status_code, board_is_recorded(r)) for r in (recorded, other, not_next, shown)] == [
        (409, True),
        (409, False),
        (422, False),
        (200, False),
    ]
    # ``other`` is deal_conflict (other figures under number 1): refused, not recorded.
    assert ("d’autres chiffres" in other.content.decode(), Deal.objects.count()) == (True, 1)


def test_a_table_still_played_offers_its_forms_and_no_desk_box(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)

    page = phone.get(url("table-entry", links["B"]))

    assert (desk_section(page), buttons(page)) == (
        [],
        [
            url("table-confirm", links["B"], 1),
            url("table-dispute", links["B"], 1),
            url("table-deal", links["B"]),
        ],
    )


# 4. A table switched to paper while a phone deal waits --------------------------------


def desk_result_line(response) -> list[str]:
    found = re.findall(
        r'<p class="table-note" id="desk-result">(.*?)</p>', response.content.decode()
    )
    return [html.unescape(text) for text in found]


def test_a_table_switched_to_paper_with_a_deal_waiting_says_the_desk_enters_it(phone, links, match):
    phone.post(url("table-deal", links["A"]), VALID)
    services.set_match_results_mode(match=match, is_paper=True, now=NOW)

    page = phone.get(url("table-entry", links["B"]))

    assert desk_result_line(page) == ["Résultat saisi à la table de marque."]
    assert "0 – 0" not in page.content.decode()


def test_once_the_desk_settles_the_waiting_deal_the_phone_shows_its_totals(phone, links, match):
    phone.post(url("table-deal", links["A"]), VALID)
    services.set_match_results_mode(match=match, is_paper=True, now=NOW)
    services.confirm_deal_by_organiser(deal=Deal.objects.get(), version=1, now=NOW, user=None)

    page = phone.get(url("table-entry", links["A"]))

    assert desk_result_line(page) == ["Résultat saisi à la table de marque : 190 – 60."]


def test_a_paper_table_recorded_by_its_totals_shows_the_desks_totals(phone, links, match):
    services.set_match_results_mode(match=match, is_paper=True, now=NOW)
    services.record_match_totals(
        match=match, totals=scoring.MatchTotals(total_a=1210, total_b=980), now=NOW
    )

    page = phone.get(url("table-entry", links["A"]))

    assert desk_result_line(page) == ["Résultat saisi à la table de marque : 1210 – 980."]


def test_a_table_on_phones_has_no_desk_result_line(phone, links):
    phone.post(url("table-deal", links["A"]), VALID)

    page = phone.get(url("table-entry", links["A"]))

    assert desk_result_line(page) == []


# 5. A withdrawn team -------------------------------------------------------------------


def test_the_standings_page_marks_a_withdrawn_team_forfait(phone, match):
    phone.post(url("table-deal", selectors.match_links(match=match)["A"]), VALID)
    services.withdraw_team(team=match.team_b)

    page = phone.get(reverse("tournaments:tournament-detail", kwargs={"slug": "t"}))

    cells = re.findall(r'<td class="players">(.*?)</td>', page.content.decode(), re.S)
    assert [html.unescape(cell).strip() for cell in cells] == [
        str(match.team_a.players),
        f'{match.team_b.players} <span class="withdrawn">forfait</span>',
    ]


def test_the_team_page_of_a_withdrawn_team_says_it_plays_no_more(phone, match, links):
    services.withdraw_team(team=match.team_b)

    page = phone.get(url("table-entry", links["B"]))
    other = phone.get(url("table-entry", links["A"]))

    found = re.findall(
        r'<p class="notice notice-withdrawn" id="team-withdrawn">(.*?)</p>',
        page.content.decode(),
    )
    assert [html.unescape(text) for text in found] == [
        "Votre équipe a déclaré forfait (à partir de la partie 2) : elle ne joue plus aucune "
        "partie. Ses résultats jusque-là comptent toujours."
    ]
    assert 'id="team-withdrawn"' not in other.content.decode()


# 6. No rank before any result -----------------------------------------------------------


def unranked_note(response) -> list[str]:
    found = re.findall(
        r'<p class="table-note" id="standings-unranked">(.*?)</p>', response.content.decode()
    )
    return [html.unescape(text) for text in found]


def test_before_any_result_the_standings_show_no_rank(phone, match):
    page = phone.get(reverse("tournaments:tournament-detail", kwargs={"slug": "t"}))

    assert (page.context["table"].is_ranked, unranked_note(page)) == (
        False,
        ["Aucun résultat ne compte encore : le classement commence après la partie 1."],
    )
    cells = [row[0] for row in table_rows(page, "standings")[1:]]
    assert cells == ["–", "–"]


def test_once_a_match_counts_the_standings_show_ranks(phone, match, links):
    services.record_match_totals(
        match=match, totals=scoring.MatchTotals(total_a=980, total_b=1210), now=NOW
    )

    page = phone.get(reverse("tournaments:tournament-detail", kwargs={"slug": "t"}))

    cells = [(row[0], row[1]) for row in table_rows(page, "standings")[1:]]
    assert (cells, unranked_note(page)) == ([("1", "5"), ("2", "3")], [])


def test_the_phone_gives_no_rank_before_any_result_then_gives_it(phone, match, links):
    before = phone.get(url("table-entry", links["A"]))
    services.record_match_totals(
        match=match, totals=scoring.MatchTotals(total_a=980, total_b=1210), now=NOW
    )
    after = phone.get(url("table-entry", links["A"]))

    def rank(response) -> list[str]:
        found = re.findall(
            r'<p class="table-rank" id="team-rank">(.*?)</p>', response.content.decode()
        )
        return [html.unescape(text) for text in found]

    assert (rank(before), rank(after)) == ([], ["Classement actuel : 2 sur 2 (980 points)"])
