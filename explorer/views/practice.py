"""The Practice tab: the game's exercises, or any exercise sheet opened from a file, and the learner's
answers saved as a small CSV for the teacher.

- :class:`PracticePage` holds an :class:`~explorer.views.exercises.ExerciseSheet`; above it, an
  exercise sheet file to open (an upload button in the app, a path in a notebook): the sheet is
  checked by the engine (:func:`explorer.engine.sheets.load_sheet`, which computes every answer), and
  a refused one shows the error's line while the sheet shown stays as it was;
- "save my answers" saves, for the sheet shown, one row per exercise: the game, the exercise's key and
  title, whether it was solved, whether its answer was seen, and how many times it was checked
  (:func:`answers_csv`), a download in the app, a path in a notebook (written atomically).
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

import ipywidgets as W

from explorer.engine.registry import get_game
from explorer.engine.saving import write_atomic

from . import exercises as X
from .files import OpenControl, SaveControl
from .style import page

#: the CSV's header, in plain words
COLUMNS = ("game", "exercise key", "title", "solved", "answer seen", "attempts")


def answers_rows(sheet: X.ExerciseSheet) -> list[tuple]:
    """One row per exercise of ``sheet``: the learner's progress on it (see :data:`COLUMNS`)."""
    title = get_game(sheet.game).title
    solved, seen = X.SOLVED.get(sheet.book, set()), X.SEEN.get(sheet.book, set())
    tries = X.ATTEMPTS.get(sheet.book, {})
    return [(title, ex.key, ex.title, "yes" if ex.key in solved else "no",
             "yes" if ex.key in seen and ex.key not in solved else "no", tries.get(ex.key, 0))
            for ex in sheet.items]


def answers_csv(sheet: X.ExerciseSheet) -> str:
    """The learner's answers on ``sheet`` as CSV text (a header line, then a row per exercise)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(COLUMNS)
    w.writerows(answers_rows(sheet))
    return out.getvalue()


def save_answers(sheet: X.ExerciseSheet, path) -> Path:
    """Write ``sheet``'s answers as CSV to ``path`` (atomically)."""
    return write_atomic(path, answers_csv(sheet))


class PracticePage(W.VBox):
    """The Practice tab (see the module docstring): ``sheet`` is shown first."""

    def __init__(self, game: str, sheet: X.ExerciseSheet, *, download: bool):
        self.game = game
        self.opener = OpenControl(self.open_file, what="an exercise sheet", download=download)
        self.saver = SaveControl(lambda: answers_csv(self.sheet), filename=f"{game.replace('_', '-')}-answers.csv",
                                 what="your answers", download=download, mime="text/csv", button="save my answers")
        self.saver.add_class("re-answers")
        self.holder = W.VBox(layout=W.Layout(width="100%"))
        top = W.HBox([W.VBox([W.HTML("<b>An exercise sheet</b> (a teacher's file):"), self.opener],
                             layout=W.Layout(width="50%")),
                       W.VBox([W.HTML("<b>Your answers</b>, for your teacher:"), self.saver],
                              layout=W.Layout(width="50%"))], layout=W.Layout(width="100%"))
        super().__init__([top, self.holder], layout=W.Layout(width="100%"))
        self.add_class("re-practice-page")
        page(self)                       # the page's look (a board sized by its CSS)
        self.show(sheet)

    def show(self, sheet: X.ExerciseSheet) -> None:
        self.sheet = sheet
        self.holder.children = [sheet]

    def open_file(self, source, name: str) -> str:
        """Open a sheet file (bytes or a path); a refused one raises and the sheet shown stays."""
        sheet = X.sheet_from_file(source, game=self.game, name=name)
        self.show(sheet)
        n = len(sheet.items)
        return f"Opened {name}: {n} exercise{'s' if n != 1 else ''}, each answer computed by the engine."


def practice_page(game: str, *, download: bool = False) -> PracticePage:
    """The Practice tab of ``game``: all of its exercises, a sheet file to open, the answers to save."""
    return PracticePage(game, X.exercise_sheet(game), download=download)
