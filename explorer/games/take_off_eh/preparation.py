"""Preparation 2-7: the draw stacks, the map of Canada, the tax revenues, the players' suits and
starting coins, the home provinces and the Queen's first tour stop.  (Preparation 1, the anthem,
and 8, the scorekeeper, need no rules.)

Flow: ``map`` (chance, a tile per province in alphabetical order, redrawn for over-represented
suits) -> ``platform`` (each player picks a suit) -> the starting coins (two of the player's suit
at random, then one of a suit the player picks: ``draw_suit``/``draw_value``) -> per player
``home_tile`` (chance) -> ``home`` (a matching province) -> ``home_coin`` -> ``queen_tile``
(chance) -> ``queen`` (only when the placement rule leaves a tie) -> the first round.
"""
from __future__ import annotations

from collections import Counter

from explorer.engine import CHANCE
from explorer.engine.words import seat_name

from .actions import ChooseSuit, HandCoin, Province, TileDraw, a_coin, piece
from .scoring import QUEEN_SUIT, SUITS
from .table import (PROVINCES, discard_tiles, ensure_stack, put_on, remove_from_hand, set_seat,
                    take_tile)
from . import coins, rounds


# -- Preparation 3: the map -----------------------------------------------------------------------

def on_map_tile(s, a: TileDraw) -> None:
    province, tile = s.map_todo[0], (a.suit, a.value)
    take_tile(s, tile)
    s.tiles = {**s.tiles, province: tile}
    s.map_todo = s.map_todo[1:]
    s._event("map", f"{province} is {piece(*tile)} tile")
    if s.map_todo:
        ensure_stack(s)
        return
    counts = Counter(t[0] for t in s.tiles.values())
    over = [x for x in SUITS if counts[x] > s.options.max_per_suit]
    if over:
        redo = tuple(p for p in PROVINCES if s.tiles[p][0] in over)
        discard_tiles(s, [s.tiles[p] for p in redo])
        s.tiles = {p: t for p, t in s.tiles.items() if p not in redo}
        s.map_todo = redo
        s._event("map", f"too many {' and '.join(over)} tiles ({', '.join(str(counts[x]) for x in over)}, "
                        f"at most {s.options.max_per_suit} each): they are removed and {len(redo)} new tiles "
                        f"drawn for {', '.join(redo)}")
        ensure_stack(s)
        return
    s.phase_, s.player = "platform", 0
    s.queue = tuple(range(1, s.players))


# -- Preparation 5: political platforms -------------------------------------------------------------

def legal_platform(s):
    taken = set(s.suits)
    return [ChooseSuit.of(x) for x in SUITS if x != QUEEN_SUIT and x not in taken]


def on_platform(s, a: ChooseSuit) -> None:
    set_seat(s, "suits", s.player, a.suit)
    s._event("platform", f"{seat_name(s.player)} chooses {a.suit}")
    if s.queue:
        s.player, s.queue = s.queue[0], s.queue[1:]
        return
    s.queue = tuple(range(1, s.players))
    _deal(s, 0)


def _deal(s, seat: int) -> None:
    """Two coins of the player's own suit drawn at random, then one more of a suit they choose."""
    coins.start(s, seat, "deal", 2, suit=s.suits[seat])


def after_deal(s, seat: int) -> None:
    coins.start(s, seat, "extra", 1)


def after_extra(s, seat: int) -> None:
    if s.queue:
        nxt, s.queue = s.queue[0], s.queue[1:]
        _deal(s, nxt)
        return
    s.queue = tuple(range(1, s.players))
    _home_draw(s, 0)


# -- Preparation 6: home provinces -------------------------------------------------------------------

def _home_draw(s, seat: int) -> None:
    s.drawer, s.drawn = seat, ()
    ensure_stack(s)
    s.phase_, s.player = "home_tile", CHANCE


def _matches(s, tile) -> list[str]:
    return [p for p in PROVINCES if p not in s.seceded and (s.tiles[p][0] == tile[0] or s.tiles[p][1] == tile[1])]


