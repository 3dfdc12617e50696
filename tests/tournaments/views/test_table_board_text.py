"""views/table/board.py and deal_items.py: the board's words and URLs made in Python, and
what a process keeps of them, the same as the template tags and Django's own calls gave."""

import re

import pytest
from django.middleware.csrf import get_token
from django.template import engines
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse, set_script_prefix
from django.utils import translation
from django.utils.html import escape

from tournaments.forms.table import PinForm
from tournaments.models import Deal, DealStatus, Match, Seat, Team, TeamLink
from tournaments.presentation.breakdown import describe_deal
from tournaments.views.table.board import (
    BOARD,
    TEMPLATE,
    BoardResponse,
    DealRow,
    KeptForm,
    board_sides,
    deal_words,
    kept_form_of,
    last_deal,
    pin_field,
    pin_form,
    scoreboard,
    unconfirmed_note,
)
from tournaments.views.table.deal_items import choice_label, table_url

LANGUAGES = ["fr", "en"]


def _render(source: str, **context) -> str:
    return engines["django"].from_string("{% load i18n %}" + source).render(context)


def _seat(side: str) -> Seat:
    match = Match(
        team_a=Team(number=3, player_1="Ana Roux", player_2="Bo <Dupont>"),
        team_b=Team(number=12, name="Les As & Cie", player_1="Cy", player_2="Di"),
        total_a=1234,
        total_b=-5,
    )
    return Seat(TeamLink(token="k3Yq-token"), match, side)


#: What the board's scoreboard said of side A and B (table_entry.html before page_context
#: worded it): its label, its team, its total.
SIDE = (
    '{% if is_melee %}{% translate "Pair X" %}{% else %}{% translate "Team X" %}{% endif %}'
    '{% if seat.side == "X" %} · {% translate "you" %}{% endif %}|'
    "{% if is_melee %}{{ match.team_x.players }}{% else %}{{ match.team_x }}{% endif %}|"
    "{{ match.total_x }}"
)


@pytest.mark.parametrize("grouped", [False, True])
@pytest.mark.parametrize("is_melee", [False, True])
@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sides_read_as_the_scoreboard_template_said(
    settings, language, side, is_melee, grouped
):
    settings.USE_THOUSAND_SEPARATOR = grouped
    seat = _seat(side)
    with translation.override(language):
        sides = board_sides(seat, is_melee=is_melee)
        said = [
            _render(
                SIDE.replace("X", letter)
                .replace("team_x", f"team_{letter.lower()}")
                .replace("total_x", f"total_{letter.lower()}"),
                seat=seat,
                match=seat.match,
                is_melee=is_melee,
            )
            for letter in "AB"
        ]

    assert [f"{escape(s.label)}|{escape(s.team)}|{s.total}" for s in sides] == said
    assert [s.is_mine for s in sides] == [side == "A", side == "B"]


#: The scoreboard's markup in table_entry.html#board before board.py wrote it.
SCOREBOARD = """<div class="scoreboard table-scoreboard">
      <div class="side{% if seat.side == 'A' %} mine{% endif %}">
        <span class="label">{% if is_melee %}{% translate "Pair A" %}{% else %}{% translate "Team A" %}{% endif %}{% if seat.side == "A" %} · {% translate "you" %}{% endif %}</span>
        <span class="team">{% if is_melee %}{{ match.team_a.players }}{% else %}{{ match.team_a }}{% endif %}</span>
        <span class="total">{{ match.total_a }}</span>
      </div>
      <div class="side{% if seat.side == 'B' %} mine{% endif %}">
        <span class="label">{% if is_melee %}{% translate "Pair B" %}{% else %}{% translate "Team B" %}{% endif %}{% if seat.side == "B" %} · {% translate "you" %}{% endif %}</span>
        <span class="team">{% if is_melee %}{{ match.team_b.players }}{% else %}{{ match.team_b }}{% endif %}</span>
        <span class="total">{{ match.total_b }}</span>
      </div>
    </div>"""  # noqa: E501


@pytest.mark.parametrize("is_melee", [False, True])
@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scoreboard_is_the_markup_the_template_had(language, side, is_melee):
    seat = _seat(side)
    with translation.override(language):
        written = scoreboard(seat, is_melee=is_melee)
        said = _render(SCOREBOARD, seat=seat, match=seat.match, is_melee=is_melee)

    assert written == said
    assert ("Bo &lt;Dupont&gt;" in written, "Les As &amp; Cie" in written) == (True, not is_melee)


