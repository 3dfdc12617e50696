"""QR codes of table links, as inline SVG (segno): printed, or shown on the organiser's screen."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_code_svg(url: str, *, title: str = "") -> SafeString:
    """Return an inline SVG QR code of ``url`` with its quiet zone, sized by CSS.

    Medium error correction, so a creased or stained sheet still scans. ``title`` is
    the code's accessible name (segno escapes it). The markup is segno's own, with no
    style attribute, so it needs no CSP exception.
    """
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(omitsize=True, svgclass="qr-code", lineclass=None, title=title or None)
    return mark_safe(svg)
