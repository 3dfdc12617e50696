"""`manage.py check --deploy` under ./run's settings, and the secret key ./run makes.

On a hall's LAN the site is plain http, so exactly the four warnings only https can lift
remain (README); with the https variables set, none does. The key is made by ./run's own
``secret_in`` function, cut out of the script and run alone.
"""

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.checks.security.base import _check_secret_key

ROOT = Path(__file__).resolve().parent.parent
RUN = ROOT / "run"
#: What ./run exports for Django (and BELOTE_PUBLIC_URL), for a laptop at 192.168.1.20.
RUN_ENVIRONMENT = {
    "DJANGO_DEBUG": "false",
    "DJANGO_ALLOWED_HOSTS": "localhost,127.0.0.1,192.168.1.20",
    "DJANGO_CSRF_TRUSTED_ORIGINS": (
        "http://localhost:8000,http://127.0.0.1:8000,http://192.168.1.20:8000"
    ),
    "BELOTE_PUBLIC_URL": "http://192.168.1.20:8000/",
}
HTTPS_ENVIRONMENT = {
    "DJANGO_SECURE_PROXY_SSL_HEADER": "true",
    "DJANGO_SECURE_SSL_REDIRECT": "true",
    "DJANGO_SECURE_HSTS_SECONDS": "31536000",
    "DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
    "DJANGO_SECURE_HSTS_PRELOAD": "true",
    "DJANGO_SESSION_COOKIE_SECURE": "true",
    "DJANGO_CSRF_COOKIE_SECURE": "true",
}


def secret_in(path: Path, *arguments: str) -> str:
    """Run ./run's ``secret_in`` on `path` (with `arguments`) and return what it prints."""
    found = re.search(r"^secret_in\(\) \{$.*?^\}$", RUN.read_text(), re.M | re.S)
    assert found is not None, "./run has no secret_in function"
    script = f'set -euo pipefail\n{found.group(0)}\nsecret_in "$@"\n'
    result = subprocess.run(
        ["bash", "-c", script, "secret_in", str(path), *arguments],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def deploy_check(tmp_path: Path, extra: dict[str, str]) -> tuple[set[str], str]:
    """Run ``manage.py check --deploy`` as ./run would; return the check ids and last line."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "BELOTE_", "DATABASE_URL", "REDIS_URL"))
    }
    key = secret_in(tmp_path / "secret_key", "64")
    environment |= RUN_ENVIRONMENT | {"DJANGO_SECRET_KEY": key} | extra
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    output = result.stdout + result.stderr
    ids = set(re.findall(r"^\S*: \(([a-z_]+\.[A-Z]\d+)\)", output, re.M))
    return ids, output.strip().splitlines()[-1]


def test_the_secret_key_run_makes_is_64_letters_and_digits_the_check_accepts(tmp_path):
    key_file = tmp_path / "secret_key"

    key = secret_in(key_file, "64")

    assert (len(key), key.isascii() and key.isalnum(), _check_secret_key(key)) == (64, True, True)
    assert (key_file.read_text(), stat.S_IMODE(key_file.stat().st_mode)) == (key, 0o600)


def test_run_makes_a_new_key_each_time_it_has_none(tmp_path):
    first = secret_in(tmp_path / "first", "64")

    second = secret_in(tmp_path / "second", "64")

    assert first != second


def test_run_replaces_a_key_too_short_for_the_check(tmp_path):
    key_file = tmp_path / "secret_key"
    old_key = "k" * 42
    key_file.write_text(old_key)

    key = secret_in(key_file, "64")

    assert (len(key), key == old_key, key_file.read_text() == key) == (64, False, True)


def test_run_keeps_a_key_long_enough(tmp_path):
    key_file = tmp_path / "secret_key"
    key_file.write_text("a1" * 32)

    key = secret_in(key_file, "64")

    assert key == "a1" * 32


def test_run_keeps_the_organisers_password_whatever_its_length(tmp_path):
    password_file = tmp_path / "organiser-password"
    password_file.write_text("motdepasse")

    password = secret_in(password_file)

    assert password == "motdepasse"


def test_run_makes_an_organiser_password_of_43_letters_and_digits(tmp_path):
    password = secret_in(tmp_path / "organiser-password")

    assert (len(password), password.isascii() and password.isalnum()) == (43, True)


@pytest.mark.parametrize(
    ("extra", "expected_ids", "expected_last_line"),
    [
        (
            {},
            {"security.W004", "security.W008", "security.W012", "security.W016"},
            "System check identified 4 issues (0 silenced).",
        ),
        (HTTPS_ENVIRONMENT, set(), "System check identified no issues (0 silenced)."),
    ],
    ids=["hall-lan", "behind-https"],
)
def test_check_deploy_leaves_only_what_https_alone_can_fix(
    tmp_path, extra, expected_ids, expected_last_line
):
    ids, last_line = deploy_check(tmp_path, extra)

    assert (ids, last_line) == (expected_ids, expected_last_line)
