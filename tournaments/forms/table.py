"""The forms of table entry on the players' phones (views/table/).

:class:`TableDealForm` takes one deal as the table sees it: the taker's team, the trump,
the contract (a number, or capot) and coinche, the taker's tricks and card points, the
belotes of each side and the declarations as announced (kind and top card, RULES.md §D).
The defence's card points are never typed: the engine gives them from the taker's
(``scoring.defence_card_points``: 162 − taker, or 252/0 when one side won all 8 tricks,
RULES.md §A).

The fields are deliberately lenient (text, not Django integers or choices), so that
whatever a phone sends reaches the engine: ``clean()`` resolves the declarations
(``scoring.resolve_declarations``), builds a ``scoring.Deal``, calls
``scoring.deal_errors`` and puts each of its §B6 errors (RULES.md), in the club's words
(``messages.deal_error_message``), beside the phone field it concerns. Nothing is scored
here.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.choices import BaseChoiceIterator, normalize_choices
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.cards import CAPOT_CARD_POINTS, DEAL_CARD_POINTS, TRICKS_PER_DEAL
from tournaments.forms.bounds import BOUNDED
from tournaments.forms.fields import form_field
from tournaments.forms.messages import deal_error_message
from tournaments.models import (
    MAX_DEAL_NUMBER,
    MAX_DEAL_VERSION,
    CoincheLevel,
    Deal,
    DealEntry,
    TeamSide,
)
from tournaments.presentation.cards import declaration_choices, trump_choices

#: Declaration selects per side: three cover every hand seen in a concours.
DECLARATIONS_PER_SIDE = 3
#: Belotes one side may hold at tout atout (RULES.md §A).
MAX_BELOTES = 4

#: Whole numbers in ASCII digits, short enough that int() never meets Python's digit limit.
#: Up to 18 digits: any number a player can type is read as a number (and the engine says
#: it is too large), while int() stays cheap and every value fits the database's 64 bits.
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")


def whole_number(text: object) -> int | str:
    """Return ``text`` as an int when it is a whole number, else the text as typed.

    The engine then reports a text where a number belongs (code ``number``, RULES.md §B6).
    """
    value = str(text if text is not None else "").strip()
    return int(value) if _WHOLE_NUMBER.fullmatch(value) else value


def card_points_for(tricks: int | str, taker_text: object) -> tuple[int | str, int]:
    """Return the taker's and the defence's card points from what the phone sent.

    The engine does the counting (``scoring.card_points_fixed_by_tricks`` and
    ``scoring.defence_card_points``, RULES.md §A); this only reads the phone's text. With
    all 8 tricks or none, nothing typed means the capot's 252/0 or 0/252; typed points go
    to the engine as they are, which refuses those that do not fit (a mis-tapped "8" must
    not turn 162 points into a capot). Otherwise the defence has the rest of 162, so that
    a taker's 200 is refused as a wrong total (« ici 200 »). Text that is not a number
    goes to the engine too (code ``number``), beside a defence of 0, or of the capot's.
    """
    taker = whole_number(taker_text)
    known_tricks = tricks if isinstance(tricks, int) else None
    fixed = scoring.card_points_fixed_by_tricks(known_tricks)
    if fixed is not None and taker == "":
        return fixed
    if isinstance(taker, int):
        return taker, scoring.defence_card_points(taker, taker_tricks=known_tricks)
    return taker, fixed[1] if fixed is not None else 0


@dataclass(frozen=True)
class DealPreview:
    """What the form shows while it is filled: the card points of both sides and the
    declarations that count (RULES.md §D), or None where the inputs do not tell yet."""

    taker_card_points: int | None = None
    defence_card_points: int | None = None
    is_taker_capot: bool = False
    is_defence_capot: bool = False
    declarations: scoring.DeclarationResult | None = None

    @property
    def capot_card_points(self) -> int:
        """Return the card points of the side that won all 8 tricks (252, RULES.md §A)."""
        return CAPOT_CARD_POINTS


class _NormalisedChoices(BaseChoiceIterator):
    """Choices already in Django's normal form, kept as they are: a widget given them
    does not normalise them again (Django normalises a list at each assignment, and a
    widget's deep copy assigns a copy of its choices: each form's copy of its fields).

    Never changed once made, so that a copy of them is themselves, as a tuple's is.
    """

    def __init__(self, choices: list[tuple[str, Any]]) -> None:
        self.choices = choices

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        return iter(self.choices)

    def __copy__(self) -> _NormalisedChoices:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _NormalisedChoices:
        return self


def _normalised(choices: Any) -> _NormalisedChoices:
    """Return ``choices`` in Django's normal form, kept as they are (see above)."""
    return _NormalisedChoices(normalize_choices(choices))


