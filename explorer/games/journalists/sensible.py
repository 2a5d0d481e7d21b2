"""A sensible journalist: how a new but careful player takes a card, without search.

Each take on offer (Game play: Turn (a), Turn (b), Taking another player's card) is tried
on a copy of the state (DESIGN: previews run the engine; nothing in Journalists is hidden
but the deck's order, and the copy turns up no card: the refill is a chance step of its
own), and the one leaving the best story is taken.  A story is judged from what every
seat sees (the observation's facts, read from the state without building the view):

1. Points already scored count in full (Scoring: a completed card's rank, +1 for the
   suit of the player's Ace).
2. An unfinished card in the evidence row counts for part of its rank, more the fuller
   it is (Completing a card: cubes toward its rank; a card near completion is worth
   nearly its points, an empty one a fraction, since Turn (b) must still bring cubes).
3. Time chips still in the supply are turns to come (Paying for the card): a card from
   the top of the pyramid must be worth its 3 chips.
4. The other journalists' stories count against it (2 players: the opponent's; more: the
   best of them): taking a card another needs, or one they bought, is worth as much as
   gaining one (Taking another player's card).
5. Spare cubes go on the Excuse only up to the highest completed rank (Extended deck: the
   Excuse: more make it worth nothing) -- the same judgement, as the copy scores it.
"""
from __future__ import annotations

import random

from explorer.engine.policy import best

from .cards import EXCUSE, KIND, SUITS_OF, fixed_rank

#: The strong player's defaults (explorer/engine/search.py): a game of Journalists is short (some
#: 10 decisions a seat with 2 players), so its playouts run to the end and score who won, not a
#: cut-off evaluation (100 iterations against this policy, 40 games: 81% [67-90] with playouts
#: to the end, depth 60; 75% [60-86] cut at the default 20).
STRONG = {"depth": 200}

#: What a chip left in the supply is worth: about the points a turn brings (12 chips bring
#: a story of some 15 points).
CHIP = 1.0
#: An unfinished card's worth: this share of its rank to start with ...
START = 0.2
#: ... growing to this share as its cubes approach its rank.
FULL = 0.8


def story(state, seat: int) -> float:
    """How good ``seat``'s story looks in ``state`` (points, unfinished cards, chips), read
    from what every seat sees (its observation's fields, without building the view)."""
    if state.final_scores is not None:
        return float(state.final_scores[seat])
    o = state.options
    crown, court = o.crown_rank, (o.court_rank if o.courts else None)
    ace_suit = state.ace_suit(seat)
    value = float(state.score(seat)) + CHIP * state.supply[seat]
    for name, cubes in state.rows[seat]:
        if name == EXCUSE or KIND[name] == "pawn":
            continue                            # scored in ``score`` when they count
        rank = fixed_rank(name, crown, court) or 1
        bonus = 1 if ace_suit in SUITS_OF[name] else 0
        value += (rank + bonus) * (START + (FULL - START) * cubes / rank)
    return value


def position(state, seat: int) -> float:
    """The seat's story less the best other story, as ``seat`` sees ``state``."""
    mine = story(state, seat)
    others = [story(state, q) for q in range(state.options.players) if q != seat]
    if state.final_scores is not None:          # the end: winning is what counts
        top = max(others, default=float("-inf"))
        return 1000.0 + mine - top if mine > top else mine - top
    return mine - max(others, default=0.0)


def choose(state, seat: int, rng: random.Random):
    """The take (or the Excuse's count) leaving ``seat`` the best position."""
    return best(state.legal_actions(), lambda a: position(state.apply(a), seat), rng)
