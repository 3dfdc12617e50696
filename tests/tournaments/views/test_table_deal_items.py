"""views/table/deal_items.py: the board's list of every deal, each row kept rendered."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from tournaments.models import Deal, DealStatus, Round, Team, TeamLink
from tournaments.views.table.board import TEMPLATE, DealRow
from tournaments.views.table.deal_items import deal_items, render_item

CONTEXT = {
    "link": TeamLink(token="k3Yq-token"),
    "round": Round(number=2),
    "is_writable": True,
    "is_melee": False,
}


def _deal(number: int, **fields) -> Deal:
    values = {
        "deal_number": number,
        "status": DealStatus.PENDING,
        "taker": "A",
        "trump": "H",
        "contract_value": 90,
        "coinche_level": "none",
        "taker_tricks": 5,
        "score_a": 190,
        "score_b": 60,
        "total_a": 190 * number,
        "total_b": 60 * number,
    }
    return Deal(**(values | fields))


def _row(deal: Deal, *, may_edit=False, may_confirm=False) -> DealRow:
    return DealRow(
        deal, f"Words of deal {deal.deal_number}.", Team(number=3), may_edit, may_confirm
    )


def _rendered(row: DealRow, context=CONTEXT) -> str:
    return render_to_string(f"{TEMPLATE}#deal-item", {"row": row, **context})


ROWS = [
    _row(_deal(1, status=DealStatus.CONFIRMED)),
    _row(_deal(2), may_edit=True),
    _row(_deal(3), may_confirm=True),
    _row(_deal(4, status=DealStatus.DISPUTED, dispute_note="Belote oubliée"), may_confirm=True),
    _row(_deal(5, is_passed=True, trump="", contract_value=None, taker_tricks=0)),
    _row(_deal(6, coinche_level="coinche", trump="S")),
]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_each_row_is_the_deal_item_partial_rendered_and_kept(language):
    with translation.override(language):
        kept = deal_items(ROWS, CONTEXT)
        again = deal_items(ROWS, CONTEXT)
        rendered = [_rendered(row) for row in ROWS]

    assert kept == rendered
    assert [a is b for a, b in zip(again, kept, strict=True)] == [True] * len(ROWS)


@translation.override("fr")
def test_a_row_is_rendered_again_when_what_it_shows_changes():
    pending = _row(_deal(7), may_confirm=True)
    first = deal_items([pending], CONTEXT)
    confirmed = _row(_deal(7, status=DealStatus.CONFIRMED))
    corrected = _row(_deal(7, score_a=170, total_a=1190), may_confirm=True)
    locked = CONTEXT | {"is_writable": False}
    editable = _row(_deal(7), may_edit=True)

    changed = [
        deal_items([confirmed], CONTEXT),
        deal_items([corrected], CONTEXT),
        deal_items([editable], locked),
        deal_items([editable], CONTEXT),
    ]

    assert changed == [
        [_rendered(confirmed)],
        [_rendered(corrected)],
        [_rendered(editable, locked)],
        [_rendered(editable)],
    ]
    assert len({first[0], *(html for (html,) in changed)}) == 5


def test_the_rows_are_kept_apart_by_language_and_team_link():
    row = ROWS[1]
    other_link = CONTEXT | {"link": TeamLink(token="other-token")}

    with translation.override("fr"):
        french = deal_items([row], CONTEXT) + deal_items([row], other_link)
        french_rendered = [_rendered(row), _rendered(row, other_link)]
    with translation.override("en"):
        english = deal_items([row], CONTEXT)
        english_rendered = [_rendered(row)]

    assert (french, english) == (french_rendered, english_rendered)
    assert len({*french, *english}) == 3


MORE_ROWS = [
    *ROWS,
    _row(_deal(7, is_capot_bid=True, contract_value=None, taker="B", taker_tricks=8)),
    _row(_deal(8, taker_tricks=1, coinche_level="surcoinche", trump="N"), may_edit=True),
    _row(_deal(9, trump="C", contract_value=None, taker="B", taker_tricks=0)),
    _row(
        _deal(10, status=DealStatus.DISPUTED, dispute_note='<b>3 & "4"</b> l’as'),
        may_confirm=True,
    ),
    DealRow(_deal(11, score_a=1234), "Mots <i>&</i> « x »", Team(number=12), True, False),
]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(
    "context",
    [CONTEXT, CONTEXT | {"is_melee": True}, CONTEXT | {"is_writable": False}],
    ids=["doublettes", "melee", "locked"],
)
def test_the_python_row_is_the_template_partial_for_every_kind_of_deal(language, context):
    with translation.override(language):
        written = [render_item(row, context) for row in MORE_ROWS]
        rendered = [_rendered(row, context) for row in MORE_ROWS]

    assert written == rendered
    assert len(set(written)) == len(MORE_ROWS)


@pytest.mark.parametrize("grouped", [False, True])
def test_the_python_row_groups_thousands_as_the_template_when_the_site_does(settings, grouped):
    settings.USE_THOUSAND_SEPARATOR = grouped
    row = DealRow(_deal(11, score_a=1234, total_a=-12345), "Mots", Team(number=1001), True, False)
    with translation.override("fr"):
        written, rendered = render_item(row, CONTEXT), _rendered(row)

    assert written == rendered
    assert ("+1\xa0234" in written) is grouped and ("+1234" in written) is not grouped


def test_a_row_with_no_correct_button_is_kept_once_for_both_teams_phones():
    confirmed = _row(_deal(12, status=DealStatus.CONFIRMED))
    editable = _row(_deal(13), may_edit=True)
    other_link = CONTEXT | {"link": TeamLink(token="other-token")}
    locked, other_locked = CONTEXT | {"is_writable": False}, other_link | {"is_writable": False}
    with translation.override("fr"):
        mine = deal_items([confirmed, editable, editable], CONTEXT)
        theirs = deal_items([confirmed, editable], other_link)
        locked_rows = deal_items([editable], locked) + deal_items([editable], other_locked)

    assert mine[0] is theirs[0]
    assert (mine[2] is mine[1], theirs[1] is mine[1]) == (True, False)
    assert "other-token" in theirs[1] and "k3Yq-token" in mine[1]
    assert locked_rows[0] is locked_rows[1]
