""""Make an exercise from here": at the step an Explorer shows (Play or Learn), the teacher poses an
exercise of the game's exercise-sheet format (:mod:`explorer.engine.sheets`) and builds a sheet.

The teacher picks

- the kind: *pick the legal ones*, *what happens next* or *how likely*;
- the seat it is posed to (Player 1..N, or the teacher, who sees everything; at first the seat the
  Explorer is viewed as, the player's own in Play): the panel's board then
  shows the position from that seat's view only (``state.observation(seat)``), and every choice below
  is worded as that seat may read it;
- what it asks about, as the engine offers it at this position (:func:`~explorer.engine.sheets.pick_scopes`,
  :func:`~explorer.engine.sheets.predict_choices`, :func:`~explorer.engine.sheets.chance_choices`): a scope
  of legal actions, or an action and the outcome to predict, or an outcome of the chance step;
- the question in their own words (and a short title), and the rule sections it trains (from the
  game's rule table; the rule of the step shown is chosen at first).

"see the engine's answer" builds the exercise the way a sheet file is loaded (so whatever the file
would refuse -- a question posed to a seat that cannot see what it asks about, say -- is refused here,
in one line) and shows the answer the engine computes; "add to the sheet" keeps it; the sheet is saved
as a file (a download in the app, a path in a notebook) that the Practice tab opens.  No answer is
stored in the file: the engine computes it again when the sheet is opened.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import replace

import ipywidgets as W

from explorer.engine.sheets import (chance_choices, entry, hidden_choices, load_sheet, pick_scopes,
                                    position_from_record, predict_choices, save_sheet, sheet)
from explorer.engine.words import seat_name

from .exercises import WIDE, board_for
from .files import SaveControl, first_line, say
from .style import page

KINDS = (("pick the legal ones", "pick"), ("what happens next", "predict"), ("how likely", "chance"))
TEACHER = -1            # the seat menu's value for the teacher (an ipywidgets Dropdown takes None as "nothing")


def rule_choices(state) -> list[tuple[str, str]]:
    """The game's rule table as ``(words, name)``: each rule once, named by its section, or by
    "section: paraphrase" where the table holds several rules under one section (the sheet's way to
    pick one)."""
    refs = list(dict.fromkeys(type(state).RULES.values()))
    count: dict[str, int] = {}
    for r in refs:
        count[r.section] = count.get(r.section, 0) + 1
    out = [(f"{r.section}: {r.text}", r.section if count[r.section] == 1 else str(r)) for r in refs]
    return sorted(out, key=lambda x: _section_order(x[1]))


def _section_order(name: str):
    """Sections in reading order ("2.a" before "10"): numbers by value, words alphabetically."""
    return [(0, int(p), "") if p.isdigit() else (1, 0, p.casefold()) for p in re.split(r"[\s.]+", name) if p]


def default_title(question: str) -> str:
    """A title for an exercise given none: the question's asking sentence (the last one that asks,
    else the last), without its mark, cut at a word within 60 characters."""
    sentences = [x.strip() for x in re.split(r"(?<=[.?!])\s+", question.strip()) if x.strip()]
    asking = [x for x in sentences if x.endswith("?")] or sentences or [""]
    title = asking[-1].rstrip("?.! ")
    if len(title) > 60:
        cut = title[:61]
        title = (cut.rsplit(" ", 1)[0] if " " in cut else cut[:60]).rstrip(",;: ")
    return title


def sheet_text(data: dict) -> str:
    """A sheet's file text (indented JSON, for a person to read)."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


