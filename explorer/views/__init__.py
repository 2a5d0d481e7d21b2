"""Jupyter views (ipywidgets + bqplot): the only layer that imports them.

``BoardView``, ``Explorer`` and ``GraphView`` are imported when first asked for, so that an app
page importing one view module does not pay for the others (networkx, for one)."""
from __future__ import annotations

__all__ = ["BoardView", "Explorer", "GraphView"]


def __getattr__(name: str):
    if name in ("BoardView", "Explorer"):
        from . import explorer
        return getattr(explorer, name)
    if name == "GraphView":
        from .graph import GraphView
        return GraphView
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
