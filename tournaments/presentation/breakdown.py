"""Say a scored deal in words, from the breakdown the engine stored (for sheets and pages).

Presentation only: the numbers come from the engine's :class:`scoring.ScoreLine` list
stored on the deal (its ``base_points``, ``amount``, ``multiplier`` and ``parts``), with the
litige reserve the deal collected or gave back (see ``services.breakdown_to_json``), so
each side's amounts add up to its team's score for the deal; nothing is scored or added
up here.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments.models import Deal

_OUTCOMES = {
    "made": lambda: _("Contract made"),
    "chute": lambda: pgettext("breakdown", "Chute"),
    "litige": lambda: _("Litige"),
}
_CLASSIC_OUTCOMES = {
    "made": lambda: _("Taker wins the deal"),
    "chute": lambda: _("Taker dedans"),
    "litige": lambda: _("Litige"),
}
_KINDS = {
    "card_points": lambda: _("card points"),
    "deal_points": lambda: _("the deal"),
    "contract": lambda: _("contract"),
    "capot_bid": lambda: _("capot bid"),
    "capot_bonus": lambda: _("capot"),
    "belote": lambda: _("belote"),
    "opponent_belote": lambda: _("belote taken"),
    "declarations": lambda: _("declarations"),
    "opponent_declarations": lambda: _("opponents' declarations"),
    # Match lines (RULES.md §C) the service adds to the engine's deal lines.
    "reserve_collected": lambda: _("litige reserve"),
    "reserve_returned": lambda: _("litige reserve returned at the end of the match"),
}


#: The parts of a line that adds several things (a §B1.4 "points made" total).
_PARTS = {
    "card_points": lambda: _("cards %(points)s"),
    "belote": lambda: _("belote %(points)s"),
    "declarations": lambda: _("declarations %(points)s"),
}


def _label(line: dict) -> str:
    """Say what a line is; a "points made" total names its parts, unless it holds card
    points alone (its first part, which it always has)."""
    if line["kind"] != "deal_total":
        return _KINDS[line["kind"]]()
    parts = line["parts"]
    if len(parts) == 1:
        return _KINDS["card_points"]()
    return " + ".join(_PARTS[part["kind"]]() % {"points": part["base_points"]} for part in parts)


def _amount(line: dict) -> str:
    label = _label(line)
    if line["multiplier"] != 1:
        text = _("%(points)s × %(k)s (%(label)s)") % {
            "points": line["base_points"],
            "k": line["multiplier"],
            "label": label,
        }
    else:
        text = _("%(amount)s (%(label)s)") % {"amount": line["amount"], "label": label}
    if line["amount"] != line["base_points"] * line["multiplier"]:
        text += " " + _("rounded from %(points)s") % {"points": line["base_points"]}
    return text


def _side(deal: Deal, side: str) -> str:
    lines = [line for line in deal.breakdown["lines"] if line["side"] == side]
    if not lines:
        return "0"
    return " + ".join(_amount(line) for line in lines)


def describe_deal(deal: Deal, *, is_classic: bool) -> str:
    """Return one sentence: outcome, capot, coinche, and what each side scores, e.g.
    « Contrat chuté : le preneur marque 0 ; la défense marque 160 (la donne) + 100 (contrat). »"""
    if deal.is_passed:
        return _("All four passed: no score.")
    breakdown = deal.breakdown
    if not breakdown:
        return ""
    outcomes = _CLASSIC_OUTCOMES if is_classic else _OUTCOMES
    parts = [outcomes[breakdown["outcome"]]()]
    if breakdown["taker_capot"]:
        parts.append(_("capot by the taker"))
    elif breakdown["defence_capot"]:
        parts.append(_("capot by the defence"))
    if breakdown["multiplier"] == 2:
        parts.append(_("coinched (×2)"))
    elif breakdown["multiplier"] == 4:
        parts.append(_("surcoinched (×4)"))
    sentence = _("%(outcome)s: the taker scores %(taker)s; the defence scores %(defence)s.") % {
        "outcome": ", ".join(parts),
        "taker": _side(deal, "taker"),
        "defence": _side(deal, "defence"),
    }
    # A litige that ends the match gave its reserve back at once (shown in the amounts).
    is_returned = any(line["kind"] == "reserve_returned" for line in breakdown["lines"])
    if breakdown["reserve"] and not is_returned:
        sentence += " " + ngettext(
            "%(reserve)s point goes in reserve for the winner of the next deal.",
            "%(reserve)s points go in reserve for the winner of the next deal.",
            breakdown["reserve"],
        ) % {"reserve": breakdown["reserve"]}
    return sentence
