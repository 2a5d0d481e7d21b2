"""Tabs whose pages are made and drawn only once shown.

A bqplot Figure first drawn inside a hidden tab measures 0 px, so its plot area comes out negative and
the browser logs an error for each of its rectangles (``<rect> attribute width: A negative value``):
:class:`ShownTab` puts a page into the tab the first time it is selected, so every figure is first drawn
where it can be measured.  A page may also be given as a function that makes it: it is then made only
when first shown (or first asked for with :meth:`ShownTab.page`), so a page nobody opens costs neither
the kernel nor the browser anything (every widget that exists is sent to the browser when the app page
opens, shown or not).

:class:`ExplorerPage` is every game's explorer page: the Explorer above, such tabs below following the
step it shows."""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W


class ShownTab(W.Tab):
    """A ``W.Tab`` of ``children`` (widgets, or functions that make one) that holds a placeholder for
    each page until that page is first selected (the first page is shown at once)."""

    def __init__(self, children=(), **kwargs):
        makers = list(children)
        built = {0: _made(makers[0])} if makers else {}
        super().__init__(children=list(built.values()) + [W.HTML("<i>opening…</i>") for _ in makers[1:]],
                         **kwargs)
        self._makers = makers
        self._built = built
        self.observe(self._shown, names="selected_index")

    def page(self, i: int) -> W.Widget:
        """Page ``i``, made now if it was not yet (it is put in the tab when the tab is first shown)."""
        if i not in self._built:
            self._built[i] = _made(self._makers[i])
        return self._built[i]

    def is_built(self, i: int) -> bool:
        """Whether page ``i`` exists yet (a page not yet made needs no updating)."""
        return i in self._built

    def _shown(self, change) -> None:
        i = change["new"]
        if i is not None and 0 <= i < len(self._makers) and self.children[i] is not self.page(i):
            children = list(self.children)
            children[i] = self.page(i)
            self.children = children


def _made(page: W.Widget | Callable[[], W.Widget]) -> W.Widget:
    return page if isinstance(page, W.Widget) else page()


class ExplorerPage(W.VBox):
    """A game's page: its Explorer (``explorer``, already made) above, a :class:`ShownTab` of ``pages``
    (title -> a page or a function making it) below, following the step the Explorer shows.

    A subclass says in :meth:`_follow` how its pages follow a step.  With ``follow_shown`` only the
    tab shown need follow: :meth:`_follow` is called again when another tab is selected, to bring that
    one up to date; without it, :meth:`_follow` keeps every page up to date at each step."""

    def __init__(self, explorer, pages: dict, *, follow_shown: bool = True):
        self.explorer = explorer
        self.tabs = ShownTab(children=list(pages.values()))
        for i, title in enumerate(pages):
            self.tabs.set_title(i, title)
        if follow_shown:
            self.tabs.observe(lambda _: self._follow(self.explorer.state, None), names="selected_index")
        explorer.on_refresh(self._follow)
        super().__init__([explorer, self.tabs])
        self.add_class("re-page")          # the explorer's look for the tabs too

    def _follow(self, state, obs) -> None:
        """Bring the pages up to date with ``state`` (``obs``: its observation for the Explorer's
        perspective, or None when a tab was selected)."""
        raise NotImplementedError

    def show_tab(self, index: int) -> None:
        self.tabs.selected_index = index


def tab_page(index: int, doc: str) -> property:
    """A property of an :class:`ExplorerPage`: its page ``index`` (made the first time it is shown or
    asked for), described by ``doc``."""
    return property(lambda self: self.tabs.page(index), doc=doc)
