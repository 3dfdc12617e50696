"""The cached public pages: what 500 phones reloading the standings cost once.

The public standings, the public round pages and the projector's slides are rendered once
per version of their tournament's results (``selectors.results_version``, changed by
every write that changes them: tournaments/services/cache.py) and per language, then read
from Django's cache: Redis when ``REDIS_URL`` is set, so that every app process shares
one rendering, local memory otherwise (belote_club/settings.py). A key names the version,
so a write never has to find and delete the entries it makes stale: they are never asked
for again and leave the cache after :data:`PAGE_SECONDS`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.utils.translation import get_language

from tournaments import selectors
from tournaments.models import Tournament

#: How long an entry stays, in seconds. A page's entry is never stale (its key names the
#: results version), so this only bounds the memory kept by versions no longer read.
PAGE_SECONDS = 600

_Value = TypeVar("_Value")


def cache_key(tournament: Tournament, page: str, *vary: str) -> str:
    """Return the cache key of ``page`` of ``tournament`` at its results version as stored
    now (one query), in the active language, for the request's ``vary`` values (e.g. the ``?sort=`` column),
    which are hashed so that the key stays short whatever they hold."""
    varying = hashlib.sha256("\n".join(vary).encode()).hexdigest()[:16] if vary else "-"
    language = get_language() or "-"
    version = selectors.results_version(tournament)
    return f"public:{tournament.pk}:{version}:{page}:{language}:{varying}"


def cached(tournament: Tournament, page: str, build: Callable[[], _Value], *vary: str) -> _Value:
    """Return what ``build()`` returns for ``page`` of ``tournament``, built once per
    results version, language and ``vary`` values, and kept in the cache.

    ``build`` must return what the cache can keep (pickled: a string, a list of strings)
    and depend on nothing but the tournament's results, the language and ``vary``.
    """
    key = cache_key(tournament, page, *vary)
    value: _Value | None = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, PAGE_SECONDS)
    return value
