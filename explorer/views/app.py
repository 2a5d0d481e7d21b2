"""The page a student opens (a Voila app): Learn, Play, What if and Practice as tabs, one open at a
time, so the page stays short and its first board is ready at once.  Learn is built when the page
opens; the others are built the first time their tab is opened.  A What if that needs hundreds of
games reads the results shipped in ``data/whatif/`` (:mod:`explorer.views.shipped_whatif`: the command
and seed that made them are shown), with a button to play the games again live.  Practice is the
game's one place for all of its exercises (:func:`explorer.views.exercises.exercise_sheet`), with the
learner's progress.

The page is also a teacher's kit: under Learn and Play, "make a lesson from this game" and "make an
exercise from here" (:mod:`explorer.views.kit`); Learn opens any lesson file, Practice any exercise
sheet file and saves the learner's answers (:mod:`explorer.views.lessons`, :mod:`explorer.views.practice`).
In the app files are uploaded and downloaded (nothing is written on the server).
"""
from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as W


TABS = ("Learn", "Play", "What if", "Practice")


def _learn_page(game: str):
    from .kit import TeacherKit
    from .lessons import LearnPage
    return LearnPage(game, _learn(game), download=True, kit=lambda view: TeacherKit(view, download=True))


def _play_page(game: str):
    from .kit import with_kit
    return with_kit(_play(game), download=True)


def _learn(game: str):
    if game == "conspiracy":
        from .conspiracy import learn_example
        return learn_example()
    if game == "decay":
        from .decay_learn import learn_opening
        return learn_opening()
    if game == "take_off_eh":
        from .take_off_eh_learn import learn_example
        return learn_example()
    if game == "sands_of_time":
        from .sands_of_time import learn_generation
        return learn_generation(seed=2, players=3)
    from .journalists import learn_opening
    return learn_opening()


def _play(game: str):
    from importlib import import_module
    module = import_module(f"explorer.views.{game}")
    players = {"sands_of_time": {"players": 3}, "journalists": {"players": 3}}.get(game, {})
    return module.play_game(seed=2026, human=0, **players)


def _whatif(game: str):
    from .shipped_whatif import shipped_whatif
    return shipped_whatif(game)


def _practice(game: str):
    from .practice import practice_page
    return practice_page(game, download=True)


class App(W.Tab):
    """Learn / Play / What if / Practice for ``game``; a tab's content is made when it is first opened."""

    def __init__(self, game: str, makers: dict[str, Callable] | None = None):
        self.game = game
        self.makers = makers or {"Learn": lambda: _learn_page(game), "Play": lambda: _play_page(game),
                                 "What if": lambda: _whatif(game), "Practice": lambda: _practice(game)}
        self.built: dict[str, W.Widget] = {}
        super().__init__(children=[W.HTML("<i>opening…</i>") for _ in TABS])
        for i, name in enumerate(TABS):
            self.set_title(i, name)
        self.observe(self._opened, names="selected_index")
        self.selected_index = 0
        self._build(0)

    def _opened(self, change):
        if change["new"] is not None:
            self._build(change["new"])

    def _build(self, i: int) -> None:
        name = TABS[i]
        if name in self.built:
            return
        try:
            widget = self.makers[name]()
        except Exception as e:          # shown in the tab: a page must not stay "opening…" in silence
            widget = W.HTML(f"<b>{html.escape(name)} could not open:</b> {html.escape(str(e))}")
        self.built[name] = widget
        children = list(self.children)
        children[i] = widget
        self.children = children


def app(game: str) -> App:
    """The app page of ``game`` (one of the five game ids)."""
    return App(game)


#: the games with an app page, in the index's order
APP_GAMES = ("conspiracy", "decay", "take_off_eh", "sands_of_time", "journalists")


def app_url(game: str, prefix: str | None = None) -> str:
    """The address of ``game``'s app page on the Jupyter server this kernel runs under: Voila's
    render of ``notebooks/<game>_app.ipynb`` under the server's base path (``/`` locally; on
    Binder or any JupyterHub, ``JUPYTERHUB_SERVICE_PREFIX``, e.g. ``/user/abc/``), since a
    link starting at ``/voila`` leaves a hub's user server and finds nothing."""
    import os
    if game not in APP_GAMES:
        raise ValueError(f"no app page for {game!r}: the games are {', '.join(APP_GAMES)}")
    base = prefix if prefix is not None else os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    return f"{base}voila/render/notebooks/{game}_app.ipynb"


def app_links(prefix: str | None = None) -> W.HTML:
    """The app pages' links, each opening in a new browser tab, with the server's base path
    (:func:`app_url`): what the index notebook shows, right on Binder as on a laptop."""
    from explorer.engine.registry import get_game
    items = "".join(f"<li><a href='{html.escape(app_url(g, prefix))}' target='_blank' rel='noopener'>"
                    f"{html.escape(get_game(g).title)}: app page</a></li>" for g in APP_GAMES)
    return W.HTML(f"<ul style='margin:0'>{items}</ul>")

