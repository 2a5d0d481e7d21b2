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
from explorer.engine.registry import Game, package_parts, register

from .actions import ACTION_TYPES
from .cubes import Distribution, distribute_cubes
from .rules import JournalistsOptions, JournalistsState, check_invariants, new_game
from . import action_space as _action_space, length as _length, sensible as _sensible, statistics as _statistics

GAME = register(Game(
    name="journalists",
    title="Journalists",
    options_type=JournalistsOptions,
    new_state=new_game,
    codec=ActionCodec(ACTION_TYPES),
    rulebook="decktet-journalists.txt",
    **package_parts(_statistics, _action_space, _length, _sensible),
    # No hidden_variants: nothing is hidden from a seat but the deck's order, and no state
    # holds one (every reveal is a chance node over the unseen cards); see rules.py.
))

__all__ = ["JournalistsOptions", "JournalistsState", "Distribution", "check_invariants", "distribute_cubes",
           "new_game", "GAME"]
