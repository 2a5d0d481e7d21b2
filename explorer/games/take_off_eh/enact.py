"""Completion 2, Enact: the eight agenda items, one per suit, and preventing them.

The value of the chosen tile (null 0, ace 1) sets how much an item does.  Nothing but the Queen's
own tour changes the province she is touring (Agenda; Completion 3, Important): no pawn or coin
leaves or enters it, it holds no vote, strikes or scores during a tourism boom (unless the option
``boom_queen="scored"``, the package's Interpretations).  A seceded tile is face down and out of
play: nothing may end a move there, but it still counts as a space when counting steps
(Completion 2, Spring).

Flow per item (``state.phase``):

- Suns, political scandal: ``scandal`` (a pawn, or stop) -> ``scandal_to`` (where), repeated
- Moons, beer and doughnut run: ``beer`` (an opponent, or stop) -> ``beer_coin`` (that opponent
  picks one of their coins), repeated
- Arms, labour strike: ``strike`` (a province) -> ``strike_tile`` (chance)
- Crowns, jubilee tour: ``tour`` (where the Queen ends); it cannot be prevented
- Spring, secession referendum: ``referendum`` (a province) -> ``vote`` (secret dice) ->
  ``relocate`` (each pawn on a seceded tile moves)
- Summer, fishing holiday: ``fish`` (a coin, or stop) -> ``fish_to`` (a touching province), repeated
- Fall, tourism boom: scores at once (:mod:`.scoring_rounds`)
- Winter, hockey game: ``hockey`` (draw one more, or stop) -> ``hockey_tile`` (chance), then
  ``hockey_discard`` as many times as tiles were drawn

An item that can change nothing (no province of the value, no coin to move, a null tile for
most items) is prevented without asking.
"""
from __future__ import annotations

from explorer.engine import CHANCE
from explorer.engine.words import seat_name, seat_names

from .actions import (Agenda, BoardCoin, DrawTile, Enact, HandCoin, Opponent, Pawn, Province, Stop, TileDraw, a_coin,
                      piece)
from .table import (PROVINCES, add_to_hand, clear, discard_tiles, ensure_stack, live, put_on, remove_from_hand,
                    set_seat, take_from, take_tile, to_tax)
from . import rounds, scoring_rounds

ITEMS = {"suns": "political scandal", "moons": "beer and doughnut run", "arms": "labour strike",
         "crowns": "Queen's jubilee tour", "spring": "secession referendum", "summer": "fishing holiday",
         "fall": "tourism boom", "winter": "hockey game"}


def begin(s) -> None:
    suit, value = s.chosen
    s.phase_, s.player = "enact", rounds.current(s)
    if suit == "crowns":
        return _start_tour(s, value)
    if not CAN[suit](s, value):
        s._event(suit, f"the {ITEMS[suit]} ({piece(suit, value)}) could change nothing: it is prevented")
        return rounds.part_done(s)


def legal_enact(s):
    return [Enact.of(True), Enact.of(False)]


def on_enact(s, a: Enact) -> None:
    suit, value = s.chosen
    if not a.enact:
        s._event("enact", f"{seat_name(s.player)} prevents the {ITEMS[suit]}")
        return rounds.part_done(s)
    s._event("enact", f"{seat_name(s.player)} enacts the {ITEMS[suit]} ({piece(suit, value)})")
    START[suit](s, value)


def done(s) -> None:
    s.left, s.picked, s.moved = 0, None, frozenset()
    rounds.part_done(s)


def _matching(s, value: int) -> list[str]:
    return [p for p in PROVINCES if s.tiles[p][1] == value and live(s, p)]


# -- Suns: political scandal --------------------------------------------------------------------------------

def _pawn_moves(s, seat: int, points: int) -> list[str]:
    start = s.pawns[seat]
    if start is None or start == s.queen:
        return []
    dist = s.geo.dist[start]
    return [p for p in PROVINCES if 0 < dist[p] <= points and live(s, p)]


def _movable_pawns(s, points: int, moved=frozenset()) -> list[int]:
    """Pawns that may still move (each moves once: a second move could re-enter a space)."""
    return [q for q in range(s.players) if q not in moved and _pawn_moves(s, q, points)]


def _can_scandal(s, value):
    return value > 0 and bool(_movable_pawns(s, value))


