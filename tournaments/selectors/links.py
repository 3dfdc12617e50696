"""Table links: the secret link of each team at each match."""

from __future__ import annotations

from collections import defaultdict

from tournaments.models import (
    Match,
    Round,
    TableLink,
)


def round_links(*, round: Round) -> dict[int, dict[str, TableLink]]:
    """Return the newest link of each team of each match of ``round``, revoked or not.

    Keyed by match id, then side ("A", "B"); a side never given a link is missing. One
    query. The organiser prints the active ones and renews the revoked ones.
    """
    links: dict[int, dict[str, TableLink]] = defaultdict(dict)
    rows = TableLink.objects.filter(match__round=round).order_by(
        "match_id", "side", "-created_at", "-pk"
    )
    for link in rows:
        links[link.match_id].setdefault(link.side, link)
    return dict(links)


def table_link_by_token(*, token: str) -> TableLink | None:
    """Return the table link with ``token`` (revoked or not), its match and teams joined."""
    return (
        TableLink.objects.select_related(
            "match__round__tournament", "match__team_a", "match__team_b"
        )
        .filter(token=token)
        .first()
    )


def match_links(*, match: Match) -> dict[str, TableLink]:
    """Return the active links of ``match`` by side ("A", "B")."""
    return {
        link.side: link for link in TableLink.objects.filter(match=match, revoked_at__isnull=True)
    }
