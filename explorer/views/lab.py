"""The designer's lab in Jupyter: run a sweep with a progress bar, then see win rates by seat
with their 95% intervals, game-length histograms and the game's statistics per variant.

The numbers come from :mod:`explorer.lab` (its DataFrame and summary tables); this module
only draws them.
"""
from __future__ import annotations

import html

import bqplot as bq
import ipywidgets as W
import pandas as pd

from explorer.engine.options import options_words
from explorer.engine.words import seat_name
from explorer.lab import Experiment, lengths, win_rates
from explorer.lab.summary import capped, variant_columns

from .style import html_table
from .whatif import PALETTE, count_histogram, legend_html


def sweep(experiment: Experiment, *, workers: int | None = None, scheduler: str | None = None) -> pd.DataFrame:
    """Run ``experiment`` under a progress bar (a widget in Jupyter) and return its frame;
    ``workers``/``scheduler`` as in :meth:`Experiment.run`."""
    from tqdm.auto import tqdm

    total = len(experiment.cells()) * experiment.games
    with tqdm(total=total, desc=f"{experiment.game} sweep", unit="game") as bar:
        return experiment.run(workers=workers, scheduler=scheduler, progress=bar.update)


def _labels(frame: pd.DataFrame) -> list[str]:
    """One label per variant, in cell order, in the rulebook's words ("3 columns, 2 action points")."""
    names = variant_columns(frame)
    firsts = frame.groupby("cell", sort=True).first()
    return [options_words(frame.attrs["game"], {n: row[n] for n in names}) for _, row in firsts.iterrows()]


def win_rate_chart(frame: pd.DataFrame, title: str = "Win rate by player (95% intervals)") -> W.VBox:
    """Per variant (numbered along the x axis, named in the key below), each seat's win rate
    as a dot with its 95% interval as a bar; the dashed line is an equal share of the wins.
    Returns the box; the figure is ``.figure``."""
    rates = win_rates(frame)
    labels = _labels(frame)
    seats = sorted(rates["seat"].unique())
    step = 0.7 / max(1, len(seats))
    xs, ys = bq.LinearScale(min=0.5, max=len(labels) + 0.5), bq.LinearScale(min=0.0, max=1.0)
    scales = {"x": xs, "y": ys}
    marks = [bq.Lines(x=[0.5, len(labels) + 0.5], y=[1 / len(seats)] * 2, scales=scales,
                      colors=["#999999"], line_style="dashed")]
    variant_of = {cell: i for i, cell in enumerate(sorted(frame["cell"].unique()))}
    cells = frame.groupby("cell", sort=True).first().index
    for q in seats:
        mine = rates[rates["seat"] == q].reset_index(drop=True)
        x = [variant_of[cells[i]] + 1 + (q - (len(seats) - 1) / 2) * step for i in range(len(mine))]
        color = PALETTE[q % len(PALETTE)]
        marks.append(bq.Lines(x=[[v, v] for v in x],
                              y=[[lo, hi] for lo, hi in zip(mine["low"], mine["high"], strict=True)],
                              scales=scales, colors=[color], stroke_width=3))
        marks.append(bq.Scatter(x=x, y=list(mine["win_rate"]), scales=scales, colors=[color],
                                default_size=48, marker="circle",
                                tooltip=bq.Tooltip(fields=["y"], formats=[".1%"], labels=[seat_name(q)])))
    fig = bq.Figure(marks=marks, title=title,
                    axes=[bq.Axis(scale=xs, label="variant", tick_values=list(range(1, len(labels) + 1)),
                                  tick_format="d"),
                          bq.Axis(scale=ys, orientation="vertical", tick_format=".0%", label="games won")],
                    layout=W.Layout(width="640px", height="320px"),
                    fig_margin={"top": 40, "bottom": 50, "left": 60, "right": 10})
    players = {q: rates[rates["seat"] == q]["player"].iloc[0] for q in seats}
    legend = legend_html([f"{seat_name(q)} ({players[q]})" for q in seats], [PALETTE[q % len(PALETTE)] for q in seats])
    key = W.HTML("<div style='margin-left:60px;font-size:12px'>"
                 + " &nbsp; ".join(f"<b>{i + 1}</b>: {html.escape(t)}" for i, t in enumerate(labels)) + "</div>")
    box = W.VBox([legend, fig, key])
    box.figure = fig
    return box