def _start_scandal(s, value):
    s.left, s.moved = value, frozenset()
    s.phase_ = "scandal"


def legal_scandal(s):
    return [Pawn.of(q) for q in _movable_pawns(s, s.left, s.moved)] + [Stop.of()]


def on_scandal(s, a) -> None:
    if type(a) is Stop:
        return done(s)
    s.picked = a.seat
    s.phase_ = "scandal_to"


def legal_scandal_to(s):
    return [Province.of(p) for p in _pawn_moves(s, s.picked, s.left)]


def on_scandal_to(s, a: Province) -> None:
    seat, start = s.picked, s.pawns[s.picked]
    steps = s.geo.dist[start][a.name]
    set_seat(s, "pawns", seat, a.name)
    s.left -= steps
    s.moved = s.moved | {seat}
    s._event("suns", f"{seat_name(seat)}'s pawn moves from {start} to {a.name} ({steps} point{'s' * (steps != 1)}, "
                     f"{s.left} left)")
    s.picked = None
    if s.left <= 0 or not _movable_pawns(s, s.left, s.moved):
        return done(s)
    s.phase_ = "scandal"


# -- Moons: beer and doughnut run ----------------------------------------------------------------------------

def _returnable(s, seat: int) -> list:
    """What ``seat`` may be made to return: any face-down coin of its play area, or a coin of its own
    suit from a province other than the Queen's."""
    out = [HandCoin.of(*c) for c in s.hands[seat]]
    suit = s.suits[seat]
    for p in PROVINCES:
        if live(s, p):
            out += [BoardCoin.of(p, i) for i, c in enumerate(s.on[p]) if c[0] == suit]
    return out


def _can_return(s, seat: int) -> bool:
    """Whether :func:`_returnable` lists anything for ``seat`` (without listing it)."""
    if s.hands[seat]:
        return True
    suit, on = s.suits[seat], s.on
    return any(c[0] == suit for p in PROVINCES if live(s, p) for c in on[p])


def _targets(s) -> list[int]:
    me = rounds.current(s)
    return [q for q in range(s.players) if q != me and _can_return(s, q)]


def _can_beer(s, value):
    return value > 0 and bool(_targets(s))


def _start_beer(s, value):
    s.left = value
    s.phase_ = "beer"


def legal_beer(s):
    return [Opponent.of(q) for q in _targets(s)] + [Stop.of()]


def on_beer(s, a) -> None:
    if type(a) is Stop:
        return done(s)
    s.picked = a.seat
    s.phase_, s.player = "beer_coin", a.seat


def legal_beer_coin(s):
    return _returnable(s, s.player)


def on_beer_coin(s, a) -> None:
    seat = s.player
    if type(a) is HandCoin:
        coin, where = (a.suit, a.value), "their play area"
        remove_from_hand(s, seat, coin)
    else:
        coin, where = take_from(s, a.province, a.index), a.province
    to_tax(s, [coin])
    s._event("moons", f"{seat_name(seat)} returns {piece(*coin)} coin from {where} to the tax revenues",
             seen_by=(seat,), public=f"{seat_name(seat)} returns {a_coin(coin[0])} from {where} to the tax revenues")
    s.left -= 1
    s.picked = None
    s.phase_, s.player = "beer", rounds.current(s)
    if s.left <= 0 or not _targets(s):
        done(s)


# -- Arms: labour strike ----------------------------------------------------------------------------------------

def _can_strike(s, value):
    return bool(_matching(s, value)) and bool(s.stack or s.discard)


def _start_strike(s, value):
    s.phase_ = "strike"


def legal_strike(s):
    return [Province.of(p) for p in _matching(s, s.chosen[1])]


def on_strike(s, a: Province) -> None:
    old = s.tiles[a.name]
    discard_tiles(s, [old])
    s.tiles = {p: t for p, t in s.tiles.items() if p != a.name}
    s.picked = a.name
    s._event("arms", f"a strike in {a.name}: {piece(*old)} tile is discarded for a new one from the stacks")
    ensure_stack(s)
    s.phase_, s.player = "strike_tile", CHANCE


def on_strike_tile(s, a: TileDraw) -> None:
    tile, where = (a.suit, a.value), s.picked
    take_tile(s, tile)
    s.tiles = {**s.tiles, where: tile}
    s._event("arms", f"{where} is now {piece(*tile)} tile; its pieces stay, face down")
    s.player = rounds.current(s)
    done(s)


