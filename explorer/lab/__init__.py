"""The designer's lab: rule-variant sweeps, from this process to a Dask cluster (no widgets).

- :mod:`.experiment` an :class:`Experiment` (game, grid of rule options, players, games per
  cell, seed) and how one game becomes one row
- :mod:`.backends`   where the games run: in-process, a Dask ``LocalCluster``, a scheduler
- :mod:`.summary`    win rates by seat and variant with 95% intervals, game lengths
"""
from .backends import SweepError
from .experiment import Experiment, ExperimentError
from .summary import format_summary, lengths, player_rates, win_rates

__all__ = ["Experiment", "ExperimentError", "SweepError", "format_summary", "lengths", "player_rates", "win_rates"]
