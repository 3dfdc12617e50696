"""Forms of season challenges (RULES.md §I): name and formula, the concours to add."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import QuerySet
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import (
    MAX_CHALLENGE_CONCOURS,
    MAX_CHALLENGE_POINTS,
    Challenge,
    Club,
    Tournament,
)
from tournaments.services.challenges import FORMULA_FIELDS
from tournaments.text import clean_name

#: A formula number out of its range, naming the field (« Points par partie gagnée : … »).
RANGE_MESSAGE = _("%(field)s: enter a whole number from %(minimum)s to %(maximum)s.")

#: The range of each number of the formula.
NUMBER_RANGES = {
    "points_win": (0, MAX_CHALLENGE_POINTS),
    "points_draw": (0, MAX_CHALLENGE_POINTS),
    "points_loss": (0, MAX_CHALLENGE_POINTS),
    "points_bye": (0, MAX_CHALLENGE_POINTS),
    "best_of": (1, MAX_CHALLENGE_CONCOURS),
    "minimum": (1, MAX_CHALLENGE_CONCOURS),
}


def _range_message(label: object, minimum: int, maximum: int) -> str:
    values = {"field": label, "minimum": minimum, "maximum": maximum}
    return lazy(lambda: str(RANGE_MESSAGE) % values, str)()


class ChallengeForm(forms.ModelForm):
    """Create a challenge or change it: its name and its formula (RULES.md §I).

    ``clubs`` are those the organiser may create it for; None when changing one (its
    club stays). Every bad number is refused beside its field with a message naming it.
    """

    class Meta:
        model = Challenge
        fields = ["club", "name", *FORMULA_FIELDS]

    def __init__(self, *args: Any, clubs: QuerySet[Club] | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if clubs is None:
            del self.fields["club"]
        else:
            club = self.fields["club"]
            assert isinstance(club, forms.ModelChoiceField)
            club.queryset = clubs
            club.empty_label = None
        for name, (minimum, maximum) in NUMBER_RANGES.items():
            field = self.fields[name]
            message = _range_message(field.label, minimum, maximum)
            field.validators = [
                MinValueValidator(minimum, message=message),
                MaxValueValidator(maximum, message=message),
            ]
            field.error_messages.update(
                {"invalid": message, "min_value": message, "max_value": message}
            )
            field.widget.attrs.update(
                {"min": str(minimum), "max": str(maximum), "inputmode": "numeric"}
            )

    def clean_name(self) -> str:
        """Clean the name as every typed name is; a blank one is refused."""
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(gettext("Name: type the challenge's name."))
        return name

    def _get_validation_exclusions(self) -> set[str]:
        """Leave the name's uniqueness in the club to the service, whose message names
        the field (« Nom : le club a déjà un challenge nommé … »); the form field checks
        the name's length, the model every other field and constraint."""
        return {*super()._get_validation_exclusions(), "name"}  # type: ignore[misc]

    def formula(self) -> dict[str, Any]:
        """Return the cleaned formula as model field values, for the services."""
        return {name: self.cleaned_data[name] for name in FORMULA_FIELDS}


class ConcoursChoiceField(forms.ChoiceField):
    """A concours picked by its slug among ``choices``; any concours' slug is taken, so
    that the service, not the list, says why one cannot join (another club's…)."""

    def valid_value(self, value: object) -> bool:
        return True

    def clean(self, value: Any) -> Tournament:
        slug = super().clean(value)
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise forms.ValidationError(gettext("Concours: choose a concours from the list."))
        return tournament


class AddConcoursForm(forms.Form):
    """The concours to add to a challenge: the finished concours of its club not in it."""

    concours = ConcoursChoiceField(label=_("Concours"))

    def __init__(self, *args: Any, choices: QuerySet[Tournament], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["concours"]
        assert isinstance(field, ConcoursChoiceField)
        field.choices = [(t.slug, f"{t.name} ({t.date:%d/%m/%Y})") for t in choices]
