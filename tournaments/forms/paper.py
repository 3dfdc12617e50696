"""One row of a paper sheet typed at the desk: the grid of a table on paper (views/paper.py).

:class:`SheetRowForm` takes a deal as the volunteer reads it on the signed sheet, one key
per choice: the taker's team (``A``/``B``, or ``P`` for a passed deal), the contract
(digits, or ``C`` for capot), the trump (``P`` ♠ pique, ``C`` ♥ cœur, ``K`` ♦ carreau,
``T`` ♣ trèfle, ``S`` sans atout, ``X`` tout atout), the coinche level (``0``/``1``/``2``),
the taker's card points (digits, or ``C`` for a capot by the taker and ``D`` for one by
the defence), the belotes (one team letter each: ``A``, ``B``, ``AB`` at tout atout) and
the declarations that counted, per team, one code each (:data:`DECLARATION_CODES`:
``2`` tierce, ``5`` cinquante, ``1`` cent, ``V`` carré de valets …). The keys are the
same whatever the page's language: they are the French names a paper sheet uses.

A sheet has no count of tricks, only whether a side won them all (a capot). So a deal
that is no capot is stored with :data:`TRICKS_NOT_COUNTED` tricks, which tells the engine
what the sheet tells: each side won a trick (RULES.md §A, §C); a deal the phones recorded
keeps its own count. The defence's card points are never typed: the engine gives them
(``scoring.defence_card_points``).

Like the phone form (forms/table.py), the fields are lenient text, so that whatever is
typed reaches the engine: ``clean()`` builds a ``scoring.Deal``, calls
``scoring.deal_errors`` and puts every §B6 error (RULES.md), in the club's words, beside
the field it concerns, with the keys' own errors, so that a row shows all its mistakes
at once; each message names its column (:meth:`named_errors`).
Nothing is scored here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.cards import CAPOT_CARD_POINTS, DEAL_CARD_POINTS, TRICKS_PER_DEAL
from scoring.declarations import SEQUENCE_VALUES, Declaration, DeclarationKind
from tournaments.forms.messages import deal_error_message
from tournaments.forms.table import whole_number
from tournaments.models import CoincheLevel, Deal, DealEntry, Match, ResultsMode, TeamSide
from tournaments.presentation.cards import SUIT_SYMBOLS
from tournaments.presentation.paper_keys import (
    CAPOT_KEY,
    COINCHE_KEYS,
    DEFENCE_CAPOT_KEY,
    PASSED_KEY,
    TAKER_CAPOT_KEY,
    TAKER_KEYS,
    TRUMP_KEYS,
)

#: One code per declaration that counted: a sequence by the first digit of its value
#: (20, 50, 100), a carré by its rank's letter, French or English (V/J valets, 9 neufs,
#: A as, X dix, R/K rois, D/Q dames). Carrés of 8 and 7 are worth nothing (RULES.md §D).
SEQUENCE_CODES = {
    "2": DeclarationKind.TIERCE,
    "5": DeclarationKind.CINQUANTE,
    "1": DeclarationKind.CENT,
}
CARRE_CODES = {
    "V": "J",
    "J": "J",
    "9": "9",
    "A": "A",
    "X": "T",
    "R": "K",
    "K": "K",
    "D": "Q",
    "Q": "Q",
}
DECLARATION_CODES = (*SEQUENCE_CODES, *CARRE_CODES)
#: Typed between codes for readability, and ignored: « 2 5 », « 2+5 », « 2,5 ».
_SEPARATORS = " +,;"
#: The tricks stored for a deal that is no capot, the sheet giving no count: any count
#: from 1 to 7 tells the engine the same (both sides won a trick, RULES.md §A, §C).
TRICKS_NOT_COUNTED = 4

#: Where each engine field's error goes on the grid (``DealError.field``, RULES.md §B6).
_ENGINE_FIELDS = {
    "ruleset": None,
    "trump": "trump",
    "taker_tricks": "taker_card_points",
    "taker_card_points": "taker_card_points",
    "defence_card_points": "taker_card_points",
    "taker_belotes": "belote",
    "defence_belotes": "belote",
    "contract": "contract",
    "coinche": "coinche",
}


#: What the engine is given for a count the row's keys do not tell (a bad belote or
#: declaration key, or declarations at an unknown trump): no number, so the engine leaves
#: out the checks that need it, and the form leaves out its ``number`` error.
_UNKNOWN = ""


def _or_unknown(points: int | None) -> int | str:
    return _UNKNOWN if points is None else points


def _letters(text: object) -> str:
    """Return what was typed in capitals, without the separators a volunteer may add."""
    return "".join(char for char in str(text or "").upper() if char not in _SEPARATORS)


@dataclass(frozen=True)
class RowPreview:
    """What a row shows as it is typed, before the engine scores it: the defence's card
    points (None while the taker's are not typed) and the trump's symbol or name."""

    defence_card_points: int | None = None
    trump_label: str = ""


class SheetRowForm(forms.Form):
    """One row of a paper sheet, checked by the engine; each error names its column.

    Built for a rule set: the contract and coinche columns exist only where the rules
    have them, the declarations only where they count. ``team_numbers`` are the numbers
    of teams A and B, which the declaration columns' names quote. ``deal`` is the deal
    this row corrects (None for a new row): it keeps its count of tricks, and the
    declarations as the phones announced them when the codes typed say the same.

    ``cleaned_data`` then holds ``entry`` (a :class:`tournaments.models.DealEntry`) and
    ``version`` (None for a new row).
    """

    version = forms.IntegerField(
        min_value=1, max_value=2_000_000_000, widget=forms.HiddenInput, required=False
    )
    taker = forms.CharField(label=_("Taker"), required=False)
    contract = forms.CharField(label=_("Contract"), required=False)
    trump = forms.CharField(label=_("Trump"), required=False)
    taker_card_points = forms.CharField(label=_("Taker's card points"), required=False)
    coinche = forms.CharField(label=_("Coinche"), required=False)
    belote = forms.CharField(label=_("Belote"), required=False)
    declarations_a = forms.CharField(required=False)
    declarations_b = forms.CharField(required=False)

    def __init__(
        self,
        *args: Any,
        rules: scoring.RuleSet,
        team_numbers: tuple[int, int],
        deal: Deal | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.deal = deal
        if not rules.has_contract:
            del self.fields["contract"]
        if not rules.allows_coinche:
            del self.fields["coinche"]
        if rules.has_declarations:
            for side, number in zip(("a", "b"), team_numbers, strict=True):
                label = _("Declarations, team %(number)s") % {"number": number}
                self.fields[f"declarations_{side}"].label = label
        else:
            del self.fields["declarations_a"]
            del self.fields["declarations_b"]

    @property
    def trump_keys(self) -> dict[str, scoring.Trump]:
        """Return the trump keys the rules allow (no SA/TA where they are not played)."""
        return {key: trump for key, trump in TRUMP_KEYS.items() if self.rules.allows_trump(trump)}

    def clean(self) -> dict[str, Any]:
        """Read the keys, build the engine's deal, put every one of its errors beside its
        column (RULES.md §B6, ``scoring.deal_errors``), with the keys' own errors.

        A key that cannot be read (no taker, an unknown trump or belote key, a bad
        declaration code) has its own message; the engine still checks the rest of the
        row, so that the volunteer sees every mistake at once. What the engine says about
        a column that already has its message, or about an input left unknown, is left
        out.
        """
        super().clean()
        data = self.cleaned_data
        taker = _letters(data.get("taker"))
        if taker == PASSED_KEY:
            # Nobody took: any side will do (a corrected deal keeps its own).
            data["entry"] = DealEntry(self.deal.taker if self.deal else TeamSide.A, None)
            return data
        if taker not in TAKER_KEYS:
            self.add_error("taker", gettext("Type A or B for the taker's team, P for a pass."))
            taker = "A"  # a stand-in: the checks that follow are the same for either team
        trump = self._trump(data)
        tricks, taker_points, defence_points = self._card_points(data)
        belotes = self._belotes(data)
        by_team, texts = self._declarations(data, taker, trump)
        defence = "B" if taker == "A" else "A"
        deal = scoring.Deal(
            trump=trump if trump is not None else "",
            contract=self._contract(data),
            coinche=self._coinche(data),
            taker_card_points=taker_points,
            defence_card_points=defence_points,
            taker_tricks=tricks,
            taker_belotes=_UNKNOWN if belotes is None else belotes[taker],
            defence_belotes=_UNKNOWN if belotes is None else belotes[defence],
            taker_declarations=_or_unknown(by_team[taker]),
            defence_declarations=_or_unknown(by_team[defence]),
        )
        refused = set(self.errors)
        for error in scoring.deal_errors(deal, self.rules):
            is_unknown = (
                error.code is scoring.ErrorCode.NUMBER and getattr(deal, error.field) == _UNKNOWN
            )
            if not is_unknown and self.engine_field(error, taker) not in refused:
                self.add_engine_error(error, taker)
        if not self.errors:
            data["entry"] = DealEntry(taker, deal, (texts[taker], texts[defence]))
        return data

    def _trump(self, data: dict[str, Any]) -> scoring.Trump | None:
        """Return the trump of the key typed (a key the rules leave out goes to the engine,
        which refuses it), or None after an error."""
        key = _letters(data.get("trump"))
        if key in TRUMP_KEYS:
            return TRUMP_KEYS[key]
        keys = ", ".join(f"{key} {_trump_label(trump)}" for key, trump in self.trump_keys.items())
        self.add_error("trump", gettext("Type the trump: %(keys)s.") % {"keys": keys})
        return None

    def _contract(self, data: dict[str, Any]) -> int | str | None:
        """Return the contract for the engine: None in classic belote, "capot", the number,
        or the text typed, which the engine refuses."""
        if not self.rules.has_contract:
            return None
        text = _letters(data.get("contract"))
        if text in (CAPOT_KEY, "CAPOT"):
            return scoring.CAPOT
        return whole_number(text) if text else None

    def _coinche(self, data: dict[str, Any]) -> scoring.CoincheLevel | str:
        text = _letters(data.get("coinche"))
        if not text:
            return scoring.CoincheLevel.NONE
        return COINCHE_KEYS.get(text, text)

    def _card_points(self, data: dict[str, Any]) -> tuple[int, int | str, int]:
        """Return the taker's tricks and both sides' card points (RULES.md §A).

        ``C`` (or the capot's card points typed) is a capot by the taker, ``D`` one by the
        defence; otherwise the tricks are those of the deal corrected, or
        :data:`TRICKS_NOT_COUNTED`, and the engine gives the defence the rest of the deal.
        """
        text = _letters(data.get("taker_card_points"))
        typed = whole_number(text)
        if text == TAKER_CAPOT_KEY or typed == CAPOT_CARD_POINTS:
            tricks = TRICKS_PER_DEAL
        elif text == DEFENCE_CAPOT_KEY:
            tricks = 0
        else:
            kept = self.deal.taker_tricks if self.deal is not None else None
            tricks = kept if kept is not None and 0 < kept < TRICKS_PER_DEAL else TRICKS_NOT_COUNTED
        fixed = scoring.card_points_fixed_by_tricks(tricks)
        if fixed is not None:
            return tricks, fixed[0], fixed[1]
        if not text:
            self.add_error(
                "taker_card_points",
                gettext(
                    "Type the taker's card points (C: capot by the taker, D: capot by the defence)."
                ),
            )
            return tricks, 0, 0
        if not isinstance(typed, int):
            return tricks, typed, 0  # the engine says it is no number
        return tricks, typed, scoring.defence_card_points(typed, taker_tricks=tricks)

    def _belotes(self, data: dict[str, Any]) -> dict[str, int] | None:
        """Return the belotes of each team (one team letter per belote), or None."""
        text = _letters(data.get("belote")).replace("0", "")
        if any(letter not in TAKER_KEYS for letter in text):
            self.add_error(
                "belote", gettext("Type A or B for the team with the belote (AB: one each).")
            )
            return None
        return {team: text.count(team) for team in TAKER_KEYS}

    def _declarations(
        self, data: dict[str, Any], taker: str, trump: scoring.Trump | None
    ) -> tuple[dict[str, int | None], dict[str, str]]:
        """Return the declaration points that count per team at ``trump`` and their
        tokens as announced (RULES.md §D). A team's points are None after an error in
        its codes, and both are when the trump is unknown (a carré's value depends on
        it); without declarations in the rules, both are 0."""
        points: dict[str, int | None] = {"A": 0, "B": 0}
        texts = {"A": "", "B": ""}
        if not self.rules.has_declarations:
            return points, texts
        for team in TAKER_KEYS:
            name = f"declarations_{team.lower()}"
            codes = _letters(data.get(name))
            tokens = declaration_tokens(codes)
            if tokens is None:
                self.add_error(name, _codes_message())
                points[team] = None
                continue
            carres = [token for token in tokens if token.startswith(DeclarationKind.CARRE)]
            if len(carres) != len(set(carres)):
                self.add_error(name, gettext("A team cannot hold the same carré twice."))
                points[team] = None
                continue
            if trump is None:
                points[team] = None
                continue
            points[team] = sum(_token_value(token, trump) for token in tokens)
            texts[team] = self._kept_text(team, taker, codes) or ";".join(tokens)
        return points, texts

    def _kept_text(self, team: str, taker: str, codes: str) -> str:
        """Return the declarations of ``team`` as the corrected deal stored them (the
        phones' ``tierce:KH``), when the codes typed say the same; else ""."""
        if self.deal is None or self.deal.taker != taker or not codes:
            return ""
        side = "taker" if team == taker else "defence"
        stored = getattr(self.deal, f"{side}_declarations_text")
        return stored if declaration_codes(stored) == codes else ""

    def engine_field(self, error: scoring.DealError, taker: str = "A") -> str | None:
        """Return the column an engine error (RULES.md §B6) goes beside, or None for the
        whole row; declarations go beside the taker's team's, or the defence's for those
        of the defence (and for declarations on both sides)."""
        name = _ENGINE_FIELDS.get(error.field)
        if error.field in ("taker_declarations", "defence_declarations"):
            is_defence = error.field == "defence_declarations" or error.reason == "both_sides"
            team = ("B" if taker == "A" else "A") if is_defence else taker
            name = f"declarations_{team.lower()}"
        return name if name in self.fields else None

    def add_engine_error(self, error: scoring.DealError, taker: str = "A") -> None:
        """Show an engine error (RULES.md §B6) beside the column it concerns
        (:meth:`engine_field`), in the club's words."""
        self.add_error(self.engine_field(error, taker), deal_error_message(error))

    def named_errors(self) -> list[tuple[str, str]]:
        """Return every error as (field name, message naming its column), in column order;
        an error of the whole row has the name ""."""
        named = [("", str(message)) for message in self.non_field_errors()]
        for name, field in self.fields.items():
            for message in self.errors.get(name, ()):
                named.append(
                    (
                        name,
                        gettext("%(field)s: %(message)s")
                        % {"field": field.label, "message": message},
                    )
                )
        return named

    def preview(self) -> RowPreview:
        """Return the defence's card points and the trump's label for the row as it is
        typed (bound or initial); what cannot be told yet is empty."""
        text = _letters(self["taker_card_points"].value())
        typed = whole_number(text)
        defence: int | None = None
        if text == TAKER_CAPOT_KEY or typed == CAPOT_CARD_POINTS:
            defence = 0
        elif text == DEFENCE_CAPOT_KEY:
            defence = CAPOT_CARD_POINTS
        elif isinstance(typed, int) and 0 <= typed <= DEAL_CARD_POINTS:
            defence = scoring.defence_card_points(typed)
        trump = TRUMP_KEYS.get(_letters(self["trump"].value()))
        return RowPreview(defence, _trump_label(trump, is_short=True) if trump else "")


def _trump_label(trump: scoring.Trump, *, is_short: bool = False) -> str:
    """Return the trump's suit symbol, or its name (abbreviated in a cell: SA, TA)."""
    if trump.is_suit:
        return SUIT_SYMBOLS[trump.value]
    if trump is scoring.Trump.NO_TRUMP:
        return gettext("NT") if is_short else gettext("no trump")
    return gettext("AT") if is_short else gettext("all trump")


def _codes_message() -> str:
    return gettext(
        "Type one code per declaration: 2 tierce, 5 cinquante, 1 cent; a carré by the French "
        "initial of its rank: V jacks (valets), 9 nines, A aces, X tens (dix), R kings "
        "(rois), D queens (dames)."
    )


def declaration_tokens(codes: str) -> list[str] | None:
    """Return the tokens of the declaration codes typed for one team, in order (sequences
    by their kind, ``tierce``, carrés as the engine writes them, ``carre:J``), or None for
    a code that is none of :data:`DECLARATION_CODES`."""
    tokens = []
    for code in _letters(codes):
        if code in SEQUENCE_CODES:
            tokens.append(str(SEQUENCE_CODES[code]))
        elif code in CARRE_CODES:
            tokens.append(f"{DeclarationKind.CARRE}:{CARRE_CODES[code]}")
        else:
            return None
    return tokens


def declaration_codes(text: str) -> str:
    """Return the grid's codes for declarations as stored (``tierce:KH;carre:J`` → « 2V »);
    a token of no kind the grid knows is left out."""
    by_kind = {str(kind): code for code, kind in SEQUENCE_CODES.items()}
    by_rank = {rank: code for code, rank in CARRE_CODES.items() if code not in "JKQ"}
    codes = []
    for token in text.split(";"):
        kind, _colon, card = token.strip().partition(":")
        if kind == DeclarationKind.CARRE and card[:1] in by_rank:
            codes.append(by_rank[card[:1]])
        elif kind in by_kind:
            codes.append(by_kind[kind])
    return "".join(codes)


def _token_value(token: str, trump: scoring.Trump) -> int:
    """Return the scored points of a grid token at ``trump`` (RULES.md §D)."""
    kind, _colon, rank = token.partition(":")
    if kind == DeclarationKind.CARRE:
        return Declaration(DeclarationKind.CARRE, rank).value(trump)
    return SEQUENCE_VALUES[DeclarationKind(kind)]


def sheet_row_initial(deal: Deal) -> dict[str, object]:
    """Return the keys :class:`SheetRowForm` shows for a recorded deal: what the desk would
    type to record it again (the declarations by the codes of the team that scored them)."""
    if deal.is_passed:
        return {"version": deal.version, "taker": PASSED_KEY}
    trump_keys = {trump.value: key for key, trump in TRUMP_KEYS.items()}
    coinche_keys = {level.value: key for key, level in COINCHE_KEYS.items()}
    if deal.taker_tricks == TRICKS_PER_DEAL:
        points: object = TAKER_CAPOT_KEY
    elif deal.taker_tricks == 0:
        points = DEFENCE_CAPOT_KEY
    else:
        points = deal.taker_card_points
    defence = "B" if deal.taker == "A" else "A"
    initial: dict[str, object] = {
        "version": deal.version,
        "taker": deal.taker,
        "contract": CAPOT_KEY if deal.is_capot_bid else (deal.contract_value or ""),
        "trump": trump_keys.get(deal.trump, deal.trump),
        "coinche": ""
        if deal.coinche_level == CoincheLevel.NONE
        else coinche_keys[deal.coinche_level],
        "taker_card_points": points,
        "belote": deal.taker * deal.taker_belotes + defence * deal.defence_belotes,
    }
    for team, side in ((deal.taker, "taker"), (defence, "defence")):
        declared: int = getattr(deal, f"{side}_declarations")
        if declared:
            codes = declaration_codes(getattr(deal, f"{side}_declarations_text"))
            tokens = declaration_tokens(codes) or []
            if sum(_token_value(token, scoring.Trump(deal.trump)) for token in tokens) != declared:
                # Typed as points (the organiser's deal form): sequences worth as much.
                codes = _sequence_codes(declared)
            initial[f"declarations_{team.lower()}"] = codes
    return initial


def _sequence_codes(points: int) -> str:
    """Return sequence codes worth ``points`` scored points (RULES.md §D: 100, 50, 20), or
    "" when none are (10 or 30 points left over)."""
    by_value = sorted(
        ((SEQUENCE_VALUES[kind], code) for code, kind in SEQUENCE_CODES.items()), reverse=True
    )
    largest, middle, smallest = by_value
    for hundreds in range(points // largest[0], -1, -1):
        rest = points - hundreds * largest[0]
        for fifties in (0, 1):
            twenties, left = divmod(rest - fifties * middle[0], smallest[0])
            if rest >= fifties * middle[0] and left == 0:
                return largest[1] * hundreds + middle[1] * fifties + smallest[1] * twenties
    return ""


class ResultsModeForm(forms.Form):
    """The switch of a table between paper and its phones: ``mode`` is the new one, and
    ``back`` the page the button was on (the round's desk, the grid or the match page)."""

    mode = forms.ChoiceField(choices=ResultsMode.choices)
    back = forms.ChoiceField(
        choices=[("desk", "desk"), ("sheet", "sheet"), ("match", "match")], required=False
    )

    @property
    def is_paper(self) -> bool:
        """Return True for a switch to paper (the form is valid)."""
        return self.cleaned_data["mode"] == ResultsMode.PAPER

    def back_to(self, match: Match) -> str:
        """Return the address of the page the button was on (the round's desk by default)."""
        kwargs = {
            "slug": match.round.tournament.slug,
            "number": match.round.number,
            "table": match.table_number,
        }
        back = self.cleaned_data.get("back")
        if back == "sheet":
            return reverse("tournaments:paper-sheet", kwargs=kwargs)
        if back == "match":
            return match.get_absolute_url()
        del kwargs["table"]
        return reverse("tournaments:round-manage", kwargs=kwargs)
