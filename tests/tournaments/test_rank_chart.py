"""The rank chart's coordinates (tournaments/presentation/rank_chart.py)."""

import pytest

from tournaments.presentation.rank_chart import ChartPoint, RankChart, rank_chart


def test_it_places_rank_1_at_the_top_and_the_worst_at_the_bottom():
    chart = rank_chart([1, None, 5], ["1", "2", "3"], worst=5)

    assert chart == RankChart(
        width=320,
        height=140,
        points=(ChartPoint(28, 12, 1, "1"), ChartPoint(308, 116, 5, "3")),
        polyline="28,12 308,116",
        worst=5,
        top_y=12,
        bottom_y=116,
        left=28,
        right=308,
    )


def test_a_single_rank_sits_in_the_middle_with_no_line():
    chart = rank_chart([2], ["Noël"], worst=1)

    assert (chart.points, chart.polyline, chart.worst) == (
        (ChartPoint(168, 116, 2, "Noël"),),
        "",
        2,
    )


def test_it_refuses_a_label_missing():
    with pytest.raises(ValueError, match="one label per rank"):
        rank_chart([1, 2], ["1"], worst=4)
