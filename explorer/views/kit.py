"""The teacher's kit under a Play or Learn explorer: "make a lesson from this game"
(:class:`~explorer.views.lessons.LessonMaker`) and "make an exercise from here"
(:class:`~explorer.views.authoring.ExerciseMaker`), each in a fold of its own, built the first time
it is opened (a board first drawn folded away would measure nothing)."""
from __future__ import annotations

import ipywidgets as W

SECTIONS = ("Teacher: make a lesson from this game", "Teacher: make an exercise from here")


class TeacherKit(W.Accordion):
    """The kit for ``view`` (a game's explorer view, with ``.explorer``); ``download``: files are
    downloaded (the app), else saved to a path (a notebook)."""

    def __init__(self, view, *, download: bool):
        self.view = view
        self.download = download
        self.parts: dict[int, W.Widget] = {}
        super().__init__(children=[W.HTML("<i>opening…</i>") for _ in SECTIONS])
        for i, title in enumerate(SECTIONS):
            self.set_title(i, title)
        self.selected_index = None
        self.add_class("re-teacher-kit")
        self.observe(self._opened, names="selected_index")

    def _opened(self, change) -> None:
        if change["new"] is not None:
            self.part(change["new"])

    def part(self, i: int) -> W.Widget:
        """Section ``i``'s panel (made on first use)."""
        if i not in self.parts:
            explorer = self.view.explorer
            if i == 0:
                from .lessons import LessonMaker
                panel = LessonMaker(explorer, download=self.download)
            else:
                from .authoring import ExerciseMaker
                panel = ExerciseMaker(explorer, download=self.download)
            self.parts[i] = panel
            children = list(self.children)
            children[i] = panel
            self.children = children
        return self.parts[i]

    @property
    def lessons(self):
        return self.part(0)

    @property
    def exercises(self):
        return self.part(1)


def teacher_kit(view, *, download: bool = False) -> TeacherKit:
    """The teacher's kit for a game's explorer view (in a notebook files are saved to a path)."""
    return TeacherKit(view, download=download)


def with_kit(view, *, download: bool) -> W.VBox:
    """``view`` with the teacher's kit under it (the app's Play tab)."""
    box = W.VBox([view, TeacherKit(view, download=download)], layout=W.Layout(width="100%"))
    box.view = view
    return box