# -- Crowns: the Queen's jubilee tour ---------------------------------------------------------------------------

def tour_ends(s, value: int) -> list[str]:
    ends = s.geo.tour_ends(s.queen, value)
    return [p for p in PROVINCES if p in ends and p not in s.seceded]


def _start_tour(s, value):
    if not tour_ends(s, value):
        s._event("crowns", f"the Queen cannot tour {value} steps or more from {s.queen} without entering a "
                           f"space twice or stopping on a seceded tile: she stays")
        return done(s)
    s.phase_ = "tour"


def legal_tour(s):
    return [Province.of(p) for p in tour_ends(s, s.chosen[1])]


def on_tour(s, a: Province) -> None:
    start = s.queen
    steps = s.geo.dist[start][a.name]
    s.queen = a.name
    s.queen_steps += steps
    s._event("crowns", f"the Queen tours from {start} to {a.name}" if steps else f"the Queen stays in {start}")
    done(s)


# -- Spring: secession referendum ----------------------------------------------------------------------------------

def voters(s, province: str) -> list[int]:
    """Players with coins of their suit in ``province``, in seat order."""
    here = {c[0] for c in s.on[province]}
    return [q for q in range(s.players) if s.suits[q] in here]


def _can_referendum(s, value):
    return bool(_matching(s, value))


def _start_referendum(s, value):
    s.phase_ = "referendum"


def legal_referendum(s):
    return [Province.of(p) for p in _matching(s, s.chosen[1])]


def on_referendum(s, a: Province) -> None:
    who = voters(s, a.name)
    s.picked = a.name
    if len(who) < 2:
        s._event("spring", f"a referendum in {a.name}: "
                 + (f"only {seat_name(who[0])} has coins there" if who else "no player has coins there")
                 + ", so no two dice can match and it stays")
        return done(s)
    s._event("spring", f"a referendum in {a.name}: {seat_names(who)} vote with hidden dice")
    s._open_choices("vote", who)


def on_vote(s, a) -> None:
    choices = s._commit(a)
    if choices is None:
        return
    where = s.picked
    values = [d.value for d in choices.values()]
    if len(set(values)) == len(values):
        s._event("spring", f"all dice differ: {where} stays in Canada")
        s.player = rounds.current(s)
        return done(s)
    _secede(s, where)


def _secede(s, where: str) -> None:
    coins = clear(s, where)
    owners = {x: q for q, x in enumerate(s.suits)}
    for q in range(s.players):
        mine = [c for c in coins if owners.get(c[0]) == q]
        if mine:
            add_to_hand(s, q, mine)
    to_tax(s, [c for c in coins if c[0] not in owners])
    s.seceded = s.seceded | {where}
    s._event("spring", f"two dice match: {where} secedes; its tile turns face down, player coins go back to "
                       f"their owners and neutral coins to the tax revenues")
    s.queue = tuple(q for q in range(s.players) if s.pawns[q] == where)
    _next_relocation(s)


def _next_relocation(s) -> None:
    if not s.queue:
        s.player = rounds.current(s)
        return done(s)
    s.phase_, s.player = "relocate", s.queue[0]


def legal_relocate(s):
    return [Province.of(p) for p in PROVINCES if live(s, p)]


def on_relocate(s, a: Province) -> None:
    seat = s.player
    set_seat(s, "pawns", seat, a.name)
    s._event("spring", f"{seat_name(seat)} moves their pawn from seceded {s.picked} to {a.name}")
    s.queue = s.queue[1:]
    _next_relocation(s)


# -- Summer: fishing holiday --------------------------------------------------------------------------------------

def _fish_sources(s, moved, first: bool = False) -> list:
    """Coins on a live province with a live neighbour, each moving once per holiday (with
    ``first``, the first of them only: whether there is one)."""
    out = []
    for p in PROVINCES:
        row = s.on[p]
        if row and live(s, p) and any(live(s, q) for q in s.geo.neighbours[p]):
            out += [BoardCoin.of(p, i) for i, c in enumerate(row) if c not in moved]
            if first and out:
                return out
    return out


def _can_fish(s, value):
    return value > 0 and bool(_fish_sources(s, frozenset(), first=True))


def _start_fish(s, value):
    s.left, s.moved = value, frozenset()
    s.phase_ = "fish"


