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

from django.core.cache import cache


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
    # add() then incr(): both atomic in Redis and, within one process, in local memory.
    cache.add(key, 0, timeout=window_seconds)
    try:
        count = cache.incr(key)
    except ValueError:
        # The key expired between add() and incr(): this request starts the count again.
        cache.set(key, 1, timeout=window_seconds)
        count = 1
    retry_after_seconds = max(1, math.ceil((window + 1) * window_seconds - now))
    return RateDecision(is_allowed=count <= limit, retry_after_seconds=retry_after_seconds)
