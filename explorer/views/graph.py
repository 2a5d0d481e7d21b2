"""A networkx graph drawn with bqplot's Graph mark at given positions (board positions
for board games), with per-node colours and labels and clickable nodes."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

import bqplot as bq
import ipywidgets as W
import networkx as nx

from .style import fit_figure


class GraphView:
    """``GraphView(g, pos)`` draws ``g``; :meth:`show` replaces what is drawn."""

    def __init__(self, graph: nx.Graph | None = None, pos: Mapping | None = None, *,
                 labels: Mapping | None = None, colors: Mapping | None = None, title: str = "",
                 flip_y: bool = False, width: str = "420px", height: str = "420px", max_width: str = "720px",
                 x_range: tuple[float, float] | None = None, y_range: tuple[float, float] | None = None,
                 empty: str = "nothing to draw yet"):
        self.title, self.empty = title, empty
        self.xs = bq.LinearScale()
        self.ys = bq.LinearScale(reverse=flip_y)
        self._fixed = (x_range, y_range)
        self.mark = None
        self.figure = bq.Figure(marks=[], title=title, layout=W.Layout(max_width=max_width),
                                fig_margin={"top": 40, "bottom": 10, "left": 10, "right": 10},
                                animation_duration=0)
        # ``width`` and ``height`` give the shape; the size follows the page (up to ``max_width``)
        self.aspect = float(height.removesuffix("px")) / float(width.removesuffix("px"))
        fit_figure(self.figure, self.aspect)
        self.widget = self.figure
        self.nodes: list = []
        self._callbacks: list[Callable] = []
        if graph is not None:
            self.show(graph, pos, labels=labels, colors=colors)

    def show(self, graph: nx.Graph, pos: Mapping, *, labels: Mapping | None = None,
             colors: Mapping | None = None) -> None:
        """Draw ``graph`` instead of what is shown.  Each call makes a new Graph mark:
        bqplot 0.13.1's Graph does not redraw a displayed mark whose data change (seen in
        JupyterLab 4 with Chromium), while a new mark always renders."""
        self.graph = graph
        self.nodes = list(graph.nodes)
        index = {n: i for i, n in enumerate(self.nodes)}
        labels = labels or {}
        colors = colors or {}
        xs = [float(pos[n][0]) for n in self.nodes]
        ys = [float(pos[n][1]) for n in self.nodes]
        (xr, yr) = self._fixed
        old = self.mark
        self.mark = bq.Graph(
            node_data=[{"label": str(labels.get(n, n)), "shape": "circle", "shape_attrs": {"r": 15}}
                       for n in self.nodes],
            link_data=[{"source": index[u], "target": index[v]} for u, v in graph.edges],
            x=xs, y=ys, colors=[colors.get(n, "#cccccc") for n in self.nodes],
            scales={"x": self.xs, "y": self.ys}, directed=graph.is_directed(),
            link_type="line", charge=0, static=True)
        self.mark.on_element_click(self._clicked)
        with self.figure.hold_sync():
            self.xs.min, self.xs.max = xr or (min(xs, default=0) - 1, max(xs, default=1) + 1)
            self.ys.min, self.ys.max = yr or (min(ys, default=0) - 1, max(ys, default=1) + 1)
            self.figure.marks = [self.mark]
            # an empty frame says why it is empty (alone: a longer title is clipped)
            self.figure.title = self.title if self.nodes else self.empty
            fit_figure(self.figure, self.aspect if self.nodes else 0.3)     # an empty frame: a short one
        if old is not None:
            old.close()

    def on_click(self, callback: Callable[[Hashable], None]) -> None:
        """``callback(node)`` when a node is clicked."""
        self._callbacks.append(callback)

    def _clicked(self, _mark, event):
        node = self.nodes[event["data"]["index"]]
        for cb in self._callbacks:
            cb(node)
