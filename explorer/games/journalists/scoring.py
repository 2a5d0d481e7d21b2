"""Scoring, and the values the extended deck gives a Pawn and the Excuse: the arithmetic
the end of the game, the cube calculator (:mod:`.cubes`) and the projections share.

- Scoring: each completed card scores its rank, plus 1 when one of its suits is the
  suit of the player's Ace.
- Extended deck: Pawns: a Pawn ranks as the player's highest completed card (the Ace
  counts as complete, rank 1).  It stays right of the Ace during the game; at the end
  it counts as completed when it holds exactly that many cubes (see Interpretations).
- Extended deck: the Excuse: worth its cubes, unless they outnumber the highest
  completed card's rank: then nothing.
- The Ace scores nothing by default; with the ``ace_scores`` option it scores as the
  completed card the Pawn rule calls it (see Interpretations).
"""
from __future__ import annotations

from .cards import EXCUSE, KIND, SUITS_OF, fixed_rank


def highest_completed(completed, crown_rank: int, court_rank: int | None) -> int:
    """The rank of the highest completed card; the Ace counts, so never below 1."""
    best = 1
    for name in completed:
        r = fixed_rank(name, crown_rank, court_rank)
        if r is not None and r > best:
            best = r
    return best


def card_points(name: str, rank: int, ace_suit: str | None) -> int:
    """What a completed card of ``rank`` scores for a player whose Ace is ``ace_suit``."""
    return rank + (1 if ace_suit is not None and ace_suit in SUITS_OF[name] else 0)


def row_points(row, highest: int, ace_suit: str | None) -> int:
    """What the cards still right of the Ace would score now: each Pawn holding exactly
    ``highest`` cubes (as a completed card of that rank) and the Excuse's cubes when
    they do not exceed ``highest``.  Other cards there are unfinished: nothing."""
    total = 0
    for name, cubes in row:
        kind = KIND[name]
        if kind == "pawn":
            if cubes == highest:
                total += card_points(name, highest, ace_suit)
        elif name == EXCUSE and cubes <= highest:
            total += cubes
    return total


#: What the Ace scores counted as a completed card: its rank, 1, and 1 more for matching
#: the suit of the player's Ace (its own): the same 2 for every player.
ACE_AS_COMPLETED = 1 + 1


def player_score(completed, row, ace_suit: str | None, crown_rank: int, court_rank: int | None,
                 ace_scores: bool = False) -> int:
    """A player's score as the Scoring section counts it, were the game to end now
    (``ace_scores``: the player's Ace counted as a completed card, see Interpretations)."""
    high = highest_completed(completed, crown_rank, court_rank)
    done = sum(card_points(n, fixed_rank(n, crown_rank, court_rank), ace_suit) for n in completed)
    return done + row_points(row, high, ace_suit) + (ACE_AS_COMPLETED if ace_scores and ace_suit else 0)
