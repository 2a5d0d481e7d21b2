"""A teacher's lessons on the page: "make a lesson from this game" (Play and Learn) and a lesson file
opened in Learn.

- :class:`LessonMaker` follows an :class:`~explorer.views.explorer.Explorer`: at the step shown the
  teacher starts a chapter (its heading and a line of text) or types a note for that step; "save the
  lesson" saves the steps played so far on the line shown, with the chapters and notes, as a worked
  example (:func:`explorer.engine.lessons.lesson`): a download in the app, a path in a notebook.
- :func:`lesson_view` shows a lesson in its game's explorer, narrated chapter by chapter with the
  notes (:func:`~explorer.views.explorer.chapter_notes`).
- :class:`LearnPage` is the Learn tab: a lesson file to open above the explorer shown; a malformed or
  another game's file gets one line saying why and the explorer stays as it was.
"""
from __future__ import annotations

import html
from importlib import import_module
from collections.abc import Callable

import ipywidgets as W

from explorer.engine import Timeline
from explorer.engine.lessons import lesson, lesson_text, load_lesson
from explorer.engine.registry import get_game

from .explorer import chapter_notes
from .files import OpenControl, SaveControl
from .style import page

#: each game's explorer view (module, class): what a lesson opens in
EXPLORERS = {"conspiracy": ("conspiracy", "ConspiracyExplorer"), "decay": ("decay", "DecayExplorer"),
             "journalists": ("journalists", "JournalistsExplorer"),
             "sands_of_time": ("sands_of_time", "SandsExplorer"), "take_off_eh": ("take_off_eh", "TakeOffEhExplorer")}


def lesson_view(example, *, perspective=None):
    """``example`` (a worked example or a teacher's lesson) in its game's explorer, at step 0."""
    module, name = EXPLORERS[example.record.game]
    cls = getattr(import_module(f"explorer.views.{module}"), name)
    view = cls(Timeline(example.record), title=example.title, notes=chapter_notes(example),
               perspective=perspective)
    view.example = example
    return view


def open_lesson(path, *, game: str | None = None):
    """The lesson file at ``path`` in its game's explorer (a notebook's way to open one)."""
    return lesson_view(load_lesson(path, game=game))


