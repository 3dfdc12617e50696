"""HTML to PDF (tournaments/exports/pdf_render.py): static files read from disk through the
staticfiles finders, every other URL refused, the bundled font used (STYLE.md §5)."""

import http.server
import logging
import threading
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from weasyprint.urls import FatalURLFetchingError

from tests.pdf_reading import page_fonts, page_texts
from tournaments.exports import pdf_render

STYLESHEET = '<link rel="stylesheet" href="/static/css/pdf.css">'


def test_it_resolves_a_static_url_to_the_file_on_disk():
    path = pdf_render.resolve_static_url("file:///static/css/pdf.css")

    assert path == Path(finders.find("css/pdf.css"))


@pytest.mark.parametrize(
    "url",
    [
        "http://belote.example/static/css/pdf.css",
        "https://belote.example/static/css/pdf.css",
        "https://fonts.example/DejaVuSans.ttf",
        "ftp://belote.example/static/css/pdf.css",
        "data:text/css,body{}",
        "file://belote.example/static/css/pdf.css",
        "file:///etc/passwd",
        "file:///static/../etc/passwd",
        "file:///static/css/../../../etc/passwd",
    ],
)
def test_it_refuses_every_url_but_a_static_file(url):
    with pytest.raises(ValueError, match="refused"):
        pdf_render.resolve_static_url(url)


def test_it_says_which_static_file_is_missing():
    with pytest.raises(FileNotFoundError, match="file:///static/css/none.css"):
        pdf_render.resolve_static_url("file:///static/css/none.css")


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/x.css", "https://belote.example/x.png"])
def test_the_fetcher_refuses_http_and_https(url):
    with pytest.raises(ValueError, match="read from disk only"):
        pdf_render.static_files_fetcher().fetch(url)


def test_the_fetcher_reads_a_static_file_with_its_type():
    response = pdf_render.static_files_fetcher().fetch("file:///static/css/pdf.css")

    assert (response.content_type, response.read()) == (
        "text/css",
        Path(finders.find("css/pdf.css")).read_bytes(),
    )


def test_a_document_linking_to_a_web_server_is_refused_and_the_server_never_asked():
    requests = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            requests.append(self.path)
            self.send_response(200)
            self.end_headers()

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/style.css"

    with pytest.raises(FatalURLFetchingError):
        pdf_render.render_pdf(f'<link rel="stylesheet" href="{url}"><p>Belote</p>')
    server.shutdown()
    server.server_close()

    assert requests == []


def test_the_stylesheet_and_both_bundled_fonts_are_read_from_disk_and_used(caplog):
    caplog.set_level(logging.DEBUG, logger=pdf_render.__name__)
    html = f"{STYLESHEET}<p>Équipe Cœur d’Or ♠ ♥ ♦ ♣ <strong>-20</strong></p>"

    data = pdf_render.render_pdf(html)

    read = sorted(record.args[0] for record in caplog.records if record.name == pdf_render.__name__)
    assert read == [
        "file:///static/css/pdf.css",
        "file:///static/fonts/DejaVuSans-Bold.ttf",
        "file:///static/fonts/DejaVuSans.ttf",
    ]
    # The family named in pdf.css, not a system font: both faces come from static/fonts/.
    assert page_fonts(data) == {"Belote-Club-Sans", "Belote-Club-Sans-Bold"}
    assert page_texts(data) == ["Équipe Cœur d’Or ♠ ♥ ♦ ♣ -20"]
