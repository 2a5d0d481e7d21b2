"""How long a game of Take Off, Eh! can last: a bound on its decisions that the rules guarantee,
OpenSpiel's ``max_game_length``.  The game has ``rounds`` rounds (Play) and a special scoring
round after every third (:mod:`.rounds`' ``end_turn``), then ends (:mod:`.scoring_rounds`), so
every game ends; what is left is to bound each part.  Every choice a player makes counts,
forced ones too (the engine takes those by itself, :func:`.rules._settle`, so the bound only
overcounts).  ``n`` is the number of players, ``v`` a tile's value, at most 5 (:data:`.table.VALUES`).

- Preparation (:mod:`.preparation`): a platform per player (5), the one extra coin each draws
  after the two of their own suit, which come without a choice (5: one ``draw_suit``), a home
  province and the coin put there (6), and the Queen's start (7): ``4n + 1``.
- Bribery, per player and round (:mod:`.rounds`, :mod:`.coins`): one bribe, or a search of
  the tax revenues.  A search draws one coin per choice of suit and stops at the first coin of
  a value nobody has paid; before that it can only draw coins of paid values.  The players
  before it paid at most ``n - 1`` values, and it may draw from every suit but its opponents'
  (``8 - (n - 1)`` suits, one coin of each value per suit, :data:`.table.ALL_COINS`): at most
  ``(n - 1)(9 - n)`` such coins, then the last.
- A completion turn (:mod:`.rounds`): welfare draws up to ``welfare`` coins (Completion 1) and
  the draw at most ``draw_base`` (Draw), one choice each; the agenda tile (1); enact or fund
  first (1).  Fund: each coin placed spends one of the tile's ``v`` (Completion 3), and a stop
  ends it, so at most ``v`` choices.  Enact (:mod:`.enact`): the choice to enact (1), then per
  item: a scandal moves pawns one at a time, each move two choices (pawn, province) and at
  least one of the ``v`` points, a beer run two per coin returned (opponent, coin) with one coin
  per point, a fishing holiday two per coin moved, one per point, a hockey game one per tile
  drawn (one per point) and one discard per tile drawn; each loop's stop comes only before its
  ``v``-th step, so each is at most ``2v``.  A strike or the tour is one province.  A referendum
  is the province (1), a secret die per player with coins there (at most ``n``) and a new home
  per pawn there (at most ``n``).
- A special scoring round (:mod:`.scoring_rounds`): a secret die per player with slush-fund coins
  (at most ``n``), a province for each of them (at most ``n``), and the retrieval: per player at
  most two coins of their own and two neutral ones, a stop only before the fourth: ``4n``.
"""
from __future__ import annotations

from .table import VALUES

TOP = max(VALUES)                 # a tile's or coin's highest value (5)
SUITS = 8                         # two piecepacks' suits, one coin of each value in each


def preparation(o) -> int:
    """The most decisions of Preparation 5-7."""
    return 4 * o.players + 1


def bribery(o) -> int:
    """The most decisions one player makes in Bribery (a bribe, or a search's draws)."""
    n = o.players
    return max(1, (n - 1) * (SUITS - (n - 1)) + 1)


def enact(o) -> int:
    """The most decisions of enacting one agenda item."""
    return max(1 + 2 * TOP, 2 + 2 * o.players)


def completion_turn(o) -> int:
    """The most decisions of one player's completion turn."""
    return o.welfare + o.draw_base + 2 + enact(o) + TOP


def round_decisions(o) -> int:
    """The most decisions of one round of play (its bribery and its completion turns)."""
    return o.players * (bribery(o) + completion_turn(o))


def scoring_round(o) -> int:
    """The most decisions of a special scoring round."""
    return 6 * o.players


def max_decisions(o) -> int:
    """The most decisions a game with options ``o`` can hold."""
    return preparation(o) + o.rounds * round_decisions(o) + (o.rounds // 3) * scoring_round(o)
