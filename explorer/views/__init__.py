"""Jupyter views (ipywidgets + bqplot): the only layer that imports them."""
from .explorer import BoardView, Explorer
from .graph import GraphView

__all__ = ["BoardView", "Explorer", "GraphView"]