def test_the_sides_in_french_and_english():
    with translation.override("fr"):
        french = board_sides(_seat("B"), is_melee=False)
    with translation.override("en"):
        english = board_sides(_seat("A"), is_melee=True)

    assert [(s.label, s.team, s.total) for s in french] == [
        ("Équipe A", "3 – Ana Roux / Bo <Dupont>", "1234"),
        ("Équipe B · vous", "12 – Les As & Cie (Cy / Di)", "-5"),
    ]
    assert [(s.label, s.team, s.total) for s in english] == [
        ("Pair A · you", "Ana Roux / Bo <Dupont>", "1234"),
        ("Pair B", "Cy / Di", "-5"),
    ]


UNCONFIRMED = (
    "{% blocktranslate count count=unconfirmed %}Provisional totals: {{ count }} deal is not "
    "confirmed yet.{% plural %}Provisional totals: {{ count }} deals are not confirmed yet."
    "{% endblocktranslate %}"
)


@pytest.mark.parametrize("count", [1, 2, 1500])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_unconfirmed_note_is_the_blocktranslate_it_was(settings, language, count):
    settings.USE_THOUSAND_SEPARATOR = True
    with translation.override(language):
        note, said = unconfirmed_note(count), _render(UNCONFIRMED, unconfirmed=count)

    assert note == said


def test_the_unconfirmed_note_words():
    with translation.override("fr"):
        notes = [unconfirmed_note(count) for count in (0, 1, 2)]

    assert notes == [
        "",
        "Totaux provisoires : 1 donne n’est pas encore confirmée.",
        "Totaux provisoires : 2 donnes ne sont pas encore confirmées.",
    ]


