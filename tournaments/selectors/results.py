"""What the hall sees of a match: its confirmed totals, and whether deals still wait.

A deal entered on a phone waits for the opponents (``pending``) or was ``disputed``: it
does not count yet (RULES.md §E: « Only confirmed matches count »). Deals typed by the
desk (the organiser's form, a paper sheet, an import) and every deal of a tournament that
trusts its tables are confirmed from the start, so their matches are never provisional.

The **confirmed totals** of a match are the running totals after the last deal of its
confirmed beginning: the deals from the first up to the one before the first deal not
confirmed (0–0 when deal 1 waits). The engine scores deals in order (a litige reserve,
a target score, RULES.md §C), so a total is only true with every deal before it: this is
the score both tables agreed to. With no deal waiting they are the match's stored totals
(``Match.total_a``/``total_b``, which include what a match closed for time gives back).

A match with a deal not confirmed is **provisional**: the hall's pages say « en cours »
beside its confirmed totals and show no winner; its stored totals, every deal counted,
are the provisional ones, shown apart on the match page only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias, TypedDict

from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    IntegerField,
    OuterRef,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from tournaments.models import Deal, DealStatus, Match, Round

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

#: The statuses of a deal that does not count yet: waiting for the opponents, disputed.
UNCONFIRMED = (DealStatus.PENDING, DealStatus.DISPUTED)


class ConfirmedTotals(TypedDict):
    """What :func:`with_confirmed_totals` adds to each match: its confirmed totals
    (scored points, ``confirmed_a``/``confirmed_b``) and how many of its deals are not
    confirmed yet (``deals_unconfirmed``: pending or disputed; 0 when it is final)."""

    confirmed_a: int
    confirmed_b: int
    deals_unconfirmed: int


#: A match with its :class:`ConfirmedTotals` as attributes.
ConfirmedMatch: TypeAlias = "WithAnnotations[Match, ConfirmedTotals]"


def with_confirmed_totals(matches: QuerySet[Match]) -> QuerySet[ConfirmedMatch]:
    """Return ``matches`` with their :class:`ConfirmedTotals`, in the same query.

    The confirmed totals are those of the module's docstring: the stored totals when no
    deal waits, else the running totals of the last deal before the first one waiting.
    """
    waiting = Deal.objects.filter(match=OuterRef("pk"), status__in=UNCONFIRMED)
    # The deals with no unconfirmed deal at or before them: the confirmed beginning.
    agreed = (
        Deal.objects.filter(match=OuterRef("pk"))
        .exclude(
            Exists(
                Deal.objects.filter(
                    match=OuterRef("match"),
                    deal_number__lte=OuterRef("deal_number"),
                    status__in=UNCONFIRMED,
                )
            )
        )
        .order_by("-deal_number")
    )
    count = waiting.order_by().values("match").annotate(count=Count("pk")).values("count")

    def confirmed(side: str) -> Case:
        after_agreed = Subquery(agreed.values(f"total_{side}")[:1], output_field=IntegerField())
        return Case(
            When(Exists(waiting), then=Coalesce(after_agreed, Value(0))),
            default=F(f"total_{side}"),
            output_field=IntegerField(),
        )

    return matches.annotate(
        confirmed_a=confirmed("a"),
        confirmed_b=confirmed("b"),
        deals_unconfirmed=Coalesce(Subquery(count, output_field=IntegerField()), Value(0)),
    )


def round_results(*, round: Round) -> QuerySet[ConfirmedMatch]:
    """Return the matches of ``round`` by table, with both teams, the round and its
    tournament joined and their :class:`ConfirmedTotals`: what the hall's pages show."""
    return with_confirmed_totals(
        Match.objects.filter(round=round)
        .select_related("team_a", "team_b", "round__tournament")
        .order_by("table_number")
    )


def match_results(*, match: Match) -> ConfirmedMatch:
    """Return ``match`` again with its :class:`ConfirmedTotals` (teams, round and
    tournament joined). One query."""
    return with_confirmed_totals(
        Match.objects.filter(pk=match.pk).select_related("team_a", "team_b", "round__tournament")
    ).get()
