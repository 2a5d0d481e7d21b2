"""Exercises on the board: a sheet that poses a game's exercises (:mod:`explorer.engine.exercises`)
one at a time, takes the learner's answer where it lives and shows the engine's feedback with the
rules behind it.

``exercise_sheet("decay", chapter="Board Creation")`` poses that chapter's exercises (a notebook puts
it after the Learn chapter they belong to); ``exercise_sheet("decay")`` all of them (the app's
Practice tab).  Each exercise shows:

- its position on the game's own board (the board view its explorer uses), drawn from
  ``state.observation(viewer)``: the seat the exercise is posed to sees only what that seat may see;
- the question and whom it is posed to;
- the answer's input by kind: for *pick the legal ones*, clicks on the board toggle picks (ringed in
  orange), or toggle buttons for the exercise's candidates (also when the board cannot tell the
  answer's actions apart); for *what happens next*, a button per choice (or a click on the board when
  the answer is a place); for *how likely*, a button per range;
- "check", "try again" and "show answer"; the feedback marks the answer right or wrong and lists each
  point about the learner's own choice with its rulebook section and our one-line paraphrase, as the
  Explorer shows a refusal.  A wrong answer's feedback never shows the right answer: the answer and
  why it is right appear when the answer is right or with "show answer".  "try again" clears the
  choice and the feedback.

The sheet's header lists the rule sections its chapters' exercises train.  The learner's progress
("4 of 10 solved, 2 answer seen") lives here, in the kernel, shared by every sheet of the game
(:data:`SOLVED`, :data:`SEEN`); the exercise core holds no UI state.  An exercise counts as solved
when it was checked right before its answer was shown; one whose answer was shown first counts as
"answer seen".  :data:`ATTEMPTS` counts the learner's checks per exercise; a sheet loaded from a
file (:func:`exercise_sheet` with ``path``) keeps its progress apart from the game's own exercises
(its ``book``), and :mod:`explorer.views.practice` saves it as a small CSV for the teacher.
"""
from __future__ import annotations

import html
import weakref
from typing import Any

import ipywidgets as W

from explorer.engine.exercises import Exercise, HowLikely, PickLegal, Predict, exercises, trained_sections
from explorer.engine.registry import get_game
from explorer.engine.words import seat_name

from .style import page_style

#: the sheet's text at a reading line height (a widget's HTML otherwise takes the height of a button row)
SHEET_CSS = ("<style>.re-exercises .widget-html-content { line-height: 1.45; } "
             ".re-exercises .re-feedback li { margin: 2px 0; }</style>")

#: per game, the keys of the exercises solved in this kernel (every sheet of the game shares it)
SOLVED: dict[str, set[str]] = {}
#: per game, the keys of the exercises whose answer was shown before they were solved
SEEN: dict[str, set[str]] = {}
#: per game, how many times each exercise's answer was checked
ATTEMPTS: dict[str, dict[str, int]] = {}
_SHEETS: dict[str, weakref.WeakSet[ExerciseSheet]] = {}

#: games whose board is wider than tall: it spans the sheet's width, the question under it
WIDE = {"journalists", "sands_of_time"}

RIGHT_COLOR, WRONG_COLOR = "#1a7f37", "#b00020"

#: per game, the kinds of board keys its board draws only where they are highlighted (nothing to click
#: before a pick is made): an exercise whose picks are of such a kind takes them on buttons instead
HIGHLIGHT_ONLY = {"decay": {"pos"}, "sands_of_time": {"border"}}
#: how many of the exercise's offered options a click on a spot the board gives no action may name
POOL = 400


def board_for(game: str, state):
    """The game's own board view (as its explorer builds it) for ``state``'s options."""
    o = state.options
    if game == "conspiracy":
        from .conspiracy import ConspiracyBoard
        return ConspiracyBoard(columns=o.columns)
    if game == "decay":
        from .decay import DecayBoard
        return DecayBoard()
    if game == "journalists":
        from .journalists import JournalistsBoard
        return JournalistsBoard(players=o.players, rows=o.display_rows)
    if game == "sands_of_time":
        from .sands_of_time import SandsBoard
        return SandsBoard(data_dir=o.data_dir)
    if game == "take_off_eh":
        from .take_off_eh import CanadaBoard
        return CanadaBoard(layout=o.layout)
    from .explorer import NoBoard
    return NoBoard()


