"""Decay's calculators: where a pawn can go this turn, and what moving a tile would do.

Previews run the engine (DESIGN: "Previews and calculators run the engine"):

- :func:`reach` (Step 1), :func:`movable_tiles`, :func:`tile_move_preview` and
  :func:`all_tile_moves` (Step 2 and what follows it) take a :class:`rules.DecayState`,
  apply the engine's own actions to copies of it (a state never changes; ``apply``
  returns a new one) and read the outcome from the resulting states and their events:
  the route and payments, the split, who died, each attack's totals and winner, the end
  of the game.  So they agree with the rules by construction, rule options included.
- :func:`reachable` and :func:`can_move` answer the Step 1 question on plain values
  (positions ``{tile: (x, y)}``, a hand ``{suit: count}``, pawns ``{tile: side}``, dice
  as a set of tiles) with a direct search over :mod:`reckoning`'s arithmetic; a property
  test (tests/test_decay_previews.py) binds them to :func:`reach`.

Interpretations
---------------
- *Cheapest* (Normal Play Step 1): the fewest coins in all, tolls included; among
  equally cheap ways, the one that spends the fewest coins of the mover's own suits;
  then the fewest tolls, then the fewest tiles entered.  The same order picks the
  payment of a lift in a tile-move preview.
- A pawn may pass through tiles other than its start more than once (only going back to
  the start is forbidden), but doing so never saves a coin, so the routes returned are
  simple paths.
- Mid-move, :func:`reach` starts where the pawn stands with the coins still unspent; for
  a side that is not moving it answers "if its turn began now".
- During Step 1 a tile-move preview assumes the pawn stops where it stands.
"""
from __future__ import annotations

import heapq
import itertools
import re
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from explorer.components.piecepack import parse_suit
from explorer.engine.errors import IllegalMove, RuleRef
from explorer.engine.machine import freeze

from . import board as B
from . import reckoning as R
from .actions import Pay, PickUp, Place, StopMoving
from .rules import RULES, STEP1_PHASES, SUITS, TILE_SUIT, DecayState, position

GAME = "decay"
_NOTHING: Mapping = MappingProxyType({})

__all__ = ["Entry", "Reach", "Attack", "TileMove", "reachable", "can_move", "cheapest", "reach",
           "movable_tiles", "tile_move_preview", "all_tile_moves"]


def _hand(hand: Mapping[str, int]) -> dict[str, int]:
    """A hand with canonical suit names and no empty entries; ValueError on a bad count."""
    out: dict[str, int] = {}
    for suit, n in hand.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"a hand holds a whole number of coins per suit; got {n!r} for {suit!r}")
        if n:
            s = parse_suit(suit)
            out[s] = out.get(s, 0) + n
    return out


def _suits(suits: Iterable[str] | None) -> frozenset[str]:
    return frozenset(parse_suit(s) for s in (suits or ()))


def cheapest(payments: Iterable[tuple[str, ...]], mover_suits: Iterable[str] | None = None
             ) -> tuple[str, ...] | None:
    """The payment with the fewest coins, then the fewest of the mover's own suits
    (then the first in sorted order); None if there is none."""
    own = _suits(mover_suits)
    return min(payments, key=lambda p: (len(p), sum(s in own for s in p), p), default=None)


# ------------------------------------------------------------------ Step 1: the pawn

@dataclass(frozen=True)
class Entry:
    """One tile entered during a pawn's move: the coins paid to enter it (Step 1) and,
    if another pawn stands there, the suit of the toll coin and who receives it."""

    tile: str
    payment: tuple[str, ...]
    toll: str | None = None
    toll_to: Hashable | None = None


@dataclass(frozen=True)
class Reach:
    """A tile the pawn can end its move on, with the cheapest way there."""

    tile: str
    route: tuple[str, ...]                 # the start, then every tile entered
    entries: tuple[Entry, ...] = field(repr=False)

    @property
    def payment(self) -> tuple[str, ...]:
        """Every coin that leaves the hand this move, tolls included, sorted."""
        coins = [s for e in self.entries for s in e.payment]
        coins += [e.toll for e in self.entries if e.toll is not None]
        return tuple(sorted(coins))

    @property
    def cost(self) -> int:
        return len(self.payment)

    @property
    def tolls(self) -> tuple[tuple[Hashable, str], ...]:
        """``(player paid, suit of the coin)`` for every toll on the way."""
        return tuple((e.toll_to, e.toll) for e in self.entries if e.toll is not None)