def on_home_tile(s, a: TileDraw) -> None:
    tile = (a.suit, a.value)
    take_tile(s, tile)
    s.drawn = s.drawn + (tile,)
    where = _matches(s, tile)
    seat = s.drawer
    if not where:
        s._event("home", f"{seat_name(seat)} draws {piece(*tile)} tile: no province matches it, so they draw again")
        ensure_stack(s)
        return
    s._event("home", f"{seat_name(seat)} draws {piece(*tile)} tile: it matches {', '.join(where)}")
    s.phase_, s.player = "home", seat


def legal_home(s):
    return [Province.of(p) for p in _matches(s, s.drawn[-1])]


def on_home(s, a: Province) -> None:
    set_seat(s, "pawns", s.player, a.name)
    s._event("home", f"{seat_name(s.player)}'s pawn goes to {a.name}, their home province")
    s.phase_ = "home_coin"


def legal_home_coin(s):
    return [HandCoin.of(*c) for c in s.hands[s.player]]


def on_home_coin(s, a: HandCoin) -> None:
    seat, coin, where = s.player, (a.suit, a.value), s.pawns[s.player]
    remove_from_hand(s, seat, coin)
    put_on(s, where, [coin])
    s._event("home", f"{seat_name(seat)} puts {piece(*coin)} coin face down in {where}", seen_by=(seat,),
             public=f"{seat_name(seat)} puts {a_coin(coin[0])} face down in {where}")
    discard_tiles(s, s.drawn)
    s.drawn = ()
    if s.queue:
        nxt, s.queue = s.queue[0], s.queue[1:]
        _home_draw(s, nxt)
        return
    s.drawer = None
    ensure_stack(s)
    s.phase_, s.player = "queen_tile", CHANCE


# -- Preparation 7: the Queen's jubilee tour begins ---------------------------------------------------

def queen_candidates(s, tile) -> list[str]:
    """The matching provinces farthest from the pawns: by the distance to the nearest pawn (or the sum
    of distances to all pawns, ``queen_far_from="all pawns"``), ties broken by the distance from the
    pawn of the player earliest in the initial turn order (Preparation 7)."""
    where = _matches(s, tile)
    if not where:
        return []
    dist = s.geo.dist
    pawns = [p for p in s.pawns if p is not None]
    combine = min if s.options.queen_far_from == "nearest pawn" else sum

    def key(p):
        d = dist[p]
        return combine(d[q] for q in pawns), d[pawns[0]]
    best = max(key(p) for p in where)
    return [p for p in where if key(p) == best]


def on_queen_tile(s, a: TileDraw) -> None:
    tile = (a.suit, a.value)
    take_tile(s, tile)
    s.drawn = s.drawn + (tile,)
    best = queen_candidates(s, tile)
    if not best:
        s._event("queen", f"{piece(*tile)} tile matches no province: another tile is drawn")
        ensure_stack(s)
        return
    if len(best) == 1:
        where = _matches(s, tile)
        why = (f"only {best[0]} matches it (its suit or its value), so the Queen goes there whoever stands on it"
               if len(where) == 1 else f"of the matching provinces {best[0]} is farthest from the pawns")
        s._event("queen", f"{piece(*tile)} tile is drawn: {why}")
        _place_queen(s, best[0])
        return
    s._event("queen", f"{piece(*tile)} tile is drawn: {', '.join(best)} are equally far from the pawns, so the "
                      f"first player picks one")
    s.phase_, s.player = "queen", 0


def legal_queen(s):
    return [Province.of(p) for p in queen_candidates(s, s.drawn[-1])]


def on_queen(s, a: Province) -> None:
    _place_queen(s, a.name)


def _place_queen(s, province: str) -> None:
    s.queen = province
    s._event("queen", f"the Queen begins her jubilee tour in {province}")
    discard_tiles(s, s.drawn)
    s.drawn = ()
    rounds.begin_round(s)


HANDLERS = {"map": on_map_tile, "platform": on_platform, "home_tile": on_home_tile, "home": on_home,
            "home_coin": on_home_coin, "queen_tile": on_queen_tile, "queen": on_queen}
LEGAL = {"platform": legal_platform, "home": legal_home, "home_coin": legal_home_coin, "queen": legal_queen}
TILE_CHANCE = ("map", "home_tile", "queen_tile")
