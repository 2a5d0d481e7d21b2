"""Decay (Robert Mundschau & Matt Heistad, 2003), a piecepack game of a crumbling board.

- :mod:`.rules`     the game state, its options and the Interpretations we chose; the
  rules themselves are in one module per part of the rulebook (listed in :mod:`.rules`)
- :mod:`.board`     the board's geometry on a quarter-tile lattice (networkx adjacency)
- :mod:`.reckoning` the arithmetic shared by the rules and the calculators
- :mod:`.refusals`  why an action is refused (None when nothing forbids it)
"""
from explorer.engine.actions import ActionCodec
from explorer.engine.registry import Game, package_parts, register

from .actions import ACTION_TYPES
from .rules import DecayOptions, DecayState, check_invariants, new_game
from . import action_space as _action_space, length as _length, sensible as _sensible, statistics as _statistics

GAME = register(Game(
    name="decay",
    title="Decay",
    options_type=DecayOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="decay.txt",
    **package_parts(_statistics, _action_space, _length, _sensible),
))

__all__ = ["DecayOptions", "DecayState", "check_invariants", "new_game", "GAME"]
