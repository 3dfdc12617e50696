"""forms/messages.py: a refusal about a list of tables or deals agrees with its count."""

import pytest
from django.utils import translation

from tournaments.forms.messages import service_error_message


@pytest.mark.parametrize(
    ("code", "params", "message"),
    [
        (
            "matches_open",
            {"tables": "3"},
            "Une table n’a pas fini (table 3) : terminez-la ou arrêtez-la au temps.",
        ),
        (
            "matches_open",
            {"tables": "2, 3"},
            "Des tables n’ont pas fini (tables 2, 3) : terminez-les ou arrêtez-les au temps.",
        ),
        (
            "deals_unconfirmed",
            {"tables": "1"},
            "Des donnes ne sont pas encore confirmées (table 1) : les adversaires les "
            "confirment, ou vous les validez ou corrigez sur la page de la table. Seules les "
            "donnes confirmées comptent.",
        ),
        (
            "deals_unconfirmed",
            {"tables": "1, 4"},
            "Des donnes ne sont pas encore confirmées (tables 1, 4) : les adversaires les "
            "confirment, ou vous les validez ou corrigez sur la page de chaque table. Seules "
            "les donnes confirmées comptent.",
        ),
        (
            "changed",
            {"numbers": "2, 5"},
            "Les adversaires ont modifié les donnes 2, 5 entre-temps : vérifiez-les telles "
            "qu’elles sont maintenant, puis confirmez à nouveau.",
        ),
        ("deal_exists", {"number": 4}, "La donne 4 est déjà enregistrée."),
    ],
)
def test_a_refusal_agrees_with_the_number_of_tables_or_deals(code, params, message):
    with translation.override("fr"):
        assert service_error_message(code, params) == message


def test_the_singular_refusal_reads_in_english_too():
    with translation.override("en"):
        assert service_error_message("matches_open", {"tables": "7"}) == (
            "A match is not finished (table 7): finish it or close it for time."
        )
