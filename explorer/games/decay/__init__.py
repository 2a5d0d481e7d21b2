"""Decay (Robert Mundschau & Matt Heistad, 2003), a piecepack game of a crumbling board.

- :mod:`.rules`     the game state, its options and the Interpretations we chose; the
  rules themselves are in one module per part of the rulebook (listed in :mod:`.rules`)
- :mod:`.board`     the board's geometry on a quarter-tile lattice (networkx adjacency)
- :mod:`.reckoning` the arithmetic shared by the rules and the calculators
- :mod:`.refusals`  why an action is refused (None when nothing forbids it)
"""
from explorer.engine.actions import ActionCodec
from explorer.engine.registry import Game, register

from .actions import ACTION_TYPES
from .rules import DecayOptions, DecayState, check_invariants, new_game
from . import statistics as _statistics
from .action_space import action_space as _action_space
from .length import max_decisions as _max_decisions
from . import sensible as _sensible

GAME = register(Game(
    name="decay",
    title="Decay",
    options_type=DecayOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="decay.txt",
    statistics=_statistics.statistics,
    statistic_names=_statistics.STATISTIC_NAMES,
    evaluate=_statistics.evaluate,
    action_space=_action_space,
    max_decisions=_max_decisions,
    sensible=_sensible.choose,
))

__all__ = ["DecayOptions", "DecayState", "check_invariants", "new_game", "GAME"]
