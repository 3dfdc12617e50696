"""Belote Club settings: the only settings file.

Every deployable value comes from the environment through the strict parsers below, so a typo
fails at start-up instead of silently changing behaviour. `.env.example` lists every variable.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
# Run-time state (SQLite database, collected static files, ./run's secrets); gitignored.
VAR_DIR = BASE_DIR / "var"


def env_bool(name: str, *, default: bool) -> bool:
    """Return the environment variable `name` read as a boolean.

    Only the exact strings "true" and "false" are accepted; an unset variable gives `default`.
    Raise ImproperlyConfigured on anything else ("yes", "1", "True", ""), so that a typo never
    turns DEBUG on or a security setting off without anyone noticing.
    """
    value = os.environ.get(name)
    if value is None:
        return default
    if value == "true":
        return True
    if value == "false":
        return False
    raise ImproperlyConfigured(f"{name} must be 'true' or 'false', not {value!r}.")


def env_list(name: str, *, default: list[str]) -> list[str]:
    """Return the environment variable `name` read as a comma-separated list of strings.

    Spaces around items are stripped and empty items dropped, so "" gives []; an unset variable
    gives `default`. Raise ImproperlyConfigured when an item contains whitespace, which means the
    list was separated by spaces instead of commas.
    """
    value = os.environ.get(name)
    if value is None:
        return list(default)
    items = [item.strip() for item in value.split(",")]
    for item in items:
        if any(character.isspace() for character in item):
            raise ImproperlyConfigured(
                f"{name} must be separated by commas; {item!r} contains whitespace."
            )
    return [item for item in items if item]


def env_int(name: str, *, default: int, minimum: int = 0) -> int:
    """Return the environment variable `name` read as a whole number of at least `minimum`.

    Only plain decimal digits are accepted ("600", not "600s", "6e2", "-1" or " 600"); an unset
    variable gives `default`. Raise ImproperlyConfigured on anything else, or on a number below
    `minimum`, so that a typo never turns a limit off.
    """
    value = os.environ.get(name)
    if value is None:
        return default
    if not (value.isascii() and value.isdigit()):
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.")
    number = int(value)
    if number < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {number}.")
    return number


DEBUG = env_bool("DJANGO_DEBUG", default=False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false "
            "(./run and ./test set it for you)."
        )
    # Development only: with DEBUG on, nothing secret is protected by this key.
    SECRET_KEY = "django-insecure-development-only"

ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS",
    default=["localhost", "127.0.0.1", "[::1]"] if DEBUG else [],
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

# Where the sample concours (data/) and the golden scoring files (golden/) live.
BELOTE_SHARED_DIR = Path(os.environ.get("BELOTE_SHARED_DIR") or BASE_DIR.parent / "shared")
# The address phones use to reach this site (e.g. http://192.168.1.20:8000/), printed in the
# QR codes and table links. Empty: the address the organiser's browser used. ./run sets it to
# the laptop's address on the local network, so codes printed from "localhost" still work.
BELOTE_PUBLIC_URL = os.environ.get("BELOTE_PUBLIC_URL", "").strip()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    # SimpleAppConfig leaves TEMPLATES alone: the partials loader is declared below, in the
    # open, instead of being patched into the settings when the app loads.
    "template_partials.apps.SimpleAppConfig",
    "simple_history",
    "axes",
    "csp",
    "tournaments.apps.TournamentsConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "belote_club.middleware.CachedPolicyCSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "belote_club.middleware.UnprefixedLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "belote_club.middleware.LazyMessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "belote_club.middleware.NotAllowedPageMiddleware",
    # After the session, the language and the user: it answers in the visitor's language and
    # lets signed-in organisers through (belote_club/rate_limits.py).
    "belote_club.middleware.RateLimitMiddleware",
    # Last, as django-axes asks: it turns a lock-out found during the view into its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "belote_club.urls"
WSGI_APPLICATION = "belote_club.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.i18n",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # What django-template-partials' wrap_loaders() builds: "page.html#fragment"
            # names resolve through the partials loader, around Django's cached loaders.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
        },
    },
]

# Django's widget templates, the plain ones written in Python: the same HTML, a fraction of
# the time (the phone's deal form renders about 60 of them per write, bench/load.py).
FORM_RENDERER = "belote_club.form_renderer.PlainWidgetRenderer"

# An empty DATABASE_URL counts as unset, like an empty BELOTE_SHARED_DIR.
# Each gunicorn thread keeps its connection between requests (checked before reuse): a new
# one per request cost PostgreSQL a backend process, and SQLite its PRAGMAs, at every write
# of the phones (bench/load.py).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's SQLite backend (dj-database-url's for a sqlite:// URL), with the writers
    # queued on a lock file rather than on SQLite's busy handler's sleeps: see
    # belote_club/sqlite_backend/base.py.
    DATABASES["default"]["ENGINE"] = "belote_club.sqlite_backend"
    # One laptop serves many phones: writers take the lock when their transaction starts and
    # wait up to 20 s for it, instead of failing with "database is locked"; WAL lets readers
    # go on while one of them writes. PostgreSQL needs none of this: the services lock rows.
    # Our backend queues the IMMEDIATE transactions on <database>.writelock first, with the
    # same 20 s timeout, so that the lock passes from one writer to the next at once.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file too: an in-memory database shares one cache between threads and
    # fails at once with "table is locked" instead of waiting as the real file does.
    # One file per test process, so two test runs on one machine never share it.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-db-{os.getpid()}.sqlite3")}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg 3 binds the parameters on the server and prepares a statement the second time
    # a connection runs it: a deal's write runs the same two dozen queries at every deal, so
    # PostgreSQL parses and plans each once per connection (kept 600 s) instead of at each
    # run (bench/load.py, BENCHMARKS.md eighth pass). Behind PgBouncer in transaction mode,
    # see .env.example.
    DATABASES["default"]["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 2}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Local memory by default: one cache per gunicorn worker, which is all the rate limits need on
# one laptop (each of ./run's 4 workers, gunicorn.conf.py, counts its own share, so a limit is
# at most four times as generous). REDIS_URL (redis://127.0.0.1:6379/0) shares the counts between workers and
# machines, and the public pages rendered once per change of the results
# (tournaments/presentation/cache.py), which each worker renders for itself otherwise. Room for far more addresses and table links than a hall has: LocMemCache's default
# of 300 entries would drop counts early.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
CACHES: dict[str, dict[str, object]]
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "belote",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 10_000},
        }
    }

# Requests per address and per table link (belote_club/rate_limits.py), counted in windows of
# BELOTE_RATE_LIMIT_WINDOW_SECONDS (10 minutes). The numbers are far above what a concours
# sends, so that only a runaway script or a flood ever meets them:
# - A table link belongs to one team at one match; its two players' phones load a page per
#   saved or confirmed deal and send a preview while a score is typed (one per 300 ms pause,
#   tournaments/table_entry.html): about 100 requests in 10 minutes for a busy team.
#   1,200 is 2 a second, sustained for 10 minutes.
# - Everything a visitor who is not signed in asks for (public pages, standings, projector,
#   table links, the login page; not the static files, which WhiteNoise serves first) is also
#   counted per address. In the hall each phone has its own address, but a hall behind one
#   box's NAT, or a site behind a proxy, shows every phone as one address: 40 tables
#   (80 links, 800 requests a minute), 150 players reloading the standings every 10 seconds
#   (900 a minute) and the projector stay under 20,000 in 10 minutes; 30,000 is 50 a second,
#   sustained.
BELOTE_RATE_LIMIT_WINDOW_SECONDS = env_int(
    "BELOTE_RATE_LIMIT_WINDOW_SECONDS", default=600, minimum=1
)
BELOTE_TABLE_LINK_RATE_LIMIT = env_int("BELOTE_TABLE_LINK_RATE_LIMIT", default=1200, minimum=1)
BELOTE_ADDRESS_RATE_LIMIT = env_int("BELOTE_ADDRESS_RATE_LIMIT", default=30_000, minimum=1)
# - Each table phone asks every BELOTE_TABLE_REFRESH_SECONDS whether its board changed
#   (views/table/refresh.py, static/js/table_offline.js), while its page is shown: 40 a
#   10 minutes per phone at 15 seconds, most of them a bodiless 304. 80 links behind one
#   address add 3,200 in 10 minutes, still far under the address's limit.
# - Online registration's writes (register a pair, change or cancel it by its private link)
#   are counted apart, per address, whoever sends them: a club secretary registers a dozen
#   pairs at most in one sitting, and 30 in 10 minutes keeps a script from filling the
#   places and the waiting list with made-up pairs.
BELOTE_REGISTRATION_RATE_LIMIT = env_int("BELOTE_REGISTRATION_RATE_LIMIT", default=30, minimum=1)
# How often a table phone asks whether its board changed (the opponents' deals, their
# confirmations), in seconds (views/table/refresh.py).
BELOTE_TABLE_REFRESH_SECONDS = env_int("BELOTE_TABLE_REFRESH_SECONDS", default=15, minimum=1)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes checks every login (the login page and the admin's) before Django's own backend.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# After BELOTE_LOGIN_FAILURE_LIMIT wrong passwords for one account from one address, that
# account is locked at that address for BELOTE_LOGIN_LOCKOUT_MINUTES; every try while locked
# starts the wait again, and a right password before the limit clears the count. Account and
# address together: locking the account alone would let anyone in the hall lock the organiser
# out of her desk from a phone; locking the address alone would lock out everyone behind one
# NAT. `manage.py axes_reset` unlocks everyone at once (README).
AXES_FAILURE_LIMIT = env_int("BELOTE_LOGIN_FAILURE_LIMIT", default=5, minimum=1)
AXES_COOLOFF_TIME = timedelta(
    minutes=env_int("BELOTE_LOGIN_LOCKOUT_MINUTES", default=15, minimum=1)
)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "belote_club.views.login_locked_out"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "fr"
LANGUAGES = [
    ("fr", _("French")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
# Created up front so that WhiteNoise does not warn about a missing folder before the first
# collectstatic (in tests, for instance); this also creates var/ for the SQLite database.
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Not the Manifest variant: {% static %} then needs no manifest, so tests and DEBUG runs
    # work without collectstatic. ./run collects (and compresses) before serving; with DEBUG
    # on, WhiteNoise serves straight from the finders. pytest-django's live_server serves
    # static files from the finders too.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

# Security. Belote Club is served over plain http on a club's Wi-Fi, so nothing here forces
# https by default: these are the four warnings `manage.py check --deploy` keeps on a hall's
# LAN (security.W004, W008, W012, W016; README). Behind an https proxy, turn them on:
# DJANGO_SECURE_PROXY_SSL_HEADER=true trusts the proxy's X-Forwarded-Proto (without it, the
# redirect to https never ends), DJANGO_SECURE_SSL_REDIRECT sends http to https, the
# DJANGO_SECURE_HSTS_* variables tell browsers to use https only, and the cookie variables
# keep the session and CSRF cookies off plain http.
if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", default=False)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SESSION_COOKIE_SECURE", default=False)
CSRF_COOKIE_SECURE = env_bool("DJANGO_CSRF_COOKIE_SECURE", default=False)
SESSION_COOKIE_HTTPONLY = True
# htmx reads the CSRF token from the page (hx-headers in base.html), never from the cookie.
CSRF_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp): everything from this site, nothing inline. Templates
# carry no inline script, style attribute or event handler (STYLE.md §4), and their
# htmx-config meta tag keeps htmx from injecting a <style>, evaluating code or copying style
# attributes. QR codes are inline SVG, so images need no data: URLs.
# No frame may show the site (as X-Frame-Options says), forms post only here, and no <base>
# or plug-in can point elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "object-src": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    # Errors go to the console (gunicorn's, in ./run) even with DEBUG off: there is no e-mail
    # server to send them to, which is where Django's default logging would send them.
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {"django": {"handlers": ["console"], "level": "INFO", "propagate": False}},
}

# --- Automatic copies of the SQLite database (tournaments/archive/copies.py) -----------------


# Where ./run's copies go (at each round's close, and every few minutes while a round is
# played), and how many of the last ones are kept.
BELOTE_BACKUP_DIR = Path(os.environ.get("BELOTE_BACKUP_DIR") or VAR_DIR / "backups")
BELOTE_BACKUP_KEEP = env_int("BELOTE_BACKUP_KEEP", default=20, minimum=1)
