"""TableDealForm: what the phone's deal form shows while it is filled (preview), and the
fields each form gets for its rule set (built once, copied for each form)."""

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


def test_each_form_has_its_rule_set_s_fields_in_order_and_its_own_copy_of_them():
    coinche, classic = (
        scoring.get_ruleset("ffb-coinche"),
        scoring.get_ruleset("belote-sans-annonces"),
    )
    names = ("Team 1", "Team 2")
    first = TableDealForm(initial={"deal_number": 3}, rules=coinche, team_names=names)
    first.fields["trump"].widget.attrs["data-changed"] = "yes"
    second = TableDealForm(initial={"deal_number": None}, rules=coinche, team_names=("X", "Y"))
    edit = TableDealForm(
        initial={"taker_belotes": "1"}, rules=classic, team_names=names, is_edit=True
    )

    assert list(first.fields) == [
        "deal_number", "is_passed", "taker", "trump", "contract", "is_capot", "coinche",
        "taker_tricks", "taker_card_points", "taker_belotes", "defence_belotes",
        "taker_declaration_1", "taker_declaration_2", "taker_declaration_3",
        "defence_declaration_1", "defence_declaration_2", "defence_declaration_3",
    ]  # fmt: skip
    assert list(edit.fields) == [
        "version", "is_passed", "taker", "trump", "taker_tricks", "taker_card_points",
        "taker_belotes", "defence_belotes",
    ]  # fmt: skip
    assert second.fields["trump"].widget.attrs == {"aria-describedby": "trump-errors"}
    assert first.fields["deal_number"].error_messages["required"] == (
        "Ce numéro de donne ne peut pas être enregistré : la prochaine donne de cette partie"
        " est la donne 3."
    )
    assert second.fields["deal_number"].error_messages["required"] == (
        "Ce numéro de donne ne peut pas être enregistré : rechargez la page."
    )
    assert first.fields["taker"].choices == [("A", "Team 1"), ("B", "Team 2")]
    assert second.fields["taker"].choices == [("A", "X"), ("B", "Y")]
    assert first.fields["contract"].widget.attrs == {
        "step": 10, "min": 80, "max": 500, "inputmode": "numeric", "placeholder": "80",
        "aria-describedby": "contract-errors",
    }  # fmt: skip
    assert (edit.initial["taker_belotes"], type(edit.fields["taker_belotes"]).__name__) == (
        True,
        "BooleanField",
    )
    assert [value for value, _ in second.fields["taker_tricks"].widget.choices] == [
        str(tricks) for tricks in range(9)
    ]
    assert [value for value, _ in second.fields["coinche"].widget.choices] == [
        "none",
        "coinche",
        "surcoinche",
    ]
    assert TableDealForm.base_fields["trump"].widget.attrs == {}
