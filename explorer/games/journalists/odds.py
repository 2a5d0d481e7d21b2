"""Exact chances and projections for Journalists, for the calculator panels.

- :func:`reveal_chance`: the probability that a card, or any card of a suit, is among
  the next ``k`` cards turned up into the display, given the cards not yet seen.  The
  deck is uniformly shuffled (every reveal is a chance node uniform over what is left),
  so this is hypergeometric: ``1 - C(n-m, k) / C(n, k)`` for ``m`` wanted cards among
  ``n`` unseen.  ``tests/test_journalists_odds.py`` binds it to the engine's own chance
  nodes by enumerating them.
- :func:`project_scores`: where a position is heading, by playing it out many times
  with the engine.  It assumes every player from here on picks uniformly at random
  among their legal choices (the same players the simulations use) and the deck is
  uniformly shuffled; it reports each seat's score as it stands now (Scoring applied to
  the position), the mean final score and the share of games won (a shared win counts
  for each winner).  It is an estimate, not an exact expectation: the message carries
  the number of playouts.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from explorer.engine.playout import uniform_policy

from .cards import SUITS_OF, check_name
from .cubes import SUIT_NAMES


def reveal_chance(unseen, target: str, k: int) -> Fraction:
    """P(``target`` -- a card name or a suit -- is turned up within the next ``k``
    reveals), the next cards drawn uniformly from ``unseen`` (the deck's cards).

    A card that is not among ``unseen`` (already seen, or not in this game) has chance 0.
    ``unseen`` is a list of different card names (each card is in the deck once)."""
    if isinstance(unseen, (str, bytes)) or not hasattr(unseen, "__iter__"):
        raise ValueError(f"unseen must be a list of card names, got {unseen!r}")
    unseen = tuple(unseen)
    for i, c in enumerate(unseen):
        check_name(c, f"unseen[{i}]")
    if len(set(unseen)) != len(unseen):
        twice = sorted({c for c in unseen if unseen.count(c) > 1})
        raise ValueError(f"unseen names a card more than once ({', '.join(twice)}); each card is in the deck once")
    if type(k) is not int or k < 0:
        raise ValueError(f"k must be a number of reveals (0 or more), got {k!r}")
    n = len(unseen)
    if target in SUIT_NAMES:
        m = sum(target in SUITS_OF[c] for c in unseen)
    else:
        check_name(target, "target")
        m = unseen.count(target)
    k = min(k, n)
    if m == 0 or k == 0:
        return Fraction(0)
    return 1 - Fraction(comb(n - m, k), comb(n, k))


def reveal_chance_at(state, target: str, k: int) -> Fraction:
    """:func:`reveal_chance` for a game position: its unseen cards are its deck."""
    return reveal_chance(state.deck, target, k)


@dataclass(frozen=True)
class Projection:
    """Per seat: ``now`` (the score as it stands), ``mean`` (mean final score) and
    ``wins`` (share of playouts won, shared wins counting for each winner), over
    ``games`` uniform-random playouts from the position."""

    now: tuple[int, ...]
    mean: tuple[float, ...]
    wins: tuple[float, ...]
    games: int


def project_scores(state, games: int = 200, seed: int = 0) -> Projection:
    """Play the position out ``games`` times (see the module doc for what this assumes)."""
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be at least 1, got {games!r}")
    n = state.players
    rng = random.Random(seed)
    totals, wins = [0] * n, [0] * n
    for _ in range(games):
        s = state
        while not s.is_terminal():
            s = s.apply(s.sample_chance(rng) if s.is_chance_node() else uniform_policy(s, rng))
        for q in range(n):
            totals[q] += s.final_scores[q]
        for q in s.result().winners:
            wins[q] += 1
    return Projection(tuple(state.score(q) for q in range(n)), tuple(t / games for t in totals),
                      tuple(w / games for w in wins), games)


__all__ = ["reveal_chance", "reveal_chance_at", "project_scores", "Projection"]
