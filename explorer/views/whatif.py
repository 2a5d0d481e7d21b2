"""Side-by-side simulations of rule variants, with a progress bar and bqplot charts."""
from __future__ import annotations

import html
from collections import Counter

import bqplot as bq
import ipywidgets as W

from explorer.simulate import resolve, run_games, summarize

PALETTE = ["#3b6fb6", "#c0392b", "#2e8b57", "#e8a317", "#7b3fa0"]


def compare_variants(game: str, variants: dict[str, dict], games: int = 200, seed: int = 0,
                     progress: bool = True) -> dict[str, dict]:
    """Play ``games`` random games per variant (same seeds for each, so the comparison
    is paired); returns {variant: summary dict with an extra ``outcomes`` list}."""
    from tqdm.auto import tqdm
    results = {}
    bar = tqdm(total=games * len(variants), desc=f"{game} what-if", unit="game") if progress else None
    try:
        for name, options in variants.items():
            setup = resolve(game, options)
            import time
            t0 = time.perf_counter()
            outcomes = run_games(setup, games, seed, bar.update if bar else None)
            summary = summarize(setup, outcomes, seed, time.perf_counter() - t0)
            summary["outcomes"] = outcomes
            results[name] = summary
    finally:
        if bar:
            bar.close()
    return results


NICE_WIDTHS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)


