"""forms/messages.py: every refusal worded in French and English, lists agreeing with their count."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from tournaments.forms.messages import SERVICE_MESSAGES, service_error_message
from tournaments.services import Refusal


@pytest.mark.parametrize(
    ("code", "params", "message"),
    [
        (
            "matches_open",
            {"tables": (3,)},
            "Une table n’a pas fini (table 3) : terminez-la ou arrêtez-la au temps.",
        ),
        (
            "matches_open",
            {"tables": (2, 3)},
            "Des tables n’ont pas fini (tables 2, 3) : terminez-les ou arrêtez-les au temps.",
        ),
        (
            "deals_unconfirmed",
            {"tables": (1,)},
            "Des donnes ne sont pas encore confirmées (table 1) : les adversaires les "
            "confirment, ou vous les validez ou corrigez sur la page de la table. Seules les "
            "donnes confirmées comptent.",
        ),
        (
            "deals_unconfirmed",
            {"tables": (1, 4)},
            "Des donnes ne sont pas encore confirmées (tables 1, 4) : les adversaires les "
            "confirment, ou vous les validez ou corrigez sur la page de chaque table. Seules "
            "les donnes confirmées comptent.",
        ),
        (
            "changed",
            {"numbers": (2, 5)},
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
        assert service_error_message("matches_open", {"tables": (7,)}) == (
            "A match is not finished (table 7): finish it or close it for time."
        )


class Placeholders(dict):
    """A mapping that answers any key a message asks for, and remembers which it asked."""

    def __missing__(self, key):
        self.setdefault("_asked", set()).add(key)
        return 2 if key == "count" else f"<{key}>"


def asked(message) -> tuple[set[str], str]:
    values = Placeholders()
    text = message % values
    return values.get("_asked", set()), text


@pytest.mark.parametrize("refusal", list(Refusal), ids=str)
def test_every_refusal_has_a_french_and_an_english_message_with_the_same_placeholders(
    refusal,
):
    message = SERVICE_MESSAGES[refusal]

    with translation.override("en"):
        english_keys, english = asked(message)
    with translation.override("fr"):
        french_keys, french = asked(message)

    assert (bool(english), bool(french), english != french) == (True, True, True)
    assert french_keys == english_keys


def test_every_refusal_the_code_names_is_a_member():
    named = set()
    for path in (Path(__file__).resolve().parents[2] / "tournaments").rglob("*.py"):
        named |= set(re.findall(r"Refusal\.([A-Z_]+)", path.read_text(encoding="utf-8")))

    assert named - {member.name for member in Refusal} == set()