def length_histograms(frame: pd.DataFrame, column: str = "length") -> W.VBox:
    """Grouped bars: per variant, the share of its finished games lasting each span of decisions (the
    games stopped at the round cap are left out, and counted in the title)."""
    labels = _labels(frame)
    stopped = capped(frame)
    values = {labels[i]: rows.loc[~stopped.loc[rows.index], column].tolist()
              for i, (_, rows) in enumerate(frame.groupby("cell", sort=True))}
    title = "Game length (finished games)"
    if stopped.any():
        title += f"; {int(stopped.sum()):,} stopped at the round cap left out"
    return count_histogram(values, title=title, x_label="decisions per game", unit="decisions")


def statistics_table(frame: pd.DataFrame, names) -> W.HTML:
    """Per variant: its games, those without a winner and those the explorer stopped at the round cap,
    then the median length and the mean of each of the game's statistics over the finished games only
    (a capped game's figures are those of a game cut short)."""
    lens = lengths(frame)
    labels = _labels(frame)
    rows = []
    for i, (_, games) in enumerate(frame.groupby("cell", sort=True)):
        finished = games[~capped(games)]
        row = {"variant": labels[i], "games": len(games), "no winner": int(lens["no_winner"].iloc[i]),
               "stopped at the round cap": int(lens["capped"].iloc[i]),
               "median length (finished)": f"{lens['median'].iloc[i]:g}"}
        row.update({n.replace("_", " ") + " (mean)": f"{finished[n].mean():.1f}" for n in names})
        rows.append(row)
    return W.HTML(html_table(rows, style="font-size:13px;border-spacing:10px 2px"))


def lab_panel(frame: pd.DataFrame, statistic_names=()) -> W.VBox:
    """Everything about one sweep: the statistics table, the win-rate chart, the lengths."""
    return W.VBox([statistics_table(frame, statistic_names), win_rate_chart(frame), length_histograms(frame)])