@functools.lru_cache(maxsize=8)
def _declaration_choices(language: str | None) -> _NormalisedChoices:
    """Return the declaration selects' choices in ``language`` (the active one), built
    and normalised once: six selects of about 45 options each, in every deal form."""
    return _normalised(declaration_choices())


@functools.lru_cache(maxsize=32)
def _trump_choices(rules: scoring.RuleSet, language: str | None) -> _NormalisedChoices:
    """Return the trump buttons' choices of ``rules`` in ``language`` (the active one),
    built and normalised once per rule set and language (every deal form has them)."""
    return _normalised(trump_choices(rules))


def _trump_or_none(text: object) -> scoring.Trump | None:
    try:
        return scoring.Trump(str(text))
    except ValueError:
        return None


class TableDealForm(forms.Form):
    """One deal entered at the table, checked by the engine; errors go beside their field.

    Built for a rule set: the contract, capot and coinche fields exist only where the rules
    have a contract, the trump buttons leave out SA/TA where they are not allowed, the
    belotes are a count 0–4 per side where tout atout is played (checkboxes otherwise), and
    the declaration selects exist only where declarations count. ``deal_number`` is the
    number the phone expects to record (a double tap is then refused, not counted twice);
    an edit (``is_edit``) carries the ``version`` it was read at instead.

    ``cleaned_data`` then holds ``entry`` (a :class:`tournaments.models.DealEntry`: the
    taker, the engine's deal or None when all four passed, and each side's declarations as
    announced, ``"tierce:KH;carre:J"``) and ``deal_number`` or ``version``.
    """

    deal_number = forms.IntegerField(
        min_value=1,
        max_value=MAX_DEAL_NUMBER,
        error_messages=BOUNDED,
        widget=forms.HiddenInput,
        required=False,
    )
    version = forms.IntegerField(
        min_value=1,
        max_value=MAX_DEAL_VERSION,
        error_messages=BOUNDED,
        widget=forms.HiddenInput,
        required=False,
    )
    is_passed = forms.BooleanField(label=_("All four passed"), required=False)
    taker = forms.ChoiceField(
        label=_("Taker"),
        choices=TeamSide.choices,
        widget=forms.RadioSelect,
        required=False,
        error_messages={"invalid_choice": _("Choose the taker's team.")},
    )
    trump = forms.CharField(label=_("Trump"), widget=forms.RadioSelect, required=False)
    contract = forms.CharField(label=_("Contract"), required=False)
    is_capot = forms.BooleanField(label=_("Capot"), required=False)
    coinche = forms.CharField(
        label=_("Coinche"),
        widget=forms.RadioSelect(choices=CoincheLevel.choices),
        initial=CoincheLevel.NONE,
        required=False,
    )
    taker_tricks = forms.CharField(
        label=_("Tricks won by the taker"),
        widget=forms.RadioSelect(choices=[(str(n), str(n)) for n in range(TRICKS_PER_DEAL + 1)]),
        required=False,
    )
    taker_card_points = forms.CharField(label=_("Taker's card points"), required=False)
    taker_belotes = forms.CharField(label=_("Taker"), initial="0", required=False)
    defence_belotes = forms.CharField(label=_("Defence"), initial="0", required=False)

    def __init__(
        self,
        *args: Any,
        rules: scoring.RuleSet,
        team_names: tuple[str, str],
        is_edit: bool = False,
        **kwargs: Any,
    ) -> None:
        # Django's Form deep-copies ``self.base_fields`` into ``self.fields``, read through
        # the instance: these are the fields of this rule set, built once
        # (:func:`_fields_for`), not the class's, which stay as declared. The stubs type
        # ``base_fields`` as a class variable only.
        self.base_fields = _fields_for(rules, is_edit, get_language())  # type: ignore[misc]
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.team_names = team_names
        self.is_edit = is_edit
        if not is_edit:
            self._word_deal_number_errors(self.initial.get("deal_number"))
        taker_field = form_field(self, "taker", forms.ChoiceField)
        taker_field.choices = [(TeamSide.A, team_names[0]), (TeamSide.B, team_names[1])]
        if not rules.allows_all_trump:
            for name in ("taker_belotes", "defence_belotes"):
                # A recorded deal's count (0 or 1) ticks the box or not.
                self.initial[name] = bool(whole_number(self.initial.get(name, 0)))

    def _word_deal_number_errors(self, next_number: object) -> None:
        """Word every refusal of the hidden deal number (missing, not a whole number, below
        1, too high: only a hand-made request sends one) as the service words a number
        that is not the next (``deal_not_next``), naming the next deal when it is known."""
        if isinstance(next_number, int):
            message = gettext(
                "This deal number cannot be recorded: the next deal of this match is deal %(next)s."
            ) % {"next": next_number}
        else:
            message = gettext("This deal number cannot be recorded: reload the page.")
        field = self.fields["deal_number"]
        for code in ("required", "invalid", "min_value", "max_value"):
            field.error_messages[code] = message

    @property
    def belotes_are_counts(self) -> bool:
        """Return True when belotes are a count per side (tout atout allowed)."""
        return not isinstance(self.fields["taker_belotes"], forms.BooleanField)

    def declaration_fields(self, side: str) -> list[forms.BoundField]:
        """Return the declaration selects of ``side`` ("taker" or "defence"), in order."""
        names = [f"{side}_declaration_{i}" for i in range(1, DECLARATIONS_PER_SIDE + 1)]
        return [self[name] for name in names if name in self.fields]

    @property
    def taker_declaration_fields(self) -> list[forms.BoundField]:
        """Return the taker's declaration selects (for the template)."""
        return self.declaration_fields("taker")

    @property
    def defence_declaration_fields(self) -> list[forms.BoundField]:
        """Return the defence's declaration selects (for the template)."""
        return self.declaration_fields("defence")

    @property
    def has_declarations_entered(self) -> bool:
        """Return True when a declaration is chosen or refused (its box then opens)."""
        fields = self.taker_declaration_fields + self.defence_declaration_fields
        return any(field.value() or field.errors for field in fields)

    def clean(self) -> dict[str, Any]:
        """Resolve the declarations, build the engine's deal, put each of its errors beside
        its field (RULES.md §B6, §D); a field missing or refused by its own check has its
        own message, and the engine's errors about the other fields show with it."""
        super().clean()
        data = self.cleaned_data
        if self.is_edit:
            self._require(data, "version")
        else:
            self._require(
                data, "deal_number", str(self.fields["deal_number"].error_messages["required"])
            )
        if self._is_blank(data):
            # A second tap lands on the next deal's fresh form: one line, not a wall.
            self.add_error(None, gettext("Nothing is filled in yet for this deal."))
            return data
        if data.get("is_passed"):
            # Nobody took: any side will do.
            data["entry"] = DealEntry(data.get("taker") or TeamSide.A, None)
            return data
        self._require(data, "taker", gettext("Choose the taker's team."))
        self._require(data, "trump", gettext("Choose the trump."))
        self._require(data, "taker_tricks", gettext("Choose the taker's tricks."))
        tricks = whole_number(data.get("taker_tricks"))
        if tricks not in (0, TRICKS_PER_DEAL):
            self._require(data, "taker_card_points", gettext("Enter the taker's card points."))
        trump = _trump_or_none(data.get("trump"))
        result, texts = self._resolve_declarations(data, trump)
        taker_points, defence_points = card_points_for(tricks, data.get("taker_card_points"))
        deal = scoring.Deal(
            trump=data.get("trump") or "",
            contract=self._contract(data),
            coinche=data.get("coinche") or CoincheLevel.NONE,
            taker_card_points=taker_points,
            defence_card_points=defence_points,
            taker_tricks=tricks,
            taker_belotes=self._belotes(data, "taker_belotes"),
            defence_belotes=self._belotes(data, "defence_belotes"),
            taker_declarations=result.taker_points,
            defence_declarations=result.defence_points,
        )
        # Every mistake at once, each beside its field: one tap to see them all. A field
        # left empty or refused by its own check keeps its own message; the engine still
        # checks the others (and skips what needs the missing value, scoring.deal_errors).
        refused = set(self.errors)
        for error in scoring.deal_errors(deal, self.rules):
            if ENGINE_FIELDS.get(error.field) not in refused:
                self.add_engine_error(error)
        if self.errors:
            return data
        data["entry"] = DealEntry(data["taker"], deal, texts)
        return data

    def _is_blank(self, data: dict[str, Any]) -> bool:
        """Return True when a new deal's form comes back as it was given: nothing chosen
        or typed but what it starts with (no coinche, no belote)."""
        if self.is_edit or self.errors:
            return False
        untouched: tuple[object, ...] = ("", None, False)
        starts_with = {
            "coinche": (*untouched, CoincheLevel.NONE),
            "taker_belotes": (*untouched, "0"),
            "defence_belotes": (*untouched, "0"),
        }
        return all(
            data.get(name) in starts_with.get(name, untouched)
            for name in self.fields
            if name != "deal_number"
        )

    def _require(self, data: dict[str, Any], name: str, message: str | None = None) -> None:
        if name in self.fields and name not in self.errors and data.get(name) in (None, ""):
            self.add_error(name, message or gettext("This field is required."))

    def _contract(self, data: dict[str, Any]) -> int | str | None:
        """Return the contract for the engine: None in classic belote, "capot", or the number."""
        if not self.rules.has_contract:
            return None
        if data.get("is_capot"):
            return scoring.CAPOT
        text = str(data.get("contract") or "").strip()
        return whole_number(text) if text else None

    def _belotes(self, data: dict[str, Any], name: str) -> int | str:
        value = data.get(name)
        if isinstance(value, bool):
            return int(value)
        return whole_number(value) if str(value or "").strip() else 0

    def _resolve_declarations(
        self, data: dict[str, Any], trump: scoring.Trump | None
    ) -> tuple[scoring.DeclarationResult, tuple[str, str]]:
        """Parse each side's selects and resolve them (RULES.md §D).

        Each select holds one declaration token. A value that is not one (a token that
        cannot exist, or several joined by « ; » in a hand-made request) is refused beside
        its select, and so is a declaration the same side chose in an earlier select.
        Returns the points that count and each side's tokens as text.
        """
        sides = []
        for side in ("taker", "defence"):
            declarations: list[scoring.Declaration] = []
            for field in self.declaration_fields(side):
                declaration = self._declaration_in(field, data)
                if declaration is None:
                    continue
                if declaration in declarations:
                    self.add_error(field.name, gettext("This declaration is already chosen above."))
                    continue
                declarations.append(declaration)
            sides.append(tuple(declarations))
        texts = (";".join(map(str, sides[0])), ";".join(map(str, sides[1])))
        if trump is None:
            return scoring.DeclarationResult(0, 0, None), texts
        return scoring.resolve_declarations(sides[0], sides[1], trump), texts

    def _declaration_in(
        self, field: forms.BoundField, data: dict[str, Any]
    ) -> scoring.Declaration | None:
        """Return the one declaration of select ``field``, None when it is empty; a value
        that is not one declaration gets its error beside the select (None then too)."""
        token = str(data.get(field.name) or "").strip()
        if not token:
            return None
        try:
            parsed = () if ";" in token else scoring.parse_declarations(token)
        except scoring.InvalidDeclaration:
            parsed = ()
        if len(parsed) != 1:
            self.add_error(field.name, gettext("This declaration does not exist."))
            return None
        return parsed[0]

    def _parse_side(self, values: dict[str, Any], side: str) -> tuple[scoring.Declaration, ...]:
        """Return ``side``'s declarations as filled in; raise scoring.InvalidDeclaration for
        a select that does not hold one token (or a repeated one), as clean() refuses."""
        tokens = [str(values[field.name] or "") for field in self.declaration_fields(side)]
        for token in tokens:
            if ";" in token:
                raise scoring.InvalidDeclaration(token, "unknown_kind")
        return scoring.parse_declarations(";".join(tokens))

    def add_engine_error(self, error: scoring.DealError) -> None:
        """Show an engine error (RULES.md §B6) beside the phone field it concerns."""
        name = ENGINE_FIELDS.get(error.field)
        self.add_error(name if name in self.fields else None, deal_error_message(error))

    def preview(self) -> DealPreview:
        """Return the defence's card points and the declarations that count for the form
        as it is filled (bound or initial); what cannot be told yet is None."""
        values = {name: self[name].value() for name in self.fields}
        if values.get("is_passed"):
            return DealPreview()
        tricks = whole_number(values.get("taker_tricks"))
        typed = whole_number(values.get("taker_card_points"))
        taker, defence = None, None
        if tricks in (0, TRICKS_PER_DEAL) or (
            isinstance(typed, int) and 0 <= typed <= DEAL_CARD_POINTS
        ):
            taker, defence = card_points_for(tricks, typed)
        trump = _trump_or_none(values.get("trump"))
        declarations = None
        if trump is not None and self.rules.has_declarations:
            try:
                taker_list = self._parse_side(values, "taker")
                defence_list = self._parse_side(values, "defence")
            except scoring.InvalidDeclaration:
                pass
            else:
                declarations = scoring.resolve_declarations(taker_list, defence_list, trump)
        return DealPreview(
            # Text that is not a number tells nothing yet (the engine refuses it on save).
            taker_card_points=taker if isinstance(taker, int) else None,
            defence_card_points=defence,
            is_taker_capot=tricks == TRICKS_PER_DEAL,
            is_defence_capot=tricks == 0,
            declarations=declarations,
        )


