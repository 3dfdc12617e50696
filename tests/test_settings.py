"""The strict environment parsers and what belote_club/settings.py builds from the environment."""

import datetime
import re
import runpy
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from belote_club.settings import env_bool, env_int, env_list

SETTINGS_PATH = Path(__file__).resolve().parent.parent / "belote_club" / "settings.py"
ENVIRONMENT_VARIABLES = (
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DATABASE_URL",
    "DJANGO_ALLOWED_HOSTS",
    "DJANGO_CSRF_TRUSTED_ORIGINS",
    "DJANGO_SESSION_COOKIE_SECURE",
    "DJANGO_CSRF_COOKIE_SECURE",
    "DJANGO_SECURE_PROXY_SSL_HEADER",
    "DJANGO_SECURE_SSL_REDIRECT",
    "DJANGO_SECURE_HSTS_SECONDS",
    "DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "DJANGO_SECURE_HSTS_PRELOAD",
    "REDIS_URL",
    "BELOTE_SHARED_DIR",
    "BELOTE_PUBLIC_URL",
    "BELOTE_LOGIN_FAILURE_LIMIT",
    "BELOTE_LOGIN_LOCKOUT_MINUTES",
    "BELOTE_RATE_LIMIT_WINDOW_SECONDS",
    "BELOTE_TABLE_LINK_RATE_LIMIT",
    "BELOTE_ADDRESS_RATE_LIMIT",
    "BELOTE_REGISTRATION_RATE_LIMIT",
    "BELOTE_TABLE_REFRESH_SECONDS",
    "BELOTE_BACKUP_DIR",
    "BELOTE_BACKUP_KEEP",
)


@pytest.fixture
def clean_environment(monkeypatch):
    """Unset every variable the settings read, so each test sets exactly what it needs."""
    for name in ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def load_settings() -> dict[str, object]:
    """Run settings.py afresh with the current environment and return its globals."""
    return runpy.run_path(str(SETTINGS_PATH))


@pytest.mark.parametrize(("value", "expected"), [("true", True), ("false", False)])
def test_env_bool_reads_true_and_false(monkeypatch, value, expected):
    monkeypatch.setenv("BELOTE_TEST_FLAG", value)

    result = env_bool("BELOTE_TEST_FLAG", default=not expected)

    assert result is expected


@pytest.mark.parametrize("default", [True, False])
def test_env_bool_gives_the_default_when_unset(monkeypatch, default):
    monkeypatch.delenv("BELOTE_TEST_FLAG", raising=False)

    result = env_bool("BELOTE_TEST_FLAG", default=default)

    assert result is default


@pytest.mark.parametrize("value", ["yes", "1", "True", "FALSE", "", " true"])
def test_env_bool_rejects_anything_but_true_or_false(monkeypatch, value):
    monkeypatch.setenv("BELOTE_TEST_FLAG", value)

    with pytest.raises(ImproperlyConfigured) as raised:
        env_bool("BELOTE_TEST_FLAG", default=False)

    assert str(raised.value) == f"BELOTE_TEST_FLAG must be 'true' or 'false', not {value!r}."


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("localhost,127.0.0.1", ["localhost", "127.0.0.1"]),
        (" localhost , 192.168.1.20 ,", ["localhost", "192.168.1.20"]),
        ("http://192.168.1.20:8000", ["http://192.168.1.20:8000"]),
        ("", []),
    ],
)
def test_env_list_splits_on_commas(monkeypatch, value, expected):
    monkeypatch.setenv("BELOTE_TEST_LIST", value)

    result = env_list("BELOTE_TEST_LIST", default=["unused"])

    assert result == expected


def test_env_list_gives_a_copy_of_the_default_when_unset(monkeypatch):
    monkeypatch.delenv("BELOTE_TEST_LIST", raising=False)
    default = ["localhost"]

    result = env_list("BELOTE_TEST_LIST", default=default)

    assert (result, result is default) == (["localhost"], False)


def test_env_list_rejects_items_separated_by_spaces(monkeypatch):
    monkeypatch.setenv("BELOTE_TEST_LIST", "localhost 127.0.0.1")

    with pytest.raises(ImproperlyConfigured) as raised:
        env_list("BELOTE_TEST_LIST", default=[])

    assert str(raised.value) == (
        "BELOTE_TEST_LIST must be separated by commas; 'localhost 127.0.0.1' contains whitespace."
    )


@pytest.mark.parametrize(("value", "expected"), [("0", 0), ("600", 600), ("007", 7)])
def test_env_int_reads_whole_numbers(monkeypatch, value, expected):
    monkeypatch.setenv("BELOTE_TEST_NUMBER", value)

    result = env_int("BELOTE_TEST_NUMBER", default=1)

    assert result == expected


def test_env_int_gives_the_default_when_unset(monkeypatch):
    monkeypatch.delenv("BELOTE_TEST_NUMBER", raising=False)

    result = env_int("BELOTE_TEST_NUMBER", default=15, minimum=1)

    assert result == 15