def round_bins(top: int, max_bins: int = 10, bin_width: int | None = None) -> tuple[int, int]:
    """(bin width, number of bins) covering rounds 1..``top`` in at most ``max_bins`` bins
    of a round width (1, 2, 5, 10, 20, ...), so the x axis stays readable."""
    top = max(1, top)
    if bin_width is None:
        bin_width = next((w for w in NICE_WIDTHS if -(-top // w) <= max_bins), NICE_WIDTHS[-1])
    if type(bin_width) is not int or bin_width < 1:
        raise ValueError(f"bin_width must be a whole number of rounds, at least 1, got {bin_width!r}")
    return bin_width, -(-top // bin_width)


def share_axis_max(shares) -> float:
    """The top of a share axis: the largest share rounded up to the next 5%, at least 5%.
    (bqplot 0.13 draws bars on a scale left to find its own domain at 0..0, so the
    domain is always given.)"""
    top = max((v for row in shares for v in row), default=0.0)
    return min(1.0, max(0.05, -(-round(top * 100, 6) // 5) * 5 / 100))


def rounds_histogram(results: dict[str, dict], bin_width: int | None = None,
                     title: str = "Rounds played", max_bins: int = 10) -> W.VBox:
    """Grouped bars: the share of each variant's games that lasted each span of rounds.
    The spans are chosen so there are at most ``max_bins`` of them (or ``bin_width``
    rounds each, when given).  Returns the figure (also as ``.figure``) under a legend
    of its own: bqplot's legend, drawn inside the plot, hid the tallest bars."""
    names = list(results)
    if not names or not all(results[n]["outcomes"] for n in names):
        raise ValueError("rounds_histogram needs at least one variant, each with at least one game")
    rounds = {n: [o.rounds or 1 for o in results[n]["outcomes"]] for n in names}
    return count_histogram(rounds, title=title, x_label="rounds played", unit="rounds", low=1,
                           bin_width=bin_width, max_bins=max_bins)


def count_histogram(values: dict[str, list[int]], *, title: str, x_label: str, unit: str = "value",
                    low: int = 0, bin_width: int | None = None, max_bins: int = 10) -> W.VBox:
    """Grouped bars: per variant, the share of its games whose whole-number figure (rounds
    played, the Queen's steps...) falls in each span from ``low`` up, in at most ``max_bins``
    spans of a round width.  Returns the figure (also as ``.figure``) under its legend."""
    names = list(values)
    if not names or not all(values[n] for n in names):
        raise ValueError("count_histogram needs at least one variant, each with at least one game")
    top = max(max(v, low) for n in names for v in values[n])
    width, n_bins = round_bins(top - low + 1, max_bins, bin_width)
    labels = [str(low + b * width) if width == 1 else f"{low + b * width}\u2013{low + (b + 1) * width - 1}"
              for b in range(n_bins)]
    ys = []
    for n in names:
        c = Counter((max(v, low) - low) // width for v in values[n])
        ys.append([c.get(i, 0) / len(values[n]) for i in range(n_bins)])
    return _grouped_bars(names, labels, ys, title=title, x_label=x_label, unit=unit, y_label="share of games")


def share_bars(shares: dict[str, dict[str, float]], *, title: str, x_label: str) -> W.VBox:
    """Grouped bars: per variant, its share (0-1) of each category (the categories of the first
    variant, in its order).  Returns the figure (also as ``.figure``) under its legend."""
    names = list(shares)
    if not names:
        raise ValueError("share_bars needs at least one variant")
    labels = list(shares[names[0]])
    ys = [[float(shares[n].get(k, 0.0)) for k in labels] for n in names]
    return _grouped_bars(names, labels, ys, title=title, x_label=x_label, unit=x_label, y_label="share")


def _grouped_bars(names, labels, ys, *, title, x_label, unit, y_label) -> W.VBox:
    xs, ysc = bq.OrdinalScale(), bq.LinearScale(min=0.0, max=share_axis_max(ys))
    bars = bq.Bars(x=labels, y=ys, scales={"x": xs, "y": ysc}, type="grouped",
                   colors=PALETTE[:len(names)], labels=names, display_legend=False,
                   tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".0%"], labels=[unit, "share"]))
    fig = bq.Figure(marks=[bars], title=title,
                    axes=[bq.Axis(scale=xs, label=x_label, side="bottom"),
                          bq.Axis(scale=ysc, side="left", tick_format=".0%", label=y_label)],
                    layout=W.Layout(width="640px", height="320px"),
                    fig_margin={"top": 40, "bottom": 50, "left": 60, "right": 10})
    box = W.VBox([legend_html(names, PALETTE[:len(names)]), fig])
    box.figure = fig
    return box


def seat_names(players: int) -> list[str]:
    """``["start player", "2nd", "3rd", ...]``: seats counted from the start player."""
    suffix = {2: "nd", 3: "rd"}
    return ["start player"] + [f"{k}{suffix.get(k, 'th')}" for k in range(2, players + 1)]


def seat_share_chart(shares: dict[str, list[float]], title: str = "Who wins, counted from the start player") -> W.VBox:
    """Grouped bars: per variant, the share of games won by the start player, the next player, ...
    (``shares[variant][k]`` for the k-th seat from the start player; every variant the same number of
    seats).  The dashed line is the fair share."""
    names = list(shares)
    sizes = {len(v) for v in shares.values()}
    if len(sizes) != 1:
        raise ValueError(f"the variants must have the same number of players, got {sorted(sizes)}")
    n = sizes.pop()
    ys = [list(shares[v]) for v in names]
    xs, ysc = bq.OrdinalScale(), bq.LinearScale(min=0.0, max=share_axis_max(ys + [[1 / n]]))
    labels = seat_names(n)
    bars = bq.Bars(x=labels, y=ys, scales={"x": xs, "y": ysc}, type="grouped", colors=PALETTE[:len(names)],
                   labels=names, display_legend=False,
                   tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".0%"], labels=["seat", "won"]))
    fair = bq.Lines(x=labels, y=[1 / n] * n, scales={"x": xs, "y": ysc}, colors=["#555"], line_style="dashed")
    fig = bq.Figure(marks=[bars, fair], title=title,
                    axes=[bq.Axis(scale=xs, label="seat, counted from the start player", side="bottom"),
                          bq.Axis(scale=ysc, side="left", tick_format=".0%", label="share of games won")],
                    layout=W.Layout(width="640px", height="320px"),
                    fig_margin={"top": 40, "bottom": 50, "left": 60, "right": 10})
    box = W.VBox([legend_html(names + [f"fair share ({1 / n:.0%})"], PALETTE[:len(names)] + ["#555"]), fig])
    box.figure = fig
    return box


def legend_html(names: list[str], colors: list[str]) -> W.HTML:
    """A legend above a plot: a swatch of each series' colour and its name."""
    items = "".join(
        f'<span style="margin-right:18px;white-space:nowrap"><span style="display:inline-block;'
        f'width:12px;height:12px;background:{c};vertical-align:middle;margin-right:5px"></span>'
        f"{html.escape(n)}</span>" for n, c in zip(names, colors, strict=False))
    return W.HTML(f'<div class="explorer-legend" style="margin-left:60px">{items}</div>')


#: the fewest games (or player-games) a chart is drawn from: fewer are shown in a table only, and said
MIN_GAMES = 30
#: the what-if tables' look: columns apart, headers wrapped in their column (never run together)
TABLE_STYLE = "font-size:13px;border-spacing:12px 2px"


def too_few_note(games: int, what: str = "games per variant") -> W.HTML:
    """The line shown in place of a chart drawn from fewer than :data:`MIN_GAMES` games."""
    return W.HTML(f"<p class='explorer-too-few'><i>No chart: {games} {html.escape(what)} are too few to draw one "
                  f"(it takes at least {MIN_GAMES}); the table gives the figures.</i></p>")


def summary_table(results: dict[str, dict]) -> W.HTML:
    """Per variant: its games, the share that ended before the round cap, the median game and the
    round by which 9 games in 10 had ended (of the games that finished: a game stopped by the cap
    has no length of its own), the median actions."""
    from .style import html_table
    rows = []
    for name, s in results.items():
        n = s["won"] + s["capped"] + s.get("other", 0)
        r = s["rounds"] or {}
        rows.append({"variant": name, "games": n, "ended before the round cap": f"{s['won'] / n:.0%}",
                     "median rounds (finished games)": r.get("median"),
                     "9 in 10 finished games ended by round": r.get("p90"),
                     "median actions": s["actions"]["median"]})
    return W.HTML(html_table(rows, style=TABLE_STYLE))
