"""views/table/board.py blank_fields: a blank deal form's fields, rendered once and kept."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

import scoring
from tournaments.forms.table import TableDealForm
from tournaments.views.table.board import TEMPLATE, blank_fields

PRESETS = ["ffb-coinche", "belote-classique", "contree-points-faits"]


def _rendered(form: TableDealForm) -> str:
    context = {"form": form, "rules": form.rules, "preview": form.preview()}
    return render_to_string(f"{TEMPLATE}#deal-fields", context)


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("preset", PRESETS)
def test_the_kept_fields_are_those_the_template_renders_for_the_form(preset, language):
    rules = scoring.get_ruleset(preset)
    with translation.override(language):
        form = TableDealForm(
            initial={"deal_number": 7}, rules=rules, team_names=("Équipe 3", "Équipe 8")
        )

        kept, again, rendered = blank_fields(form), blank_fields(form), _rendered(form)

    assert kept == rendered
    assert again is kept


def test_the_kept_fields_are_kept_apart_by_language_and_team_names():
    rules = scoring.get_ruleset("ffb-coinche")
    kept, rendered = [], []
    for language, names in (("fr", ("A", "B")), ("en", ("A", "B")), ("en", ("A", "Les As"))):
        with translation.override(language):
            form = TableDealForm(rules=rules, team_names=names)
            kept.append(blank_fields(form))
            rendered.append(_rendered(form))

    assert kept == rendered
    assert len(set(kept)) == 3


def test_a_form_sent_back_or_a_correction_is_rendered_with_the_board():
    rules = scoring.get_ruleset("ffb-coinche")
    names = ("Équipe 1", "Équipe 2")
    sent = TableDealForm({"deal_number": "2", "trump": "X"}, rules=rules, team_names=names)
    correction = TableDealForm(initial={"version": 1}, rules=rules, team_names=names, is_edit=True)

    assert (blank_fields(sent), blank_fields(correction), blank_fields(None)) == ("", "", "")
