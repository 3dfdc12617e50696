"""Request limits per address and per table link, counted in Django's cache.

A fixed-window counter: each key (a scope and an identifier, such as an address or a table
link's token) counts its requests in windows of ``window_seconds``, numbered from the epoch;
a new window starts at zero. The cache is local memory per process, or Redis when REDIS_URL
is set (belote_club/settings.py, where the limits are chosen and explained).

django-ratelimit would do the counting, but its checks call both caches used here broken:
local memory is "not a shared cache" (an error, which ``manage.py check`` fails on) and
Django's own RedisCache "not officially supported".
"""

import hashlib
import math
from dataclasses import dataclass

from django.core.cache import DEFAULT_CACHE_ALIAS, BaseCache, caches


@dataclass(frozen=True)
class RateDecision:
    """Whether one request is let through, and in how many seconds its window ends."""

    is_allowed: bool
    retry_after_seconds: int


def record_request(
    *, scope: str, identifier: str, limit: int, window_seconds: int, now: float
) -> RateDecision:
    """Count one request for (`scope`, `identifier`) at `now` and say whether it is allowed.

    `now` is in seconds since the epoch (``time.time()``). The first `limit` requests of a
    window are allowed, the next ones refused, until the next window starts after
    `retry_after_seconds` (at least 1). `identifier` is hashed into the cache key, so a
    table link's token never lies in the cache as it is. Counts live in the default cache
    for one window.
    """
    window = int(now // window_seconds)
    digest = hashlib.sha256(identifier.encode()).hexdigest()[:32]
    key = f"rate-limit:{scope}:{digest}:{window}"
    # The default cache of this thread, looked up once (each use of `cache` looks it up).
    window_cache = caches[DEFAULT_CACHE_ALIAS]
    # incr() first: one call for every request but a window's first. incr() and add() are
    # each atomic in Redis and, within one process, in local memory.
    try:
        count = window_cache.incr(key)
    except ValueError:
        count = _start_count(window_cache, key, timeout=window_seconds)
    retry_after_seconds = max(1, math.ceil((window + 1) * window_seconds - now))
    return RateDecision(is_allowed=count <= limit, retry_after_seconds=retry_after_seconds)


def _start_count(window_cache: BaseCache, key: str, *, timeout: int) -> int:
    """Count the request that found no count at `key` in `window_cache`; return its count.

    add() lets one request start the count at 1, kept for `timeout` seconds; a request that
    another started it for just before counts on with incr(). If the key expired in between,
    this request starts the count again.
    """
    if window_cache.add(key, 1, timeout=timeout):
        return 1
    try:
        return window_cache.incr(key)
    except ValueError:
        window_cache.set(key, 1, timeout=timeout)
        return 1