@pytest.mark.parametrize("value", ["", " 600", "600s", "6e2", "-1", "1.5", "١٢"])
def test_env_int_rejects_anything_but_digits(monkeypatch, value):
    monkeypatch.setenv("BELOTE_TEST_NUMBER", value)

    with pytest.raises(ImproperlyConfigured) as raised:
        env_int("BELOTE_TEST_NUMBER", default=1)

    assert str(raised.value) == f"BELOTE_TEST_NUMBER must be a whole number, not {value!r}."


def test_env_int_rejects_a_number_below_the_minimum(monkeypatch):
    monkeypatch.setenv("BELOTE_TEST_NUMBER", "0")

    with pytest.raises(ImproperlyConfigured) as raised:
        env_int("BELOTE_TEST_NUMBER", default=5, minimum=1)

    assert str(raised.value) == "BELOTE_TEST_NUMBER must be at least 1, not 0."


def test_it_requires_a_secret_key_when_debug_is_off(clean_environment):
    with pytest.raises(ImproperlyConfigured) as raised:
        load_settings()

    assert str(raised.value) == (
        "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false "
        "(./run and ./test set it for you)."
    )


def test_it_runs_without_a_secret_key_when_debug_is_on(clean_environment):
    clean_environment.setenv("DJANGO_DEBUG", "true")

    settings = load_settings()

    assert (settings["DEBUG"], settings["SECRET_KEY"], settings["ALLOWED_HOSTS"]) == (
        True,
        "django-insecure-development-only",
        ["localhost", "127.0.0.1", "[::1]"],
    )