class LessonMaker(W.VBox):
    """Make a lesson from the game an Explorer shows (see the module docstring)."""

    def __init__(self, explorer, *, download: bool, title: str = ""):
        self.explorer = explorer
        self.game = explorer.timeline.record.game
        #: step -> (heading, text) of the chapters begun there (one at step 0 always)
        self.chapters: dict[int, tuple[str, str]] = {}
        #: step -> the teacher's note for it
        self.notes: dict[int, str] = {}
        self._quiet = False
        game_title = get_game(self.game).title
        self.title = W.Text(value=title or f"{game_title}: a lesson", description="lesson title",
                            layout=W.Layout(width="520px"), style={"description_width": "90px"})
        self.where = W.HTML()
        self.heading = W.Text(placeholder="the chapter's heading", description="chapter",
                              layout=W.Layout(width="360px"), style={"description_width": "90px"})
        self.heading_text = W.Text(placeholder="a line on what it shows (optional)", layout=W.Layout(width="360px"))
        self.start_button = W.Button(description="start a chapter here", icon="bookmark",
                                     tooltip="a chapter heading from the step shown on", layout=W.Layout(width="auto"))
        self.drop_button = W.Button(description="remove this chapter", icon="times",
                                    tooltip="remove the chapter that starts at the step shown",
                                    layout=W.Layout(width="auto"))
        self.note = W.Textarea(placeholder="a note for the step shown (what to look at, the rule at work)",
                               description="note", layout=W.Layout(width="520px", height="64px"),
                               style={"description_width": "90px"})
        self.summary = W.HTML()
        self.message = W.HTML()
        for w, name in ((self.start_button, "chapter"), (self.drop_button, "drop"), (self.note, "note"),
                        (self.heading, "heading"), (self.title, "title")):
            w.add_class(f"re-lesson-{name}")
        self.start_button.on_click(lambda _: self.start_chapter(self.heading.value, self.heading_text.value))
        self.drop_button.on_click(lambda _: self.drop_chapter())
        self.note.observe(self._typed, names="value")
        self.saver = SaveControl(self.text, filename=f"{self.game.replace('_', '-')}-lesson.json",
                                 what="the lesson", download=download, button="save the lesson")
        intro = W.HTML("<div style='font-size:13px'>Saves the steps played so far on the line shown as a "
                       "lesson for the Learn tab: step to where a chapter begins and give it a heading; type "
                       "a note for any step.  <small>(The file holds every step, the hidden draws and "
                       "deals too: it is the teacher's.)</small></div>")
        super().__init__([intro, self.title, self.where,
                          W.HBox([self.heading, self.heading_text, self.start_button, self.drop_button],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.note, self.summary, self.message, self.saver], layout=W.Layout(width="100%"))
        self.add_class("re-lesson-maker")
        page(self)                       # the page's look (a board sized by its CSS)
        explorer.on_refresh(lambda _st, _obs: self.follow())

    # -- the step shown ----------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.explorer.timeline.cursor

    def follow(self) -> None:
        """Show the step the explorer shows, its note and whether a chapter starts there."""
        k, n = self.step, len(self.explorer.timeline)
        self.where.value = (f"<div style='margin:4px 0'><b>At step {k}</b> of the {n} played so far"
                            + (f": the chapter “{html.escape(self.chapters[k][0])}” starts here (its first step is "
                               f"step {k + 1})" if k in self.chapters else "") + "</div>")
        self.drop_button.disabled = k not in self.chapters
        self._quiet = True
        self.note.value = self.notes.get(k, "")
        self._quiet = False
        self._summarize()

    def _typed(self, change) -> None:
        if self._quiet:
            return
        text = change["new"]
        if text.strip():
            self.notes[self.step] = text
        else:
            self.notes.pop(self.step, None)
        self._summarize()

    def start_chapter(self, heading: str, text: str = "") -> None:
        """A chapter from the step shown on (the one already there is renamed)."""
        if not heading.strip():
            self.message.value = "<span style='color:#a60'>Type the chapter's heading first.</span>"
            return
        self.chapters[self.step] = (heading.strip(), text.strip())
        self.heading.value = self.heading_text.value = ""
        self.message.value = ""
        self.follow()

    def drop_chapter(self) -> None:
        self.chapters.pop(self.step, None)
        self.follow()

    def _summarize(self) -> None:
        n = len(self.explorer.timeline)
        parts = [f"{html.escape(h)} (from step {k})" for k, (h, _t) in sorted(self._chapters(n).items())]
        steps = sorted(k for k in self.notes if k <= n)
        self.summary.value = (f"<div style='font-size:12px'><b>Chapters</b>: {'; '.join(parts)}<br>"
                              f"<b>Notes</b>: {'at steps ' + ', '.join(map(str, steps)) if steps else 'none yet'}"
                              "</div>")

    def _chapters(self, n: int) -> dict[int, tuple[str, str]]:
        """The chapters within the ``n`` steps saved (one from step 0 at least)."""
        kept = {k: v for k, v in self.chapters.items() if k < n or k == 0}
        if 0 not in kept:
            kept[0] = (self.title.value.strip() or "The game", "")
        return kept

    # -- the file --------------------------------------------------------------------------------
    def data(self) -> dict:
        """The lesson file's content: the steps played so far on the line shown."""
        record = self.explorer.timeline.record
        n = len(record.actions)
        chapters = [(k, h, t) for k, (h, t) in sorted(self._chapters(n).items())]
        return lesson(record, title=self.title.value, chapters=chapters,
                      notes={k: v for k, v in self.notes.items() if k <= n})

    def text(self) -> str:
        data = self.data()
        load_lesson(data, name="the lesson")          # a lesson that would not open is not saved
        return lesson_text(data)


class LearnPage(W.VBox):
    """The Learn tab: a lesson file to open, then the lesson shown (at first the game's own)."""

    def __init__(self, game: str, view, *, download: bool, kit: Callable | None = None):
        self.game = game
        self.download = download
        self.kit = kit
        self.opener = OpenControl(self.open_file, what="a lesson", download=download)
        self.holder = W.VBox(layout=W.Layout(width="100%"))
        bar = W.HBox([W.HTML("<b>A lesson file</b> (made with “make a lesson”):&nbsp;"), self.opener],
                     layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__([bar, self.holder], layout=W.Layout(width="100%"))
        self.add_class("re-learn-page")
        page(self)                       # the page's look (a board sized by its CSS)
        self.show(view)

    def show(self, view) -> None:
        self.view = view
        extra = [self.kit(view)] if self.kit is not None else []
        self.holder.children = [view] + extra

    def open_file(self, source, name: str) -> str:
        """Open a lesson (bytes or a path); a refused one raises and the lesson shown stays."""
        example = load_lesson(source, game=self.game, name=name)
        self.show(lesson_view(example))
        return (f"Opened “{example.title}” ({len(example.record.actions)} steps, "
                f"{len(example.chapters)} chapter{'s' if len(example.chapters) != 1 else ''}).")
