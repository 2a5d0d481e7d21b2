"""Conspiracy (Bradley T. Johnson, 2002), a piecepack game of secret goals and coin chains.

- :mod:`.rules`     the game state and every rule (with the Interpretations we chose)
- :mod:`.board`     the board's geometry and the coin-chain graph (networkx)
- :mod:`.reckoning` the arithmetic shared by the rules and the calculators
- :mod:`.odds`      exact calculators returning Fractions
- :mod:`.perspective` what each seat may know: actions worded per viewer, hidden variants
- :mod:`.refusals`  why an action is refused (None when nothing forbids it)
"""
from explorer.engine.actions import ActionCodec
from explorer.engine.registry import Game, register

from .actions import ACTION_TYPES
from .perspective import hidden_variants
from .rules import ConspiracyOptions, ConspiracyState, check_invariants, new_game

GAME = register(Game(
    name="conspiracy",
    title="Conspiracy",
    options_type=ConspiracyOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="conspiracy.txt",
    hidden_variants=hidden_variants,
))

__all__ = ["ConspiracyOptions", "ConspiracyState", "check_invariants", "new_game", "GAME"]
