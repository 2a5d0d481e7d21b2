"""What lies on the table and how pieces move between places: the tile stacks and discards, the
tax revenues, the play areas, the provinces, the slush fund; who knows which coin.

Every rules module moves pieces only through these helpers, so that each piece is always in
exactly one place and the record of who has seen a coin stays right.

Coins lie *face down* (suit side up) in the tax revenues, in play areas and on provinces, and
*face up* (value side up) as bribes and in the slush fund (Preparation 4; Bribery; Completion 3,
Fund).  Everybody sees a coin's upper side.  ``state.known`` maps each coin out of the tax
revenues to a bitmask of the seats that know its other side too: the player who drew it, placed
it or got it back, and everybody once it has been shown (a bribe, a scoring, a failed search for
a unique bribe).  A coin returned to the tax revenues is shuffled among the others and known to
nobody.
"""
from __future__ import annotations

from functools import lru_cache

from .canada import HUDSON_BAY, PROVINCES_AND_TERRITORIES, map_of
from .scoring import SUITS

VALUES = (0, 1, 2, 3, 4, 5)
ALL_TILES = tuple((s, v) for s in SUITS for v in VALUES)
ALL_COINS = ALL_TILES          # one coin of each suit and value, like the tiles
PROVINCES = PROVINCES_AND_TERRITORIES
SLUSH = HUDSON_BAY             # the slush fund lies in Hudson Bay


class Geo:
    """The map's adjacency and distances, precomputed for the rules (see :mod:`.canada`)."""

    def __init__(self, layout: str):
        self.map = map_of(layout)
        self.neighbours = {p: self.map.neighbours(p) for p in PROVINCES}
        self.dist = {p: self.map.distances_from(p) for p in PROVINCES}
        self._ends: dict[tuple[str, int], frozenset[str]] = {}

    def tour_ends(self, start: str, steps: int) -> frozenset[str]:
        """Where the Queen can end a tour of at least ``steps`` steps from ``start`` without
        entering a space twice (Completion 2, Crowns)."""
        key = (start, steps)
        ends = self._ends.get(key)
        if ends is None:
            ends = self._ends[key] = self.map.simple_path_ends(start, steps)
        return ends


@lru_cache(maxsize=8)
def geo(layout: str) -> Geo:
    return Geo(layout)


def mask_all(s) -> int:
    return (1 << s.options.players) - 1


def opponents_suits(s, seat: int) -> frozenset[str]:
    return frozenset(x for q, x in enumerate(s.suits) if q != seat and x is not None)


def neutral(s, suit: str) -> bool:
    """A suit no player controls (Special Scoring Rounds: neutral suits)."""
    return suit not in s.suits


# -- tiles ------------------------------------------------------------------------------------------

def ensure_stack(s) -> bool:
    """Before a tile is drawn: if the face-down stacks are empty, the discards are shuffled into new
    stacks (Agenda).  False when there is no tile left anywhere to draw."""
    if s.stack:
        return True
    if not s.discard:
        return False
    s.stack = tuple(sorted(s.discard))
    s.discard = ()
    s._event("reshuffle", f"the draw stacks are empty: the {len(s.stack)} discarded tiles are shuffled "
                          f"into new face-down stacks")
    return True


def take_tile(s, tile) -> None:
    """Remove ``tile`` from the draw stacks (it was drawn)."""
    i = s.stack.index(tile)
    s.stack = s.stack[:i] + s.stack[i + 1:]


def discard_tiles(s, tiles) -> None:
    s.discard = tuple(sorted(s.discard + tuple(tiles)))


# -- coins ------------------------------------------------------------------------------------------

def tax_suits(s, seat: int, first: bool = False) -> list[str]:
    """The suits ``seat`` may draw from the tax revenues: any suit still there except the suits of
    opposing players (Bribery; Completion 1, Draw; Preparation 5).  With ``first``, the first of
    them only (whether there is one)."""
    banned = [x for q, x in enumerate(s.suits) if q != seat]       # None before suits are chosen
    tax = s.tax
    if first:
        for x in SUITS:
            if x not in banned and not tax.isdisjoint(_SUIT_COINS[x]):
                return [x]
        return []
    return [x for x in SUITS if x not in banned and not tax.isdisjoint(_SUIT_COINS[x])]


#: per suit, its six coins (a suit is in the tax revenues when one of them is)
_SUIT_COINS = {x: tuple((x, v) for v in VALUES) for x in SUITS}


def tax_values(s, suit: str) -> list[int]:
    tax = s.tax
    return [v for v in VALUES if (suit, v) in tax]


def know(s, coin, mask: int) -> None:
    """Seats in ``mask`` now know ``coin``'s hidden side as well."""
    old = s.known.get(coin, 0)
    if old | mask != old:
        s.known = {**s.known, coin: old | mask}


def show(s, coins) -> None:
    """Everybody sees these coins' both sides (turned over, then back)."""
    everyone = mask_all(s)
    known = s.known
    if any(known.get(c, 0) != everyone for c in coins):
        known = dict(known)
        for c in coins:
            known[c] = everyone
        s.known = known


def to_tax(s, coins) -> None:
    """Coins go back to the tax revenues, face down among the others: nobody can tell them apart."""
    coins = tuple(coins)
    if not coins:
        return
    s.tax = s.tax | frozenset(coins)
    known = dict(s.known)
    for c in coins:
        known.pop(c, None)
    s.known = known


def from_tax(s, coin) -> None:
    s.tax = s.tax - {coin}


def add_to_hand(s, seat: int, coins) -> None:
    """Coins enter ``seat``'s play area, face down; the owner looks at them."""
    coins = tuple(coins)
    hands = list(s.hands)
    hands[seat] = hands[seat] + coins
    s.hands = tuple(hands)
    for c in coins:
        know(s, c, 1 << seat)


def remove_from_hand(s, seat: int, coin) -> None:
    hands = list(s.hands)
    h = hands[seat]
    i = h.index(coin)
    hands[seat] = h[:i] + h[i + 1:]
    s.hands = tuple(hands)


def put_on(s, province: str, coins) -> None:
    """Coins go face down onto a province, after the coins already there."""
    s.on = {**s.on, province: s.on[province] + tuple(coins)}


def take_from(s, province: str, index: int):
    row = s.on[province]
    coin = row[index]
    s.on = {**s.on, province: row[:index] + row[index + 1:]}
    return coin


def clear(s, province: str) -> tuple:
    row = s.on[province]
    if row:
        s.on = {**s.on, province: ()}
    return row


def set_seat(s, field: str, seat: int, value) -> None:
    """Replace one seat's entry of the per-seat tuple ``field``."""
    t = getattr(s, field)
    setattr(s, field, t[:seat] + (value,) + t[seat + 1:])


def live(s, province: str) -> bool:
    """Face up and not where the Queen tours: a province the agenda may change (Agenda; Completion 3,
    Important)."""
    return province != s.queen and province not in s.seceded


def clockwise_from(s, start: int, seats=None) -> list[int]:
    """``seats`` (all by default) in clockwise order beginning with ``start`` (or the next one after it)."""
    n = s.options.players
    chosen = set(range(n) if seats is None else seats)
    return [(start + i) % n for i in range(n) if (start + i) % n in chosen]
