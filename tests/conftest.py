"""Project-wide test set-up: hypothesis profiles, each test back in the default language,
and the fixtures every page test shares (an organiser, her club, the signed-in desk).

Nothing here may need the database or models at import time: tests/scoring also runs
without Django, so the fixtures import the factories when they run.

HYPOTHESIS_PROFILE names the profile to load ("ci" or hypothesis' "default"); when it is unset
and CI is non-empty, as on the CI machine, "ci" is loaded. ./test sets HYPOTHESIS_PROFILE=ci.
"""

import os
import sys

import pytest
from hypothesis import settings

# The same examples on every run, no example database between runs, and no per-example time
# limit: a slow CI machine must not turn a correct property into a failure.
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "default")
)


#: Set (to anything) to run only the tests that use the database: .ci/run's PostgreSQL
#: run, beside the SQLite run that runs them all (the others give the same result on any
#: database).
DATABASE_TESTS_ONLY = "BELOTE_DATABASE_TESTS_ONLY"
#: The fixtures through which a test reaches the database (pytest-django's own autouse
#: fixtures ask for django_db_blocker in every test: not a sign).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "live_server",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
    }
)


#: The tests' password hasher: the site's (PBKDF2, a million rounds) costs a third of a second
#: of CPU per password made or checked, and the suite makes an account in most page tests
#: (Django's advice for tests: https://docs.djangoproject.com/en/5.2/topics/testing/overview/#password-hashing).
#: tests/test_settings.py checks the site itself keeps its own.
TEST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_configure(config: pytest.Config) -> None:
    """Hash the tests' passwords with :data:`TEST_PASSWORD_HASHERS` (no-op without Django)."""
    try:
        from django.conf import settings as django_settings
    except ImportError:  # pragma: no cover - tests/scoring runs without Django too
        return
    if django_settings.configured:
        django_settings.PASSWORD_HASHERS = TEST_PASSWORD_HASHERS


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the tests that do not use the database when :data:`DATABASE_TESTS_ONLY` is set."""
    if not os.environ.get(DATABASE_TESTS_ONLY):
        return
    skip = pytest.mark.skip(reason=f"{DATABASE_TESTS_ONLY} is set: no database used")
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") is None and not fixtures & DATABASE_FIXTURES:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _default_language():
    """Leave no language active after a test.

    LocaleMiddleware activates the language of each request in the thread and nothing
    deactivates it, so a request in English would turn the next test's messages English.
    """
    yield
    conf = sys.modules.get("django.conf")
    if conf is not None and conf.settings.configured:
        from django.utils import translation

        translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Start each test with an empty cache: the rate limits count requests there
    (belote_club/rate_limits.py), and every test client comes from the same address."""
    conf = sys.modules.get("django.conf")
    if conf is not None and conf.settings.configured:
        from django.core.cache import cache

        cache.clear()
    yield


@pytest.fixture(autouse=True, scope="session")
def _database_copies_in_a_temporary_folder(tmp_path_factory):
    """Send the copies of the database a test makes (closing a round copies it) to a
    temporary folder, never to var/backups/ with the real copies."""
    conf = sys.modules.get("django.conf")
    if conf is None or not conf.settings.configured:
        yield
        return
    from django.test import override_settings

    with override_settings(BELOTE_BACKUP_DIR=tmp_path_factory.mktemp("backups")):
        yield


@pytest.fixture
def organiser(db):
    """Marie's account (username « marie », password tests.factories.PASSWORD), in no club
    until ``club`` makes her its organiser. In a browser test (live_server) the database
    is transactional, as pytest-django makes ``db`` there."""
    from tests.factories import UserFactory

    return UserFactory(username="marie")


@pytest.fixture
def club(organiser):
    """The Amicale de Cahors, with ``organiser`` as its organiser."""
    from tests.factories import ClubFactory

    club = ClubFactory(name="Amicale de Cahors")
    club.organisers.add(organiser)
    return club


@pytest.fixture
def desk(client, organiser):
    """The test client signed in as ``organiser``, reading the site in French."""
    client.cookies["django_language"] = "fr"
    client.force_login(organiser)
    return client