def test_it_allows_no_host_by_default_when_debug_is_off(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")

    settings = load_settings()

    assert (settings["DEBUG"], settings["ALLOWED_HOSTS"], settings["CSRF_TRUSTED_ORIGINS"]) == (
        False,
        [],
        [],
    )


def test_it_reads_hosts_and_origins_from_the_environment(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    clean_environment.setenv("DJANGO_ALLOWED_HOSTS", "localhost,192.168.1.20")
    clean_environment.setenv("DJANGO_CSRF_TRUSTED_ORIGINS", "http://192.168.1.20:8000")

    settings = load_settings()

    assert (settings["ALLOWED_HOSTS"], settings["CSRF_TRUSTED_ORIGINS"]) == (
        ["localhost", "192.168.1.20"],
        ["http://192.168.1.20:8000"],
    )


def test_it_defaults_to_sqlite_in_var_with_immediate_transactions_and_wal(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")

    settings = load_settings()

    database = settings["DATABASES"]["default"]
    assert (database["ENGINE"], database["NAME"], database["OPTIONS"]) == (
        "belote_club.sqlite_backend",
        str(settings["BASE_DIR"] / "var" / "db.sqlite3"),
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    )


@pytest.mark.parametrize("url", ["", "postgres://club@db.example:5432/belote"])
def test_each_thread_keeps_its_database_connection_checked_before_reuse(clean_environment, url):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    clean_environment.setenv("DATABASE_URL", url)

    database = load_settings()["DATABASES"]["default"]

    assert (database["CONN_MAX_AGE"], database["CONN_HEALTH_CHECKS"]) == (600, True)


def test_postgresql_gets_prepared_statements_and_no_sqlite_option(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    clean_environment.setenv("DATABASE_URL", "postgres://club@db.example:5432/belote")

    settings = load_settings()

    database = settings["DATABASES"]["default"]
    assert (database["ENGINE"], database["NAME"], database["HOST"], database["OPTIONS"]) == (
        "django.db.backends.postgresql",
        "belote",
        "db.example",
        {"server_side_binding": True, "prepare_threshold": 2},
    )


def test_it_keeps_cookies_usable_over_plain_http_unless_told_otherwise(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    plain = load_settings()
    clean_environment.setenv("DJANGO_SESSION_COOKIE_SECURE", "true")
    clean_environment.setenv("DJANGO_CSRF_COOKIE_SECURE", "true")

    secure = load_settings()

    assert (plain["SESSION_COOKIE_SECURE"], plain["CSRF_COOKIE_SECURE"]) == (False, False)
    assert (secure["SESSION_COOKIE_SECURE"], secure["CSRF_COOKIE_SECURE"]) == (True, True)


def test_it_finds_the_shared_folder_beside_the_repository_unless_told_otherwise(
    clean_environment, tmp_path
):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    default = load_settings()
    clean_environment.setenv("BELOTE_SHARED_DIR", str(tmp_path))

    overridden = load_settings()

    assert default["BELOTE_SHARED_DIR"] == default["BASE_DIR"].parent / "shared"
    assert overridden["BELOTE_SHARED_DIR"] == tmp_path


def test_it_serves_plain_http_unless_told_it_is_behind_https(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    plain = load_settings()
    for name, value in [
        ("DJANGO_SECURE_PROXY_SSL_HEADER", "true"),
        ("DJANGO_SECURE_SSL_REDIRECT", "true"),
        ("DJANGO_SECURE_HSTS_SECONDS", "31536000"),
        ("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", "true"),
        ("DJANGO_SECURE_HSTS_PRELOAD", "true"),
    ]:
        clean_environment.setenv(name, value)

    https = load_settings()

    names = (
        "SECURE_PROXY_SSL_HEADER",
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD",
    )
    assert [plain.get(name) for name in names] == [None, False, 0, False, False]
    assert [https[name] for name in names] == [
        ("HTTP_X_FORWARDED_PROTO", "https"),
        True,
        31536000,
        True,
        True,
    ]


def test_it_caches_in_local_memory_unless_given_redis(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    local = load_settings()
    clean_environment.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")

    shared = load_settings()

    assert local["CACHES"] == {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 10_000},
        }
    }
    assert shared["CACHES"] == {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/0",
            "KEY_PREFIX": "belote",
        }
    }


def test_it_reads_the_login_lock_out_from_the_environment(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    defaults = load_settings()
    clean_environment.setenv("BELOTE_LOGIN_FAILURE_LIMIT", "3")
    clean_environment.setenv("BELOTE_LOGIN_LOCKOUT_MINUTES", "30")

    chosen = load_settings()

    read = [(each["AXES_FAILURE_LIMIT"], each["AXES_COOLOFF_TIME"]) for each in (defaults, chosen)]
    assert read == [(5, datetime.timedelta(minutes=15)), (3, datetime.timedelta(minutes=30))]


def test_it_reads_the_rate_limits_from_the_environment(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    defaults = load_settings()
    clean_environment.setenv("BELOTE_RATE_LIMIT_WINDOW_SECONDS", "60")
    clean_environment.setenv("BELOTE_TABLE_LINK_RATE_LIMIT", "100")
    clean_environment.setenv("BELOTE_ADDRESS_RATE_LIMIT", "2000")
    clean_environment.setenv("BELOTE_REGISTRATION_RATE_LIMIT", "5")

    chosen = load_settings()

    names = (
        "BELOTE_RATE_LIMIT_WINDOW_SECONDS",
        "BELOTE_TABLE_LINK_RATE_LIMIT",
        "BELOTE_ADDRESS_RATE_LIMIT",
        "BELOTE_REGISTRATION_RATE_LIMIT",
    )
    assert [[each[name] for name in names] for each in (defaults, chosen)] == [
        [600, 1200, 30_000, 30],
        [60, 100, 2000, 5],
    ]


@pytest.mark.parametrize(
    "name",
    [
        "BELOTE_LOGIN_FAILURE_LIMIT",
        "BELOTE_LOGIN_LOCKOUT_MINUTES",
        "BELOTE_RATE_LIMIT_WINDOW_SECONDS",
        "BELOTE_TABLE_LINK_RATE_LIMIT",
        "BELOTE_ADDRESS_RATE_LIMIT",
        "BELOTE_REGISTRATION_RATE_LIMIT",
        "BELOTE_TABLE_REFRESH_SECONDS",
    ],
)
def test_it_refuses_a_limit_of_zero(clean_environment, name):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    clean_environment.setenv(name, "0")

    with pytest.raises(ImproperlyConfigured) as raised:
        load_settings()

    assert str(raised.value) == f"{name} must be at least 1, not 0."


def test_it_reads_how_often_a_table_phone_asks_for_its_board(clean_environment):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    default = load_settings()["BELOTE_TABLE_REFRESH_SECONDS"]
    clean_environment.setenv("BELOTE_TABLE_REFRESH_SECONDS", "4")

    chosen = load_settings()["BELOTE_TABLE_REFRESH_SECONDS"]

    assert (default, chosen) == (15, 4)


def test_every_variable_the_settings_read_is_in_env_example_and_unset_here():
    source = SETTINGS_PATH.read_text()
    read = set(
        re.findall(r'(?:env_bool|env_int|env_list|os\.environ\.get)\(\s*"([A-Z0-9_]+)"', source)
    )
    example = (SETTINGS_PATH.parent.parent / ".env.example").read_text()
    listed = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", example, re.M))

    assert (sorted(read - listed), sorted(read ^ set(ENVIRONMENT_VARIABLES))) == ([], [])


def test_the_site_hashes_passwords_with_djangos_default_the_tests_only_with_md5(
    clean_environment,
):
    clean_environment.setenv("DJANGO_SECRET_KEY", "a-secret")
    from django.conf import global_settings
    from django.conf import settings as test_settings

    from tests.conftest import TEST_PASSWORD_HASHERS

    assert "PASSWORD_HASHERS" not in load_settings()
    assert global_settings.PASSWORD_HASHERS[0] == (
        "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    )
    assert test_settings.PASSWORD_HASHERS == TEST_PASSWORD_HASHERS