def reachable(positions: Mapping[str, B.Pos], start: str, hand: Mapping[str, int], *,
              pawns: Mapping[str, Hashable] = _NOTHING, dice: Iterable[str] = frozenset(),
              mover_suits: Iterable[str] | None = None) -> dict[str, Reach]:
    """Every tile the pawn on ``start`` may end its move on this turn (Normal Play Step 1),
    with the cheapest payment and its route.

    Entering a tile costs what :func:`reckoning.entry_payments` allows (free for a null
    tile or one holding a die, Step 1 Dice Markers); every coin is spent at most once; a
    tile with another player's pawn costs one more coin as a toll (Step 1 Tolls); the
    pawn may never re-enter ``start``, and it must end on a tile with no pawn other than
    ``start``.  ``pawns`` maps tiles to the players standing there (an entry for
    ``start`` is ignored).  The search runs Dijkstra over (tile, coins left) states on
    the adjacency graph, ordered as described under Interpretations."""
    if start not in positions:
        raise ValueError(f"the start tile {start!r} is not on the board")
    graph = B.adjacency(positions)
    dice = set(dice)
    own = _suits(mover_suits)
    occupied = {t: who for t, who in pawns.items() if t != start and t in positions}
    hand0 = _hand(hand)
    total0, own0 = sum(hand0.values()), sum(n for s, n in hand0.items() if s in own)

    def key_of(left: dict[str, int], tolls: int, steps: int) -> tuple[int, int, int, int]:
        return (total0 - sum(left.values()), own0 - sum(n for s, n in left.items() if s in own),
                tolls, steps)

    def frozen(left: dict[str, int]) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(left.items()))

    first = (start, frozen(hand0))
    best: dict[tuple, tuple] = {first: ((0, 0, 0, 0), None, None)}   # state -> (key, parent, entry)
    heap = [((0, 0, 0, 0), 0, first)]
    tick = itertools.count(1)
    done: set[tuple] = set()
    out: dict[str, Reach] = {}
    while heap:
        key, _, state = heapq.heappop(heap)
        if state in done:
            continue
        done.add(state)
        tile, left_items = state
        if tile != start and tile not in occupied and tile not in out:
            out[tile] = _reach(best, state)
        left = dict(left_items)
        for nxt in sorted(graph[tile]):
            if nxt == start:
                continue
            for pay in R.entry_payments(nxt, left, has_die=nxt in dice):
                after = R.take(left, pay)
                tolls = sorted(after) if nxt in occupied else [None]
                for toll in tolls:
                    rest = R.take(after, [toll]) if toll else after
                    new = (nxt, frozen(rest))
                    if new in done:
                        continue
                    k = key_of(rest, key[2] + (toll is not None), key[3] + 1)
                    if new not in best or k < best[new][0]:
                        entry = Entry(nxt, pay, toll, occupied.get(nxt) if toll else None)
                        best[new] = (k, state, entry)
                        heapq.heappush(heap, (k, next(tick), new))
    return out


def _reach(best: dict, state: tuple) -> Reach:
    entries, route = [], [state[0]]
    while True:
        _, parent, entry = best[state]
        if parent is None:
            break
        entries.append(entry)
        route.append(parent[0])
        state = parent
    return Reach(route[0], tuple(reversed(route)), tuple(reversed(entries)))


def can_move(positions: Mapping[str, B.Pos], start: str, hand: Mapping[str, int], *,
             pawns: Mapping[str, Hashable] = _NOTHING, dice: Iterable[str] = frozenset()) -> bool:
    """Normal Play Step 1, Death: False when the pawn on ``start`` cannot reach any other
    unoccupied tile with the coins in ``hand`` (the player is killed)."""
    return bool(reachable(positions, start, hand, pawns=pawns, dice=dice))


# ------------------------------------------------------------------ previews: the engine on a copy