# -- designer answers from competent play (explorer.lab.answers) ---------------------------------------------
def answer_chart(table: pd.DataFrame, measure: str, title: str = "") -> bq.Figure:
    """One measure per variant: a dot at its value, a bar over its 95% interval and, for a win
    share, a thin grey bar across at an equal player's share."""
    rows = table[table["measure"] == measure]
    labels = list(rows["variant"])
    percent = rows["unit"].iloc[0] == "%"
    k = 100.0 if percent else 1.0
    values, lows, highs = (list(rows[c] * k) for c in ("value", "low", "high"))
    fairs = [f * k for f in rows["fair"] if f is not None and f == f]
    # the axis spans the intervals (and an equal share), with room around them: the bars stay readable
    low, high = min(lows + fairs), max(highs + fairs)
    pad = max(0.3 * (high - low), 0.05 * abs(high), 0.5)
    xs, ys = bq.OrdinalScale(domain=labels), bq.LinearScale(min=low - pad, max=high + pad)
    scales = {"x": xs, "y": ys}
    marks = []
    if fairs:
        # a long thin rectangle turned across (a rotation scale maps 0-180 to degrees): a tick under the
        # interval, which is drawn over it, and the dot over both
        marks.append(bq.Scatter(x=labels, y=[f * k for f in rows["fair"]], rotation=[90] * len(labels),
                                scales={**scales, "rotation": bq.LinearScale(min=0, max=180)}, marker="rectangle",
                                colors=["#999999"], default_size=500, default_skew=0.97, stroke="#999999",
                                tooltip=bq.Tooltip(fields=["y"], formats=[".1f"], labels=["an equal share"])))
    marks.append(bq.Lines(x=[[v, v] for v in labels], y=[[lo, hi] for lo, hi in zip(lows, highs, strict=True)],
                          scales=scales,
                          colors=[PALETTE[0]], stroke_width=4))
    marks.append(bq.Scatter(x=labels, y=values, scales=scales, colors=[PALETTE[1]], default_size=30,
                            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1f"])))
    label = "%" if percent else rows["unit"].iloc[0]
    return bq.Figure(marks=marks, title=title,
                     axes=[bq.Axis(scale=xs), bq.Axis(scale=ys, orientation="vertical", label=label,
                                                      tick_format=".0f" if percent else ".1f")],
                     layout=W.Layout(width="480px", height="260px"),
                     fig_margin={"top": 40 if title else 10, "bottom": 40, "left": 60, "right": 10})


def answer_table(table: pd.DataFrame, game: str = "") -> W.HTML:
    """One row per variant, one column per measure: its value with its 95% interval (and, when a measure
    counts only some of the games, such as the won ones for a share of the wins, how many)."""
    from explorer.lab.answers import measure_name, show
    rows: dict[str, dict] = {}
    for _, r in table.iterrows():
        row = rows.setdefault(r["variant"], {"variant": r["variant"], "games": f"{int(r['games']):,}"})
        counted = "" if int(r["n"]) == int(r["games"]) else f" ({int(r['n']):,} counted)"
        row[measure_name(r["measure"], game)] = show(r) + counted
    return W.HTML(html_table(list(rows.values()), style="font-size:12px;border-spacing:10px 2px"))


def other_code(record: dict) -> str:
    """A results file's provenance note when other code made it (:func:`explorer.lab.files.made_elsewhere`),
    as small print's last sentence (HTML); empty when this very code made it."""
    from explorer.lab.files import made_elsewhere
    why = made_elsewhere(record)
    return "" if why is None else f" Other code made it: {html.escape(why)}. Its command remakes it with this code."


def answer_view(key: str) -> W.VBox:
    """One design question answered from its shipped file: a short sentence, the chart of its main
    measure and the table, then the whole sentence (every measure, with the differences' intervals) and
    how the file was made in small print.  ``.sentence`` holds the whole sentence, ``.headline`` the short
    one; a missing file is said, with the command that makes it."""
    from explorer.lab import answers as A
    q = A.question(key)
    try:
        frame = A.load(key)
    except A.AnswerError as e:
        box = W.VBox([W.HTML(f"<p><i>{html.escape(str(e))}</i></p>")])
        box.sentence = box.headline = None
        return box
    table = A.answer(frame, q)
    words, short = A.sentence(table, q), A.headline(table, q)
    made = (f"{len(frame)} games in <code>data/lab/{html.escape(q.file)}.parquet</code>, made by "
            f"<code>{html.escape(frame.attrs.get('command', '?'))}</code> (seed {frame.attrs.get('seed')}, "
            f"version {html.escape(str(frame.attrs.get('version')))}).{other_code(frame.attrs)}")
    title = A.measure_name(q.measures[0], q.game).split(" (")[0]
    box = W.VBox([W.HTML(f"<p style='max-width:900px;margin:2px 0'>{html.escape(short)}</p>"),
                  W.HBox([answer_chart(table, q.measures[0], title=title[0].upper() + title[1:]),
                          answer_table(table, q.game)],
                         layout=W.Layout(flex_flow="row wrap", align_items="center")),
                  W.HTML(f"<div style='max-width:900px;color:#555'><small>{html.escape(words)} {made}</small></div>",
                         layout=W.Layout(max_width="100%"))])
    box.sentence, box.headline, box.table = words, short, table
    return box


def answers_panel(game: str | None = None, keys=None) -> W.VBox:
    """The shipped answers of ``game`` (every game when None), or of the questions ``keys``, each
    under its heading."""
    from explorer.engine import get_game
    from explorer.lab.answers import QUESTIONS
    keys = keys or [k for k, q in QUESTIONS.items() if game in (None, q.game)]
    parts = []
    for key in keys:
        q = QUESTIONS[key]
        where = "" if game else f"{get_game(q.game).title}: "
        parts += [W.HTML(f"<h4 style='margin:10px 0 2px 0'>{html.escape(where + q.title)}</h4>"), answer_view(key)]
    return W.VBox(parts)
