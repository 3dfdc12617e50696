"""Turn HTML into PDF bytes with WeasyPrint, reading static files from disk only.

WeasyPrint fetches the stylesheet, the bundled fonts and any image through
:func:`static_files_fetcher`: a ``/static/…`` URL is read from disk through the
staticfiles finders, and every other URL (``http:``, ``https:``, ``data:``, another
path) is refused, so a PDF never waits on the network, prints offline and works with
DEBUG off (STYLE.md §5). WeasyPrint itself is imported only when a PDF is made.
"""

from __future__ import annotations

import logging
import mimetypes
import posixpath
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders

if TYPE_CHECKING:
    from weasyprint.urls import URLFetcher

logger = logging.getLogger(__name__)

#: The base URL WeasyPrint resolves the templates' relative URLs against: ``/static/…``
#: becomes ``file:///static/…``, which :func:`resolve_static_url` maps to the disk.
DOCUMENT_BASE_URL = "file:///"


def resolve_static_url(url: str) -> Path:
    """Return the file on disk that ``url`` names under STATIC_URL, found by the
    staticfiles finders (so it works before collectstatic and with DEBUG off).

    Only ``file:`` URLs with no host, under the path of STATIC_URL, are accepted, e.g.
    ``file:///static/css/pdf.css``. Raises ValueError for any other URL (``http:``,
    ``https:``, ``data:``, a path outside STATIC_URL or going up with ``..``) and
    FileNotFoundError when no finder has the file.
    """
    parts = urlsplit(url)
    static_path = urlsplit(settings.STATIC_URL).path
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        raise ValueError(f"PDF resources are read from disk only, refused: {url}")
    path = posixpath.normpath(unquote(parts.path))
    if not path.startswith(static_path) or ".." in path.split("/"):
        raise ValueError(f"Not a static file, refused: {url}")
    found = finders.find(path.removeprefix(static_path))
    if not found:
        raise FileNotFoundError(f"No static file for {url}")
    return Path(found)


def static_files_fetcher() -> URLFetcher:
    """Return a WeasyPrint URL fetcher that reads static files from disk, nothing else.

    Any refused or missing URL stops the rendering (``fail_on_errors``): a PDF without
    its font or stylesheet is never produced silently.
    """
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticFilesFetcher(URLFetcher):
        def fetch(self, url: str, headers: Mapping[str, str] | None = None) -> URLFetcherResponse:
            path = resolve_static_url(url)
            content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            logger.debug("PDF resource %s read from %s", url, path)
            return URLFetcherResponse(
                url, body=path.read_bytes(), headers={"Content-Type": content_type}
            )

    return StaticFilesFetcher(fail_on_errors=True)


def render_pdf(html: str) -> bytes:
    """Return the PDF of ``html``, its static files read by :func:`static_files_fetcher`."""
    import weasyprint  # Slow to import: only when a PDF is asked for (STYLE.md §5).

    document = weasyprint.HTML(
        string=html, base_url=DOCUMENT_BASE_URL, url_fetcher=static_files_fetcher()
    )
    return document.write_pdf()
