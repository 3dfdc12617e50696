"""Read PDFs back in tests: the text of each page (pypdf), its fonts, its paper size, how
much ink its first page shows once drawn by pdftoppm and where its words sit (pdftotext
-bbox), both from poppler-utils."""

from __future__ import annotations

import io
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

from PIL import Image
from pypdf import PdfReader


def page_texts(data: bytes) -> list[str]:
    """Return the text of every page of the PDF ``data``, as pypdf extracts it."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def page_fonts(data: bytes, index: int = 0) -> set[str]:
    """Return the fonts of page ``index``, without their subset prefix (``ABCDEF+``)."""
    page = PdfReader(io.BytesIO(data)).pages[index]
    return {
        str(font["/BaseFont"]).split("+", 1)[-1] for font in page["/Resources"]["/Font"].values()
    }


def page_size_mm(data: bytes, index: int = 0) -> tuple[int, int]:
    """Return the width and height of page ``index`` in whole millimetres."""
    box = PdfReader(io.BytesIO(data)).pages[index].mediabox
    return round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72)


def ink_fraction(data: bytes, folder: Path, page: int = 1) -> float:
    """Draw ``page`` of the PDF with pdftoppm and return the share of its pixels that are
    not white (0.0 for a blank page)."""
    source = folder / "document.pdf"
    source.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "40", "-f", str(page), "-l", str(page), "-singlefile"]
        + [str(source), str(folder / "page")],
        check=True,
    )
    image = Image.open(folder / "page.png").convert("L")
    inked = sum(image.histogram()[:200])
    return inked / (image.width * image.height)


class _TableReader(HTMLParser):
    """Collect the cell texts of every table with ``css_class`` (nested tables aside)."""

    def __init__(self, css_class: str) -> None:
        super().__init__()
        self.css_class = css_class
        self.tables: list[list[list[str]]] = []
        self._inside = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and self.css_class in classes:
            self._inside = True
            self.tables.append([])
        elif self._inside and tag == "tr":
            self.tables[-1].append([])
        elif self._inside and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if self._inside and tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None
        elif self._inside and tag == "table":
            self._inside = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def html_tables(html: str, css_class: str) -> list[list[list[str]]]:
    """Return every table of ``html`` with ``css_class``: its rows, each a list of cell texts."""
    reader = _TableReader(css_class)
    reader.feed(html)
    return reader.tables


#: Points (PDF unit) in a millimetre.
POINTS_PER_MM = 72 / 25.4


def word_boxes(data: bytes, folder: Path, page: int = 1) -> list[tuple[str, float, float]]:
    """Return each word of ``page`` as pdftotext -bbox reads it (poppler-utils): its text,
    then the top and the bottom of its box in millimetres from the top of the page."""
    source = folder / "document.pdf"
    source.write_bytes(data)
    xml = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(source), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    words = re.findall(
        r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', xml
    )
    return [
        (text, float(top) / POINTS_PER_MM, float(bottom) / POINTS_PER_MM)
        for top, bottom, text in words
    ]
