"""Setup 1: what each side takes -- a suit's tiles, coins, die and pawn -- and who
plays which side (the two-player note of Setup 1), with the coin arithmetic every step
shares: a hand is a tuple of counts in suit order, a payment a sorted tuple of suits
(Normal Play Step 1 prices an entry, Step 2.b a lift, Step 3 - Slide Tiles a slide)."""
from __future__ import annotations

import itertools
from functools import lru_cache

from explorer.components.piecepack import ACE, NULL, RANKS, STANDARD, piece_name

from .actions import Pay

SUITS = STANDARD.suits
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
TILE_SUIT = {piece_name(s, r): s for s in SUITS for r in RANKS}
TILE_RANK = {piece_name(s, r): r for s in SUITS for r in RANKS}
TILES_OF = {s: tuple(piece_name(s, r) for r in RANKS) for s in SUITS}
ZERO = (0, 0, 0, 0)
#: The payments for a null tile or one holding a die: nothing (Step 1 Dice Markers).
FREE = ((),)


def seat_sides(players: int) -> tuple[tuple[str, ...], ...]:
    """The suits each seat plays (Setup 1)."""
    if players == 2:
        return ((SUITS[0], SUITS[2]), (SUITS[1], SUITS[3]))
    return tuple((SUITS[i],) for i in range(players))


@lru_cache(maxsize=8)
def _seating(players: int):
    seats = seat_sides(players)
    seat_of = {s: q for q, sides in enumerate(seats) for s in sides}
    return seats, seat_of, tuple(s for sides in seats for s in sides)


@lru_cache(maxsize=32)
def _suits_of_side(players: int, side: str) -> tuple[str, ...]:
    """The suits of the player who plays ``side`` (both in the two-player game)."""
    seats, seat_of, _ = _seating(players)
    return seats[seat_of[side]]


#: ``{players: {side: the ace tiles of the suits its player does not play}}``: a player
#: lifts (Step 2.a) and slides (Step 3) only their own ace.
OTHERS_ACES = {p: {side: frozenset(piece_name(suit, ACE) for suit in SUITS if suit not in _suits_of_side(p, side))
                   for side in _seating(p)[2]} for p in (2, 3, 4)}


# -- coins: a hand is a tuple of counts in suit order ------------------------------------------
def _hand_dict(h) -> dict[str, int]:
    return {SUITS[i]: n for i, n in enumerate(h) if n}


@lru_cache(maxsize=16384)
def _minus(h: tuple, suits: tuple) -> tuple:
    """The hand ``h`` less the coins ``suits`` (memoized: the same few hands and payments
    come back all game)."""
    out = list(h)
    for s in suits:
        out[SUIT_INDEX[s]] -= 1
    return tuple(out)


def _plus(h, suit) -> tuple:
    out = list(h)
    out[SUIT_INDEX[suit]] += 1
    return tuple(out)


#: ``{tile: (index of its suit, rank)}``: :func:`_payments` for a tile without a die is
#: not empty exactly when ``hand[index] or sum(hand) >= rank`` (one coin of the tile's
#: suit pays, else its value in any coins; a null tile, value 0, is free; a dominated
#: payment is only dropped when that single coin is there).  Step 1 asks which tiles
#: may be entered without listing their payments.
PRICE_OF = {t: (SUIT_INDEX[TILE_SUIT[t]], r) for t, r in TILE_RANK.items()}


class _OneLess(dict):
    """``{hand: ((suit, hand less one coin of that suit), ...)}`` for the suits held, in
    suit order (Step 1 Tolls: which coin goes as toll, and what is left)."""

    def __missing__(self, hand):
        out = self[hand] = tuple((SUITS[i], hand[:i] + (n - 1,) + hand[i + 1:]) for i, n in enumerate(hand) if n)
        return out


ONE_LESS = _OneLess()


