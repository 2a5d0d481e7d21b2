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
from explorer.engine.registry import Game, register

from .actions import ACTION_TYPES
from .hidden import HIDDEN
from .rules import ConspiracyOptions, ConspiracyState, check_invariants, new_game
from . import statistics as _statistics
from .action_space import action_space as _action_space
from .length import max_decisions as _max_decisions
from . import sensible as _sensible

GAME = register(Game(
    name="conspiracy",
    title="Conspiracy",
    options_type=ConspiracyOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="conspiracy.txt",
    hidden_variants=HIDDEN,
    statistics=_statistics.statistics,
    statistic_names=_statistics.STATISTIC_NAMES,
    evaluate=_statistics.evaluate,
    action_space=_action_space,
    max_decisions=_max_decisions,
    sensible=_sensible.choose,
    strong_defaults=_sensible.STRONG,
))

__all__ = ["ConspiracyOptions", "ConspiracyState", "check_invariants", "new_game", "GAME"]