def _require_state(state) -> None:
    if not isinstance(state, DecayState):
        raise TypeError(f"expected a Decay state (explorer.games.decay.rules.DecayState), got {type(state).__name__}")


def _mover_suits(state: DecayState) -> tuple[str, ...]:
    return state.suits_of(state.seat_of(state.side))


_ATTACK = re.compile(r"^(\S+) attacks (\S+): (\d+) against (\d+), the (attack wins|defence holds)$")
_ENTER = re.compile(r"^the (\S+) pawn enters (\S+)(?: for free|, spending (.+))$")
_TOLL = re.compile(r"^(\S+) gives one (\S+) coin to (\S+) as toll$")


def _coins_of(words: str | None) -> tuple[str, ...]:
    """``"2 Moons + 1 Crowns"`` (the engine's way of naming coins) -> sorted suits."""
    out: list[str] = []
    for part in (words or "").split(" + ") if words else ():
        n, suit = part.split(" ", 1)
        out += [suit] * int(n)
    return tuple(sorted(out))


def _entries(events, side: str) -> list[Entry]:
    """The tiles ``side``'s pawn entered, read from the engine's Step 1 events."""
    out: list[Entry] = []
    for e in events:
        if e.rule in (RULES["pay"], RULES["dice_free"]) and (m := _ENTER.match(e.text)) and m[1] == side:
            out.append(Entry(m[2], _coins_of(m[3])))
        elif e.rule == RULES["toll"] and (m := _TOLL.match(e.text)) and m[1] == side and out:
            out[-1] = Entry(out[-1].tile, out[-1].payment, m[2], m[3])
    return out


def _in_step1(state: DecayState, side: str) -> bool:
    return (not state.is_terminal() and state.side == side and side not in state.dead
            and state.phase in STEP1_PHASES)


def _turn_from_here(state: DecayState, side: str) -> DecayState:
    """``side`` about to begin a turn on the board of ``state`` (for a side that is not in
    the middle of its own Step 1).  A mover passing over another pawn mid-move counts at
    the tile it began the turn on."""
    pawns = dict(state.pawns)
    mover = state.side
    if mover in pawns and list(pawns.values()).count(pawns[mover]) > 1:
        pawns[mover] = state.start
    return position(state.pos, pawns, side, options=state.options, dice=state.dice, dead=state.dead,
                    hands={s: state.hand(s) for s in state.sides}, round_number=max(state.round, 1))


def reach(state: DecayState, side: str | None = None) -> dict[str, Reach]:
    """Every tile ``side``'s pawn (default: the side to move) may end its Step 1 move on,
    with the cheapest way there, found by applying the engine's own Step 1 choices
    (Enter, Pay, Toll) to copies of the state.

    For the side to move during its Step 1 the search starts where the pawn stands now
    with the unspent coins (its current tile is listed, at no cost, when it may stop
    there).  For any other side, or after Step 1, it answers "if that side's turn began
    now" (:func:`rules.position` on the same board).  Cheapest is as under
    Interpretations; a side that could not move would die: the answer is empty."""
    _require_state(state)
    side = side or state.side
    if side is None or side not in state.pawns or state.is_terminal() or not state.round:
        return {}
    s0 = state if _in_step1(state, side) else _turn_from_here(state, side)
    if not _in_step1(s0, side):
        return {}                                  # Step 1 Death at the start of the turn
    own = set(s0.suits_of(s0.seat_of(side)))
    left0 = s0.unspent

    def key_of(s: DecayState, entries: tuple[Entry, ...]) -> tuple[int, int, int, int]:
        spent = [a - b for a, b in zip(left0, s.unspent, strict=True)]
        return (sum(spent), sum(n for suit, n in zip(SUITS, spent, strict=True) if suit in own),
                sum(e.toll is not None for e in entries), len(entries))

    here = s0.pawns[side]
    tick = itertools.count()
    heap = [((0, 0, 0, 0), next(tick), s0, (), False)]
    seen: set = set()
    out: dict[str, Reach] = {}
    while heap:
        _, _, s, entries, ended = heapq.heappop(heap)
        route = (here,) + tuple(e.tile for e in entries)
        if ended:
            out.setdefault(route[-1], Reach(route[-1], route, entries))
            continue
        node = (s.phase, s.pawns[side], freeze(s.pend), s.unspent)
        if node in seen:
            continue
        seen.add(node)
        for a in s.legal_actions():
            if isinstance(a, StopMoving):
                out.setdefault(s.pawns[side], Reach(s.pawns[side], route, entries))
                continue
            s2 = s.apply(a)
            more = entries + tuple(_entries(s2.events, side))
            if _in_step1(s2, side) and s2.turns == s0.turns:
                heapq.heappush(heap, (key_of(s2, more), next(tick), s2, more, False))
            else:                                   # the engine stopped the pawn: no other choice
                spent = key_of(s, entries)
                step = tuple(_entries(s2.events, side))
                coins = sum(len(e.payment) + (e.toll is not None) for e in step)
                own_coins = sum(sum(c in own for c in e.payment) + (e.toll in own) for e in step)
                k = (spent[0] + coins, spent[1] + own_coins, spent[2] + sum(e.toll is not None for e in step),
                     len(more))
                heapq.heappush(heap, (k, next(tick), s2, more, True))
    return out


