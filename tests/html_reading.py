"""Read a page's HTML tables in the view tests: the text of each cell, spaces collapsed."""

import re
from html.parser import HTMLParser


class TableReader(HTMLParser):
    """Collect the text of every cell of the first table with ``css_class``."""

    def __init__(self, css_class: str) -> None:
        super().__init__()
        self.css_class = css_class
        self.rows: list[list[str]] = []
        self._depth = 0
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and self.css_class in classes and not self._depth:
            self._depth = 1
        elif self._depth and tag == "tr":
            self.rows.append([])
        elif self._depth and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if self._depth and tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None
        elif self._depth and tag == "table":
            self._depth = 0

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def table_rows(response, css_class: str) -> list[list[str]]:
    """Return the rows of the first table with ``css_class`` in ``response``, heading row
    included, each a list of cell texts."""
    reader = TableReader(css_class)
    reader.feed(response.content.decode())
    return reader.rows
