"""Decay's calculators: where a pawn can go this turn, and what moving a tile would do.

Pure functions on plain values, for the notebook's calculator panels and for tests:

- positions ``{tile: (x, y)}`` on the quarter-tile lattice of :mod:`board`;
- a hand ``{suit: count}`` (coins matter only by suit, see :mod:`reckoning`);
- pawns ``{tile: player}`` and hands ``{player: hand}``, where a player is named by
  the suit of their pawn ("Moons", a *side* in :mod:`rules`); dice as a set of tiles
  holding a die.  ``mover_suits`` lists the suits the moving player controls (two in
  the two-player variant).

The rule arithmetic (what entering a tile costs, attack totals, who may attack whom) is
:mod:`reckoning`'s and the geometry (contacts, legal placements, splits) is
:mod:`board`'s; this module only searches over them.

Interpretations
---------------
- *Cheapest* (Normal Play Step 1): the fewest coins in all, tolls included; among
  equally cheap ways, the one that spends the fewest coins of the mover's own suits;
  then the fewest tolls, then the fewest tiles entered.
- A pawn may pass through tiles other than its start more than once (only going back to
  the start is forbidden), but doing so never saves a coin, so the routes returned are
  simple paths.
- A toll is one coin of the payer's choice from the coins still unspent after paying to
  enter (Step 1, Tolls); we list every choice and keep the cheapest as above.
- Step 2 forbids moving a tile with a die on it but says nothing of pawns (unlike
  Step 3), so a tile carrying a pawn may be moved and the pawn travels with it.
- The same-side rule of Step 2 (a put-back tile must meet each former neighbour on a
  side other than before) is read for the side of the neighbour; for squares laid
  edge to edge that is the same as the moved tile's own side.
- Resolving a Split Game board with sections of equal size keeps the section holding the
  mover's pawn, then the one holding the moved tile (:func:`board.split`).  If the
  split kills the mover, their turn ends (Death), so no attack is resolved.
- Resolving Attacks: the losing player is the player of the defending tile's suit; a
  player killed by the same split has no coins to take (Death: their coins leave play).
"""
from __future__ import annotations

import heapq
import itertools
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from explorer.components.piecepack import ACE, parse_suit
from explorer.engine.errors import RuleRef

from . import board as B
from . import reckoning as R

GAME = "decay"
_NOTHING: Mapping = MappingProxyType({})

__all__ = ["Entry", "Reach", "Attack", "TileMove", "reachable", "can_move", "cheapest",
           "pickup_problems", "tile_move_preview", "all_tile_moves"]


def _rule(section: str, text: str) -> RuleRef:
    return RuleRef(GAME, section, text)


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


# ------------------------------------------------------------------ Step 2: a tile

