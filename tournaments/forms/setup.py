"""Forms of the organiser's desk: tournament settings, teams, draft swaps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import QuerySet
from django.urls import reverse_lazy
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import selectors
from tournaments.forms.bounds import BOUNDED, bound_field
from tournaments.forms.fields import form_field
from tournaments.forms.tie_breaks import (
    MELEE_HEAD_TO_HEAD,
    MELEE_TIE_BREAK_CHOICES,
    TIE_BREAK_CHOICES,
    TieBreakField,
)
from tournaments.models import (
    MATCH_POINT_FIELDS,
    MAX_BYE_CREDIT,
    MAX_FORMAT_VALUE,
    MAX_MATCH_POINTS,
    MAX_TEAM_NAME_LENGTH,
    MAX_TEAM_NUMBER,
    Club,
    Team,
    TieBreak,
    Tournament,
    preset_text,
)
from tournaments.services.setup import FROZEN_SETTINGS, is_settings_frozen
from tournaments.text import clean_name

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: One line per preset (RULES.md §B), shown when the organiser picks it; the numbers are
#: the engine's, filled in by :func:`tournaments.models.preset_text`.
PRESET_SUMMARIES = {
    "ffb-coinche": preset_text(
        _(
            "FFB belote coinchée: contracts from %(minimum)s to %(maximum)s or capot, "
            "declarations, coinche ×2 and surcoinche ×4, points rounded to the ten; the taker "
            "must reach the contract and score more than the defence."
        ),
        "ffb-coinche",
    ),
    "ffb-contree": preset_text(
        _(
            "Contrée, points made + bid: contracts from %(minimum)s to %(maximum)s or capot, "
            "belote only (it goes to the side that wins the deal), the contract is added to "
            "the points made."
        ),
        "ffb-contree",
    ),
    "contree-points-faits": preset_text(
        _(
            "Contrée, points made: contracts from %(minimum)s to %(maximum)s or capot; each "
            "side scores its points made, rounded, and the contract is not added."
        ),
        "contree-points-faits",
    ),
    "contree-points-annonces": preset_text(
        _(
            "Contrée, points bid: the taker scores the contract; on a chute the defence scores "
            "%(deal_points)s (the contract × 2 or × 4 when coinched)."
        ),
        "contree-points-annonces",
    ),
    "belote-classique": _(
        "Classic belote: no numbered bids, declarations (tierce, cinquante, cent, carrés), a tie "
        "(litige) goes in reserve; no coinche, no sans atout or tout atout."
    ),
    "belote-sans-annonces": _(
        "Classic belote with belote-rebelote only: no other declarations, a tie (litige) goes in "
        "reserve; no coinche, no sans atout or tout atout."
    ),
}


def _cleaned_name(form: forms.BaseForm, field_name: str) -> str:
    """Return the field's text cleaned by :func:`tournaments.text.clean_name`.

    Raises the field's "required" error when a required name is empty once cleaned (only
    spaces, control or invisible characters were typed).
    """
    name = clean_name(form.cleaned_data[field_name])
    field = form.fields[field_name]
    if field.required and not name:
        raise forms.ValidationError(field.error_messages["required"], code="required")
    return name


#: The message of a match-points setting out of its range, naming the setting.
MATCH_POINTS_RANGE = _("%(field)s: enter a whole number from 0 to %(maximum)s.")


def _bound_match_points(field: forms.Field) -> None:
    """Make a match-points setting (RULES.md §E) take 0 to :data:`MAX_MATCH_POINTS` only,
    refused with :data:`MATCH_POINTS_RANGE`, which names the setting."""
    label = field.label

    def text() -> str:
        return str(MATCH_POINTS_RANGE) % {"field": label, "maximum": MAX_MATCH_POINTS}

    message = lazy(text, str)()
    field.validators = [
        MinValueValidator(0, message=message),
        MaxValueValidator(MAX_MATCH_POINTS, message=message),
    ]
    field.error_messages.update({"invalid": message, "min_value": message, "max_value": message})
    field.widget.attrs.update({"min": "0", "max": str(MAX_MATCH_POINTS), "inputmode": "numeric"})


class TournamentForm(forms.ModelForm):
    """Create a tournament or change its settings; the preset's summary follows the choice.

    ``clubs`` are those the organiser may create it for (the club field's choices); None
    for a tournament being changed, whose club stays as it is (the form has no club field).
    """

    tie_break_1 = TieBreakField(label=_("First tie-break"), choices=TIE_BREAK_CHOICES)
    tie_break_2 = TieBreakField(
        label=_("Second tie-break"), choices=TIE_BREAK_CHOICES, required=False
    )
    tie_break_3 = TieBreakField(
        label=_("Third tie-break"), choices=TIE_BREAK_CHOICES, required=False
    )

    melee = forms.BooleanField(
        label=_("À la mêlée"),
        required=False,
        help_text=_(
            "Players register alone; partners and opponents are drawn at each partie, and "
            "the standings are individual."
        ),
    )

    class Meta:
        model = Tournament
        fields = [
            "club",
            "name",
            "date",
            "venue",
            "rules_preset",
            "allows_no_trump_all_trump",
            "match_format",
            "match_format_value",
            "number_of_rounds",
            "bye_credit",
            "bye_credit_value",
            "bye_counts_as_win",
            "ranking",
            "match_points_win",
            "match_points_draw",
            "match_points_loss",
            "match_points_bye",
            "confirmation_mode",
            "results_mode",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "confirmation_mode": forms.RadioSelect,
            "results_mode": forms.RadioSelect,
        }
        error_messages = {"name": {"unique": _("A tournament with this name already exists.")}}

    def __init__(self, *args: Any, clubs: QuerySet[Club] | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clubs = clubs
        club = form_field(self, "club", forms.ModelChoiceField)
        club.queryset = clubs
        club.required = True
        club.empty_label = None
        # A mêlée (known once created) is not offered head-to-head (RULES.md §H).
        self.is_melee_concours = bool(self.instance.pk) and selectors.is_melee(
            tournament=self.instance
        )
        if self.instance.pk:
            # Chosen once, at creation (MeleeConcours): a concours keeps its format.
            del self.fields["club"]
            del self.fields["melee"]
            keys = [*self._stored_tie_breaks(), "", "", ""]
            for index in range(3):
                self.fields[f"tie_break_{index + 1}"].initial = keys[index]
                if self.is_melee_concours:
                    form_field(
                        self, f"tie_break_{index + 1}", TieBreakField
                    ).choices = MELEE_TIE_BREAK_CHOICES
        else:
            self.fields["tie_break_1"].initial = "matches_won"
            self.fields["tie_break_2"].initial = "points_difference"
            self.fields["tie_break_3"].initial = "head_to_head"
        self.fields["rules_preset"].widget.attrs.update(
            {
                "hx-get": reverse_lazy("tournaments:preset-summary"),
                "hx-trigger": "change",
                "hx-target": "#preset-summary",
                "hx-swap": "innerHTML",
            }
        )
        self.fields["match_format_value"].widget.attrs["inputmode"] = "numeric"
        bound_field(self.fields["match_format_value"], MAX_FORMAT_VALUE)
        bound_field(self.fields["bye_credit_value"], MAX_BYE_CREDIT)
        for name in MATCH_POINT_FIELDS:
            # Used only when ranking by match points; left empty, it keeps its value.
            _bound_match_points(self.fields[name])
            self.fields[name].required = False
        # Not a scoring rule: it can change at any time. A form sent without it (a page
        # opened before the setting existed) keeps the tournament's mode.
        self.fields["confirmation_mode"].required = False
        self.fields["results_mode"].required = False
        rounds = self.fields["number_of_rounds"]
        rounds.widget.attrs.update({"min": "1", "max": "20"})
        # The model field's own bound (≥ 0) would say "at least 0" without naming the field:
        # clean() says "1 to 20 rounds" for every number out of range, negative ones too.
        rounds.validators = [v for v in rounds.validators if not isinstance(v, MinValueValidator)]
        if self.instance.pk and is_settings_frozen(self.instance):
            # Round 1 is published: the rules are fixed; show them, greyed out.
            for name in (*FROZEN_SETTINGS, "tie_break_1", "tie_break_2", "tie_break_3"):
                if name in self.fields:
                    self.fields[name].disabled = True

    def _stored_tie_breaks(self) -> list[str]:
        """Return the tournament's tie-breaks as its form shows them: a mêlée's without
        head-to-head, which its standings leave out (a mêlée created before it was no
        longer offered may have kept it, the default)."""
        keys = self.instance.tie_break_keys
        return [
            key for key in keys if not (self.is_melee_concours and key == TieBreak.HEAD_TO_HEAD)
        ]

    @property
    def has_clubs(self) -> bool:
        """Return True when the organiser has a club to create the tournament for."""
        return "club" in self.fields and self.clubs is not None and self.clubs.exists()

    @property
    def is_melee(self) -> bool:
        """Return True when a new tournament is to be run à la mêlée (a valid form)."""
        return bool(self.cleaned_data.get("melee"))

    def clean_name(self) -> str:
        """Clean the tournament's name as every typed name is."""
        return _cleaned_name(self, "name")

    def clean_venue(self) -> str:
        """Clean the venue as every typed name is."""
        return _cleaned_name(self, "venue")

    def clean_confirmation_mode(self) -> str:
        """Keep the tournament's mode (the default one for a new tournament) when absent."""
        return self.cleaned_data["confirmation_mode"] or self.instance.confirmation_mode

    def clean_results_mode(self) -> str:
        """Keep the tournament's results entry (phones for a new one) when absent."""
        return self.cleaned_data["results_mode"] or self.instance.results_mode

    def _clean_match_points(self, name: str) -> int:
        value = self.cleaned_data[name]
        return getattr(self.instance, name) if value is None else value

    def clean_match_points_win(self) -> int:
        """Keep the tournament's value (the default for a new one) when left empty."""
        return self._clean_match_points("match_points_win")

    def clean_match_points_draw(self) -> int:
        """Keep the tournament's value (the default for a new one) when left empty."""
        return self._clean_match_points("match_points_draw")

    def clean_match_points_loss(self) -> int:
        """Keep the tournament's value (the default for a new one) when left empty."""
        return self._clean_match_points("match_points_loss")

    def clean_match_points_bye(self) -> int:
        """Keep the tournament's value (the default for a new one) when left empty."""
        return self._clean_match_points("match_points_bye")

    def clean(self) -> dict[str, Any]:
        """Check the tie-breaks are distinct and the format value makes sense."""
        super().clean()
        data = self.cleaned_data
        keys = [data.get(f"tie_break_{n}") for n in (1, 2, 3)]
        chosen = [key for key in keys if key]
        if len(chosen) != len(set(chosen)):
            self.add_error("tie_break_2", gettext("Each tie-break can be used once."))
        if self.is_melee_concours or data.get("melee"):
            for number, key in enumerate(keys, start=1):
                if key == TieBreak.HEAD_TO_HEAD:
                    self.add_error(f"tie_break_{number}", str(MELEE_HEAD_TO_HEAD))
        data["tie_breaks"] = ",".join(chosen)
        value = data.get("match_format_value")
        if data.get("match_format") == "deals" and value is not None and not 1 <= value <= 64:
            self.add_error("match_format_value", gettext("A match has between 1 and 64 deals."))
        if data.get("match_format") == "target" and value is not None and value < 100:
            self.add_error("match_format_value", gettext("A target score is at least 100."))
        rounds = data.get("number_of_rounds")
        if rounds is not None and not 1 <= rounds <= 20:
            self.add_error("number_of_rounds", gettext("A tournament has 1 to 20 rounds."))
        return data

    def settings(self) -> dict[str, Any]:
        """Return the cleaned settings as model field values, for the services."""
        names = [name for name in self.Meta.fields if name != "club" and name in self.fields]
        settings = {name: self.cleaned_data[name] for name in names}
        if self.fields["tie_break_1"].disabled:
            # Frozen: shown as stored, kept as stored (a mêlée's may hold head-to-head).
            return settings
        return settings | {"tie_breaks": self.cleaned_data["tie_breaks"]}


def organiser_clubs(user: User) -> QuerySet[Club]:
    """Return the clubs ``user`` may create tournaments for (selectors.organiser_clubs)."""
    return selectors.organiser_clubs(user)


#: The largest record id a form takes: above it, no record exists (a field error, not a 500).
MAX_RECORD_ID = 2**31 - 1


class TeamForm(forms.Form):
    """One team: number (optional, assigned when empty), both players, club, and its
    name (optional)."""

    number = forms.IntegerField(
        label=_("Number"),
        min_value=1,
        max_value=MAX_TEAM_NUMBER,
        error_messages=BOUNDED,
        required=False,
    )
    player_1 = forms.CharField(label=_("Player 1"), max_length=100)
    player_1_licence = forms.CharField(label=_("Licence 1"), max_length=30, required=False)
    player_2 = forms.CharField(label=_("Player 2"), max_length=100)
    player_2_licence = forms.CharField(label=_("Licence 2"), max_length=30, required=False)
    club = forms.CharField(label=_("Club"), max_length=150, required=False)
    # The registry's record each name was picked from (the type-ahead fills them).
    player_1_record = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_RECORD_ID, widget=forms.HiddenInput
    )
    player_2_record = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_RECORD_ID, widget=forms.HiddenInput
    )
    name = forms.CharField(label=_("Team name"), max_length=MAX_TEAM_NAME_LENGTH, required=False)

    def __init__(
        self, *args: Any, is_focused: bool = False, lookup_url: str = "", **kwargs: Any
    ) -> None:
        """Build the form; ``is_focused`` puts the cursor in its first field, or in its
        first field in error once it is checked (the registration form, so that team
        after team is typed without reaching for the mouse). ``lookup_url``, when given,
        makes both names look up the club's registry as they are typed (htmx, then
        static/js/player_lookup.js)."""
        super().__init__(*args, **kwargs)
        self.fields["number"].widget.attrs["inputmode"] = "numeric"
        if lookup_url:
            for name in ("player_1", "player_2"):
                self.fields[name].widget.attrs.update(
                    {
                        "autocomplete": "off",
                        "data-player-lookup": "",
                        "hx-get": f"{lookup_url}?field={name}",
                        "hx-trigger": "input changed delay:250ms",
                        "hx-target": f"#{name}-suggestions",
                    }
                )
        self.is_focused = is_focused
        if is_focused:
            self._focus(next(iter(self.fields)))

    def full_clean(self) -> None:
        """Check the form, then move the cursor to its first field in error, if focused."""
        super().full_clean()
        in_error = [name for name in self.fields if name in self.errors]
        if self.is_focused and in_error:
            self._focus(in_error[0])

    def _focus(self, name: str) -> None:
        for field_name, field in self.fields.items():
            if field_name == name:
                field.widget.attrs["autofocus"] = True
            else:
                field.widget.attrs.pop("autofocus", None)

    def clean_player_1(self) -> str:
        """Clean the first player's name as every typed name is."""
        return _cleaned_name(self, "player_1")

    def clean_player_2(self) -> str:
        """Clean the second player's name as every typed name is."""
        return _cleaned_name(self, "player_2")

    def clean_club(self) -> str:
        """Clean the club's name: the club is found by it, so "Club\\x7f" is "Club"."""
        return _cleaned_name(self, "club")

    def clean_name(self) -> str:
        """Clean the team's name as every typed name is (it may stay empty)."""
        return _cleaned_name(self, "name")


def team_initial(team: Team) -> dict[str, object]:
    """Return :class:`TeamForm`'s initial values for a registered team."""
    return {
        "number": team.number,
        "player_1": team.player_1,
        "player_2": team.player_2,
        "club": team.club.name if team.club else "",
        "player_1_record": team.player_1_record_id,
        "player_2_record": team.player_2_record_id,
        "player_1_licence": team.player_1_record.licence if team.player_1_record else "",
        "player_2_licence": team.player_2_record.licence if team.player_2_record else "",
        "name": team.name,
    }


class SwapForm(forms.Form):
    """Two teams of a draft draw to swap."""

    first = forms.IntegerField(
        label=_("Team"), min_value=1, max_value=MAX_TEAM_NUMBER, error_messages=BOUNDED
    )
    second = forms.IntegerField(
        label=_("with team"), min_value=1, max_value=MAX_TEAM_NUMBER, error_messages=BOUNDED
    )
