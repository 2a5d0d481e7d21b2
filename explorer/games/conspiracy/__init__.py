"""Conspiracy (Bradley T. Johnson, 2002), a piecepack game of secret goals and coin chains.

- :mod:`.rules`     the game state, the rule citations and options (with the Interpretations we chose)
- :mod:`.setup`, :mod:`.player_order`, :mod:`.time_marches_on`, :mod:`.draw_coins`,
  :mod:`.take_actions`, :mod:`.action_choices`, :mod:`.unexpected_effects`,
  :mod:`.save_and_declare`: the rules, one module per part of the rulebook
- :mod:`.equipment` the pieces: names, suits and ranks
- :mod:`.board`     the board's geometry and the coin-chain graph (networkx)
- :mod:`.reckoning` the arithmetic shared by the rules and the calculators
- :mod:`.odds`      exact calculators returning Fractions
- :mod:`.perspective` what each seat may know: the observation and actions worded per viewer
- :mod:`.hidden`    what a seat cannot see, declared for the honest information-set sampler
- :mod:`.refusals`  why an action is refused (None when nothing forbids it)
"""
from explorer.engine.actions import ActionCodec
from explorer.engine.registry import Game, package_parts, register

from .actions import ACTION_TYPES
from .hidden import HIDDEN
from .rules import ConspiracyOptions, ConspiracyState, check_invariants, new_game
from . import action_space as _action_space, length as _length, sensible as _sensible, statistics as _statistics

GAME = register(Game(
    name="conspiracy",
    title="Conspiracy",
    options_type=ConspiracyOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="conspiracy.txt",
    hidden_variants=HIDDEN,
    **package_parts(_statistics, _action_space, _length, _sensible),
))

__all__ = ["ConspiracyOptions", "ConspiracyState", "check_invariants", "new_game", "GAME"]
