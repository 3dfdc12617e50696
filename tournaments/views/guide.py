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


def totals_limits_numbers() -> dict[str, int]:
    """Return the engine's numbers step 13 quotes for the limits every sheet is checked
    against (scoring.check_totals_plausibility, RULES.md §G): the coinche scores' step,
    and a classic and an FFB coinche deal's least and most (scored points)."""
    coinche = scoring.get_ruleset("ffb-coinche")
    classic_least, classic_most = scoring.deal_score_range(scoring.get_ruleset("belote-classique"))
    coinche_least, coinche_most = scoring.deal_score_range(coinche)
    return {
        "score_step": scoring.score_step(coinche),
        "classic_least": classic_least,
        "classic_most": classic_most,
        "coinche_least": coinche_least,
        "coinche_most": coinche_most,
    }


def guide(request: HttpRequest) -> HttpResponse:
    """Show the organiser's guide in the active language, with that language's pictures.

    The guide explains how a classic sheet's totals are checked with the engine's numbers
    (RULES.md §G): card points a deal, the more a capot adds, a belote's scored points;
    then the limits every sheet is checked against (:func:`totals_limits_numbers`).
    """
    context = {
        "pictures": picture_folder(get_language()),
        "deal_card_points": scoring.DEAL_CARD_POINTS,
        "capot_extra_points": CAPOT_EXTRA_POINTS,
        "belote_points": scoring.BELOTE_POINTS,
        **totals_limits_numbers(),
    }
    return render(request, "tournaments/guide.html", context)
