"""How long a game of Conspiracy can last: a bound on its decisions that the engine guarantees,
OpenSpiel's ``max_game_length``.

**The rules alone need not end a game.**  The rulebook's only ending is a victory (Declare
Progress or Victory 10: the goal's suit and number on two Present tiles).  Tiles leave the board
as columns advance (Time Marches On 5, and the mandatory advancement of Draw Coins 3), and only a
Place Coin action that lays a tile from a hand (Take Actions 5.a) brings one back.  If every
player ends their actions at once every turn (always legal: :class:`.actions.EndActions`), the
board empties and stays empty, nobody can meet a goal, and rounds follow one another with no end
(``tests/test_game_lengths.py`` plays such games).  So the engine ends a game with no winner
after ``round_limit`` rounds (our rule, see Interpretations in :mod:`.rules`), or sooner at a
designer's ``round_cap``; :func:`max_decisions` counts the rounds to the first of the two.

Every choice a player makes counts, forced ones too (an action's step with one choice is taken by
itself, :data:`.take_actions.AUTO_PHASES`, so the bound only overcounts); ``n`` players:

- Setup: one secret goal each (Initial Setup 3): ``n``.
- A round: each player takes one turn (Determine Player Order: a slot each, a spiral holder
  cutting in once).  Before each turn every spiral holder still to play is asked whether to cut
  in (Determine Player Order 4): at most ``n`` turns times ``n`` holders, ``n * n``.
- A turn (Execute Player Turns): ``action_points`` points, every action costing at least one
  (:data:`.take_actions.AP_COST`), and a stop only while points are left.  The longest action
  per point is an attack (5.c): the action, its target, the payment coin and whom it goes to,
  the attacking coin placed as Place Coin places one (a new tile or not, the tile, the coin, the
  cell, the direction), remove or flip, and the second payment and whom it goes to: 12.  A place
  is at most 6, a coin's reveal 4, a tile's reveal 4 and a column's advance 2 for two points.
  Then the coin saved (6) and the progress mark (9): 2.
"""
from __future__ import annotations

#: the most decisions one action point can buy (an attack, see above)
PER_POINT = 12


def turn_decisions(o) -> int:
    """The most decisions of one player's turn."""
    return PER_POINT * o.action_points + 2


def round_decisions(o) -> int:
    """The most decisions of one round: the spiral questions and every player's turn."""
    n = o.players
    return n * n + n * turn_decisions(o)


def max_rounds(o) -> int:
    """The most rounds a game with options ``o`` can play: its round limit, or its cap if lower."""
    return o.round_limit if o.round_cap is None else min(o.round_cap, o.round_limit)


def max_decisions(o) -> int:
    """The most decisions a game with options ``o`` can hold."""
    return o.players + max_rounds(o) * round_decisions(o)