@functools.lru_cache(maxsize=32)
def _fields_for(
    rules: scoring.RuleSet, is_edit: bool, language: str | None
) -> dict[str, forms.Field]:
    """Return the fields of a :class:`TableDealForm` for ``rules``, a new deal's or an
    edit's (``is_edit``), in ``language`` (the active one: the declarations' and trumps'
    labels), built once; each form deep-copies them (Django's ``base_fields``).

    Building them at each form (six declaration selects, the rule set's widgets) and
    deep-copying the class's fields first was about a twelfth of a deal's write
    (bench/writes.py). What differs from one form to the next (the team names, the deal
    number's refusals, the belote boxes' initial values) is set by the form itself.

    The contract, capot and coinche fields exist only where the rules have a contract,
    the trump buttons leave out SA/TA where they are not allowed, the belotes are a count
    0–4 per side where tout atout is played (checkboxes otherwise), and the declaration
    selects exist only where declarations count; a new deal has a ``deal_number``, an
    edit a ``version``. Every widget is described by its field's errors
    (``aria-describedby``).
    """
    fields = copy.deepcopy(TableDealForm.base_fields)
    del fields["deal_number" if is_edit else "version"]
    # Every choice normalised once here, not at each form's copy of its fields (the
    # taker's are the team names: each form sets its own).
    taker = fields["taker"]
    assert isinstance(taker, forms.ChoiceField)
    taker.choices = _normalised(taker.choices)
    for name in ("coinche", "taker_tricks"):
        fields[name].widget.choices = _normalised(fields[name].widget.choices)
    fields["trump"].widget.choices = _trump_choices(rules, language)
    if rules.has_contract:
        fields["contract"].widget = forms.NumberInput(
            attrs={
                "step": rules.contract_step,
                "min": rules.contract_min,
                "max": rules.contract_max,
                "inputmode": "numeric",
                "placeholder": str(rules.contract_min),
            }
        )
    else:
        for name in ("contract", "is_capot", "coinche"):
            del fields[name]
    fields["taker_card_points"].widget = forms.NumberInput(
        attrs={"min": 0, "max": DEAL_CARD_POINTS, "inputmode": "numeric"}
    )
    if rules.allows_all_trump:
        counts = _normalised([(str(n), str(n)) for n in range(MAX_BELOTES + 1)])
        for name in ("taker_belotes", "defence_belotes"):
            fields[name].widget = forms.RadioSelect(choices=counts)
    else:
        for name, label in (("taker_belotes", _("Taker")), ("defence_belotes", _("Defence"))):
            fields[name] = forms.BooleanField(label=label, required=False)
    if rules.has_declarations:
        choices = _declaration_choices(language)
        for side in ("taker", "defence"):
            for index in range(1, DECLARATIONS_PER_SIDE + 1):
                fields[f"{side}_declaration_{index}"] = forms.CharField(
                    label=_("Declaration %(index)s") % {"index": index},
                    widget=forms.Select(choices=choices),
                    required=False,
                )
    for name, field in fields.items():
        field.widget.attrs.setdefault("aria-describedby", f"{name}-errors")
    return fields


