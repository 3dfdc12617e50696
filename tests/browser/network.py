"""A phone's network cut for the browser tests, for real (STYLE.md §9).

``BrowserContext.set_offline`` makes ``navigator.onLine`` false and fails the page's own
requests, but Chromium does not hold every request to it: one the table's service worker
makes, or a page's request passing through the worker around a reload, can still reach
the live server (microsoft/playwright#2311). A test that says « nothing reached the
server while the network was gone » must not depend on that race, so ``cut`` also aborts
every request of the context at Playwright's router, as a dropped Wi-Fi would
(``internetdisconnected``), and ``restore`` lifts both.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Route


def _disconnected(route: Route) -> None:
    route.abort("internetdisconnected")


def cut(context: BrowserContext) -> None:
    """Take the network from every page and service worker of ``context``."""
    context.route("**/*", _disconnected)
    context.set_offline(True)


def restore(context: BrowserContext) -> None:
    """Give ``context`` its network back: the pages hear the ``online`` event."""
    context.unroute("**/*", _disconnected)
    context.set_offline(False)
