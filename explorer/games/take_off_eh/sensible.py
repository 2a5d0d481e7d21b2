"""A sensible politician for Take Off, Eh!: bribes and funding toward its own provinces.

It reads only what its seat may see (its observation's facts, read from the state without
building the whole view: :func:`.perspective.knows` says which coin values the seat knows):
the coins it placed itself show their values, every other coin on the map only its suit
(Completion 3: coins are funded face down, suit side up), and those count as the mean
value, 2.5.  Its few rules, in the rulebook's terms:

1. Play your own suit (Preparation 5, Completion 1): every coin it draws where it may choose
   the suit is of its own suit, never an opponent's; its home coin (Preparation 6) is its
   best coin of its suit, on the matching province of the highest value.
2. Bribe low (Bribery, Completion 1): the lowest coin it may pay, another suit's before its
   own; a low bribe costs a late turn but draws more coins (three minus the bribe).
3. Fund toward majorities it can win (Completion 3, Special Scoring Rounds): each coin goes
   where it raises the seat's expected share of the unit's ladder most (first place the
   tile's value, one suit alone twice, +2 for the Queen's tile and the home province),
   counted as its points less the best opponent's; it stops when no placement gains.  So it
   never funds an opponent's suit, and spends neutral suits only to contest a unit.
4. Fund before enacting (Completion 2-3), and choose the agenda tile (Completion) that allows
   the most coins, with a beer and doughnut run a little preferred and a tourism boom counted
   by what the matching units would pay it now.
5. Enact only what hurts the others or pays itself (Completion 2): a beer and doughnut run
   (Moons) against the highest score, a tourism boom (Fall) where it leads; every other item
   is prevented.  Asked to return a coin itself, it gives up its lowest coin of another suit
   from its play area.
6. Keep its coins on the map at scoring (Special Scoring Rounds: it retrieves none) and draws
   no extra hockey tiles; what remains (the Queen's tour, pork dice, a referendum's vote...)
   is chosen at random.
"""
from __future__ import annotations

import random

from explorer.engine.policy import best, done_or

from .actions import HandCoin, Stop
from .canada import HUDSON_BAY
from .perspective import knows
from .statistics import search_value
from .table import PROVINCES

#: The strong player's defaults (explorer/engine/search.py): cut-off playouts scored by the points
#: banked plus what the map pays at the scoring rounds to come (statistics.search_value), not the
#: score alone.
STRONG = {"value": search_value}

#: A coin whose value the seat cannot see (face down, suit side up: Completion 3) counts as
#: the mean of null to 5.
UNSEEN = 2.5
#: The Queen's and the home province's bonus (Special Scoring Rounds).
BONUS = 2


#: the rules' readings of the ladder by default (options bonus_to, tie_drop, lone)
READINGS = ("first ranked", "one place", "one suit")