@dataclass(frozen=True)
class Attack:
    """One attack resolved after a tile move (Resolving Attacks)."""

    defender: str
    attack: int
    defence: int
    loser: Hashable | None = None          # the player who gives up a coin, if the attack wins
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
    """What moving ``tile`` to ``to`` would do (Normal Play Step 2)."""

    tile: str
    origin: B.Pos
    to: B.Pos
    problems: tuple[RuleRef, ...] = ()     # why the move is not allowed (empty: it is)
    payment: tuple[str, ...] | None = None  # cheapest way to pay for the pick-up, if a hand was given
    positions: Mapping[str, B.Pos] = field(default_factory=dict)  # the board after move and split
    removed: frozenset[str] = frozenset()  # tiles taken out of play by the split
    killed: tuple[Hashable, ...] = ()      # players whose pawns stood on removed tiles
    mover_killed: bool = False
    attacks: tuple[Attack, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def stays(self) -> frozenset[str]:
        return frozenset(self.positions)


_PLACEMENT_SECTIONS = (          # board.placement_problem's reasons, by the rule they break
    ("on top of", "Board Creation 1"),
    ("must touch at least one", "Board Creation 1.a"),
    ("touch each other", "Board Creation 1.b"),
    ("whole edge", "Board Creation 1.c"),
)


def _placement_rule(problem: str) -> RuleRef:
    section = next((sec for words, sec in _PLACEMENT_SECTIONS if words in problem), "Board Creation 1")
    return _rule(section, problem)


def pickup_problems(positions: Mapping[str, B.Pos], tile: str, *, mover_suits: Iterable[str],
                    dice: Iterable[str] = frozenset(), hand: Mapping[str, int] | None = None,
                    opposite_counts_as_adjacent: bool = False) -> tuple[RuleRef, ...]:
    """Why ``tile`` may not be picked up this turn (Step 2.a and 2.b); empty if it
    may.  The cost is checked only when the mover's remaining ``hand`` is given."""
    if tile not in positions:
        raise ValueError(f"{tile!r} is not on the board")
    own = _suits(mover_suits)
    out = []
    if tile in set(dice):
        out.append(_rule("Step 2.a", f"{tile} holds a die, so nobody may move it"))
    if R.value_of(tile) == ACE and R.suit_of(tile) not in own:
        out.append(_rule("Step 2.a", f"{tile} is an ace; only its owner may move it"))
    if not B.may_pick_up(positions, tile, opposite_counts_as_adjacent=opposite_counts_as_adjacent):
        sides = "".join(s for s in B.SIDES if s in B.touched_sides(positions, tile))
        out.append(_rule("Step 2.a",
                         f"{tile} is touched on sides {sides}; a tile to be moved may be touched on "
                         "at most two sides, and two only if they meet at a corner"))
    if hand is not None and cheapest(R.entry_payments(tile, _hand(hand))) is None:
        out.append(_rule("Step 2.b",
                         f"the coins left cannot pay for {tile} (its suit, or {R.value_of(tile)} coins)"))
    return tuple(out)


def _same_side_problems(positions: Mapping[str, B.Pos], tile: str, to: B.Pos) -> list[RuleRef]:
    return [_rule("Step 2", f"it would touch the {B.OPPOSITE[side]} side of {other} again; a moved "
                            "tile must touch its former neighbours on other sides")
            for other, side in B.repeated_contacts(positions, tile, to)]


def tile_move_preview(positions: Mapping[str, B.Pos], tile: str, to: B.Pos, *,
                      mover_suits: Iterable[str], pawns: Mapping[str, Hashable] = _NOTHING,
                      hands: Mapping[Hashable, Mapping[str, int]] = _NOTHING,
                      dice: Iterable[str] = frozenset(), hand: Mapping[str, int] | None = None,
                      opposite_counts_as_adjacent: bool = False) -> TileMove:
    """Moving ``tile`` to ``to`` (Normal Play Step 2): is it allowed, what split follows,
    and which attacks.

    Problems come from picking up (:func:`pickup_problems`), from placing elsewhere
    (Step 2.d), from the Board Creation 1.a-c placement rules with the tile itself left
    out, and from the same-side rule of Step 2.  For an allowed move, the split is
    resolved first (Resolving a Split Game board: the largest section stays, ties keep
    the mover's pawn, pawns on removed tiles die), then every opposing tile the moved
    tile touches on the remaining board is attacked (Resolving Attacks, via
    :func:`reckoning.attackable` and :func:`reckoning.attack_totals`).  ``hands`` gives the
    other players' coins (for the spoils); ``hand`` the mover's coins left for the
    pick-up cost."""
    problems = list(pickup_problems(positions, tile, mover_suits=mover_suits, dice=dice, hand=hand,
                                    opposite_counts_as_adjacent=opposite_counts_as_adjacent))
    origin = positions[tile]
    to = (int(to[0]), int(to[1]))
    if to == origin:
        problems.append(_rule("Step 2.d", "the tile must be put back somewhere else"))
    else:
        reason = B.placement_problem(positions, to, ignore=[tile])
        if reason is not None:
            problems.append(_placement_rule(reason))
        problems += _same_side_problems(positions, tile, to)
    payment = None if hand is None else cheapest(R.entry_payments(tile, _hand(hand)), mover_suits)
    if problems:
        return TileMove(tile, origin, to, tuple(problems), payment, dict(positions))

    own = _suits(mover_suits)
    moved = dict(positions)
    moved[tile] = to
    mine = [t for t, who in pawns.items() if who in own and t in moved]
    stay, gone = B.split(moved, keep_first=mine + [tile])
    removed = frozenset().union(*gone)
    after = {t: p for t, p in moved.items() if t in stay}
    killed = tuple(who for t, who in pawns.items() if t in removed)
    mover_killed = any(t in removed for t in mine)
    attacks = []
    if tile in after and not mover_killed:
        for defender in sorted(B.contacts(after, tile)):
            if not R.attackable(tile, defender, own):
                continue
            attack, defence = R.attack_totals(after, own, defender)
            loser = R.suit_of(defender)
            spoils = ()
            if attack > defence and loser not in killed:
                spoils = tuple(sorted(_hand(hands.get(loser, {}))))
            attacks.append(Attack(defender, attack, defence, loser if attack > defence else None, spoils))
    return TileMove(tile, origin, to, (), payment, after, removed, killed, mover_killed, tuple(attacks))


def all_tile_moves(positions: Mapping[str, B.Pos], tile: str, *, mover_suits: Iterable[str],
                   pawns: Mapping[str, Hashable] = _NOTHING,
                   hands: Mapping[Hashable, Mapping[str, int]] = _NOTHING,
                   dice: Iterable[str] = frozenset(), hand: Mapping[str, int] | None = None,
                   opposite_counts_as_adjacent: bool = False) -> list[TileMove]:
    """Every allowed destination of ``tile`` with its :func:`tile_move_preview` (Normal Play
    Step 2), in position order; empty if the tile may not be picked up at all (ask
    :func:`pickup_problems` why)."""
    kw = dict(mover_suits=mover_suits, dice=dice, hand=hand,
              opposite_counts_as_adjacent=opposite_counts_as_adjacent)
    if pickup_problems(positions, tile, **kw):
        return []
    out = []
    for to in B.legal_placements(positions, ignore=[tile]):
        if to != positions[tile] and not _same_side_problems(positions, tile, to):
            out.append(tile_move_preview(positions, tile, to, pawns=pawns, hands=hands, **kw))
    return out