@lru_cache(maxsize=65536)
def _payments(tile: str, has_die: bool, hand: tuple, dominated: bool) -> tuple[tuple[str, ...], ...]:
    """Ways to pay to enter or lift ``tile`` from ``hand`` (Step 1, Step 2.b): what
    :func:`.reckoning.entry_payments` lists, in its order, less the dominated value
    payments (those holding a coin of the tile's suit) unless ``dominated``."""
    rank = TILE_RANK[tile]
    if has_die or rank == NULL:
        return FREE
    # no payment of ``rank`` coins holds more than ``rank`` of a suit: the hand counted up
    # to that answers the same, and far fewer hands are asked about
    by_value = _value_payments(rank, tuple(map(min, hand, itertools.repeat(rank))))
    if rank == ACE:                      # one coin of any suit: its own suit is among them
        return by_value
    suit = TILE_SUIT[tile]
    if not hand[SUIT_INDEX[suit]]:       # no coin of the tile's suit: by value only
        return by_value
    if not dominated:
        by_value = tuple(p for p in by_value if suit not in p)
    return ((suit,),) + by_value


class _Prices(dict):
    """``{tile: _payments(tile, False, hand, dominated)}``, filled as tiles are asked for."""

    __slots__ = ("hand", "dominated")

    def __missing__(self, tile):
        pays = self[tile] = _payments(tile, False, self.hand, self.dominated)
        return pays


class _PriceTable(dict):
    """``{hand: _Prices}``: what entering each tile without a die costs from ``hand``.
    Step 1 prices the tiles around the pawn with each new hand, and one lookup per hand
    serves them all.  Nobody changes a price once made."""

    __slots__ = ("dominated",)

    def __init__(self, dominated: bool):
        super().__init__()
        self.dominated = dominated

    def __missing__(self, hand):
        out = self[hand] = _Prices()
        out.hand, out.dominated = hand, self.dominated
        return out


#: The price tables for each value of the option ``offer_dominated_payments`` (False,
#: True).  Bounded: a hand holds at most six coins of each suit.
PRICE_TABLES = (_PriceTable(False), _PriceTable(True))


@lru_cache(maxsize=16384)
def _value_payments(rank: int, hand: tuple) -> tuple[tuple[str, ...], ...]:
    """Every set of ``rank`` coins from ``hand`` as a tuple of suits sorted by name, the
    tuples in sorted order (Step 1: paying a tile's value in any suits).  The first suit
    by name held gives from the most coins it can down to none, each followed by the
    sets the other suits make of the rest (asked of this memo in turn)."""
    if not rank:
        return ((),)
    for i in _BY_NAME:
        if hand[i]:
            break
    else:
        return ()
    rest = hand[:i] + (0,) + hand[i + 1:]
    suit = SUITS[i]
    out = []
    for c in range(min(hand[i], rank), -1, -1):       # more of a first suit sorts first
        head = (suit,) * c
        out += [head + p for p in _value_payments(rank - c, rest)]
    return tuple(out)


#: the suits' indexes in the order of their names (value payments list suits so)
_BY_NAME = sorted(range(len(SUITS)), key=SUITS.__getitem__)


@lru_cache(maxsize=4096)
def _slide_payments(hand: tuple, cost: int) -> tuple[tuple[str, ...], ...]:
    have = [s for s in SUITS if hand[SUIT_INDEX[s]]]
    return tuple(c for c in itertools.combinations_with_replacement(have, cost)
                 if all(c.count(s) <= hand[SUIT_INDEX[s]] for s in set(c)))


def _set(d: dict, k, v) -> dict:
    out = dict(d)
    out[k] = v
    return out


def _drop(d: dict, k) -> dict:
    out = dict(d)
    out.pop(k, None)
    return out


def _words(coins) -> str:
    """Coins in words, as a Pay action reads them ("2 Moons + 1 Crowns")."""
    return _coins_words(tuple(coins))


@lru_cache(maxsize=4096)
def _coins_words(coins: tuple) -> str:
    return str(Pay(coins))[4:]


def _coins_list(h) -> tuple:
    return tuple(SUITS[i] for i, n in enumerate(h) for _ in range(n))