LAST = (
    "{% blocktranslate with number=last_row.deal.deal_number %}Deal {{ number }}"
    "{% endblocktranslate %}|{{ last_row.deal.status }}|{{ last_row.status_label }}|"
    "{{ last_row.words }}"
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_last_deal_heading_is_the_one_the_template_wrote(language):
    rows = [
        DealRow(Deal(deal_number=8), "Mots <b>&</b>", Team(number=3), False, True),
        DealRow(
            Deal(deal_number=1234, status=DealStatus.PENDING), "x", Team(number=3), False, True
        ),
        DealRow(Deal(deal_number=9, status=DealStatus.DISPUTED), "y", Team(number=3), True, False),
    ]
    with translation.override(language):
        headings = [last_deal(row) for row in rows]
        said = [_render(LAST, last_row=row) for row in rows]

    assert [
        f"{h.title}|{escape(h.status)}|{escape(h.status_label)}|{escape(h.words)}" for h in headings
    ] == said
    assert headings[1].title == ("Donne 1234" if language == "fr" else "Deal 1234")


def test_the_kept_form_numbers_are_the_text_of_its_attributes():
    assert (kept_form_of(9, 8, 12), kept_form_of(1, 0, None)) == (
        KeptForm("9", "8", "12"),
        KeptForm("1", "0", ""),
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_kept_code_field_is_a_blank_pin_forms(language):
    with translation.override(language):
        field = PinForm()["pin"]
        kept = pin_field(translation.get_language())

    assert (kept.html, kept.id_for_label) == (str(field), field.id_for_label)
    assert kept is pin_field(language)


@pytest.mark.parametrize("field", ["status", "trump", "coinche_level", "taker"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_choice_label_is_djangos_display_of_it(language, field):
    values = [value for value, _ in Deal._meta.get_field(field).flatchoices] + ["", "zz"]
    with translation.override(language):
        labels = [choice_label(field, value) for value in values]
        displays = [getattr(Deal(**{field: value}), f"get_{field}_display")() for value in values]

    assert labels == displays
    assert labels[-1] == "zz"


URLS = [
    ("table-board", ("k3Yq-token", 2)),
    ("table-pin", ("k3Yq-token", 2)),
    ("table-deal-edit", ("k3Yq-token", 2, 11)),
    ("table-deal-edit", ("other-token", 1, 11)),
]


def test_a_kept_table_url_is_reverses_under_every_script_prefix():
    before = get_script_prefix()
    try:
        plain = [table_url(name, *args) for name, args in URLS]
        reversed_ = [reverse(f"tournaments:{name}", args=args) for name, args in URLS]
        set_script_prefix("/club/")
        prefixed = [table_url(name, *args) for name, args in URLS]
        reversed_prefixed = [reverse(f"tournaments:{name}", args=args) for name, args in URLS]
    finally:
        set_script_prefix(before)

    assert (plain, prefixed) == (reversed_, reversed_prefixed)
    assert plain[2] == "/table/k3Yq-token/parties/2/donnes/11/"
    assert prefixed[2] == "/club/table/k3Yq-token/parties/2/donnes/11/"


def _breakdown(card_points: int) -> dict:
    return {
        "outcome": "made",
        "taker_capot": False,
        "defence_capot": False,
        "multiplier": 1,
        "reserve": 0,
        "lines": [
            {
                "side": "taker",
                "kind": "deal_total",
                "amount": 100,
                "base_points": card_points,
                "multiplier": 1,
                "parts": [{"kind": "card_points", "base_points": card_points}],
            },
            {"side": "taker", "kind": "contract", "amount": 90, "base_points": 90, "multiplier": 1},
        ],
    }


@translation.override("fr")
def test_a_deals_words_are_kept_while_its_breakdown_is_the_same():
    first = Deal(pk=987_654, breakdown=_breakdown(96))
    words = deal_words(first, is_classic=False)
    again = deal_words(Deal(pk=987_654, breakdown=_breakdown(96)), is_classic=False)
    first.breakdown["lines"][0]["base_points"] = 94  # its kept copy stays as it was worded
    corrected = Deal(pk=987_654, breakdown=_breakdown(94))
    changed = deal_words(corrected, is_classic=False, language="fr")
    classic = deal_words(corrected, is_classic=True)
    with translation.override("en"):
        english = deal_words(corrected, is_classic=False)

    assert again is words
    assert [words, changed, classic, english] == [
        describe_deal(Deal(breakdown=_breakdown(96)), is_classic=False),
        describe_deal(corrected, is_classic=False),
        describe_deal(corrected, is_classic=True),
        "Contract made: the taker scores 100 (card points) rounded from 94 + 90 (contract); "
        "the defence scores 0.",
    ]
    assert changed == (
        "Contrat réussi : le preneur marque 100 (points de cartes) arrondi de 94 "
        "+ 90 (contrat) ; la défense marque 0."
    )


#: A CSRF token's field, its masked token aside (a new mask at every rendering).
CSRF_FIELD = re.compile(r'(name="csrfmiddlewaretoken" value=")[A-Za-z0-9]{64}(")')


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_response_renders_as_the_template_with_every_context_processor(rf, language):
    # The « Confirming with a code » form: a {% csrf_token %}, its label, its field.
    request = rf.post("/table/k3Yq-token/parties/1/donne/")
    with translation.override(language):
        context = {
            "board": True,
            "is_confirm_mode": True,
            "is_writable": True,
            "own_waiting": [object()],
            "pin_field": pin_field(language),
            "pin_url": "/table/k3Yq-token/parties/1/code/",
            "pin_form": pin_form(language, False, "/table/k3Yq-token/parties/1/code/"),
            "board_url": "/table/k3Yq-token/parties/1/tableau/",
            "board_tag": 'W/"5a07b446fdb023c388c14141"',
            "refresh_seconds": "5",
            "scoreboard": scoreboard(_seat("A"), is_melee=False),
        }
        response = BoardResponse(request, lambda: dict(context), status=200)
        written = response.render().content.decode()
        templated = render_to_string(BOARD, context, request=request)

    assert len(CSRF_FIELD.findall(written)) == 1
    assert CSRF_FIELD.sub(r"\1<csrf>\2", written) == CSRF_FIELD.sub(r"\1<csrf>\2", templated)


@pytest.mark.parametrize("is_melee", [False, True])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pin_section_is_the_partial_around_the_requests_csrf_token(rf, language, is_melee):
    request = rf.get("/table/k3Yq-token/")
    url = "/table/k3Yq-token/parties/1/code/"
    with translation.override(language):
        kept = pin_form(language, is_melee, url)
        token = get_token(request)
        written = f'{kept.head}<input type="hidden" name="csrfmiddlewaretoken" value="{token}">'
        written += kept.tail
        context = {"is_melee": is_melee, "pin_url": url, "pin_field": pin_field(language)}
        templated = render_to_string(f"{TEMPLATE}#pin-form", context, request=request)

    assert CSRF_FIELD.sub(r"\1<csrf>\2", written) == CSRF_FIELD.sub(r"\1<csrf>\2", templated)
    assert (kept.head.count("<section"), kept.tail.count("</section>")) == (1, 1)