def unit_points(coins, max_value, suits, queen=False, homes=(), readings=READINGS):
    """What each player suit would score for a unit holding ``coins`` ((suit, value) pairs),
    the ladder of Special Scoring Rounds with estimated values (:func:`.scoring.ladder`'s
    arithmetic without its reasons): first the maximum, second half of it (3+ players), third
    half of that (4+); a tie drops the tied suits and all below them a step; one suit alone
    twice; +2 for the Queen and for a home.  ``readings``: the options ``bonus_to``,
    ``tie_drop`` and ``lone`` (the package's Interpretations)."""
    bonus_to, tie_drop, lone = readings
    totals: dict[str, float] = {}
    for suit, value in coins:
        totals[suit] = totals.get(suit, 0.0) + value
    out = dict.fromkeys(suits, 0.0)
    if not totals:
        return out
    second = max_value // 2
    n = len(suits)
    ladder = (max_value, second if n >= 3 else 0, second // 2 if n >= 4 else 0)
    places: dict[str, int] = {}
    shift = above = 0
    for dense, total in enumerate(sorted(set(totals.values()), reverse=True), 1):
        group = [x for x, t in totals.items() if t == total]
        shift += len(group) > 1
        place = (dense if tie_drop == "one place" else above + 1) + shift
        above += len(group)
        for x in group:
            places[x] = place
            if x in out and place <= 3:
                out[x] = ladder[place - 1]
    present = list(totals) if lone == "one suit" else [x for x in totals if x in out]
    if len(present) == 1 and present[0] in out:
        out[present[0]] = 2 * max_value
    if queen or homes:
        if bonus_to == "first ranked":
            firsts = [x for x in out if places.get(x) == 1]
        else:
            top = max(out.values())
            firsts = [x for x in out if top > 0 and out[x] == top]
        for x in firsts:
            out[x] += (BONUS if queen else 0) + (BONUS if x in homes else 0)
    return out


class Board:
    """The seat's picture of the map: each unit's coins (estimated values), tile value,
    Queen and home pawns, as the seat sees them (every slush fund coin is known to all)."""

    def __init__(self, state, seat):
        self.seat = seat
        self.suits = suits = state.suits
        self.mine = suits[seat]
        self.units = {}
        seceded, pawns, queen = state.seceded, state.pawns, state.queen
        for name in PROVINCES:
            tile = state.tiles.get(name)
            if name in seceded or tile is None:         # seceded, or the map not yet laid
                continue
            coins = [c if knows(state, c, seat) else (c[0], UNSEEN) for c in state.on[name]]
            homes = tuple(suits[q] for q, pawn in enumerate(pawns) if pawn == name)
            self.units[name] = [coins, tile[1], queen == name, homes]
        self.units[HUDSON_BAY] = [list(state.slush), None, False, ()]
        o = state.options
        self.readings = (o.bonus_to, o.tie_drop, o.lone)

    def unit_value(self, name, extra=(), without=None) -> float:
        coins, tile, queen, homes = self.units[name]
        coins = list(coins) + list(extra)
        if without is not None:
            coins.remove(without)
        top = len(coins) if tile is None else tile
        pts = unit_points(coins, top, self.suits, queen, homes, self.readings)
        mine = pts[self.mine]
        others = [v for s, v in pts.items() if s != self.mine]
        return mine - max(others, default=0.0)

    def gain(self, name, coin) -> float:
        if name not in self.units:
            return 0.0
        return self.unit_value(name, extra=[coin]) - self.unit_value(name)


def _suits(state, seat):
    suits = state.suits
    return suits[seat], {x for q, x in enumerate(suits) if q != seat}


def _draw_suit(state, seat, legal, rng):
    """Rule 1: its own suit, never an opponent's."""
    me, opponents = _suits(state, seat)
    return best(legal, lambda a: 2 * (a.suit == me) - (a.suit in opponents), rng)


def _home(state, seat, legal, rng):
    """Rule 1: the matching province of the highest value."""
    return best(legal, lambda a: state.tiles[a.name][1], rng)


def _home_coin(state, seat, legal, rng):
    """Rule 1: its best coin of its own suit."""
    me, _ = _suits(state, seat)
    return best(legal, lambda a: a.value + 10 * (a.suit == me), rng)


def _bribe(state, seat, legal, rng):
    """Rule 2: the lowest coin, another suit's before its own."""
    me, _ = _suits(state, seat)
    return best(legal, lambda a: -a.value - 0.5 * (a.suit == me), rng)


def _order(state, seat, legal, rng):
    """Rule 4: fund first."""
    return best(legal, lambda a: a.part == "fund", rng)


def _fund(state, seat, legal, rng):
    """Rule 3: the placement that gains most, stopping when none gains."""
    board = Board(state, seat)
    return best(legal, lambda a: 0.01 if isinstance(a, Stop) else board.gain(a.where, (a.suit, a.value)), rng)


def _boom(board, value) -> float:
    """What a tourism boom of ``value`` would pay the seat now, less the best opponent."""
    return sum(board.unit_value(n) for n, u in board.units.items() if u[1] == value)


def _agenda(state, seat, legal, rng):
    """Rule 4: the most coins to fund, a beer run a little preferred, a boom by what it pays."""
    board = Board(state, seat)
    return best(legal, lambda a: a.value + (a.suit == "moons") + (_boom(board, a.value) if a.suit == "fall" else 0),
                rng)


def _enact(state, seat, legal, rng):
    """Rule 5: a beer and doughnut run, or a tourism boom it leads; nothing else."""
    suit, value = state.chosen or (None, None)
    want = suit == "moons" or (suit == "fall" and _boom(Board(state, seat), value) > 0)
    return best(legal, lambda a: a.enact == want, rng)


def _beer(state, seat, legal, rng):
    """Rule 5: against the highest score."""
    return best(legal, lambda a: -1 if isinstance(a, Stop) else state.scores[a.seat], rng)


def _beer_coin(state, seat, legal, rng):
    """Rule 5: its lowest coin of another suit from its play area."""
    me, _ = _suits(state, seat)
    return best(legal, lambda a: -a.value - 5 * (a.suit == me) if isinstance(a, HandCoin) else -10, rng)


def _stop(state, seat, legal, rng):
    """Rule 6: retrieve nothing, draw no hockey tile."""
    return done_or(legal, Stop)


_RULES = {"draw_suit": _draw_suit, "home": _home, "home_coin": _home_coin, "bribe": _bribe, "order": _order,
          "fund": _fund, "choose": _agenda, "enact": _enact, "beer": _beer, "beer_coin": _beer_coin,
          "retrieve": _stop, "hockey": _stop}


def choose(state, seat: int, rng: random.Random):
    """``seat``'s choice at its decision in ``state``, by the rules above (a single legal
    action as it is; a phase with no rule: a uniform choice)."""
    legal = state.legal_actions()
    rule = _RULES.get(state.phase)
    if len(legal) == 1 or rule is None:
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    return rule(state, seat, legal, rng)