def posed_to(viewer: int | None) -> str:
    if viewer is None:
        return "Posed to the teacher: the board shows everything."
    name = seat_name(viewer)
    return f"Posed to {name}: you are {name}, and the board shows only what {name} may see."


def rule_html(rule) -> str:
    if rule is None:
        return ""
    return f"<br><small><b>{html.escape(rule.section)}</b>: {html.escape(rule.text)}</small>"


def lines_html(lines) -> str:
    """Feedback lines, each with its rule (the bare "Right." is said by the mark)."""
    rows = "".join(f"<li>{html.escape(text)}{rule_html(rule)}</li>" for text, rule in lines
                   if (text, rule) != ("Right.", None))
    return f"<ul style='margin:2px 0;padding-left:1.2em'>{rows}</ul>" if rows else ""


def answer_html(answer: str, explanation, note: str = "") -> str:
    """The right answer and why it is right (shown only when answered right or asked for)."""
    return (f"<div class='re-answer'><b>The answer</b>: {html.escape(answer)}{note}</div>"
            + (f"<div><b>Why</b>:</div>{lines_html(explanation)}" if explanation else ""))


def feedback_html(feedback, note: str = "") -> str:
    """The engine's feedback: marked right or wrong, each line about the learner's choice with its
    rule; the answer and its explanation only when the answer is right."""
    if feedback.correct:
        mark = f"<b style='color:{RIGHT_COLOR}'>✔ Right</b>"
    elif not feedback.understood:
        mark = f"<b style='color:{WRONG_COLOR}'>✘ Not right: not an answer to this question</b>"
    else:
        mark = f"<b style='color:{WRONG_COLOR}'>✘ Not right</b>"
    note = f" <i>{html.escape(note)}</i>" if note else ""
    shown = answer_html(feedback.answer, feedback.explanation) if feedback.correct else ""
    return (f"<div class='re-feedback' style='border-left:4px solid "
            f"{RIGHT_COLOR if feedback.correct else WRONG_COLOR};padding:4px 8px'>{mark}{note}"
            f"{lines_html(feedback.lines)}{shown}</div>")


def trains_html(items) -> str:
    """The rule sections the exercises train, per chapter (one line when they are all of one)."""
    chapters = trained_sections(items)
    if len(chapters) == 1:
        (_, sections), = chapters.items()
        return f"<div class='re-trains'><b>Trains</b>: {html.escape('; '.join(sections))}</div>"
    rows = "".join(f"<li><b>{html.escape(c or 'Other')}</b>: {html.escape('; '.join(secs))}</li>"
                   for c, secs in chapters.items())
    return (f"<div class='re-trains'><b>The sections these exercises train</b>, chapter by chapter:"
            f"<ul style='margin:2px 0;padding-left:1.2em'>{rows}</ul></div>")


def short_words(text: str, viewer) -> str:
    """An action's words without the leading "Player n: " (the seat is posed above)."""
    head = f"{seat_name(viewer)}: " if viewer is not None else None
    return text[len(head):] if head and text.startswith(head) else text


class _Choice:
    """A row of buttons of which one (``single``) or several may be chosen; the chosen ones are
    marked ("info" style and a check icon)."""

    def __init__(self, labels: list[str], on_change, single: bool):
        self.single = single
        self.chosen: set[int] = set()
        self.on_change = on_change
        self.buttons = [W.Button(description=text, tooltip=text, layout=W.Layout(width="auto"))
                        for text in labels]
        for i, b in enumerate(self.buttons):
            b.on_click(lambda _b, i=i: self.toggle(i))
            b.add_class("re-choice")
        self.widget = W.HBox(self.buttons, layout=W.Layout(flex_flow="row wrap", width="100%"))

    def toggle(self, i: int) -> None:
        if self.single:
            self.chosen = set() if i in self.chosen else {i}
        else:
            self.chosen ^= {i}
        self.show()
        self.on_change()

    def show(self) -> None:
        for j, b in enumerate(self.buttons):
            on = j in self.chosen
            b.button_style = "info" if on else ""
            b.icon = "check" if on else ""

    def clear(self) -> None:
        self.chosen = set()
        self.show()

    def disable(self, flag: bool) -> None:
        for b in self.buttons:
            b.disabled = flag