#: Where each engine field's error goes on the phone form (``DealError.field``, §B6).
#: Checks on both sides (card points, declarations) go beside the taker's field; the
#: rule preset (``ruleset``) is no field of the phone and goes above the form.
ENGINE_FIELDS = {
    "ruleset": None,
    "trump": "trump",
    "taker_tricks": "taker_tricks",
    "taker_card_points": "taker_card_points",
    "defence_card_points": "taker_card_points",
    "taker_belotes": "taker_belotes",
    "defence_belotes": "defence_belotes",
    "taker_declarations": "taker_declaration_1",
    "defence_declarations": "defence_declaration_1",
    "contract": "contract",
    "coinche": "coinche",
}


def deal_initial(deal: Deal) -> dict:
    """Return the phone form's initial values for a recorded deal (to correct it): the
    inputs of its :class:`DealEntry` as the phone's fields take them."""
    entry = deal.entry
    inputs = entry.inputs
    initial: dict[str, object] = {
        "version": deal.version,
        "taker": entry.taker,
        "is_passed": entry.is_passed,
        **{field.name: getattr(inputs, field.name) for field in dataclasses.fields(inputs)},
        "contract": "" if inputs.contract in (None, scoring.CAPOT) else inputs.contract,
        "is_capot": inputs.contract == scoring.CAPOT,
    }
    # The phone's fields are text; a passed deal's tricks and points are left blank.
    for name in ("taker_tricks", "taker_card_points"):
        initial[name] = "" if entry.is_passed else str(initial[name])
    for name in ("taker_belotes", "defence_belotes"):
        initial[name] = str(initial[name])
    for side, text in zip(("taker", "defence"), entry.declarations_text, strict=True):
        for index, token in enumerate(t for t in text.split(";") if t):
            initial[f"{side}_declaration_{index + 1}"] = token
    return initial


class PinForm(forms.Form):
    """The opponents' 4-digit code, typed on this phone to confirm this team's deals."""

    pin = forms.CharField(
        label=_("Opponents' code"),
        max_length=4,
        widget=forms.TextInput(
            attrs={
                "inputmode": "numeric",
                "autocomplete": "off",
                "pattern": "[0-9]{4}",
                "size": 4,
            }
        ),
        error_messages={
            "required": _("The opponents type their own code, the one on their team card.")
        },
    )

    def __init__(self, *args: Any, is_pair: bool = False, **kwargs: Any) -> None:
        """``is_pair``: on a mêlée pair's phone, the code is on the pair card."""
        super().__init__(*args, **kwargs)
        if is_pair:
            self.fields["pin"].error_messages["required"] = _(
                "The opponents type their own code, the one on their pair card."
            )


class DisputeForm(forms.Form):
    """Why the opponents' deal is wrong, for the organiser: required (a dispute the
    organiser cannot read settles nothing); blank or spaces only is refused."""

    note = forms.CharField(
        label=_("What is wrong?"),
        max_length=300,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": _("Say why the deal is disputed.")},
    )
