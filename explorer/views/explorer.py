"""The generic Explorer widget: any game's board, a timeline, a log of rules, a
perspective selector, a state inspector and an action chooser.

It drives a :class:`~explorer.engine.timeline.Timeline`; the game-specific part is a
*board view* (see :class:`BoardView`) that draws a state in bqplot and turns a click
into a board *key* such as ``("cell", 3, 4)``.  The board view also says which key each
legal action targets (to highlight them) and which action a click on a key means now,
so an illegal click reaches the engine and its refusal is shown with the rule.

Everything shown takes the explorer's *perspective* (a seat, or ``None`` for the
teacher): step labels come from ``state.describe(action, viewer)``, event texts from
``Event.text_for(viewer)``, the board and the inspector from ``observation(viewer)``;
a seat is offered choices (and sees its board targets) only when it is its turn.
Switching perspective redraws everything.
"""
from __future__ import annotations

import html
import random
import re
from typing import Any
from collections.abc import Callable, Hashable, Iterable

import ipywidgets as W

from explorer.engine import CHANCE, IllegalMove, Timeline, events_for, uniform_policy
from explorer.engine.words import cited_sections, counted, seat_name, seat_names

from .style import page_style

Key = Hashable


TEACHER = -1        # the "view as" menu's value for the all-seeing teacher (perspective None)


class BoardView:
    """What the Explorer needs from a game's board drawing."""

    #: the widget to display (usually a bqplot Figure)
    widget: W.DOMWidget
    #: HTML naming the board's glyphs, shown under it (see :func:`explorer.views.style.legend_html`)
    legend: str = ""

    def draw(self, state, observation: dict, highlights: Iterable[Key]) -> None:
        raise NotImplementedError

    def on_click(self, callback: Callable[[Key], None]) -> None:
        """Call ``callback(key)`` when the user clicks a board element (a board passes its
        marks' clicks to :meth:`_emit`)."""
        self.__dict__.setdefault("_callbacks", []).append(callback)

    def _emit(self, key: Key) -> None:
        for cb in self.__dict__.get("_callbacks", ()):
            cb(key)

    def pass_clicks(self, mark, keys: Callable[[], list]) -> None:
        """A click on element ``i`` of ``mark`` means the board key ``keys()[i]`` (None: nothing to
        click there).  Every mark that takes clicks goes through here, the labels, markers and values
        drawn over a board element too (each passes its click to the element it sits on), so no
        part of a ringed target swallows a click; ``click_marks`` lists them."""
        self.__dict__.setdefault("click_marks", []).append((mark, keys))
        mark.on_element_click(lambda _m, event: self._emit_at(keys(), event))

    def _emit_at(self, keys: list, event: dict) -> None:
        i = (event.get("data") or {}).get("index")
        self._emit(keys[i] if isinstance(i, int) and 0 <= i < len(keys) else None)

    def beneath(self, key: Key) -> Key | None:
        """The board element the piece ``key`` lies on (a coin's province...): a click on the piece
        goes to it when the piece is not ringed and it is (see :meth:`Explorer.resolve`)."""
        return None

    def key_of(self, state, action) -> Key | None:
        """The board element ``action`` targets (None: not on the board)."""
        return None

    def action_for(self, state, key: Key):
        """The action a click on ``key`` means in ``state`` (legal or not), or None."""
        return None

    def shows(self, state, action) -> bool:
        """Whether clicks on the board make ``action`` (it needs no button): by default, when a click
        on its key means exactly it."""
        k = self.key_of(state, action)
        return k is not None and self.action_for(state, k) == action

    def no_action_reason(self, state, key: Key) -> str | None:
        """Why a click on ``key`` means nothing by itself now, when the board can say better than
        "nothing to do there" (e.g. several choices share the spot)."""
        return None


