"""belote_club/form_renderer.py writes the plain widget templates in Python: every field of
the site's forms, each radio button and each error list must read exactly as Django's own
templates write them."""

import datetime

import pytest
from django import forms
from django.conf import settings
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.utils import translation
from django.utils.safestring import mark_safe

import scoring
from belote_club.form_renderer import PlainWidgetRenderer
from tournaments.forms.corrections import ConfirmDealForm, ReasonForm
from tournaments.forms.deal import DealForm
from tournaments.forms.setup import SwapForm, TeamForm, TournamentForm
from tournaments.forms.table import DisputeForm, PinForm, TableDealForm
from tournaments.models import Club

TEAMS = ("Équipe <1> & « Cœur »", "Équipe 2")
DEAL = {
    "deal_number": "3",
    "taker": "B",
    "trump": "H",
    "contract": "90",
    "coinche": "none",
    "taker_tricks": "5",
    "taker_card_points": "104",
    "taker_belotes": "1",
    "defence_belotes": "0",
}


class Everything(forms.Form):
    """One field of each widget written in Python, with awkward values and attributes."""

    text = forms.CharField(
        initial='a "quoted" <b>&amp;</b>',
        widget=forms.TextInput(
            attrs={"data-x": True, "data-y": False, "placeholder": mark_safe("<i>")}
        ),
    )
    number = forms.IntegerField(initial=1234567)
    hidden = forms.CharField(widget=forms.HiddenInput, initial=None, required=False)
    checkbox = forms.BooleanField(initial=True)
    date = forms.DateField(initial=datetime.date(2026, 12, 31))
    email = forms.EmailField(widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    password = forms.CharField(widget=forms.PasswordInput)
    radio = forms.ChoiceField(
        choices=[(1, 1000), ("b", "B <b>"), ("", "—")], widget=forms.RadioSelect, initial="b"
    )
    boxes = forms.MultipleChoiceField(
        choices=[("x", "X"), ("y", "Y")], widget=forms.CheckboxSelectMultiple, initial=["y"]
    )
    select = forms.ChoiceField(
        choices=[("Groupe <1>", [("a", "A"), ("b", "B")]), ("c", 12345)], initial="c"
    )
    many = forms.MultipleChoiceField(choices=[("a", "A"), ("b", "B")], initial=["a", "b"])
    area = forms.CharField(widget=forms.Textarea)


def forms_to_compare(renderer):
    """Return forms of the site, blank and filled in with errors, and :class:`Everything`,
    each rendered by ``renderer``."""
    coinche = scoring.get_ruleset("ffb-coinche")
    classic = scoring.get_ruleset("belote-classique")
    return [
        Everything(renderer=renderer),
        Everything(renderer=renderer, data={"text": "<x>", "number": "x", "radio": "zz"}),
        TableDealForm(
            renderer=renderer, rules=coinche, team_names=TEAMS, initial={"deal_number": 4}
        ),
        TableDealForm(renderer=renderer, data=DEAL, rules=coinche, team_names=TEAMS),
        TableDealForm(
            renderer=renderer,
            data=DEAL | {"taker_card_points": "170", "taker_declaration_1": "x"},
            rules=coinche,
            team_names=TEAMS,
        ),
        TableDealForm(
            renderer=renderer,
            data=DEAL | {"contract": "", "coinche": ""},
            rules=classic,
            team_names=TEAMS,
            is_edit=True,
        ),
        DealForm(renderer=renderer, rules=coinche, team_names=TEAMS),
        DealForm(
            renderer=renderer, data=DEAL | {"taker_tricks": "9"}, rules=coinche, team_names=TEAMS
        ),
        PinForm(renderer=renderer, data={"pin": "<12"}),
        DisputeForm(renderer=renderer),
        ReasonForm(renderer=renderer, data={}, label="Pourquoi <cette> correction"),
        ConfirmDealForm(renderer=renderer, data={"version": "x"}),
        SwapForm(renderer=renderer),
        TeamForm(renderer=renderer, data={"player_1": "", "player_2": "Zoé"}),
        TournamentForm(renderer=renderer, clubs=Club.objects.all()),
        TournamentForm(renderer=renderer, data={"name": ""}, clubs=Club.objects.all()),
    ]


def written(form: forms.Form) -> list[str]:
    """Return every field's HTML, each of its choices' tags (bare and in their label), its
    errors, and the form's."""
    if form.is_bound:
        form.is_valid()
    texts = [str(form.non_field_errors())]
    for field in form:
        texts += [str(field), str(field.errors), str(field.label_tag())]
        texts += [str(choice.tag(wrap_label)) for choice in field for wrap_label in (False, True)]
    return texts


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_field_reads_as_django_s_own_templates_write_it(language):
    with translation.override(language):
        plain = [written(form) for form in forms_to_compare(PlainWidgetRenderer())]
        django = [written(form) for form in forms_to_compare(DjangoTemplates())]
    assert plain == django
    assert sum('class="errorlist' in text for texts in plain for text in texts) > 10


def test_the_site_renders_its_forms_with_it():
    assert settings.FORM_RENDERER == "belote_club.form_renderer.PlainWidgetRenderer"
    assert isinstance(get_default_renderer(), PlainWidgetRenderer)
