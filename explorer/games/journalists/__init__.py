"""Journalists (Jeff Warrender), a Decktet game of evidence cards, time chips and cubes.

- :mod:`.rules`    the state, its options and the Interpretations we chose; the rules
  themselves in one module per part of the rulebook: :mod:`.setup`, :mod:`.taking`,
  :mod:`.cubes`, :mod:`.display`, :mod:`.turn_order`, :mod:`.scoring`
- :mod:`.sections` the rulebook's parts as rule references
- :mod:`.cards`    the Decktet's cards as these rules rank them
- :mod:`.refusals` why an action is refused (None when nothing forbids it)
- :mod:`.odds`     exact chances of a card reaching the display; score projections

:func:`distribute_cubes` previews a Turn (b): where a card's cubes land, what completes.
"""
from explorer.engine.actions import ActionCodec
from explorer.engine.registry import Game, register

from .actions import ACTION_TYPES
from .cubes import Distribution, distribute_cubes
from .rules import JournalistsOptions, JournalistsState, check_invariants, new_game
from . import statistics as _statistics
from .action_space import action_space as _action_space
from .length import max_decisions as _max_decisions
from . import sensible as _sensible

GAME = register(Game(
    name="journalists",
    title="Journalists",
    options_type=JournalistsOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="decktet-journalists.txt",
    statistics=_statistics.statistics,
    statistic_names=_statistics.STATISTIC_NAMES,
    evaluate=_statistics.evaluate,
    action_space=_action_space,
    max_decisions=_max_decisions,
    sensible=_sensible.choose,
    strong_defaults=_sensible.STRONG,
    # No hidden_variants: nothing is hidden from a seat but the deck's order, and no state
    # holds one (every reveal is a chance node over the unseen cards); see rules.py.
))

__all__ = ["JournalistsOptions", "JournalistsState", "Distribution", "check_invariants", "distribute_cubes",
           "new_game", "GAME"]