def explorer_layout(board: BoardView, ex: Explorer, *, wide: bool = False) -> list:
    """The one layout every game's explorer uses, under its controls: the board at the width's
    larger part (its legend under it) with, beside it, whose turn it is and the choices, what
    happened and the rule, and the steps; the panel of what this view may see spans the width
    below.  ``wide``: a board wider than tall spans the whole width, the side column's parts in
    two columns under it."""
    legend = W.HTML(getattr(board, "legend", ""))
    acting = [ex.turn_line, ex.own_choosers, ex.choice_buttons, W.HBox([ex.action_choice, ex.do_button, ex.auto_button],
                                                      layout=W.Layout(flex_flow="row wrap")), ex.message]
    why = [W.HTML("<b>What happened, and the rule</b>"), ex.why]
    steps = [W.HTML("<b>Steps</b> <small>(with the rulebook sections they follow)</small>"), ex.steps]
    seen = [W.HTML("<b>What this view may see</b>"), ex.game_panel, ex.details]
    if wide:
        main = [W.VBox([board.widget, legend], layout=W.Layout(width="100%")),
                W.HBox([W.VBox(acting + why, layout=W.Layout(width="50%", padding="0 8px 0 0")),
                        W.VBox(steps, layout=W.Layout(width="50%"))], layout=W.Layout(width="100%"))]
    else:
        main = [W.HBox([W.VBox([board.widget, legend], layout=W.Layout(width="62%", padding="0 8px 0 0")),
                        W.VBox(acting + why + steps, layout=W.Layout(width="38%"))],
                       layout=W.Layout(width="100%"))]
    return main + [W.VBox(seen, layout=W.Layout(width="100%"))]


class NoBoard(BoardView):
    """For a game without a board drawing yet: the Explorer still steps through its
    record, with the rule log, perspective and inspector."""

    def __init__(self, text: str = "(no board drawing for this game yet: see the inspector)"):
        self.widget = W.HTML(f"<i>{html.escape(text)}</i>")

    def draw(self, state, observation, highlights):
        pass

    def on_click(self, callback):
        pass


def step_label(state, action, next_state, index: int, viewer: int | None = None) -> str:
    """One line of the step list: the action as ``viewer`` may know it, and the rulebook
    sections it follows: the rule the step was taken under (:meth:`State.step_rule`: the
    decision's rule, a chance step's deal, draw or roll rule) and those of the rules that
    fired which that seat may see, each once, the most specific kept."""
    rule = state.step_rule()
    sections = cited_sections(([rule.section] if rule is not None else [])
                              + [r.section for _, r in events_for(next_state.events, viewer)])
    cite = f"  [{'; '.join(sections)}]" if sections else ""
    return f"{index + 1}. {state.describe(action, viewer)}{cite}"


#: a zero-width space: a place a line may break that shows nothing
BREAK = "\u200b"


def wrappable(label: str) -> str:
    """A step list line that wraps between words: ipywidgets' Select shows each space of an
    option as a no-break space, so a long line could only break inside a word ("T ime",
    "Acti ons"); a zero-width space after every space gives the browser a place between words."""
    return label.replace(" ", " " + BREAK)


def events_html(state, viewer: int | None = None, before=None, action=None) -> str:
    """What happened at the last step and the rules it followed, as ``viewer`` may know
    them: the step itself under the rule it was taken by (given ``before``, the state it
    was taken in, and its ``action``), then every event that seat may see.  With no step
    to show (the start of a game), what comes next and its rule.  A line said twice (the step
    and the event it fires often read alike) shows once, under each rule it follows."""
    seen = []
    if before is not None and action is not None:
        rule = before.step_rule()
        if rule is not None:
            seen.append((before.describe(action, viewer), rule))
    seen += events_for(state.events, viewer)
    if not seen:
        rule = state.step_rule()
        if rule is None:
            return "<i>(nothing happened by rule at this step)</i>"
        if state.is_terminal():
            nxt = f"The game is over: {state.result()}"
        elif state.is_chance_node():
            nxt = "Nothing played yet; chance moves next (a deal, a draw or a roll)"
        else:
            nxt = f"Nothing played yet; next, {seat_name(state.current_player)} decides: {state.prompt()}"
        seen.append((nxt, rule))
    lines: dict[str, list] = {}
    for text, rule in seen:
        rules = lines.setdefault(text, [])
        if all((r.section, r.text) != (rule.section, rule.text) for r in rules):
            rules.append(rule)
    rows = "".join(
        f"<li>{html.escape(text)}" + "".join(f" <br><small><b>{html.escape(rule.section)}</b>: "
                                             f"{html.escape(rule.text)}</small>" for rule in rules) + "</li>"
        for text, rules in lines.items())
    return f"<ul style='margin:0;padding-left:1.2em'>{rows}</ul>"