class ExerciseSheet(W.VBox):
    """A game's exercises, one at a time (see the module docstring)."""

    def __init__(self, game: str, items: list[Exercise], *, heading: str = "", every: list[Exercise] | None = None,
                 book: str | None = None):
        if not items:
            raise ValueError(f"{game}: no exercises to show")
        self.game = game
        #: where the progress is kept: the game's id for its own exercises, else a loaded sheet's own
        self.book = book or game
        self.items = items
        #: the keys progress counts (all of the game's exercises, by default those shown)
        self.every = {e.key for e in (every if every is not None else items)}
        self.index = 0
        self.total = len(self.every)
        self._boards: dict[Any, Any] = {}
        self._state = None
        SOLVED.setdefault(self.book, set())
        SEEN.setdefault(self.book, set())
        ATTEMPTS.setdefault(self.book, {})
        _SHEETS.setdefault(self.book, weakref.WeakSet()).add(self)

        def b(desc, tip, icon="", style=""):
            return W.Button(description=desc, tooltip=tip, icon=icon, button_style=style,
                            layout=W.Layout(width="auto"))

        self.progress = W.HTML()
        self.prev_button = b("previous", "the previous exercise", "arrow-left")
        self.next_button = b("next", "the next exercise", "arrow-right")
        self.where = W.HTML()
        self.prev_button.on_click(lambda _: self.show(self.index - 1))
        self.next_button.on_click(lambda _: self.show(self.index + 1))
        self.question = W.HTML()
        self.board_box = W.VBox(layout=W.Layout(width="100%"))
        self.legend = W.HTML()
        self.how = W.HTML()
        self.inputs = W.VBox(layout=W.Layout(width="100%"))
        self.picked = W.HTML()
        self.message = W.HTML()
        self.check_button = b("check", "check your answer with the engine", "check", "primary")
        self.retry_button = b("try again", "clear your answer and try again", "undo")
        self.reveal_button = b("show answer", "show the right answer, computed by the engine", "eye")
        for button, name in ((self.prev_button, "prev"), (self.next_button, "next"), (self.check_button, "check"),
                             (self.retry_button, "retry"), (self.reveal_button, "reveal")):
            button.add_class(f"re-ex-{name}")           # (for the browser tests)
        self.check_button.on_click(lambda _: self.check())
        self.retry_button.on_click(lambda _: self.retry())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.feedback = W.HTML()
        self.feedback.add_class("re-exercise-feedback")
        nav = W.HBox([self.prev_button, self.where, self.next_button, self.progress],
                     layout=W.Layout(flex_flow="row wrap", align_items="center", width="100%"))
        answering = [self.how, self.inputs, self.picked, self.message,
                     W.HBox([self.check_button, self.retry_button, self.reveal_button],
                            layout=W.Layout(flex_flow="row wrap")), self.feedback]
        side = [self.question] + answering
        drawing = [self.board_box, self.legend]
        if game in WIDE:            # the question above the wide board, the answer under it
            body = [W.VBox([self.question] + drawing + answering, layout=W.Layout(width="100%"))]
        else:
            body = [W.HBox([W.VBox(drawing, layout=W.Layout(width="60%", padding="0 8px 0 0")),
                            W.VBox(side, layout=W.Layout(width="40%"))], layout=W.Layout(width="100%"))]
        title = W.HTML(f"<h3 style='margin:4px 0'>{html.escape(heading)}</h3>") if heading else W.HTML()
        self.trains = W.HTML(trains_html(items))
        css = W.HTML(SHEET_CSS, layout=W.Layout(height="0px", margin="0"))
        super().__init__([page_style(), css, title, self.trains, nav] + body, layout=W.Layout(width="100%"))
        self.add_class("re-page")
        self.add_class("re-exercises")
        self.show(0)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def exercise(self) -> Exercise:
        return self.items[self.index]

    @property
    def state(self):
        return self._state

    def solved(self) -> int:
        """How many of the game's exercises were answered right before their answer was shown."""
        return len(SOLVED[self.book] & self.every)

    def seen(self) -> int:
        """How many of the game's exercises had their answer shown before they were solved."""
        return len((SEEN[self.book] - SOLVED[self.book]) & self.every)

    # -- showing an exercise ---------------------------------------------------------------------
    def show(self, index: int) -> None:
        """Pose exercise ``index`` (its answer cleared)."""
        self.index = max(0, min(index, len(self.items) - 1))
        ex = self.exercise
        self._state = ex.state()
        self.board = self._board(ex, self._state)
        self.board_box.children = [self.board.widget]
        self.legend.value = getattr(self.board, "legend", "")
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.items) - 1
        chapter = f" <small>(after “{html.escape(ex.chapter)}”)</small>" if ex.chapter else ""
        trains = "; ".join(dict.fromkeys(r.section for r in ex.rules))
        self.question.value = (
            f"<div style='font-size:14px'><b>{html.escape(ex.title)}</b>{chapter}</div>"
            f"<div style='margin:4px 0'>{html.escape(ex.question)}</div>"
            f"<div style='color:#444'><i>{html.escape(posed_to(ex.viewer))}</i></div>"
            f"<div style='color:#444'><small>Trains: {html.escape(trains)}</small></div>")
        self.answered = None
        self.picks = []
        self.choice = None
        self.board_mode = False
        self._pick_kinds = []
        self._pool = None
        self._draw()                 # first: a board's clicks may depend on the view it drew (its seat)
        self._setup_inputs()
        self.retry()
        self._update_progress()

    def _board(self, ex, state):
        key = (type(state), repr(state.options))
        board = self._boards.get(key)
        if board is None:
            board = self._boards[key] = board_for(self.game, state)
            board.on_click(self._clicked)
        return board

    def _setup_inputs(self) -> None:
        ex, st = self.exercise, self.state
        self.choice = None
        self.board_mode = False
        self.options: list = []
        if isinstance(ex, PickLegal):
            offered = list(ex.candidates(st)) if ex.candidates is not None else None
            if offered is None and self._board_picks(ex, st):
                self.board_mode = True
                self.how.value = ("<i>Click every place on the board that answers the question (a second click "
                                  "takes a pick back); your picks are ringed in orange. Then press check.</i>")
            else:
                self.options = offered if offered is not None else ex.offered(st)
                labels = [short_words(st.describe(a, ex.viewer), ex.viewer) for a in self.options]
                self.choice = _Choice(labels, self._changed, single=False)
                self.how.value = "<i>Choose every one that answers the question, then press check.</i>"
        elif isinstance(ex, Predict):
            self.options = list(ex.choices(st))
            if self.options:
                self.choice = _Choice([str(ex.words(c)) for c in self.options], self._changed, single=True)
            self.board_mode = ex.place
            self.how.value = ("<i>Click the place on the board" + (", or choose below" if self.options else "")
                              + ", then press check.</i>" if ex.place else "<i>Choose one, then press check.</i>")
        elif isinstance(ex, HowLikely):
            self.options = list(range(len(ex.ranges())))
            self.choice = _Choice(ex.ranges(), self._changed, single=True)
            self.how.value = "<i>Choose the range the chance lies in, then press check.</i>"
        self.inputs.children = [self.choice.widget] if self.choice is not None else []

    def _board_picks(self, ex: PickLegal, st) -> bool:
        """Whether the board can take this exercise's picks: each answer's action has its own board
        place, and a click there means it."""
        keys = []
        for a in ex.answer(st):
            k = self.board.key_of(st, a)
            if k is None or self.board.action_for(st, k) != a:
                return False
            keys.append(k)
        self._pick_kinds = sorted({k[0] for k in keys if isinstance(k, tuple) and k})
        if set(self._pick_kinds) & HIGHLIGHT_ONLY.get(self.game, set()):
            return False
        return len(set(keys)) == len(keys)

    def _pick_for(self, key):
        """The action a click on ``key`` picks: what the board says it means, else (a click on a card
        whose choices show only as marks once offered) the action the question's kind of key names
        on the same element: Journalists' card body picks "(a) take it as evidence" when that is asked."""
        ex, st = self.exercise, self.state
        action = self.board.action_for(st, key)
        if action is not None and ex.scope(action):
            return action
        if isinstance(key, tuple) and len(key) >= 2:
            for kind in self._pick_kinds:
                if kind != key[0]:
                    other = self.board.action_for(st, (kind, *key[1:]))
                    if other is not None and ex.scope(other):
                        return other
        if action is None:            # a board that offers only legal clicks: the refused pick it names
            if self._pool is None:
                self._pool = [a for a in ex.offered(st, limit=POOL) if a not in ex.answer(st)]
            named = [a for a in self._pool if self.board.key_of(st, a) == key]
            if len(named) == 1:
                return named[0]
        return action

    # -- answering -------------------------------------------------------------------------------
    def response(self):
        """The learner's answer as the exercise's ``check`` takes it (None: nothing chosen)."""
        ex = self.exercise
        if isinstance(ex, PickLegal):
            if self.board_mode:
                return list(self.picks)
            return [self.options[i] for i in sorted(self.choice.chosen)]
        if self.answered is not None:
            return self.answered
        if self.choice is not None and self.choice.chosen:
            return self.options[next(iter(self.choice.chosen))]
        return None

    def _changed(self) -> None:
        ex = self.exercise
        if not isinstance(ex, PickLegal) and self.choice is not None and self.choice.chosen:
            self.answered = None               # a button chosen replaces a place clicked
            self._draw()
        self.feedback.value = ""
        self.message.value = ""

    def _clicked(self, key) -> None:
        if not self.board_mode or self._done:
            return
        ex, st = self.exercise, self.state
        if isinstance(ex, PickLegal):
            action = self._pick_for(key)
            if action is None:
                why = self.board.no_action_reason(st, key) or "Nothing to pick there at this step."
                self.message.value = f"<span style='color:#a60'>{html.escape(why)}</span>"
                return
            if action in self.picks:
                self.picks.remove(action)
            else:
                self.picks.append(action)
            self.message.value = ""
            self._show_picks()
        else:
            self.answered = key
            if self.choice is not None:
                self.choice.clear()
            self.picked.value = f"Your answer: <b>{html.escape(self._key_words(key))}</b>"
            self.message.value = ""
        self.feedback.value = ""
        self._draw()

    def _key_words(self, key) -> str:
        ex = self.exercise
        try:
            return str(ex.words(key))
        except Exception:                   # a place the exercise has no words for: the key itself
            return " ".join(str(k) for k in key) if isinstance(key, tuple) else str(key)

    def _show_picks(self) -> None:
        ex, st = self.exercise, self.state
        if not self.picks:
            self.picked.value = "<i>No picks yet.</i>"
            return
        words = "; ".join(short_words(st.describe(a, ex.viewer), ex.viewer) for a in self.picks)
        self.picked.value = f"Your picks ({len(self.picks)}): {html.escape(words)}"

    def _draw(self, extra=()) -> None:
        ex, st = self.exercise, self.state
        keys = []
        if isinstance(ex, PickLegal) and self.board_mode:
            keys = [self.board.key_of(st, a) for a in self.picks]
        elif isinstance(ex, Predict) and ex.place and self.answered is not None:
            keys = [self.answered]
        keys = [k for k in list(keys) + list(extra) if k is not None]
        self.board.draw(st, st.observation(ex.viewer), keys)

    def check(self):
        """Check the learner's answer with the engine and show the feedback."""
        ex, st = self.exercise, self.state
        response = self.response()
        if response is None:
            self.message.value = "<span style='color:#a60'>Choose an answer first.</span>"
            return None
        fb = ex.check(response, st)
        ATTEMPTS[self.book][ex.key] = ATTEMPTS[self.book].get(ex.key, 0) + 1
        counted = fb.correct and ex.key not in SEEN[self.book]
        note = ("" if not fb.correct or counted or ex.key in SOLVED[self.book]
                else "(not counted as solved: the answer was shown first)")
        if fb.correct:
            self._done = True
            if counted:
                SOLVED[self.book].add(ex.key)
            self._lock(True)
        self._progress_everywhere()         # (before the feedback: one who sees "Right" sees it counted)
        self.feedback.value = feedback_html(fb, note)
        self.message.value = ""
        return fb

    def retry(self) -> None:
        """Clear the answer (the choice made and the picks) and the feedback."""
        self._done = False
        self.picks: list = []
        self.answered = None
        if self.choice is not None:
            self.choice.clear()
        self.feedback.value = ""
        self.message.value = ""
        self.picked.value = "<i>No picks yet.</i>" if isinstance(self.exercise, PickLegal) and self.board_mode else ""
        self._lock(False)
        self._draw()

    def reveal(self) -> None:
        """Show the right answer and why (the exercise no longer counts as solved by a later check;
        one solved before stays solved)."""
        ex, st = self.exercise, self.state
        if ex.key not in SOLVED[self.book]:
            SEEN[self.book].add(ex.key)
        extra = []
        if isinstance(ex, PickLegal) and self.board_mode:
            extra = [self.board.key_of(st, a) for a in ex.answer(st)]
            self.picks = []
        elif isinstance(ex, Predict) and ex.place:
            extra = [ex.answer(st)]
        self._draw(extra)
        note = " <i>(ringed on the board)</i>" if extra else ""
        self.feedback.value = (f"<div class='re-feedback re-revealed' style='border-left:4px solid #3b6fb6;"
                               f"padding:4px 8px'>{answer_html(ex.answer_text(st), ex.explanation(st), note)}</div>")
        self._done = True
        self._lock(True)
        self._progress_everywhere()

    def _progress_everywhere(self) -> None:
        for sheet in list(_SHEETS.get(self.book, ())):
            sheet._update_progress()

    def _lock(self, flag: bool) -> None:
        self.check_button.disabled = flag
        if self.choice is not None:
            self.choice.disable(flag)

    def _update_progress(self) -> None:
        key = self.exercise.key
        if key in SOLVED[self.book]:
            done = f" <span class='re-ex-status' style='color:{RIGHT_COLOR}'>✔ solved</span>"
        elif key in SEEN[self.book]:
            done = " <span class='re-ex-status' style='color:#3b6fb6'>answer seen</span>"
        else:
            done = ""
        self.where.value = f"<b>Exercise {self.index + 1} of {len(self.items)}</b>{done}"
        n, seen = self.solved(), self.seen()
        title = get_game(self.game).title
        also = f", {seen} answer seen" if seen else ""
        self.progress.value = (f"<span class='re-ex-progress' style='margin-left:12px'><b>{n} of {self.total}</b> "
                               f"{html.escape(title)} exercise{'s' if self.total != 1 else ''} solved{also}</span>")


