"""Asking a new design question in Jupyter: the designer says how clear the answer must be ("to within
±2 points") and how many games a variant it may cost at most; the sweep plays in rounds
(:mod:`explorer.lab.adaptive`) and stops when the answer is that clear, showing as it goes the games
played and the current interval, then the answer as the shipped ones are shown (a sentence, a chart of
each variant's value with its 95% interval, a table).

The numbers come from :mod:`explorer.lab`; this module only draws them and holds the controls.
"""
from __future__ import annotations

import html

import ipywidgets as W
import pandas as pd

from explorer.engine.options import options_words
from explorer.lab import Experiment, ExperimentError
from explorer.lab import adaptive
from explorer.lab.adaptive import Check, amount
from explorer.lab.answers import SHARES, measure_name

from .lab import answer_chart, answer_table

#: How clear a share must be, in points: the choices the panel offers.
POINTS = (1, 2, 3, 5, 8, 10)
#: The game limits it offers (games per variant).
LIMITS = (500, 1000, 2000, 5000, 10000)


def clear_words(until: float, share: bool, unit: str = "") -> str:
    """``to within ±2 points`` (a share: ``until`` 0.02) or ``to within ±0.5 rounds``."""
    if share:
        points = until * 100
        return f"to within ±{points:g} point{'s' if points != 1 else ''}"
    return f"to within ±{until:g}{' ' + unit if unit else ''}"


def question_words(exp: Experiment) -> str:
    """The question in words: what is measured, over which variants, by which players."""
    what = measure_name(exp.measure, exp.game)
    variants = [options_words(exp.game, c.values) for c in exp.cells()]
    among = " or ".join(variants) if len(variants) > 1 and all(variants) else "these rules"
    players = ", ".join(dict.fromkeys(exp.players))
    return f"{what[0].upper()}{what[1:]}: {among}? Players: {players}."


def progress_words(check: Check | None, played: int, variants: int, limit: int) -> str:
    """``300 games a variant played (of at most 2,000) · the widest interval is ±4.1 points, ±2 asked``."""
    text = f"{played // max(1, variants):,} games a variant played (of at most {limit:,})"
    if check is None:
        return f"{text} · the first look at the answer comes after {min(limit, adaptive.FIRST):,} games a variant"
    what = "the difference is known to within" if check.difference is not None else "the widest interval is"
    return (f"{text} · {what} {amount(check.reached, check.share, check.unit)}, "
            f"{amount(check.until, check.share, check.unit)} asked")


class AskPanel(W.VBox):
    """One question (game, variants, players, measure fixed by the code that makes it) with its
    controls: how clear (``clear``), at most how many games a variant (``limit``), an Ask button.
    :meth:`ask` plays it (the button calls it too); ``frame`` and ``check`` hold the last answer."""

    def __init__(self, game: str, grid=None, players=("sensible",), measure: str = "start", options=None,
                 seed: int = 1, clear: float = 0.02, limit: int = 2000, workers: int | None = None):
        self.spec = dict(game=game, grid=dict(grid or {}), players=list(players), options=dict(options or {}),
                         seed=seed, measure=measure)
        self.workers = workers
        probe = Experiment(**self.spec, games=limit, until=clear)      # refuses a nonsense question at once
        self.share = measure in SHARES
        self.frame, self.check = None, None
        if self.share:
            choices = sorted(set(POINTS) | {round(clear * 100, 6)})
            self.clear = W.Dropdown(options=[(clear_words(p / 100, True), p / 100) for p in choices], value=clear,
                                    description="How clear:", style={"description_width": "initial"})
        else:
            self.clear = W.BoundedFloatText(value=clear, min=1e-9, max=1e9, step=0.1,
                                            description=f"How clear, to within ± ({measure_name(measure, game)}):",
                                            style={"description_width": "initial"})
        self.limit = W.Dropdown(options=[(f"at most {n:,} games a variant", n) for n in sorted(set(LIMITS) | {limit})],
                                value=limit, description="Cost:", style={"description_width": "initial"})
        self.button = W.Button(description="Ask", button_style="primary", icon="play")
        self.button.on_click(lambda _: self.ask())
        self.bar = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="320px"))
        self.status = W.HTML(f"<span>{html.escape(progress_words(None, 0, len(probe.cells()), limit))}</span>")
        self.answer = W.VBox([])
        super().__init__([W.HTML(f"<p style='margin:2px 0'><b>{html.escape(question_words(probe))}</b></p>"),
                          W.HBox([self.clear, self.limit, self.button], layout=W.Layout(flex_flow="row wrap")),
                          W.HBox([self.bar, self.status], layout=W.Layout(flex_flow="row wrap", align_items="center")),
                          self.answer])

    def experiment(self) -> Experiment:
        return Experiment(**self.spec, games=int(self.limit.value), until=float(self.clear.value))

    def ask(self) -> pd.DataFrame | None:
        """Play the question as the controls say, showing the games played and the current interval as
        it goes; the frame (None when the question cannot be asked: the reason is shown)."""
        try:
            exp = self.experiment()
        except ExperimentError as e:
            self.answer.children = [W.HTML(f"<p><i>{html.escape(str(e))}</i></p>")]
            return None
        variants = len(exp.cells())
        self.bar.max, self.bar.value = variants * exp.games, 0
        self.answer.children = []
        self.button.disabled = True
        last: list[Check] = []

        def played(n: int) -> None:
            self.bar.value += n
            self.status.value = html.escape(progress_words(last[-1] if last else None, self.bar.value, variants,
                                                           exp.games))

        def checked(check: Check) -> None:
            last.append(check)
            self.status.value = html.escape(progress_words(check, self.bar.value, variants, exp.games))

        try:
            frame = exp.run(workers=self.workers, progress=played, checked=checked, notify=lambda text: None)
        finally:
            self.button.disabled = False
        self.frame, self.check = frame, last[-1]
        self.answer.children = [answer_box(frame, last[-1])]
        return frame


def answer_box(frame: pd.DataFrame, check: Check) -> W.VBox:
    """An adaptive run's answer: why it stopped, each variant's value with its 95% interval as a chart
    and a table, and in small print the command that plays it again and the fixed run with its games."""
    record = frame.attrs["adaptive"]
    table = pd.DataFrame([{**r, "measure": check.measure, "games": check.games} for r in check.rows])
    title = measure_name(check.measure, frame.attrs["game"]).split(" (")[0]
    why = record["why"][0].upper() + record["why"][1:] + "."
    made = (f"Asked {clear_words(check.until, check.share, check.unit)}, at most {record['limit']:,} games a variant; "
            f"<code>{html.escape(frame.attrs['command'])}</code> plays it again, and its games are those of "
            f"<code>{html.escape(record['same_rows_as'])}</code>.")
    return W.VBox([W.HTML(f"<p style='max-width:900px;margin:4px 0'>{html.escape(why)}</p>"),
                   W.HBox([answer_chart(table, check.measure, title=title[0].upper() + title[1:]),
                           answer_table(table, frame.attrs["game"])],
                          layout=W.Layout(flex_flow="row wrap", align_items="center")),
                   W.HTML(f"<div style='max-width:900px;color:#555'><small>{made}</small></div>",
                          layout=W.Layout(max_width="100%"))])


def ask_panel(game: str, grid=None, players=("sensible",), measure: str = "start", **kwargs) -> AskPanel:
    """A panel that asks one question until its answer is clear (see :class:`AskPanel`)."""
    return AskPanel(game, grid, players, measure, **kwargs)
