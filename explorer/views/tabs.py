"""Tabs whose pages are drawn only once shown.

A bqplot Figure first drawn inside a hidden tab measures 0 px, so its plot area comes out negative and
the browser logs an error for each of its rectangles (``<rect> attribute width: A negative value``):
:class:`ShownTab` puts a page into the tab the first time it is selected, so every figure is first drawn
where it can be measured."""
from __future__ import annotations

import ipywidgets as W


class ShownTab(W.Tab):
    """A ``W.Tab`` of ``children`` that holds a placeholder for each page until that page is first
    selected (the first page is shown at once).  ``.pages`` are the pages themselves."""

    def __init__(self, children=(), **kwargs):
        pages = list(children)
        super().__init__(children=pages[:1] + [W.HTML("<i>opening…</i>") for _ in pages[1:]], **kwargs)
        self.pages = pages
        self.observe(self._shown, names="selected_index")

    def _shown(self, change) -> None:
        i = change["new"]
        if i is not None and 0 <= i < len(self.pages) and self.children[i] is not self.pages[i]:
            children = list(self.children)
            children[i] = self.pages[i]
            self.children = children
