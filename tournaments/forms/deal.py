"""The organiser's deal form: every input of one deal, checked by the engine (RULES.md §B6).

The defence's card points are never typed, as on the phone (forms/table.py): the engine
gives them from the taker's and its tricks (``card_points_for``, RULES.md §A)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.errors import DealError
from tournaments.forms.bounds import BOUNDED
from tournaments.forms.fields import form_field
from tournaments.forms.messages import deal_error_message
from tournaments.forms.table import card_points_for
from tournaments.models import MAX_DEAL_NUMBER, CoincheLevel, DealEntry, TeamSide, Trump


def entry_initial(entry: DealEntry) -> dict[str, object]:
    """Return :class:`DealForm`'s initial values for what was recorded: the taker, passed,
    and every input of :class:`scoring.Deal` under its own name, the contract as the
    form's choice (``"capot"``, ``"90"``, or ``""`` in classic belote)."""
    inputs = entry.inputs
    contract = "" if inputs.contract is None else str(inputs.contract)
    return {
        "taker": entry.taker,
        "is_passed": entry.is_passed,
        **{field.name: getattr(inputs, field.name) for field in dataclasses.fields(inputs)},
        "contract": contract,
    }


def _given(value: object) -> int | str:
    """Return a cleaned integer, or "" for one that is missing (the engine refuses it)."""
    return value if isinstance(value, int) else ""


def _contract_choices(rules: scoring.RuleSet) -> list[tuple[str, str]]:
    return [("", "—")] + [
        (str(value), gettext("Capot") if value == scoring.CAPOT else str(value))
        for value in rules.allowed_contracts()
    ]


