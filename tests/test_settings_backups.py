"""The settings of the automatic database copies (belote_club/settings.py, last block)."""

import runpy
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from belote_club.settings import env_positive_int

ROOT = Path(__file__).resolve().parent.parent
SETTINGS_PATH = ROOT / "belote_club" / "settings.py"


@pytest.mark.parametrize(("value", "expected"), [("1", 1), ("20", 20), ("007", 7)])
def test_env_positive_int_reads_a_whole_number_of_at_least_1(monkeypatch, value, expected):
    monkeypatch.setenv("BELOTE_TEST_COUNT", value)

    result = env_positive_int("BELOTE_TEST_COUNT", default=3)

    assert result == expected


def test_env_positive_int_gives_the_default_when_unset(monkeypatch):
    monkeypatch.delenv("BELOTE_TEST_COUNT", raising=False)

    result = env_positive_int("BELOTE_TEST_COUNT", default=3)

    assert result == 3


@pytest.mark.parametrize("value", ["0", "-1", "20 ", "", "twenty", "２０", "1.5"])
def test_env_positive_int_rejects_anything_else(monkeypatch, value):
    monkeypatch.setenv("BELOTE_TEST_COUNT", value)

    with pytest.raises(ImproperlyConfigured) as raised:
        env_positive_int("BELOTE_TEST_COUNT", default=3)

    assert str(raised.value) == (
        f"BELOTE_TEST_COUNT must be a whole number of at least 1, not {value!r}."
    )


def test_the_copies_go_to_var_backups_and_the_last_20_are_kept_by_default(monkeypatch):
    monkeypatch.delenv("BELOTE_BACKUP_DIR", raising=False)
    monkeypatch.delenv("BELOTE_BACKUP_KEEP", raising=False)

    values = runpy.run_path(str(SETTINGS_PATH))

    assert (values["BELOTE_BACKUP_DIR"], values["BELOTE_BACKUP_KEEP"]) == (
        ROOT / "var" / "backups",
        20,
    )


def test_the_copies_go_where_the_environment_says(monkeypatch, tmp_path):
    monkeypatch.setenv("BELOTE_BACKUP_DIR", str(tmp_path))
    monkeypatch.setenv("BELOTE_BACKUP_KEEP", "5")

    values = runpy.run_path(str(SETTINGS_PATH))

    assert (values["BELOTE_BACKUP_DIR"], values["BELOTE_BACKUP_KEEP"]) == (tmp_path, 5)
