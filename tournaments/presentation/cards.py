"""Select and button choices for cards: the trumps and every declaration a side can make.

Labels follow the active language (R, D, V for the king, queen and jack in French); values
are the engine's (``H``, ``SA``, ``tierce:KH``, ``carre:J``).
"""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.translation import gettext, pgettext

import scoring
from scoring.cards import RANKS, SUITS
from scoring.declarations import CARRE_ORDER, SEQUENCE_LENGTHS, DeclarationKind

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _suit_names() -> dict[str, str]:
    return {
        "S": pgettext("card suit", "spades"),
        "H": pgettext("card suit", "hearts"),
        "D": pgettext("card suit", "diamonds"),
        "C": pgettext("card suit", "clubs"),
    }


def _rank_letters() -> dict[str, str]:
    """Return each rank as printed on a card in the current language (R, D, V in French)."""
    return {
        "A": pgettext("card rank", "A"),
        "K": pgettext("card rank", "K"),
        "Q": pgettext("card rank", "Q"),
        "J": pgettext("card rank", "J"),
        "T": "10",
        "9": "9",
        "8": "8",
        "7": "7",
    }


def _carre_labels() -> dict[str, str]:
    return {
        "J": gettext("Carré of jacks"),
        "9": gettext("Carré of nines"),
        "A": gettext("Carré of aces"),
        "T": gettext("Carré of tens"),
        "K": gettext("Carré of kings"),
        "Q": gettext("Carré of queens"),
    }


def sequence_kind_labels() -> dict[str, str]:
    """Return the name of each kind of sequence by its token (``tierce`` → « Tierce »): a
    paper sheet gives a sequence's kind, not its top card (forms/paper.py)."""
    return {
        str(DeclarationKind.TIERCE): gettext("Tierce"),
        str(DeclarationKind.CINQUANTE): gettext("Cinquante"),
        str(DeclarationKind.CENT): gettext("Cent"),
    }


def declaration_choices() -> list[tuple[str, object]]:
    """Return every declaration a side can announce, grouped by kind, as select choices.

    Values are the engine's tokens (``tierce:KH``, ``carre:J``); sequences are listed by
    top card, highest first, in each suit. Carrés of 8 and 7 are worth nothing (§D) and
    are left out.
    """
    ranks = _rank_letters()
    kinds = (
        (DeclarationKind.TIERCE, gettext("Tierce"), gettext("Tierces (20)")),
        (DeclarationKind.CINQUANTE, gettext("Cinquante"), gettext("Cinquantes (50)")),
        (DeclarationKind.CENT, gettext("Cent"), gettext("Cents (100)")),
    )
    choices: list[tuple[str, object]] = [("", "—")]
    for kind, name, group in kinds:
        tops = RANKS[SEQUENCE_LENGTHS[kind] - 1 :][::-1]
        options = [
            (f"{kind}:{rank}{suit}", f"{name} {ranks[rank]}{SUIT_SYMBOLS[suit]}")
            for suit in SUITS
            for rank in tops
        ]
        choices.append((group, options))
    carres = _carre_labels()
    choices.append(
        (
            gettext("Carrés"),
            [(f"{DeclarationKind.CARRE}:{rank}", carres[rank]) for rank in CARRE_ORDER[:6]],
        )
    )
    return choices


def trump_choices(rules: scoring.RuleSet) -> list[tuple[str, str]]:
    """Return the trumps the rules allow, as button labels: the suit symbol, spoken name hidden."""
    names = _suit_names()
    choices = []
    for trump in scoring.Trump:
        if not rules.allows_trump(trump):
            continue
        label: str  # a suit's label is safe HTML (a SafeString), the others plain text
        if trump.is_suit:
            label = format_html(
                '<span aria-hidden="true">{}</span><span class="visually-hidden">{}</span>',
                SUIT_SYMBOLS[trump.value],
                names[trump.value],
            )
        elif trump is scoring.Trump.NO_TRUMP:
            label = gettext("No trump")
        else:
            label = gettext("All trump")
        choices.append((trump.value, label))
    return choices


def _sequence_tops() -> dict[str, str]:
    """Return, by rank, a sequence named by its top card (« %(kind)s au roi de %(suit)s »)."""
    return {
        "A": gettext("%(kind)s to the ace of %(suit)s"),
        "K": gettext("%(kind)s to the king of %(suit)s"),
        "Q": gettext("%(kind)s to the queen of %(suit)s"),
        "J": gettext("%(kind)s to the jack of %(suit)s"),
        "T": gettext("%(kind)s to the ten of %(suit)s"),
        "9": gettext("%(kind)s to the nine of %(suit)s"),
        "8": gettext("%(kind)s to the eight of %(suit)s"),
    }


def _carre_words() -> dict[str, str]:
    return {
        "J": gettext("carré of jacks"),
        "9": gettext("carré of nines"),
        "A": gettext("carré of aces"),
        "T": gettext("carré of tens"),
        "K": gettext("carré of kings"),
        "Q": gettext("carré of queens"),
        "8": gettext("carré of eights"),
        "7": gettext("carré of sevens"),
    }


def declaration_words(text: str) -> str:
    """Return one side's declarations as stored (``tierce:KH;carre:J``, RULES.md §F) in
    words of the active language, joined by commas: « tierce au roi de cœur, carré de
    valets ». A sequence typed from a paper sheet by its kind alone (``tierce``) is
    « tierce »; a token of no known kind or card is left as it is; "" gives "".
    """
    kinds = {
        str(DeclarationKind.TIERCE): gettext("tierce"),
        str(DeclarationKind.CINQUANTE): gettext("cinquante"),
        str(DeclarationKind.CENT): gettext("cent"),
    }
    suits, tops, carres = _suit_names(), _sequence_tops(), _carre_words()
    words = []
    for token in text.split(";"):
        token = token.strip()
        kind, _colon, card = token.partition(":")
        card = card.upper()
        if kind == DeclarationKind.CARRE and card in carres:
            words.append(carres[card])
        elif kind in kinds and not card:
            words.append(kinds[kind])
        elif kind in kinds and len(card) == 2 and card[0] in tops and card[1] in suits:
            words.append(tops[card[0]] % {"kind": kinds[kind], "suit": suits[card[1]]})
        elif token:
            words.append(token)
    return ", ".join(words)
