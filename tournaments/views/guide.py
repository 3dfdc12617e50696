"""The organiser's guide (« Aide »): a concours day step by step, each step with a picture
of the real page, which tests/browser/test_guide_pictures.py takes and keeps up to date."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

import scoring
from scoring.totals import CAPOT_EXTRA_POINTS

#: The folder of the guide's pictures under static/, for each language of the site: the
#: pictures of a language show its interface. An unknown language gets the French ones.
PICTURE_FOLDERS = {"fr": "img/guide/fr/", "en": "img/guide/en/"}
DEFAULT_LANGUAGE = "fr"


def picture_folder(language: str | None) -> str:
    """Return the folder, under static/, of the guide's pictures for ``language``."""
    return PICTURE_FOLDERS.get(language or "", PICTURE_FOLDERS[DEFAULT_LANGUAGE])


def guide(request: HttpRequest) -> HttpResponse:
    """Show the organiser's guide in the active language, with that language's pictures.

    The guide explains how a classic sheet's totals are checked with the engine's numbers
    (RULES.md §G): card points a deal, the more a capot adds, a belote's scored points.
    """
    context = {
        "pictures": picture_folder(get_language()),
        "deal_card_points": scoring.DEAL_CARD_POINTS,
        "capot_extra_points": CAPOT_EXTRA_POINTS,
        "belote_points": scoring.BELOTE_POINTS,
    }
    return render(request, "tournaments/guide.html", context)