def legal_fish(s):
    return _fish_sources(s, s.moved) + [Stop.of()]


def on_fish(s, a) -> None:
    if type(a) is Stop:
        return done(s)
    s.picked = (a.province, a.index)
    s.phase_ = "fish_to"


def legal_fish_to(s):
    return [Province.of(q) for q in s.geo.neighbours[s.picked[0]] if live(s, q)]


def on_fish_to(s, a: Province) -> None:
    src, i = s.picked
    coin = take_from(s, src, i)
    put_on(s, a.name, [coin])
    s.moved = s.moved | {coin}
    s.left -= 1
    seen = [q for q in range(s.players) if s.known.get(coin, 0) >> q & 1]
    s._event("summer", f"{piece(*coin)} coin moves from {src} to {a.name}", seen_by=seen,
             public=f"{a_coin(coin[0])} moves from {src} to {a.name}")
    s.picked = None
    if s.left <= 0 or not _fish_sources(s, s.moved, first=True):
        return done(s)
    s.phase_ = "fish"


# -- Fall: tourism boom ----------------------------------------------------------------------------------------------

def _start_tourism(s, value):
    scoring_rounds.tourism(s, value)
    done(s)


# -- Winter: hockey game ---------------------------------------------------------------------------------------------

def _can_hockey(s, value):
    return value > 0 and bool(s.stack or s.discard)


def _start_hockey(s, value):
    s.left, s.drawn_count = value, 0
    s.phase_ = "hockey"


def legal_hockey(s):
    return [DrawTile.of(), Stop.of()]


def on_hockey(s, a) -> None:
    if type(a) is Stop:
        return _hockey_discards(s)
    ensure_stack(s)
    s.phase_, s.player = "hockey_tile", CHANCE


def on_hockey_tile(s, a: TileDraw) -> None:
    tile = (a.suit, a.value)
    take_tile(s, tile)
    s.agenda = tuple(sorted(s.agenda + (tile,)))
    s.left -= 1
    s.drawn_count += 1
    s._event("winter", f"{piece(*tile)} tile joins the agenda")
    s.player = rounds.current(s)
    if s.left <= 0 or not (s.stack or s.discard):
        return _hockey_discards(s)
    s.phase_ = "hockey"


def _hockey_discards(s) -> None:
    if s.drawn_count == 0:
        return done(s)
    s.left = s.drawn_count
    s.phase_ = "hockey_discard"


def legal_hockey_discard(s):
    return [Agenda.of(*t) for t in s.agenda]


def on_hockey_discard(s, a) -> None:
    tile = (a.suit, a.value)
    i = s.agenda.index(tile)
    s.agenda = s.agenda[:i] + s.agenda[i + 1:]
    discard_tiles(s, [tile])
    s.left -= 1
    s._event("winter", f"{piece(*tile)} tile is discarded from the agenda")
    if s.left <= 0:
        s.drawn_count = 0
        done(s)


CAN = {"suns": _can_scandal, "moons": _can_beer, "arms": _can_strike, "spring": _can_referendum,
       "summer": _can_fish, "fall": lambda s, v: True, "winter": _can_hockey}
START = {"suns": _start_scandal, "moons": _start_beer, "arms": _start_strike, "spring": _start_referendum,
         "summer": _start_fish, "fall": _start_tourism, "winter": _start_hockey}
HANDLERS = {"enact": on_enact, "scandal": on_scandal, "scandal_to": on_scandal_to, "beer": on_beer,
            "beer_coin": on_beer_coin, "strike": on_strike, "strike_tile": on_strike_tile, "tour": on_tour,
            "referendum": on_referendum, "vote": on_vote, "relocate": on_relocate, "fish": on_fish,
            "fish_to": on_fish_to, "hockey": on_hockey, "hockey_tile": on_hockey_tile,
            "hockey_discard": on_hockey_discard}
LEGAL = {"enact": legal_enact, "scandal": legal_scandal, "scandal_to": legal_scandal_to, "beer": legal_beer,
         "beer_coin": legal_beer_coin, "strike": legal_strike, "tour": legal_tour, "referendum": legal_referendum,
         "relocate": legal_relocate, "fish": legal_fish, "fish_to": legal_fish_to, "hockey": legal_hockey,
         "hockey_discard": legal_hockey_discard}
TILE_CHANCE = ("strike_tile", "hockey_tile")