def chapter_notes(example) -> dict[int, str]:
    """Narration for the Explorer: each chapter's title, what the rulebook fixes, and
    what we had to reconstruct, shown from the chapter's first step on.  A lesson's note for a
    step (``example.notes``) shows under its chapter's at that step only."""
    notes = {}
    for ch in example.chapters:
        recon = "".join(f"<li>{html.escape(r)}</li>" for r in ch.reconstructed)
        notes[ch.start] = (f"<b>{html.escape(ch.title)}</b> (steps {ch.start + 1}-{ch.end})"
                           + (f"<br>{html.escape(ch.source)}" if ch.source else "")
                           + ("<br><small>Reconstructed where the text is "
                              f"silent:<ul style='margin:0'>{recon}</ul></small>"
                              if recon else ""))
    steps = getattr(example, "notes", None) or {}
    if not steps:
        return notes

    def heading(k):
        at = [s for s in notes if s <= k]
        return notes[max(at)] if at else ""
    out = dict(notes)
    for k in sorted(steps):
        if k + 1 <= len(example.record.actions) and k + 1 not in steps:
            out.setdefault(k + 1, heading(k + 1))      # the step's note shows at its step only
        head = heading(k)
        out[k] = ((head + "<br>" if head else "")
                  + f"<span class='re-step-note'><b>Step {k}</b>: {html.escape(steps[k])}</span>")
    return out


_IDENTIFIER = re.compile(r"[a-z]+(?:_[a-z0-9]+)+")


def observation_html(obs: dict[str, Any]) -> str:
    """A compact table of what the chosen perspective may see.  A seat's ``None`` reads
    "hidden" when another player is looking (the observation withholds it), "—" otherwise.
    The observation's own field names are shown as code (they are the engine's, not words), as are
    values that are identifiers (a phase's name),
    and a player's ``seat`` field is left out (the row is named by :func:`seat_name`)."""
    viewer = obs.get("viewer")

    def fmt(v, secret=False):
        if v is None:
            return "<i>hidden</i>" if secret else "—"
        if isinstance(v, (list, tuple)):
            return html.escape(", ".join(map(str, v))) if v else "—"
        if isinstance(v, str) and _IDENTIFIER.fullmatch(v):        # an engine's code (a phase's name)
            return f"<code>{html.escape(v)}</code>"
        return html.escape(str(v))

    seat_rows = []
    for i, seat in enumerate(obs.get("players", [])):
        secret = viewer is not None and viewer != i
        parts = "; ".join(f"<code>{html.escape(k)}</code> {fmt(v, secret)}" for k, v in seat.items() if k != "seat")
        seat_rows.append(f"<li>{seat_name(i)}: {parts}</li>")
    skip = {"players", "tiles", "coins"}
    general = "".join(f"<tr><th><code>{html.escape(k)}</code></th>"
                      f"<td>{fmt(v, k == 'bag' and viewer is not None)}</td></tr>"
                      for k, v in obs.items() if k not in skip)
    return (f"<table style='font-size:12px'>{general}</table>"
            f"<ul style='font-size:12px;margin:4px 0;padding-left:1.2em'>{''.join(seat_rows)}</ul>")


