"""The organiser's guide (/aide/, views/guide.py): French by default, English on request,
linked from every page and from the desk, every picture it shows committed under static/
and served once ./run has collected the static files.

tests/browser/test_guide_pictures.py takes the pictures and fails when the page and the
pictures it took differ; here, the page and the committed folder of each language must
name the same pictures, so that no picture is missing or left over without a browser.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from PIL import Image

from tests.factories import TournamentFactory
from tests.test_content_security_policy import POLICY, inline_code_in, policy_of

GUIDE_DIR = Path(__file__).resolve().parents[3] / "static" / "img" / "guide"
#: What the pictures of both languages may weigh together, and how wide one may be: the
#: laptop's window the browser test uses.
MAX_PICTURE_BYTES = 4_000_000
MAX_PICTURE_WIDTH = 1280

FRENCH_HEADINGS = [
    ("h1", "Guide de l’organisateur"),
    ("h2", "Sommaire"),
    ("h2", "Avant l’arrivée des joueurs"),
    ("h3", "1 Se connecter comme organisateur"),
    ("h3", "2 Créer le concours"),
    ("h3", "3 Inscrire les équipes"),
    ("h3", "4 Pointer les équipes présentes"),
    ("h2", "Partie 1"),
    ("h3", "5 Tirer la partie 1"),
    ("h3", "6 Imprimer les feuilles de marque"),
    ("h2", "Les résultats sur les téléphones"),
    ("h3", "7 Saisir les donnes sur un téléphone"),
    ("h3", "8 Les adversaires confirment"),
    ("h3", "9 Régler une donne contestée"),
    ("h3", "10 Arrêter au temps une table en retard"),
    ("h2", "Les résultats sur papier"),
    ("h3", "11 Passer une table en papier"),
    ("h3", "12 Saisir une feuille de marque au clavier"),
    ("h3", "13 Saisir seulement les totaux"),
    ("h2", "Les parties suivantes"),
    ("h3", "14 Clore la partie, tirer la suivante"),
    ("h3", "15 Afficher le tirage et le classement à l’écran de la salle"),
    ("h2", "La fin de la journée"),
    ("h3", "16 Le classement"),
    ("h3", "17 Les prix"),
    ("h3", "18 Les exports pour le secrétaire du club"),
    ("h2", "Sauvegardes et corrections"),
    ("h3", "19 Sauvegarder le concours"),
    ("h3", "20 Rouvrir une partie close pour corriger une erreur"),
]
ENGLISH_HEADINGS = [
    ("h1", "Organiser's guide"),
    ("h2", "Contents"),
    ("h2", "Before the players arrive"),
    ("h3", "1 Log in as the organiser"),
    ("h3", "2 Create the concours"),
    ("h3", "3 Register the teams"),
    ("h3", "4 Check the teams in"),
    ("h2", "Round 1"),
    ("h3", "5 Draw round 1"),
    ("h3", "6 Print the score sheets"),
    ("h2", "Results on the phones"),
    ("h3", "7 Enter the deals on a phone"),
    ("h3", "8 The opponents confirm"),
    ("h3", "9 Settle a disputed deal"),
    ("h3", "10 Stop a late table for time"),
    ("h2", "Results on paper"),
    ("h3", "11 Switch a table to paper"),
    ("h3", "12 Type a score sheet with the keyboard"),
    ("h3", "13 Type only the totals"),
    ("h2", "The next rounds"),
    ("h3", "14 Close the round, draw the next one"),
    ("h3", "15 Show the draw and the standings on the projector"),
    ("h2", "The end of the day"),
    ("h3", "16 The standings"),
    ("h3", "17 The prizes"),
    ("h3", "18 The exports for the club's secretary"),
    ("h2", "Backups and corrections"),
    ("h3", "19 Back up the concours"),
    ("h3", "20 Reopen a closed round to fix a mistake"),
]


class GuideReader(HTMLParser):
    """Collect what these tests compare in <main>: its headings (tag, text), the source of
    each picture and the link around it, and the captions."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[tuple[str, str]] = []
        self.pictures: list[str] = []
        self.picture_links: list[str] = []
        self.captions: list[str] = []
        self._in_main = False
        self._link = ""
        self._text: list[str] | None = None
        self._tag = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "main":
            self._in_main = True
        elif not self._in_main:
            return
        elif tag in ("h1", "h2", "h3", "figcaption"):
            self._tag, self._text = tag, []
        elif tag == "a":
            self._link = attributes.get("href") or ""
        elif tag == "img":
            self.pictures.append(attributes.get("src") or "")
            self.picture_links.append(self._link)

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self._in_main = False
        elif tag == "a":
            self._link = ""
        elif tag == self._tag and self._text is not None:
            text = re.sub(r"\s+", " ", "".join(self._text)).strip()
            if tag == "figcaption":
                self.captions.append(text)
            else:
                self.headings.append((tag, text))
            self._tag, self._text = "", None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def read_guide(response) -> GuideReader:
    reader = GuideReader()
    reader.feed(response.content.decode())
    return reader


def committed_pictures(language: str) -> list[str]:
    """Return the addresses of the pictures committed for ``language``, by name."""
    folder = GUIDE_DIR / language
    return [f"/static/img/guide/{language}/{path.name}" for path in sorted(folder.glob("*.png"))]


