"""The desk's form « Saisir les totaux de la table »: a paper sheet's two totals (RULES.md §G).

Both totals (scored points), and the sheet's counts where they check something: deals
played under every preset, capots and belotes under the classic presets, declaration
points where the rules count them. The engine checks them (:func:`scoring.check_match_totals`)
and its problem goes beside its field. A sum the counts do not confirm asks for the
organiser's reason: the first submission says so and shows the reason field, a second one
with a reason saves. So do totals that cannot be true, each broken limit named above the
form (:func:`scoring.check_totals_plausibility`: more deals than the format has, a score
off the preset's step, a sum outside what the deals played can score). Correcting
totals already recorded always needs a reason.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.forms.messages import REASON_REQUIRED, service_error_message, totals_error_message
from tournaments.models import Match, Team, TeamSide
from tournaments.presentation.seats import pair_players
from tournaments.services.errors import Refusal
from tournaments.services.totals import implausible_params

#: The sheet's counts, in the order of the form, by the engine's field name.
COUNT_FIELDS = ("deals_played", "capots", "belotes", "declarations")


def _number_field(label: Any, *, required: bool) -> forms.IntegerField:
    field = forms.IntegerField(label=label, required=required)
    field.widget.attrs.update({"inputmode": "numeric", "min": "0"})
    return field


def _total_label(team: Team, side: str) -> str:
    """Return the label of ``team``'s total: « Total de 3 – Dupont / Martin », or a mêlée
    pair by its side and players, « Total de la paire A – 4 Josette Vincent / 2 Paul Roux »,
    as the other mêlée pages name it (a pair's number would read as a player's, RULES.md
    §H). Reads the pair's players joined to ``team``, else it queries."""
    players = pair_players(team)
    if players is None:
        return gettext("Total of %(team)s") % {"team": team}
    if side == TeamSide.A:
        return gettext("Total of pair A – %(players)s") % {"players": players}
    return gettext("Total of pair B – %(players)s") % {"players": players}


class MatchTotalsForm(forms.Form):
    """A match's two totals and its sheet's counts, checked by the engine (RULES.md §G).

    Built for ``match`` under ``rules``: the capots and belotes exist only where the
    counts check the totals (the classic presets), the declarations only where the rules
    count them. Filled with what a totals-only match has recorded, whose correction needs
    a reason. ``cleaned_data["totals"]`` is a :class:`scoring.MatchTotals`.
    """

    total_a = _number_field(_("Total A"), required=True)
    total_b = _number_field(_("Total B"), required=True)
    deals_played = _number_field(_("Deals played"), required=False)
    capots = _number_field(_("Capots"), required=False)
    belotes = _number_field(_("Belotes"), required=False)
    declarations = _number_field(_("Declaration points"), required=False)
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)

    def __init__(
        self,
        *args: Any,
        match: Match,
        rules: scoring.RuleSet,
        match_format: scoring.MatchFormat,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("prefix", "totals")
        if match.is_totals_only:
            totals = match.sheet_totals
            kwargs.setdefault(
                "initial",
                {
                    "total_a": totals.total_a,
                    "total_b": totals.total_b,
                    **{name: getattr(totals, name) for name in COUNT_FIELDS},
                },
            )
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.match_format = match_format
        self.is_correction = match.is_totals_only
        self.has_mismatch = False
        self.fields["total_a"].label = _total_label(match.team_a, TeamSide.A)
        self.fields["total_b"].label = _total_label(match.team_b, TeamSide.B)
        if not scoring.is_checkable(rules):
            del self.fields["capots"]
            del self.fields["belotes"]
        if not (scoring.is_checkable(rules) and rules.has_declarations):
            del self.fields["declarations"]
        reason = self.fields["reason"]
        if self.is_correction:
            reason.label = _("Reason for the correction")
            reason.required = True
            reason.error_messages["required"] = REASON_REQUIRED
        else:
            reason.label = _("Reason (the totals do not add up)")
        for name, field in self.fields.items():
            field.widget.attrs["aria-describedby"] = f"{self.add_prefix(name)}-errors"

    @property
    def needs_reason(self) -> bool:
        """Return True when the page shows the reason field: for a correction, once the
        sum did not add up, or when a reason was typed."""
        typed = self.is_bound and bool(self.data.get(self.add_prefix("reason"), "").strip())
        return self.is_correction or self.has_mismatch or typed

    def clean(self) -> dict[str, Any]:
        """Build the sheet (``cleaned_data["totals"]``) and put the engine's first problem
        beside its field; a sum that does not add up needs the reason."""
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        totals = scoring.MatchTotals(
            total_a=data["total_a"],
            total_b=data["total_b"],
            **{name: data.get(name) for name in COUNT_FIELDS},
        )
        error = scoring.check_match_totals(totals, self.rules)
        if error is not None and error.code is not scoring.TotalsField.SUM:
            self.add_totals_error(error, totals)
        elif not data.get("reason", "").strip():
            self.ask_reason(totals, error)
        data["totals"] = totals
        return data

    def ask_reason(self, totals: scoring.MatchTotals, error: scoring.TotalsError | None) -> None:
        """Say above the form why the sheet needs the organiser's reason, if it does: a
        sum the counts do not confirm (``error``), totals that break a limit
        (:func:`scoring.check_totals_plausibility`, naming each), or both (RULES.md §G)."""
        if error is not None:
            params = dict(error.params)
            mismatch = {
                "total": params["total"],
                "expected": params["expected"],
                **{name: getattr(totals, name) or 0 for name in COUNT_FIELDS},
            }
            self.add_error(None, service_error_message(Refusal.TOTALS_MISMATCH, mismatch))
        problems = scoring.check_totals_plausibility(
            self.rules,
            totals.deals_played,
            totals.total_a,
            totals.total_b,
            match_format=self.match_format,
        )
        if problems:
            implausible = implausible_params(problems)
            self.add_error(None, service_error_message(Refusal.TOTALS_IMPLAUSIBLE, implausible))
        self.has_mismatch = error is not None or bool(problems)

    def add_totals_error(self, error: scoring.TotalsError, totals: scoring.MatchTotals) -> None:
        """Show the engine's problem beside the field it concerns (above the form for the
        sum, or a field the form does not have)."""
        name = str(error.code)
        self.add_error(name if name in self.fields else None, totals_error_message(error, totals))
