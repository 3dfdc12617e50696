"""The settings of the automatic database copies (belote_club/settings.py, last block)."""

import runpy
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parent.parent
SETTINGS_PATH = ROOT / "belote_club" / "settings.py"


@pytest.mark.parametrize(
    ("value", "message"), [("0", "at least 1, not 0"), ("x", "a whole number, not 'x'")]
)
def test_the_number_of_copies_kept_is_a_whole_number_of_at_least_1(monkeypatch, value, message):
    monkeypatch.setenv("BELOTE_BACKUP_KEEP", value)

    with pytest.raises(ImproperlyConfigured) as raised:
        runpy.run_path(str(SETTINGS_PATH))

    assert str(raised.value) == f"BELOTE_BACKUP_KEEP must be {message}."


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