class ExerciseMaker(W.VBox):
    """Make exercises at the step ``explorer`` shows and save them as a sheet (module docstring)."""

    def __init__(self, explorer, *, download: bool):
        self.explorer = explorer
        self.game = explorer.timeline.record.game
        self.entries: list[dict] = []
        self.answers: list[str] = []
        self._parts: dict[str, list] = {"scope": [], "action": [], "outcome": [], "probability": []}
        self._quiet = False
        st = explorer.state
        self.board = board_for(self.game, st)
        self.where = W.HTML()
        players = len(st.observation(None).get("players", [])) or getattr(st.options, "players", 0)
        self.kind = W.Dropdown(options=KINDS, value="predict", description="kind")
        self.seat = W.Dropdown(options=[("the teacher (sees everything)", TEACHER)]
                               + [(seat_name(q), q) for q in range(players)], description="posed to")
        viewing = getattr(explorer, "perspective", None)      # at first, the seat the explorer shows
        self.seat.value = TEACHER if viewing is None or not 0 <= viewing < players else viewing
        self.scope = W.Dropdown(description="pick every", layout=W.Layout(width="98%"))
        self.action = W.Dropdown(description="after", layout=W.Layout(width="98%"))
        self.outcome = W.Dropdown(description="predict", layout=W.Layout(width="98%"))
        self.probability = W.Dropdown(description="chance of", layout=W.Layout(width="98%"))
        self.title = W.Text(placeholder="a short title (optional)", description="title", layout=W.Layout(width="98%"))
        self.question = W.Textarea(placeholder="the question, in your words", description="question",
                                   layout=W.Layout(width="98%", height="60px"))
        self.rules = W.SelectMultiple(description="trains", rows=6, layout=W.Layout(width="98%"))
        self.answer = W.HTML()
        self.answer.add_class("re-maker-answer")
        self.answer_button = W.Button(description="see the engine's answer", icon="calculator",
                                      layout=W.Layout(width="auto"))
        self.add_button = W.Button(description="add to the sheet", icon="plus", button_style="primary",
                                   layout=W.Layout(width="auto"))
        self.drop_button = W.Button(description="remove the last one", icon="times", layout=W.Layout(width="auto"))
        self.listing = W.HTML()
        for w, name in ((self.kind, "kind"), (self.seat, "seat"), (self.scope, "scope"), (self.action, "action"),
                        (self.outcome, "outcome"), (self.probability, "probability"), (self.title, "title"),
                        (self.question, "question"), (self.rules, "rules"), (self.answer_button, "see"),
                        (self.add_button, "add"), (self.drop_button, "drop")):
            w.add_class(f"re-maker-{name}")
        for w in (self.kind, self.seat):
            w.observe(lambda _: self.follow(), names="value")
        for w in (self.scope, self.action, self.outcome, self.probability, self.question, self.title, self.rules):
            w.observe(lambda _: self._changed(), names="value")
        self.answer_button.on_click(lambda _: self.see_answer())
        self.add_button.on_click(lambda _: self.add())
        self.drop_button.on_click(lambda _: self.drop_last())
        self.saver = SaveControl(self.text, filename=f"{self.game.replace('_', '-')}-exercises.json",
                                 what="the sheet", download=download, button="save the sheet",
                                 write=lambda path, _text: save_sheet(path, self.data()))
        self.parts_box = W.VBox(layout=W.Layout(width="100%"))
        form = W.VBox([self.where, W.HBox([self.kind, self.seat], layout=W.Layout(flex_flow="row wrap")),
                       self.parts_box, self.title, self.question, self.rules,
                       W.HTML("<small style='color:#555'>The sections it trains: one or more (Ctrl- or "
                              "⌘-click to choose several); the rule of the step shown is chosen at first.</small>"),
                       W.HBox([self.answer_button, self.add_button, self.drop_button],
                              layout=W.Layout(flex_flow="row wrap")),
                       self.answer, self.listing, self.saver])
        drawing = W.VBox([self.board.widget, W.HTML(getattr(self.board, "legend", ""))])
        if self.game in WIDE:           # a board wider than tall spans the width, the form under it
            drawing.layout, form.layout = W.Layout(width="100%"), W.Layout(width="100%")
            body = [drawing, form]
        else:
            drawing.layout = W.Layout(width="50%", padding="0 8px 0 0")
            form.layout = W.Layout(width="50%")
            body = [W.HBox([drawing, form], layout=W.Layout(width="100%"))]
        super().__init__(body, layout=W.Layout(width="100%"))
        self.add_class("re-exercise-maker")
        page(self)                       # the page's look (a board sized by its CSS)
        self._rules_for = None
        self._list()
        explorer.on_refresh(lambda _st, _obs: self.follow())

    # -- the position --------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.explorer.timeline.cursor

    @property
    def state(self):
        return self.explorer.state

    @property
    def viewer(self) -> int | None:
        return None if self.seat.value == TEACHER else self.seat.value

    def follow(self) -> None:
        """Redraw for the step shown, the kind and the seat: the board from the seat's view, the
        choices the engine offers here."""
        st, viewer = self.state, self.viewer
        self.board.draw(st, st.observation(viewer), [])
        who = "the teacher" if viewer is None else seat_name(viewer)
        now = ("the game is over: nothing to ask" if st.is_terminal()
               else "a chance step (a draw, a deal or a roll)" if st.is_chance_node()
               else f"{seat_name(st.current_player)} decides")
        self.where.value = (f"<div style='margin:2px 0'><b>At step {self.step}</b>: {now}. The board shows what "
                            f"{html.escape(who)} may see.</div>")
        kind = self.kind.value
        self._quiet = True
        try:
            history = self._history()
            if kind == "pick":
                self._fill(self.scope, "scope", pick_scopes(self.game, st, viewer, history))
                shown = [self.scope]
            elif kind == "predict":
                actions, outcomes = predict_choices(self.game, st, viewer, history)
                self._fill(self.action, "action", actions)
                self._fill(self.outcome, "outcome", outcomes)
                shown = [self.action, self.outcome]
            else:
                self._fill(self.probability, "probability", chance_choices(self.game, st, viewer, history))
                shown = [self.probability]
            if self._rules_for is not type(st):
                self._rules_for = type(st)
                self.rules.options = rule_choices(st)
            rule = st.step_rule()
            if rule is not None and not self.rules.value:
                names = [v for _, v in self.rules.options]
                pick = next((n for n in (rule.section, str(rule)) if n in names), None)
                self.rules.value = (pick,) if pick else ()
        finally:
            self._quiet = False
        empty = [w for w in shown if not w.options]
        self.parts_box.children = shown + ([W.HTML(f"<i>{html.escape(self._none_here(kind))}</i>")] if empty else [])
        self._changed()

    def _history(self):
        """``(states, actions)`` from the start to the step shown (what the engine's hidden check needs)."""
        tl = self.explorer.timeline
        return [tl.state_at(i) for i in range(tl.cursor + 1)], list(tl.actions[:tl.cursor])

    def _private(self) -> bool:
        """Whether the choices at hand would tell the seat posed to what it cannot see (the engine's
        :func:`~explorer.engine.sheet_parts.hidden_choices`: another seat's options, or a draw whose
        outcomes change with what the seat cannot see)."""
        return hidden_choices(self.game, self.state, self.viewer, self._history())

    def _none_here(self, kind: str) -> str:
        st = self.state
        if st.is_terminal():
            return "The game is over here: step back to a step where something happens."
        if self._private():
            if st.is_chance_node():
                who = seat_name(self.viewer)
                return (f"The outcomes of this draw would tell {who} what {who} cannot see (what is still "
                        "to draw): pose it to the teacher.")
            who = seat_name(st.current_player)
            return (f"{who} is choosing: what {who} may choose is theirs to see. Pose it to {who}, "
                    "or to the teacher.")
        if kind == "pick":
            return "A chance step: nothing to pick here (ask how likely its outcomes are, or step on)."
        if kind == "chance":
            return "Not a chance step: step to a draw, a deal or a roll to ask how likely its outcomes are."
        if st.is_chance_node() and self.viewer is not None:
            return (f"The outcomes of this draw read alike to {seat_name(self.viewer)} (what is drawn is hidden "
                    "from it): pose it to the teacher, or step on.")
        return "Nothing can be done here: step on."

    def _fill(self, menu: W.Dropdown, part: str, pairs) -> None:
        """Fill ``menu`` with ``pairs`` of (name, words), keeping the choice made when it is still there."""
        pairs = list(pairs)
        old = self._parts[part][menu.value] if menu.value is not None and menu.value < len(self._parts[part]) else None
        self._parts[part] = [name for name, _ in pairs]
        menu.options = [(words, i) for i, (_, words) in enumerate(pairs)]
        keep = self._parts[part].index(old) if old in self._parts[part] else 0
        menu.value = keep if pairs else None

    def _changed(self) -> None:
        if not self._quiet:
            self.answer.value = ""
            self.question.placeholder = self.suggestion()

    def suggestion(self) -> str:
        """A question for the parts chosen, shown in the empty question box as an example (a learner
        reads only the question: a prediction's should say which step it is about)."""
        def label(menu):
            return next((w for w, v in menu.options if v == menu.value), "") if menu.value is not None else ""
        kind = self.kind.value
        if kind == "predict" and self.action.value is not None:
            outcome = label(self.outcome)
            ask = {"who takes the next step": "Who takes the next step afterwards?",
                   "whether the game ends": "Does the game end?", "who wins": "Who wins?"}.get(
                       outcome, f"What is {outcome}?" if outcome.endswith("afterwards") else f"Afterwards: {outcome}?")
            return f"e.g. {label(self.action)}. {ask}"
        if kind == "pick" and self.scope.value is not None and not self.state.is_terminal():
            return f"e.g. What may {seat_name(self.state.current_player)} do now? Pick every legal choice."
        if kind == "chance" and self.probability.value is not None:
            return f"e.g. How likely is this outcome: {label(self.probability)}?"
        return "the question, in your words"

    # -- the exercise --------------------------------------------------------------------------------
    def named_parts(self) -> dict:
        """The kind's named parts as the sheet names them (a ValueError when one is missing)."""
        kind = self.kind.value
        menus = {"pick": ("scope",), "predict": ("action", "outcome"), "chance": ("probability",)}[kind]
        out = {}
        for part in menus:
            menu = getattr(self, part)
            if menu.value is None or not self._parts[part]:
                raise ValueError(self._none_here(kind))
            out[part] = self._parts[part][menu.value]
        return out

    def _key(self, title: str) -> str:
        base = "-".join(re.findall(r"[a-z0-9]+", title.casefold())[:6]) or "exercise"
        taken = {e["key"] for e in self.entries}
        key, n = base, 2
        while key in taken:
            key, n = f"{base}-{n}", n + 1
        return key

    def current(self) -> dict:
        """The exercise the panel poses now, as a sheet entry, built and checked by the engine (a
        ValueError -- SheetError included -- names what is wrong)."""
        question = self.question.value.strip()
        if not question:
            raise ValueError("Type the question first.")
        if not self.rules.value:
            raise ValueError("Choose the rule sections it trains (at least one).")
        title = self.title.value.strip() or default_title(question)
        whole = self.explorer.timeline.record          # cut at the step: the file holds nothing after it
        record = replace(whole, actions=whole.actions[:self.step])
        return entry(self.game, kind=self.kind.value, position=position_from_record(record, self.step),
                     viewer=self.viewer, question=question, rules=list(self.rules.value), title=title,
                     key=self._key(title), **self.named_parts())

    def _built(self, refused: str):
        """``(entry, its answer in words)`` for the exercise posed now, or None with the reason shown
        after ``refused`` ("Not added")."""
        try:
            e = self.current()
            ex = load_sheet(sheet(self.game, [e]), game=self.game).exercises[0]
        except ValueError as err:
            self.answer.value = say(f"{refused}: {_plain_error(err)}", ok=False)
            return None
        return e, ex.answer_text()

    def see_answer(self) -> str | None:
        """Show the answer the engine computes for the exercise posed now (or why it is refused)."""
        built = self._built("Not an exercise yet")
        if built is None:
            return None
        self.answer.value = (f"<div style='border-left:4px solid #3b6fb6;padding:2px 8px'><b>The engine's answer</b>: "
                             f"{html.escape(built[1])}</div>")
        return built[1]

    def add(self) -> bool:
        """Add the exercise posed now to the sheet (refused, with the reason, when it is not one)."""
        built = self._built("Not added")
        if built is None:
            return False
        self.entries.append(built[0])
        self.answers.append(built[1])
        self.question.value = ""
        self.title.value = ""
        self.answer.value = say(f"Added as exercise {len(self.entries)}: the engine's answer is {built[1]}.")
        self._list()
        return True

    def drop_last(self) -> None:
        if self.entries:
            self.entries.pop()
            self.answers.pop()
        self._list()

    def _list(self) -> None:
        n = len(self.entries)
        self.drop_button.disabled = not n
        if not n:
            self.listing.value = "<div style='font-size:12px'><b>The sheet</b>: no exercise yet.</div>"
            return
        rows = "".join(f"<li>{html.escape(e['title'])} <small>({html.escape(_kind_words(e['kind']))}, posed to "
                       f"{html.escape(e['viewer'] or 'the teacher')}, step {e['position']['step']}; "
                       f"answer: {html.escape(a)})</small></li>"
                       for e, a in zip(self.entries, self.answers, strict=True))
        self.listing.value = (f"<div style='font-size:12px'><b>The sheet</b> ({n} exercise{'s' if n != 1 else ''}):"
                              f"<ol style='margin:2px 0;padding-left:1.4em'>{rows}</ol></div>")

    # -- the file -----------------------------------------------------------------------------------
    def data(self) -> dict:
        if not self.entries:
            raise ValueError("the sheet has no exercise yet: add one first")
        return sheet(self.game, self.entries)

    def text(self) -> str:
        data = self.data()
        load_sheet(data, game=self.game)          # a sheet that would not open is not saved
        return sheet_text(data)


def _kind_words(kind: str) -> str:
    return next(words for words, k in KINDS if k == kind)


def _plain_error(err: BaseException) -> str:
    """A refusal's line without the loader's name for the one-exercise sheet it built."""
    text = first_line(err)
    return re.sub(r"^sheet: exercise 1 \([^)]*\): ", "", text)
