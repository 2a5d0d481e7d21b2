"""A networkx graph drawn with bqplot's Graph mark at given positions (board positions
for board games), with per-node colours and labels and clickable nodes."""
from __future__ import annotations

from typing import Callable, Hashable, Mapping

import bqplot as bq
import ipywidgets as W
import networkx as nx


class GraphView:
    def __init__(self, graph: nx.Graph, pos: Mapping[Hashable, tuple[float, float]], *,
                 labels: Mapping | None = None, colors: Mapping | None = None, title: str = "",
                 flip_y: bool = False, width: str = "420px", height: str = "420px"):
        self.graph = graph
        self.nodes = list(graph.nodes)
        index = {n: i for i, n in enumerate(self.nodes)}
        labels = labels or {}
        colors = colors or {}
        xs = [pos[n][0] for n in self.nodes]
        ys = [pos[n][1] for n in self.nodes]
        self.xs = bq.LinearScale(min=min(xs, default=0) - 1, max=max(xs, default=1) + 1)
        self.ys = bq.LinearScale(min=min(ys, default=0) - 1, max=max(ys, default=1) + 1, reverse=flip_y)
        node_data = [{"label": str(labels.get(n, n)), "shape": "circle", "shape_attrs": {"r": 14}}
                     for n in self.nodes]
        link_data = [{"source": index[u], "target": index[v]} for u, v in graph.edges]
        self.mark = bq.Graph(node_data=node_data, link_data=link_data, x=xs, y=ys,
                             colors=[colors.get(n, "#cccccc") for n in self.nodes],
                             scales={"x": self.xs, "y": self.ys}, directed=graph.is_directed(),
                             link_type="line", charge=0, static=True)
        self.figure = bq.Figure(marks=[self.mark], title=title, layout=W.Layout(width=width, height=height),
                                fig_margin={"top": 40, "bottom": 10, "left": 10, "right": 10},
                                animation_duration=0)
        self.widget = self.figure
        self._callbacks: list[Callable] = []
        self.mark.on_element_click(self._clicked)

    def on_click(self, callback: Callable[[Hashable], None]) -> None:
        """``callback(node)`` when a node is clicked."""
        self._callbacks.append(callback)

    def _clicked(self, _mark, event):
        node = self.nodes[event["data"]["index"]]
        for cb in self._callbacks:
            cb(node)

    def _ipython_display_(self):
        from IPython.display import display
        display(self.figure)