class DealForm(forms.Form):
    """Every input of one deal, checked by the engine; errors go beside their field.

    Built for a rule set: the contract and coinche fields exist only where the rules
    have them, and the trump choices leave out SA/TA where they are not allowed.
    """

    deal_number = forms.IntegerField(
        min_value=1, max_value=MAX_DEAL_NUMBER, error_messages=BOUNDED, widget=forms.HiddenInput
    )
    taker = forms.ChoiceField(
        label=_("Taker"), choices=TeamSide.choices, widget=forms.RadioSelect, required=False
    )
    is_passed = forms.BooleanField(label=_("All four passed"), required=False)
    trump = forms.ChoiceField(label=_("Trump"), choices=Trump.choices, required=False)
    contract = forms.ChoiceField(label=_("Contract"), required=False)
    coinche = forms.ChoiceField(
        label=_("Coinche"), choices=CoincheLevel.choices, initial=CoincheLevel.NONE, required=False
    )
    taker_tricks = forms.IntegerField(label=_("Tricks won by the taker"), required=False)
    taker_card_points = forms.IntegerField(label=_("Taker's card points"), required=False)
    taker_belotes = forms.IntegerField(label=_("Taker's belotes"), initial=0, required=False)
    defence_belotes = forms.IntegerField(label=_("Defence's belotes"), initial=0, required=False)
    taker_declarations = forms.IntegerField(
        label=_("Taker's declarations"), initial=0, required=False
    )
    defence_declarations = forms.IntegerField(
        label=_("Defence's declarations"), initial=0, required=False
    )

    def __init__(
        self, *args: Any, rules: scoring.RuleSet, team_names: tuple[str, str], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        form_field(self, "taker", forms.ChoiceField).choices = [
            (TeamSide.A, team_names[0]),
            (TeamSide.B, team_names[1]),
        ]
        form_field(self, "trump", forms.ChoiceField).choices = [("", "—")] + [
            (value, label)
            for value, label in Trump.choices
            if rules.allows_trump(scoring.Trump(value))
        ]
        if rules.has_contract:
            form_field(self, "contract", forms.ChoiceField).choices = _contract_choices(rules)
        else:
            del self.fields["contract"]
            del self.fields["coinche"]
        if not rules.has_declarations:
            del self.fields["taker_declarations"]
            del self.fields["defence_declarations"]
        for name, field in self.fields.items():
            if isinstance(field, forms.IntegerField):
                field.widget.attrs.update({"inputmode": "numeric", "min": "0"})
            field.widget.attrs.setdefault("aria-describedby", f"{name}-errors")

    def clean(self) -> dict[str, Any]:
        """Build the entry (``cleaned_data["entry"]``, a :class:`DealEntry`) and put every
        one of the engine's errors beside its field (``scoring.deal_errors``, RULES.md §B6).

        A field left empty or refused by its own check has its own message; the engine
        still checks the others, so that every mistake shows at once, and what it says
        about a field that already has a message is left out.
        """
        super().clean()
        data = self.cleaned_data
        if data.get("is_passed"):
            # No taker when all four pass: any side will do.
            data["entry"] = DealEntry(data.get("taker") or TeamSide.A, None)
            return data
        required = {
            "taker": gettext("Choose the taker's team."),
            "trump": gettext("Choose the trump."),
            "taker_tricks": gettext("This field is required."),
        }
        if scoring.card_points_fixed_by_tricks(data.get("taker_tricks")) is None:
            # With all 8 tricks or none, the capot fixes both sides' points (the phone's rule).
            required["taker_card_points"] = gettext("This field is required.")
        for name, message in required.items():
            if name not in self.errors and data.get(name) in (None, ""):
                self.add_error(name, message)
        deal = self.to_deal(data)
        refused = set(self.errors)
        for error in scoring.deal_errors(deal, self.rules):
            if self.engine_field(error) not in refused:
                self.add_engine_error(error)
        if not self.errors:
            data["entry"] = DealEntry(data["taker"], deal, self.declarations_text())
        return data

    def declarations_text(self) -> tuple[str, str]:
        """Return the declarations as announced: none here, the form takes their points."""
        return ("", "")

    def to_deal(self, data: dict[str, Any]) -> scoring.Deal:
        """Return the engine's :class:`scoring.Deal` for cleaned data, the defence's card
        points worked out as on the phone (:func:`card_points_for`). A field missing from
        ``data`` (empty, or refused by its own check) goes to the engine as "", which it
        refuses (codes ``trump``, ``number``); a contract missing is None (``missing``)."""
        contract_text = data.get("contract", "")
        contract: int | str | None
        if not self.rules.has_contract:
            contract = None
        elif contract_text == scoring.CAPOT:
            contract = scoring.CAPOT
        else:
            contract = int(contract_text) if contract_text else None
        tricks = _given(data.get("taker_tricks"))
        taker_points, defence_points = card_points_for(tricks, data.get("taker_card_points"))
        return scoring.Deal(
            trump=data.get("trump") or "",
            contract=contract,
            coinche=data.get("coinche") or CoincheLevel.NONE,
            taker_card_points=taker_points,
            defence_card_points=defence_points,
            taker_tricks=tricks,
            taker_belotes=self._count(data, "taker_belotes"),
            defence_belotes=self._count(data, "defence_belotes"),
            taker_declarations=self._count(data, "taker_declarations"),
            defence_declarations=self._count(data, "defence_declarations"),
        )

    def _count(self, data: dict[str, Any], name: str) -> int | str:
        """Return a count as typed: 0 when left empty, "" when its field refused it."""
        if name in self.errors:
            return ""
        return data.get(name) or 0

    def engine_field(self, error: DealError) -> str | None:
        """Return the field an engine error goes beside (None: above the form); a check
        on both sides' card points goes beside the taker's, the only one typed."""
        name = {"ruleset": "trump", "defence_card_points": "taker_card_points"}.get(
            error.field, error.field
        )
        return name if name in self.fields else None

    def add_engine_error(self, error: DealError) -> None:
        """Show an engine error beside the field it concerns (:meth:`engine_field`)."""
        self.add_error(self.engine_field(error), deal_error_message(error))
