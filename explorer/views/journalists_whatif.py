"""Journalists' *What if* figures: rule variants side by side over many random games
(:mod:`explorer.games.journalists.study`), with a progress bar, a table and the start
player's advantage as a bar chart."""
from __future__ import annotations

import bqplot as bq
import ipywidgets as W

from explorer.games.journalists.study import play_many, summary, wins_after_start

from .style import html_table
from .whatif import PALETTE, legend_html, share_axis_max

TABLE_STYLE = "font-size:13px;border-spacing:10px 2px;white-space:nowrap"


def compare_rules(variants: dict[str, dict], games: int = 300, seed: int = 0, progress: bool = True) -> dict:
    """``games`` uniform-random games per variant (the same seeds for each: paired);
    returns ``{variant: list of Played}``."""
    from tqdm.auto import tqdm
    bar = tqdm(total=games * len(variants), desc="Journalists what-if", unit="game") if progress else None
    try:
        return {name: play_many(opts, games, seed, bar.update if bar else None) for name, opts in variants.items()}
    finally:
        if bar:
            bar.close()


def rules_table(results: dict) -> W.HTML:
    """Per variant: the figures of :func:`~explorer.games.journalists.study.summary`."""
    rows = []
    for name, played in results.items():
        s = summary(played)
        rows.append({"variant": name, "games": s["games"], "winning score": f"{s['winning score']:.1f}",
                     "mean score": f"{s['mean score']:.1f}", "median turns": s["median turns"],
                     "start player wins": f"{s['start player wins']:.0%}", "fair share": f"{s['fair share']:.0%}",
                     "shared wins": f"{s['shared wins']:.0%}", "ended by chips": f"{s['ended by chips']:.0%}",
                     "cubes discarded": f"{s['wasted cubes']:.0f}"})
    return W.HTML(html_table(rows, style=TABLE_STYLE))


def seat_names(players: int) -> list[str]:
    """``["start player", "2nd", "3rd", ...]``: seats counted from the start player."""
    suffix = {2: "nd", 3: "rd"}
    return ["start player"] + [f"{k}{suffix.get(k, 'th')}" for k in range(2, players + 1)]


def start_player_chart(results: dict, title: str = "Who wins, counted from the start player") -> W.VBox:
    """Grouped bars: the share of games won by the start player, the next player, ...
    per variant (the variants must have the same number of players); a shared win
    counts for each winner.  The dashed line is the fair share."""
    names = list(results)
    players = {len(p[0].scores) for p in results.values()}
    if len(players) != 1:
        raise ValueError(f"the variants must have the same number of players, got {sorted(players)}")
    n = players.pop()
    ys = [wins_after_start(results[v]) for v in names]
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