# ------------------------------------------------------------------ Step 2 previews

@dataclass(frozen=True)
class Attack:
    """One attack resolved after a tile move (Resolving Attacks)."""

    defender: str
    attack: int
    defence: int
    loser: Hashable | None = None          # the side that gives up a coin, if the attack wins
    spoils: tuple[str, ...] = ()           # the suits the attacker may choose from

    @property
    def succeeds(self) -> bool:
        """A tie goes to the defender."""
        return self.attack > self.defence

    @property
    def winner(self) -> str:
        return "attacker" if self.succeeds else "defender"


@dataclass(frozen=True)
class TileMove:
    """What moving ``tile`` to ``to`` would do (Normal Play Step 2), as the engine plays it."""

    tile: str
    origin: B.Pos
    to: B.Pos
    problems: tuple[RuleRef, ...] = ()     # why the move is not allowed (empty: it is)
    payment: tuple[str, ...] | None = None  # the cheapest way to pay for the lift
    positions: Mapping[str, B.Pos] = field(default_factory=dict)  # the board after move and split
    removed: frozenset[str] = frozenset()  # tiles taken out of play by the split
    killed: tuple[Hashable, ...] = ()      # sides whose pawns stood on removed tiles
    mover_killed: bool = False
    attacks: tuple[Attack, ...] = ()
    game_over: bool = False                # the move ends the game (End of Game)
    winner: int | None = None              # the winning seat, if it ended with one

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def stays(self) -> frozenset[str]:
        return frozenset(self.positions)


def _refusal(e: IllegalMove) -> RuleRef:
    return RuleRef(e.rule.game, e.rule.section, e.reason)


def _at_step2(state: DecayState) -> DecayState | None:
    """The state at the Step 2 decision: ``state`` itself, or (during Step 1, when the pawn
    may stop where it stands) the state after stopping there."""
    if state.phase in ("pick_up", "pay_pick_up", "put_down"):
        return state
    if state.phase == "move" and StopMoving() in state.legal_actions():
        s = state.apply(StopMoving())
        return s if s.phase == "pick_up" else None
    return None


def movable_tiles(state: DecayState) -> list[str]:
    """The tiles the side to move may lift in Step 2 (the engine's own list: Step 2.a-b,
    the rule options included); during Step 1, if the pawn stopped where it stands."""
    _require_state(state)
    s = _at_step2(state)
    if s is None:
        return []
    if s.phase != "pick_up":
        return [s.pend["lift"]]
    return sorted(s.pick_up_options())