def guide_links(response) -> list[str]:
    """Return the text of every link of the page to the guide."""
    found = re.findall(r'<a [^>]*href="/aide/"[^>]*>([^<]*)</a>', response.content.decode())
    return [text.strip() for text in found]


@pytest.mark.django_db
def test_it_shows_the_guide_in_french_by_default_with_the_french_pictures(client):
    response = client.get("/aide/")

    page = read_guide(response)
    assert (response.status_code, response["Content-Language"], page.headings) == (
        200,
        "fr",
        FRENCH_HEADINGS,
    )
    assert page.pictures == committed_pictures("fr")
    assert page.picture_links == page.pictures
    assert len(page.captions) == len(page.pictures) == 20


@pytest.mark.django_db
def test_it_shows_the_guide_in_english_with_the_english_pictures(client):
    client.cookies["django_language"] = "en"

    response = client.get("/aide/")

    page = read_guide(response)
    assert (response.status_code, response["Content-Language"], page.headings) == (
        200,
        "en",
        ENGLISH_HEADINGS,
    )
    assert page.pictures == committed_pictures("en")
    assert page.picture_links == page.pictures
    assert len(page.captions) == len(page.pictures) == 20


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_picture_the_guide_shows_is_a_static_file(client, language):
    client.cookies["django_language"] = language

    pictures = read_guide(client.get("/aide/")).pictures

    found = [finders.find(source.removeprefix("/static/")) for source in pictures]
    assert found == [str(GUIDE_DIR / language / Path(source).name) for source in pictures]


def test_the_guide_pictures_stay_small():
    pictures = sorted(GUIDE_DIR.glob("*/*.png"))

    sizes = {Image.open(path).format for path in pictures}
    widths = {path.name: Image.open(path).width <= MAX_PICTURE_WIDTH for path in pictures}
    total = sum(path.stat().st_size for path in pictures)

    assert (len(pictures), sizes, set(widths.values())) == (40, {"PNG"}, {True})
    assert total <= MAX_PICTURE_BYTES, f"{total} bytes of pictures"


@pytest.mark.django_db
def test_every_page_links_the_guide_and_the_desk_too(desk, club):
    TournamentFactory(club=club, slug="t")

    home = desk.get("/")
    manage = desk.get("/concours/t/gestion/")

    assert (guide_links(home), guide_links(manage)) == (
        ["Aide"],
        ["Aide", "Guide de l’organisateur"],
    )


@pytest.mark.django_db
def test_the_guide_has_the_policy_and_no_inline_code(client):
    response = client.get("/aide/")

    assert (response.status_code, policy_of(response), inline_code_in(response)) == (
        200,
        POLICY,
        [],
    )


@pytest.mark.django_db
def test_the_collected_static_files_serve_every_guide_picture(settings, tmp_path):
    # As ./run does: collect (WhiteNoise's compressed storage), then serve with DEBUG off,
    # when WhiteNoise reads only the collected folder, never the source one.
    settings.STATIC_ROOT = tmp_path / "staticfiles"
    call_command("collectstatic", interactive=False, verbosity=0)
    sources = committed_pictures("fr") + committed_pictures("en")

    answers = []
    server = Client()
    for source in sources:
        response = server.get(source)
        body = b"".join(response.streaming_content)
        expected = (GUIDE_DIR / Path(source).parent.name / Path(source).name).read_bytes()
        answers.append((response.status_code, response["Content-Type"], body == expected))

    assert (settings.DEBUG, answers) == (False, [(200, "image/png", True)] * len(sources))


def step_paragraphs(response, step: str) -> list[str]:
    """Return the text of each paragraph of the guide's step ``step`` (its section's id)."""
    html = response.content.decode()
    section = re.search(rf'<section class="guide-step" id="{step}">(.*?)</section>', html, re.S)
    assert section is not None
    found = re.findall(r"<p>(.*?)</p>", section.group(1), re.S)
    return [re.sub(r"\s+", " ", text).strip() for text in found]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "fr",
            "Sous toutes les règles, le site vérifie aussi que les totaux peuvent être justes : "
            "pas plus de donnes qu’une partie n’en compte, des scores multiples de 10 à la "
            "coinche et à la contrée, pas de points sans donne jouée, et une somme entre le "
            "moins et le plus que les donnes jouées peuvent donner (de 162 à 822 par donne à "
            "la belote classique, de 240 à 5520 à la coinche FFB). Des totaux hors de ces "
            "limites ne sont enregistrés qu’avec une raison, et le message dit laquelle.",
        ),
        (
            "en",
            "Under every preset the site also checks that the totals can be true: no more "
            "deals than a match has, scores in multiples of 10 at coinche and contrée, no "
            "points without a deal played, and a sum between the least and the most the deals "
            "played can give (from 162 to 822 a deal at classic belote, from 240 to 5520 at "
            "FFB coinche). Totals that break one of these limits are saved only with a "
            "reason, and the message says which limit.",
        ),
    ],
)
def test_step_13_says_which_limits_every_sheet_is_checked_against(client, language, expected):
    client.cookies["django_language"] = language

    response = client.get("/aide/")

    assert step_paragraphs(response, "totals")[1] == expected
