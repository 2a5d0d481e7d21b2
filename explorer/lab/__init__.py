"""The designer's lab: rule-variant sweeps, from this process to a Dask cluster (no widgets).

- :mod:`.experiment` an :class:`Experiment` (game, grid of rule options, players, games per
  cell, seed) and how one game becomes one row
- :mod:`.backends`   where the games run: in-process, a Dask ``LocalCluster``, a scheduler
- :mod:`.summary`    win rates by seat and variant with 95% intervals, game lengths
- :mod:`.adaptive`   sweeps that stop when the answer is clear (``Experiment(until=...)``)

The names below are imported on first use, so that the ``explorer`` command can read the
backends' limits for its help without loading pandas.
"""
from importlib import import_module

_WHERE = {"SweepError": "backends", "Experiment": "experiment", "ExperimentError": "experiment",
          "format_summary": "summary", "lengths": "summary", "player_rates": "summary", "win_rates": "summary"}

__all__ = sorted(_WHERE)


def __getattr__(name):
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
