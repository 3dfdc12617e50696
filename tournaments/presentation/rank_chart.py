"""A small rank chart drawn on the server as SVG coordinates: no script, no CDN.

:func:`rank_chart` turns ranks (1 = first) into the points a template draws with
``<polyline>`` and ``<circle>``; rank 1 is at the top. The template holds the markup
(tournaments/includes/rank_chart.html), so the text stays translatable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.selectors.players import ConcoursRanks, PlayerPage, season_of

#: The drawing's size in SVG user units, and the margins kept for the labels.
WIDTH = 320
HEIGHT = 140
LEFT = 28
RIGHT = 12
TOP = 12
BOTTOM = 24


@dataclass(frozen=True)
class ChartPoint:
    """One rank drawn: where (``x``, ``y`` in user units), the rank, and its x label."""

    x: int
    y: int
    rank: int
    label: str


@dataclass(frozen=True)
class RankChart:
    """A chart ready to draw: its points in order, the polyline through them (empty with
    fewer than two), the worst rank the axis goes down to, and where rank 1 and the worst
    rank sit (``top_y``, ``bottom_y``)."""

    width: int
    height: int
    points: tuple[ChartPoint, ...]
    polyline: str
    worst: int
    top_y: int
    bottom_y: int
    left: int
    right: int


def rank_chart(ranks: Sequence[int | None], labels: Sequence[str], worst: int) -> RankChart:
    """Return the chart of ``ranks`` (None: nothing drawn at that step), one step per
    label, the axis going from rank 1 down to ``worst`` (at least 2, so one rank still has
    a height). Steps are spread evenly across the width; a single step sits in the middle.

    Raises ValueError when ``ranks`` and ``labels`` differ in length.
    """
    if len(ranks) != len(labels):
        raise ValueError("one label per rank")
    worst = max(worst, 2, *(rank for rank in ranks if rank is not None))
    inner_width = WIDTH - LEFT - RIGHT
    inner_height = HEIGHT - TOP - BOTTOM
    steps = len(ranks)
    points = []
    for index, (rank, label) in enumerate(zip(ranks, labels, strict=True)):
        if rank is None:
            continue
        x = LEFT + (inner_width // 2 if steps == 1 else round(index * inner_width / (steps - 1)))
        y = TOP + round((rank - 1) * inner_height / (worst - 1))
        points.append(ChartPoint(x=x, y=y, rank=rank, label=label))
    polyline = " ".join(f"{p.x},{p.y}" for p in points) if len(points) > 1 else ""
    return RankChart(
        width=WIDTH,
        height=HEIGHT,
        points=tuple(points),
        polyline=polyline,
        worst=worst,
        top_y=TOP,
        bottom_y=HEIGHT - BOTTOM,
        left=LEFT,
        right=WIDTH - RIGHT,
    )


@dataclass(frozen=True)
class TitledChart:
    """A chart with what it shows: a concours (its name and date) or a season."""

    title: str
    chart: RankChart


def concours_charts(page: PlayerPage) -> list[TitledChart]:
    """Return one chart per concours of ``page`` with a counted partie: the rank after
    each partie, the axis down to the number of teams."""
    return [
        TitledChart(
            title=concours.tournament.name,
            chart=rank_chart(
                concours.ranks,
                [str(number) for number in range(1, len(concours.ranks) + 1)],
                worst=concours.team_count,
            ),
        )
        for concours in page.concours
        if concours.final_rank is not None
    ]


def season_charts(page: PlayerPage) -> list[TitledChart]:
    """Return one chart per season (September to August, :func:`season_of`) of ``page``:
    the final rank of each concours played, by date."""
    seasons: dict[int, list[ConcoursRanks]] = {}
    for concours in page.concours:
        if concours.final_rank is not None:
            seasons.setdefault(season_of(concours.tournament.date), []).append(concours)
    return [
        TitledChart(
            title=f"{season}-{season + 1}",
            chart=rank_chart(
                [concours.final_rank for concours in played],
                [concours.tournament.date.strftime("%d/%m") for concours in played],
                worst=max(concours.team_count for concours in played),
            ),
        )
        for season, played in sorted(seasons.items())
    ]
