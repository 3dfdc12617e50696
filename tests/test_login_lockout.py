"""Login lock-out (django-axes, belote_club/settings.py): the login page and the admin lock an
account at an address after BELOTE_LOGIN_FAILURE_LIMIT wrong passwords, with a French page."""

import html
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from tests.factories import PASSWORD, UserFactory

LOGIN = "/comptes/connexion/"
ADMIN_LOGIN = "/admin/login/?next=/admin/"
RIGHT = {"username": "marie", "password": PASSWORD}
WRONG = {"username": "marie", "password": "not " + PASSWORD}
#: The command the lock-out page gives, as README.md gives it (it runs as shown there).
UNLOCK_COMMAND = 'DJANGO_SECRET_KEY="$(cat var/secret_key)" .venv/bin/python manage.py axes_reset'
LOCKED_OUT_TEXT = [
    "Connexion bloquée",
    "Trop de mots de passe erronés pour ce compte depuis cet appareil. Réessayez dans "
    "15 minutes : chaque nouvel essai relance l’attente.",
    "L’administrateur du club peut la débloquer tout de suite, dans le dossier du site sur "
    "l’ordinateur du club, avec cette commande :",
    UNLOCK_COMMAND,
]


def french(client: Client) -> Client:
    client.cookies["django_language"] = "fr"
    return client


def fail(client: Client, times: int, path: str = LOGIN) -> list[int]:
    """Send `times` wrong passwords for Marie; return each answer's status."""
    return [client.post(path, WRONG).status_code for _ in range(times)]


def signed_in_username(client: Client) -> str | None:
    """Return who the client's session is signed in as, or None."""
    response = client.get("/")
    found = re.findall(r'<li class="site-nav-user">(.*?)</li>', response.content.decode())
    return html.unescape(found[0]) if found else None


def locked_out_text(response) -> list[str]:
    """Return the heading and paragraphs of the lock-out page's card, as text (tags dropped,
    spaces collapsed)."""
    card = re.findall(
        r'<section class="card[^"]*">(.*?)</section>', response.content.decode(), re.S
    )
    texts = re.findall(r"<(?:h1|p)[^>]*>(.*?)</(?:h1|p)>", card[0], re.S)
    return [
        html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", text)).strip()) for text in texts
    ]


def test_the_limit_and_the_wait_have_their_defaults(settings):
    assert (settings.AXES_FAILURE_LIMIT, settings.AXES_COOLOFF_TIME.total_seconds()) == (5, 900)


def test_it_still_logs_in_with_the_right_password_after_one_failure_fewer_than_the_limit(
    client, organiser, settings
):
    failures = fail(client, settings.AXES_FAILURE_LIMIT - 1)

    response = client.post(LOGIN, RIGHT)

    assert (failures, response.status_code, response["Location"]) == ([200] * 4, 302, "/")
    assert signed_in_username(client) == "Connecté\u00a0: marie"


def test_it_locks_the_account_at_the_limit_even_with_the_right_password(
    client, organiser, settings
):
    failures = fail(french(client), settings.AXES_FAILURE_LIMIT)

    response = client.post(LOGIN, RIGHT)

    assert (failures, response.status_code) == ([200, 200, 200, 200, 429], 429)
    assert locked_out_text(response) == LOCKED_OUT_TEXT
    assert signed_in_username(client) is None


def test_the_admin_login_locks_the_account_too(client, db, settings):
    UserFactory(username="marie", is_staff=True, is_superuser=True)

    failures = fail(french(client), settings.AXES_FAILURE_LIMIT, path=ADMIN_LOGIN)
    response = client.post(ADMIN_LOGIN, RIGHT)

    assert (failures, response.status_code) == ([200, 200, 200, 200, 429], 429)
    assert locked_out_text(response) == LOCKED_OUT_TEXT


def test_the_lock_out_page_speaks_english_to_an_english_visitor(client, organiser, settings):
    client.cookies["django_language"] = "en"
    fail(client, settings.AXES_FAILURE_LIMIT - 1)

    response = client.post(LOGIN, WRONG)

    assert locked_out_text(response) == [
        "Login locked",
        "Too many wrong passwords for this account from this device. Try again in 15 minutes: "
        "each new try starts the wait again.",
        "The club's administrator can unlock it at once, in the site's folder on the club's "
        "computer, with this command:",
        UNLOCK_COMMAND,
    ]


def test_a_success_clears_the_failures_before_it(client, organiser, settings):
    limit = settings.AXES_FAILURE_LIMIT
    before = fail(client, limit - 1)
    client.post(LOGIN, RIGHT)
    client.post("/comptes/deconnexion/")

    after = fail(client, limit - 1)
    response = client.post(LOGIN, RIGHT)

    assert (before, after, response.status_code) == ([200] * 4, [200] * 4, 302)
    assert signed_in_username(client) == "Connecté\u00a0: marie"


def test_a_lock_at_one_address_leaves_the_account_open_at_another(organiser, settings):
    phone = Client(REMOTE_ADDR="192.168.1.31")
    laptop = french(Client(REMOTE_ADDR="127.0.0.1"))

    failures = fail(phone, settings.AXES_FAILURE_LIMIT)
    response = laptop.post(LOGIN, RIGHT)

    assert (failures[-1], response.status_code) == (429, 302)
    assert signed_in_username(laptop) == "Connecté\u00a0: marie"


def test_the_readme_gives_the_same_unlock_command():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")

    assert readme.count(f"`{UNLOCK_COMMAND}`") == 2  # in French, then in English


def test_axes_reset_unlocks_the_organiser(client, organiser, settings):
    fail(client, settings.AXES_FAILURE_LIMIT)

    call_command("axes_reset", verbosity=0)
    response = client.post(LOGIN, RIGHT)

    assert response.status_code == 302
    assert signed_in_username(french(client)) == "Connecté\u00a0: marie"


@pytest.mark.parametrize(("limit", "statuses"), [(1, [429]), (3, [200, 200, 429])])
def test_the_limit_comes_from_the_settings(client, organiser, settings, limit, statuses):
    settings.AXES_FAILURE_LIMIT = limit

    failures = fail(client, limit)

    assert failures == statuses