class Explorer(W.VBox):
    """Timeline controls + board + rule log + perspective + inspector + action chooser.

    ``random_seats``: seats played by the uniform-random policy (the rest are clicked by
    the user).  ``auto_chance``: draw chance outcomes automatically when playing on.
    ``follow_turn`` (hot-seat play): the perspective moves to each person's seat when it
    is their turn, so the next person never sees what the last one chose in secret.
    ``panel(observation) -> html``: the game's own panel of what the perspective may see
    (whose turn, hands, scores, goals...); the raw observation stays under "details".
    Up to ``max_buttons`` legal choices show as buttons, more as a list.  ``wide_board``:
    the board spans the whole width above the choices and the step list (a wide table or
    map) instead of filling the larger, left column (see :func:`explorer_layout`)."""

    def __init__(self, timeline: Timeline, board: BoardView, *, random_seats: Iterable[int] = (),
                 auto_chance: bool = True, seed: int = 0, perspective: int | None = None,
                 title: str = "", notes: dict[int, str] | None = None, follow_turn: bool = False,
                 panel: Callable[[dict], str] | None = None, max_buttons: int = 16, wide_board: bool = False):
        self.timelines = [timeline]
        self.timeline = timeline
        self.board = board
        self.random_seats = set(random_seats)
        self.auto_chance = auto_chance
        self.rng = random.Random(seed)
        self.perspective = perspective
        self.follow_turn = follow_turn
        self.panel = panel
        self.max_buttons = max_buttons
        self._labels: list[str] = []
        self.notes = dict(notes or {})
        self._refresh_hooks: list[Callable] = []
        self.narration = W.HTML()

        def b(desc, tip, icon="", width="auto"):
            return W.Button(description=desc, tooltip=tip, icon=icon, layout=W.Layout(width=width))

        self.first_button = b("", "first step", "fast-backward", "40px")
        self.back_button = b("", "one step back", "step-backward", "40px")
        self.step_button = b("", "one step forward", "step-forward", "40px")
        self.last_button = b("", "last step", "fast-forward", "40px")
        self.play = W.Play(interval=400, min=0, max=max(1, len(timeline)), step=1, description="play")
        self.slider = W.IntSlider(min=0, max=len(timeline), description="step", continuous_update=False,
                                  layout=W.Layout(width="380px"))
        W.jslink((self.play, "value"), (self.slider, "value"))
        self.branch_button = b("branch here", "copy the record up to this step and try something else",
                               "code-branch")
        self.line_choice = W.Dropdown(options=[("main line", 0)], value=0, description="line",
                                      layout=W.Layout(width="220px"))
        seats = getattr(timeline.state, "players", None)
        if seats is None:
            seats = len(timeline.state.observation(None).get("players", []))
        self.perspective_choice = W.Dropdown(description="view as")
        self.set_seat_labels([seat_name(i) for i in range(seats)], perspective)
        self.steps = W.Select(options=[], rows=12, layout=W.Layout(width="100%"))
        self.steps.add_class("re-steps")
        self.why = W.HTML()
        self.game_panel = W.HTML()
        self.inspector = W.HTML()
        self.details = W.Accordion(children=[self.inspector])
        self.details.set_title(0, "details: the raw observation")
        self.details.selected_index = None
        self.choice_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%"))
        self.choice_buttons.add_class("explorer-choices")
        self.message = W.HTML()
        #: a game's own ways to choose (a hand of cards...): see :meth:`add_chooser`
        self.choosers: list = []
        self.own_choosers = W.VBox(layout=W.Layout(width="100%"))
        self.turn_line = W.HTML()
        self.action_choice = W.Dropdown(options=[], description="legal", layout=W.Layout(width="330px"))
        self.do_button = b("do it", "apply the chosen legal action", "check", "90px")
        self.auto_button = b("play on", "let chance and the random seats move until a person must decide",
                             "forward")

        self.first_button.on_click(lambda _: self._goto(0))
        self.back_button.on_click(lambda _: self._goto(self.timeline.cursor - 1))
        self.step_button.on_click(lambda _: self._goto(self.timeline.cursor + 1))
        self.last_button.on_click(lambda _: self._goto(len(self.timeline)))
        self.slider.observe(lambda ch: self._goto(ch["new"]), names="value")
        self.branch_button.on_click(lambda _: self.branch())
        self.line_choice.observe(self._on_line, names="value")
        self.perspective_choice.observe(self._on_perspective, names="value")
        self.steps.observe(self._on_log, names="index")
        self.do_button.on_click(lambda _: self._do_chosen())
        self.auto_button.on_click(lambda _: self.play_on())
        board.on_click(self.click)

        header = W.HTML(f"<h3 style='margin:4px 0'>{html.escape(title)}</h3>") if title else W.HTML()
        controls = W.HBox([self.first_button, self.back_button, self.play, self.step_button,
                           self.last_button, self.slider], layout=W.Layout(flex_flow="row wrap"))
        lines = W.HBox([self.branch_button, self.line_choice, self.perspective_choice],
                       layout=W.Layout(flex_flow="row wrap"))
        super().__init__([page_style(), header, self.narration, controls, lines]
                         + explorer_layout(board, self, wide=wide_board))
        self.add_class("re-page")
        self._rebuild_log()
        self.refresh()

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self):
        return self.timeline.state

    def may_act(self) -> bool:
        """Whether the current perspective may see and make the choice at hand: the
        teacher always, a seat only on its own turn."""
        return self.perspective is None or self.perspective == self.state.current_player

    def legal_here(self):
        """Legal actions the user may take now (none while replaying the past, and none
        shown to a seat whose turn it is not: the choices would tell it another's hand)."""
        st = self.state
        if not self.timeline.at_end or st.is_terminal():
            return []
        if not st.is_chance_node() and not self.may_act():
            return []
        if st.is_chance_node():
            return [] if self.auto_chance else list(st.legal_actions())
        return list(st.legal_actions())

    def note_at(self, step: int) -> str:
        """The narration for ``step``: the latest note at or before it (on the main line)."""
        if not self.notes or self.timeline is not self.timelines[0]:
            return ""
        at = [k for k in self.notes if k <= step]
        if not at:
            return ""
        k = max(at)
        return (f"<div style='background:#f4f7fb;border-left:4px solid #3b6fb6;padding:6px 10px'>"
                f"{self.notes[k]}</div>")

    def highlights(self):
        keys = []
        for a in self.legal_here():
            k = self.board.key_of(self.state, a)
            if k is not None:
                keys.append(k)
        return keys

    # -- drawing ---------------------------------------------------------------------------
    def refresh(self):
        st = self.state
        obs = st.observation(self.perspective)
        self.board.draw(st, obs, self.highlights())
        at = self.timeline.cursor
        self.why.value = events_html(st, self.perspective, *((self.timeline.state_at(at - 1),
                                                              self.timeline.actions[at - 1]) if at else ()))
        self.narration.value = self.note_at(self.timeline.cursor)
        self.inspector.value = observation_html(obs)
        self.game_panel.value = self.panel(obs) if self.panel else ""
        legal = self.legal_here()
        labels = [st.describe(a, self.perspective) for a in legal[:400]]
        self.action_choice.options = [(text, i) for i, text in enumerate(labels)]
        if labels:
            self.action_choice.value = 0                  # a sensible default: the first choice
        for c in self.choosers:
            c.update(self, legal)
        self._show_buttons(labels, *self._on_board(st, legal[:400]))
        self.do_button.disabled = not legal
        self.turn_line.value = self._turn_text()
        with self.slider.hold_trait_notifications():
            self.slider.max = len(self.timeline)
            self.play.max = max(1, len(self.timeline))
            if self.slider.value != self.timeline.cursor:
                self._silent_slider(self.timeline.cursor)
        idx = self.timeline.cursor - 1
        if 0 <= idx < len(self.steps.options) and self.steps.index != idx:
            self._quiet_log = True
            self.steps.index = idx
            self._quiet_log = False
        self.back_button.disabled = self.timeline.cursor == 0
        self.step_button.disabled = self.timeline.at_end
        for hook in self._refresh_hooks:
            hook(st, obs)

    def _on_board(self, st, legal) -> tuple[set[int], set[int]]:
        """The indexes of the choices a click on the board means exactly (the board shows them;
        a spot several choices share is not one of them), and of the others that a game's own
        chooser offers."""
        shown, covered = set(), set()
        for i, a in enumerate(legal):
            if self.board.shows(st, a):
                shown.add(i)
            elif any(c.covers(st, a) for c in self.choosers):
                covered.add(i)
        return shown, covered

    def add_chooser(self, chooser) -> None:
        """A game's own way to choose, shown above the choice buttons: ``chooser.widget``, redrawn
        by ``chooser.update(explorer, legal)`` after every step (legal: what may be chosen now, none
        while looking at the past or on another's turn); the choices it ``covers(state, action)``
        get no button.  It plays a choice with :meth:`play_action`."""
        self.choosers.append(chooser)
        self.own_choosers.children = [c.widget for c in self.choosers]
        self.refresh()

    def _show_buttons(self, labels, on_board=frozenset(), covered=frozenset()):
        """The legal choices the board cannot show (``on_board``: those it can, clicked there;
        ``covered``: those a game's own chooser above offers) as buttons, in the rulebook's words,
        when there are few; a longer list stays in the drop-down (of every choice).  With nothing
        to choose (the past, chance, another seat's turn) neither shows.  The line above them
        says where the others are: an orange mark only when the board draws one."""
        off = [i for i in range(len(labels)) if i not in on_board and i not in covered]
        few = len(off) <= self.max_buttons      # none at all: no menu either
        self.action_choice.layout.display = "none" if few else None
        self.do_button.layout.display = "none" if few else None
        if not labels or not few:
            self.choice_buttons.children = ()
            return
        p = self.state.current_player
        whos = (f"player {p}: ", f"Player {p + 1}: ")
        items = []
        where = []
        if on_board:
            where.append(f"{counted(len(on_board), 'choice')} on the board: click an orange mark")
        if covered:
            where.append(f"{counted(len(covered), 'choice')} above")
        if where:
            items.append(W.HTML("<i>" + "; ".join(where) + (", or one of these:" if off else ".") + "</i>"))
        for i in off:
            text = labels[i]
            short = next((text[len(w):] for w in whos if text.startswith(w)), text)
            btn = W.Button(description=short, tooltip=text, layout=W.Layout(width="auto"))
            btn.on_click(lambda _, i=i: self._do_index(i))
            items.append(btn)
        self.choice_buttons.children = items

    def _do_index(self, i: int) -> None:
        legal = self.legal_here()
        if 0 <= i < len(legal):
            self.play_action(legal[i])

    def _turn_text(self) -> str:
        """Whose turn it is, as the current perspective may know it."""
        st = self.state
        if st.is_terminal():
            res = st.result()
            who = seat_names(res.winners) if res.winners else "nobody"
            rule = st.step_rule()
            why = f" {rule.text[:1].upper()}{rule.text[1:]} ({rule.section})." if rule is not None else ""
            return f"<b>The game is over</b>: {html.escape(who)} won.{html.escape(why)}"
        if not self.timeline.at_end:
            return "<i>Looking at the past: step forward, or branch here to try another move.</i>"
        if st.is_chance_node():
            return "<i>Chance moves next (dice, a draw): press play on.</i>"
        p = st.current_player
        if self.may_act():
            you = "Your turn" if self.perspective is not None else f"{seat_name(p)}'s turn"
            return f"<b>{you}</b> ({seat_name(p)}): {html.escape(st.prompt())}."
        return f"<i>{seat_name(p)} is choosing; what they may choose is theirs to see.</i>"

    def on_refresh(self, hook: Callable) -> None:
        """Call ``hook(state, observation)`` after every redraw (for side panels)."""
        self._refresh_hooks.append(hook)
        hook(self.state, self.state.observation(self.perspective))

    def _silent_slider(self, value):
        """Move the slider (and the Play button's value with it) without acting on it.
        The two are jslinked in the browser, and a jslink copies the Play value onto the
        slider when a page first draws them: a Play value left behind would send the page
        (in Voila, or a reloaded notebook) back to that step."""
        self._moving = True
        try:
            self.play.value = min(value, self.play.max)
            self.slider.value = value
        finally:
            self._moving = False

    def _rebuild_log(self):
        tl = self.timeline
        labels = []
        for i, a in enumerate(tl.actions):
            labels.append(step_label(tl.state_at(i), a, tl.state_at(i + 1), i, self.perspective))
        self._labels = labels
        self._quiet_log = True
        self.steps.options = [wrappable(t) for t in labels]
        self._quiet_log = False

    def _append_log(self, start: int):
        tl = self.timeline
        for i in range(start, len(tl)):
            self._labels.append(step_label(tl.state_at(i), tl.actions[i], tl.state_at(i + 1), i, self.perspective))
        self._quiet_log = True
        self.steps.options = [wrappable(t) for t in self._labels]
        self._quiet_log = False

    # -- moving through time -------------------------------------------------------------------
    def _goto(self, index: int):
        if getattr(self, "_moving", False):
            return
        index = max(0, min(index, len(self.timeline)))
        self.timeline.jump(index)
        self.message.value = ""
        self.refresh()

    def _on_log(self, change):
        if getattr(self, "_quiet_log", False) or change["new"] is None:
            return
        self._goto(change["new"] + 1)

    def set_seat_labels(self, labels: list[str], perspective: int | None = None) -> None:
        """Name the seats in the "view as" menu (the teacher comes first) and select
        ``perspective``.  (The teacher's entry has the value TEACHER, not None: an
        ipywidgets 8 Dropdown takes the value None for "nothing selected".)"""
        self.perspective_choice.options = [("teacher (sees everything)", TEACHER)] + [
            (label, i) for i, label in enumerate(labels)]
        self.perspective_choice.value = TEACHER if perspective is None else perspective

    def _on_perspective(self, change):
        if change["new"] is None:                     # the menu being refilled
            return
        self.perspective = None if change["new"] == TEACHER else change["new"]
        self._rebuild_log()
        self.refresh()

    def set_perspective(self, viewer: int | None) -> None:
        """View as ``viewer`` (a seat, ``None``: the teacher); everything is redrawn."""
        if viewer == self.perspective:
            return
        self.perspective_choice.value = TEACHER if viewer is None else viewer   # redraws via _on_perspective

    def _follow_turn(self):
        st = self.state
        if (self.follow_turn and self.timeline.at_end and not st.is_terminal()
                and st.current_player >= 0 and st.current_player not in self.random_seats):
            self.set_perspective(st.current_player)

    def _on_line(self, change):
        self.timeline = self.timelines[change["new"]]
        self._rebuild_log()
        self.refresh()

    def branch(self):
        """Start a what-if line from the current step; the original line is kept."""
        new = self.timeline.branch()
        self.timelines.append(new)
        n = len(self.timelines) - 1
        self.line_choice.options = list(self.line_choice.options) + [(f"what-if {n} (from step {new.cursor})", n)]
        self.line_choice.value = n       # switches via _on_line
        self.message.value = (f"<span style='color:#06c'>Branched at step {new.cursor}: "
                              "the original line is kept.</span>")
        return new

    # -- acting ------------------------------------------------------------------------------------
    def play_action(self, action) -> bool:
        """Apply ``action`` at the current step; refusals are shown, nothing changes."""
        if not self.timeline.at_end:
            self.message.value = ("<span style='color:#a60'>You are looking at the past: press "
                                  "<b>branch here</b> to try a different move from this step.</span>")
            return False
        before = len(self.timeline)
        try:
            self.timeline.play(action)
        except IllegalMove as e:
            self.message.value = (f"<span style='color:#b00'>Not allowed: {html.escape(e.reason)}<br>"
                                  f"<small><b>{html.escape(e.rule.section)}</b>: "
                                  f"{html.escape(e.rule.text)}</small></span>")
            self.refresh()
            return False
        self._go_on(before)
        return True

    def _go_on(self, before: int) -> None:
        """After a step (the timeline was ``before`` steps long): chance and the random seats move,
        the log gains every step since, the view follows the turn and is redrawn."""
        self.message.value = ""
        self._auto_moves()
        self._append_log(before)
        self._follow_turn()
        self.refresh()
        self._say_paused()

    def resolve(self, key):
        """The board key a click on ``key`` stands for: ``key`` itself, or, when it is not ringed
        and the element it lies on is (a coin on a ringed province), that element."""
        below = self.board.beneath(key) if key is not None else None
        if below is not None:
            ringed = self.highlights()
            if key not in ringed and below in ringed:
                return below
        return key

    def click(self, key):
        """A click on a board element: do what it means now (legal or not); a click on nothing
        that means something says so."""
        if not self.timeline.at_end:
            return self.play_action(None)       # explains that the past needs a branch
        key = self.resolve(key)
        action = self.board.action_for(self.state, key) if key is not None else None
        if action is None:
            why = ((self.board.no_action_reason(self.state, key) if key is not None else None)
                   or "Nothing to do there at this step.")
            self.message.value = f"<span style='color:#a60'>{html.escape(why)}</span>"
            return False
        return self.play_action(action)

    def _do_chosen(self):
        legal = self.legal_here()
        if self.action_choice.value is not None and self.action_choice.value < len(legal):
            self.play_action(legal[self.action_choice.value])

    #: steps chance and the random seats take at most at one press before the view waits ("play on")
    AUTO_LIMIT = 5_000

    def _auto_moves(self, limit: int | None = None) -> bool:
        """Let chance and the random seats move until a person must decide, or the game ends, or
        :attr:`AUTO_LIMIT` steps have been taken (True then: the view says so and waits)."""
        tl = self.timeline
        for _ in range(self.AUTO_LIMIT if limit is None else limit):
            st = tl.state
            if st.is_terminal():
                return False
            if st.current_player == CHANCE:
                if not self.auto_chance:
                    return False
                tl.play(st.sample_chance(self.rng))
            elif st.current_player in self.random_seats:
                tl.play(uniform_policy(st, self.rng))
            else:
                return False
        self._paused = True
        return True

    def _say_paused(self) -> None:
        if getattr(self, "_paused", False):
            self._paused = False
            self.message.value = (f"<span style='color:#a60'>Chance and the random seats took "
                                  f"{self.AUTO_LIMIT:,} steps without a decision of yours or the end: "
                                  "press play on to let them go on.</span>")

    def play_on(self):
        if not self.timeline.at_end:
            self.timeline.last()
        self._go_on(len(self.timeline))


def hot_seat(game: str, make_view: Callable, *, seed: int = 1, human: int = 0, options=None):
    """A new game of ``game`` for a person in seat ``human``; every other seat plays uniformly at
    random.  ``make_view(timeline, random_seats)`` builds the game's view (with an ``explorer``);
    it then plays on to the person's first decision."""
    tl = Timeline.new(game, options, seed)
    view = make_view(tl, [s for s in range(tl.state.options.players) if s != human])
    view.explorer.play_on()
    return view


def play_as(game: str, page: Callable, title: str, *, seed: int = 1, human: int = 0, options=None):
    """:func:`hot_seat` in a game's explorer page (``page``, such as ``JournalistsExplorer``), following
    the person's turns, titled "``title``: you are Player N"."""
    return hot_seat(game, lambda tl, others: page(tl, random_seats=others, perspective=human, seed=seed,
                                                  follow_turn=True, title=f"{title}: you are Player {human + 1}"),
                    seed=seed, human=human, options=options)
