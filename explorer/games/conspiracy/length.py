"""How long a game of Conspiracy can last: a bound on its decisions for options with a
``round_cap``, OpenSpiel's ``max_game_length``; none without one.

**Without ``round_cap`` a game can go on forever.**  The rulebook's only ending is a victory
(Declare Progress or Victory 10: the goal's suit and number on two Present tiles).  Tiles leave
the board as columns advance (Time Marches On 5, and the mandatory advancement of Draw Coins 3),
and only a Place Coin action that lays a tile from a hand (Take Actions 5.a) brings one back.  If
every player ends their actions at once every turn (always legal: :class:`.actions.EndActions`),
the board empties and stays empty, nobody can meet a goal, and rounds follow one another with no
end; seeded games played so reach any cap set (``tests/test_game_lengths.py``).  No ending rule
of ours is added: one that never fires in a game that ends today would need to tell a frozen
game from a slow one, and the hands can always change the board.  So :func:`max_decisions`
gives ``None`` without a cap (OpenSpiel's adapter then keeps its cut-off,
:data:`explorer.adapters.openspiel.MAX_GAME_LENGTH`), and simulations set ``round_cap``.

With ``round_cap`` ``R`` (:func:`.player_order.start_round` ends the game before round ``R + 1``),
every choice a player makes counts, forced ones too (an action's step with one choice is taken
by itself, :data:`.take_actions.AUTO_PHASES`, so the bound only overcounts); ``n`` players:

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


def max_decisions(o) -> int | None:
    """The most decisions a game with options ``o`` can hold; ``None`` without a ``round_cap``
    (such a game need not end, see the module docstring)."""
    if o.round_cap is None:
        return None
    return o.players + o.round_cap * round_decisions(o)
