"""TableDealForm.preview: what the phone's deal form shows while it is filled."""

import scoring
from tournaments.forms.table import DealPreview, TableDealForm


def test_the_preview_leaves_the_taker_card_points_unknown_when_they_are_not_a_number():
    form = TableDealForm(
        {"taker_tricks": "8", "taker_card_points": "1a"},
        rules=scoring.get_ruleset("ffb-coinche"),
        team_names=("Team 1", "Team 2"),
    )

    preview = form.preview()

    assert preview == DealPreview(
        taker_card_points=None, defence_card_points=0, is_taker_capot=True
    )
