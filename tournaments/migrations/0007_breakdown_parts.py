"""Give each stored breakdown the parts of its lines, and ``points`` its new name ``base_points``.

A deal's breakdown now says what a "points made" total holds (card points, belote,
declarations: ``ScoreLine.parts``), so that the pages word it without counting anything.
Deals stored before have lines without parts: each one's lines are rewritten from the
engine, which scores the stored inputs again under the tournament's preset and version
(``scoring.score_deal``). The match's own lines (``reserve_collected``,
``reserve_returned``, RULES.md §C) and the stored scores are kept as they are. A deal the
engine would now score otherwise than its stored scores stops the migration: its
breakdown would contradict them. The deals' history (the audit trail) is left as it was
recorded. Going back leaves the new shape in place (the pages of that time would not read
it, but nothing is lost).
"""

import dataclasses
from typing import Any

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

import scoring

#: The lines the match adds to a deal's own (RULES.md §C), kept as they were stored.
MATCH_LINE_KINDS = ("reserve_collected", "reserve_returned")


class BreakdownMismatch(RuntimeError):
    """The engine scores a stored deal otherwise than its stored scores."""


def _rules(tournament: Any) -> scoring.RuleSet:
    """Return the rule set the tournament scores with: its preset and version, then its SA/TA
    setting (as ``Tournament.rules`` builds it; migrations have no model methods)."""
    preset = scoring.get_ruleset(tournament.rules_preset, tournament.rules_version)
    allowed = tournament.allows_no_trump_all_trump
    return dataclasses.replace(
        preset,
        allows_no_trump=preset.allows_no_trump and allowed,
        allows_all_trump=preset.allows_all_trump and allowed,
    )


def _engine_deal(deal: Any) -> scoring.Deal:
    """Return the stored inputs of ``deal`` as the engine takes them (``Deal.to_engine``)."""
    return scoring.Deal(
        trump=deal.trump,
        contract=scoring.CAPOT if deal.is_capot_bid else deal.contract_value,
        coinche=deal.coinche_level,
        taker_card_points=deal.taker_card_points,
        defence_card_points=deal.defence_card_points,
        taker_tricks=deal.taker_tricks,
        taker_belotes=deal.taker_belotes,
        defence_belotes=deal.defence_belotes,
        taker_declarations=deal.taker_declarations,
        defence_declarations=deal.defence_declarations,
    )


def _line(line: scoring.ScoreLine) -> dict[str, Any]:
    return {
        "side": line.side.value,
        "kind": line.kind.value,
        "base_points": line.base_points,
        "amount": line.amount,
        "multiplier": line.multiplier,
        "rule": line.rule,
        "parts": [
            {"kind": part.kind.value, "base_points": part.base_points} for part in line.parts
        ],
    }


def _match_line(stored: dict[str, Any]) -> dict[str, Any]:
    return {
        "side": stored["side"],
        "kind": stored["kind"],
        "base_points": stored["base_points"] if "base_points" in stored else stored["points"],
        "amount": stored["amount"],
        "multiplier": stored["multiplier"],
        "rule": stored["rule"],
        "parts": [],
    }


def rewritten_breakdown(breakdown: dict[str, Any], score: scoring.DealScore) -> dict[str, Any]:
    """Return ``breakdown`` with the engine's lines of ``score`` (with their parts) followed
    by its stored match lines; its other keys are kept as stored."""
    match_lines = [line for line in breakdown["lines"] if line["kind"] in MATCH_LINE_KINDS]
    lines = [_line(line) for line in score.lines] + [_match_line(line) for line in match_lines]
    return {**breakdown, "lines": lines}


def add_breakdown_parts(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor | None) -> None:
    """Rewrite the lines of every stored breakdown from the engine (see the module's docstring).

    Raises BreakdownMismatch for a deal whose stored scores the engine no longer gives.
    """
    Deal = apps.get_model("tournaments", "Deal")
    deals = Deal.objects.filter(is_passed=False).select_related("match__round__tournament")
    rewritten = []
    rules_of: dict[int, scoring.RuleSet] = {}
    for deal in deals.order_by("pk").iterator(chunk_size=500):
        if not deal.breakdown:
            continue
        tournament = deal.match.round.tournament
        if tournament.pk not in rules_of:
            rules_of[tournament.pk] = _rules(tournament)
        score = scoring.score_deal(_engine_deal(deal), rules_of[tournament.pk])
        if (score.taker_score, score.defence_score) != (deal.taker_score, deal.defence_score):
            raise BreakdownMismatch(
                f"deal {deal.pk}: stored scores {deal.taker_score}/{deal.defence_score}, the "
                f"engine gives {score.taker_score}/{score.defence_score}; correct the deal first"
            )
        deal.breakdown = rewritten_breakdown(deal.breakdown, score)
        rewritten.append(deal)
    Deal.objects.bulk_update(rewritten, ["breakdown"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_structured_audit"),
    ]

    operations = [
        migrations.RunPython(add_breakdown_parts, migrations.RunPython.noop, elidable=True),
    ]