def exercise_sheet(game: str | None = None, *, chapter: str | None = None, keys=None, path=None) -> ExerciseSheet:
    """``game``'s exercises as a sheet: those of ``chapter`` (a Learn chapter's heading), or those
    named in ``keys``, or all of them; the progress shown counts all of the game's exercises.
    ``path``: an exercise sheet file instead (:func:`sheet_from_file`; ``game``, if given, is the game
    it must be of)."""
    if path is not None:
        return sheet_from_file(path, game=game)
    if game is None:
        raise ValueError("exercise_sheet needs a game, or the path of an exercise sheet file")
    every = exercises(game)
    items = [e for e in every if (chapter is None or e.chapter == chapter) and (keys is None or e.key in keys)]
    if not items:
        have = sorted({e.chapter for e in every})
        raise ValueError(f"{game}: no exercise for chapter={chapter!r} keys={keys!r} (chapters: {have})")
    title = get_game(game).title
    heading = f"Exercises: {chapter}" if chapter else f"{title}: every exercise"
    return ExerciseSheet(game, items, heading=heading, every=every)


#: how :func:`explorer.engine.sheets.load_sheet` names JSON text (an upload's bytes) in an error
TEXT_NAME = "sheet text: "


def sheet_from_file(source, *, game: str | None = None, name: str | None = None) -> ExerciseSheet:
    """An exercise sheet file (a path, or its bytes called ``name``) on the board, every answer
    computed by the engine as it loads; its progress is kept apart from the game's own exercises.  A
    refused file raises its :class:`~explorer.engine.sheets.SheetError` (one line)."""
    from pathlib import Path

    from explorer.engine.sheets import SheetError, load_sheet
    name = name or Path(str(source)).name
    try:
        loaded = load_sheet(source, game=game)
    except SheetError as e:                 # an uploaded file's bytes: the error names the file
        text = str(e)
        raise SheetError(f"{name}: {text[len(TEXT_NAME):]}" if text.startswith(TEXT_NAME) else text) from None
    heading = f"{get_game(loaded.game).title}: the exercises of {name}"
    return ExerciseSheet(loaded.game, list(loaded.exercises), heading=heading, book=f"{loaded.game} sheet {name}")