def _lifted(state: DecayState, tile: str):
    """``(base, lifted, payment, events)``: the Step 2 state, then ``tile`` lifted and paid
    for (cheapest payment) by the engine.  ``lifted`` is past the put-down when the tile
    had a single place to go (the engine takes a lone choice by itself).  Raises the
    engine's IllegalMove when the lift is refused."""
    _require_state(state)
    base = _at_step2(state)
    if base is None:
        raise IllegalMove(f"{state.side or 'nobody'} cannot move a tile at this step ({state.phase})",
                          RULES["steps"])
    if tile not in base.pos:
        raise IllegalMove(f"{tile} is not a tile on the board", RULES["lift"])
    s, pay, events = base, None, []
    if s.phase == "pick_up":
        s = s.apply(PickUp(tile))
        events += s.events
    elif s.pend["lift"] != tile:
        raise IllegalMove(f"{s.pend['lift']} is already lifted", RULES["tile_move"])
    if s.phase == "pay_pick_up" and s.pend["lift"] == tile:
        pay = cheapest([a.coins for a in s.legal_actions()], _mover_suits(s))
        s = s.apply(Pay(pay))
        events += s.events
    elif s is not base or base.phase == "put_down":
        pay = (s.pend or {}).get("pay", ())    # the engine took the only payment
    return base, s, tuple(sorted(pay)) if pay is not None else None, events


def _outcome(base: DecayState, tile: str, to: B.Pos, payment, after: DecayState, events) -> TileMove:
    """Read a tile move's effects from the engine's resulting state and events."""
    removed = frozenset(base.pos) - frozenset(after.pos)
    killed = tuple(s for s in after.dead if s not in base.dead and base.pawns.get(s) in removed)
    attacks = []
    for e in events:
        m = _ATTACK.match(e.text) if e.rule == RULES["attack_win"] else None
        if m and m[1] == base.side:
            defender, attack, defence = m[2], int(m[3]), int(m[4])
            loser = TILE_SUIT[defender] if attack > defence else None
            spoils = () if loser is None or loser in killed else tuple(sorted(base.hand(loser)))
            attacks.append(Attack(defender, attack, defence, loser, spoils))
    result = after.result()
    winner = result.winners[0] if result is not None and result.winners else None
    return TileMove(tile, base.pos[tile], to, (), payment, dict(after.pos), removed, killed,
                    base.side in killed, tuple(attacks), after.is_terminal(), winner)


def tile_move_preview(state: DecayState, tile: str, to: B.Pos) -> TileMove:
    """What lifting ``tile`` and putting it down at ``to`` would do (Normal Play Step 2),
    found by playing it on a copy of ``state``: the lift with the cheapest payment, the
    put-down, then whatever the engine resolves (the split and its deaths, the end of
    the game, the attacks with their totals).  During Step 1 the preview assumes the pawn
    stops where it stands.  A move the engine refuses comes back with ``problems`` (its
    reason and rule) and the board unchanged."""
    to = (int(to[0]), int(to[1]))
    origin = state.pos.get(tile, to) if isinstance(state, DecayState) else to
    try:
        base, lifted, payment, events = _lifted(state, tile)
    except IllegalMove as e:
        return TileMove(tile, origin, to, (_refusal(e),), None, dict(getattr(state, "pos", {})))
    if lifted.phase == "put_down" and lifted.pend.get("lift") == tile:
        try:
            after = lifted.apply(Place(*to))
        except IllegalMove as e:
            return TileMove(tile, origin, to, (_refusal(e),), payment, dict(base.pos))
        return _outcome(base, tile, to, payment, after, events + list(after.events))
    (only,) = base.layout().put_downs(tile)     # the engine put it at its only place already
    if to != only:
        return TileMove(tile, origin, to, (RuleRef(GAME, RULES["put_down"].section,
                                                   f"{tile} has one place to go: {only}"),), payment, dict(base.pos))
    return _outcome(base, tile, to, payment, lifted, events)


def all_tile_moves(state: DecayState, tile: str) -> list[TileMove]:
    """Every place the engine lets ``tile`` go this Step 2, each with its
    :func:`tile_move_preview`, in position order; empty if the engine refuses the lift."""
    try:
        base, lifted, payment, events = _lifted(state, tile)
    except IllegalMove:
        return []
    if not (lifted.phase == "put_down" and lifted.pend.get("lift") == tile):
        (only,) = base.layout().put_downs(tile)
        return [_outcome(base, tile, only, payment, lifted, events)]
    out = []
    for a in lifted.legal_actions():
        after = lifted.apply(a)
        out.append(_outcome(base, tile, (a.x, a.y), payment, after, events + list(after.events)))
    return sorted(out, key=lambda m: m.to)
