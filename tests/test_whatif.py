"""The what-if charts: readable bins and a y axis that holds the data (bqplot 0.13 leaves
a bar chart's share axis at 0..0 unless its domain is given; the browser test checks the
bars a person sees)."""
from __future__ import annotations

import pytest

from explorer.simulate import GameOutcome
from explorer.views.whatif import round_bins, rounds_histogram, share_axis_max


@pytest.mark.parametrize("top, width, bins", [(1, 1, 1), (10, 1, 10), (11, 2, 6), (34, 5, 7),
                                              (100, 10, 10), (101, 20, 6), (5000, 500, 10)])
def test_round_bins_are_few_and_round(top, width, bins):
    assert round_bins(top) == (width, bins)
    assert bins * width >= top > (bins - 1) * width


def test_round_bins_refuse_a_nonsense_width():
    for bad in (0, -2, 1.5, "3"):
        with pytest.raises(ValueError, match="bin_width"):
            round_bins(10, bin_width=bad)


def test_share_axis_holds_the_tallest_bar():
    assert share_axis_max([[0.0, 0.0]]) == 0.05
    assert share_axis_max([[0.1, 0.23], [0.31]]) == pytest.approx(0.35)
    assert share_axis_max([[0.35]]) == pytest.approx(0.35)
    assert share_axis_max([[1.0]]) == 1.0


def _results(rounds_by_variant):
    return {name: {"outcomes": [GameOutcome(i, (), "cap", r, 1, 1) for i, r in enumerate(rounds)]}
            for name, rounds in rounds_by_variant.items()}


def test_histogram_shares_add_up_and_fit_the_axis():
    box = rounds_histogram(_results({"a": [1, 2, 3, 48], "b": [7, 7, 7, 7, 7]}))
    bars = box.figure.marks[0]
    assert list(bars.x) == ["1\u20135", "6\u201310", "11\u201315", "16\u201320", "21\u201325",
                            "26\u201330", "31\u201335", "36\u201340", "41\u201345", "46\u201350"]
    assert [round(sum(row), 9) for row in bars.y] == [1.0, 1.0]
    assert bars.y[0][0] == 0.75 and bars.y[1][1] == 1.0
    ys = bars.scales["y"]
    assert ys.min == 0 and ys.max >= bars.y.max()


def test_histogram_refuses_no_games():
    with pytest.raises(ValueError, match="at least one game"):
        rounds_histogram(_results({"a": []}))


def test_histogram_legend_names_each_variant_in_its_colour_outside_the_plot():
    box = rounds_histogram(_results({"rulebook": [1, 2], "4 columns & more": [3]}))
    legend, fig = box.children
    bars = fig.marks[0]
    assert not bars.display_legend                     # nothing drawn over the bars
    for name, colour in zip(["rulebook", "4 columns &amp; more"], bars.colors, strict=False):
        assert f"background:{colour}" in legend.value and name in legend.value
    assert legend.value.index("rulebook") < legend.value.index("4 columns")
