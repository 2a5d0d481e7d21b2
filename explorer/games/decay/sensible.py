"""A sensible Decay player: how a new but careful player survives the crumbling board.

Everything in Decay is public (see the Interpretations in :mod:`.rules`), so the player
reads the whole board from its observation.  Its rules, in the rulebook's terms:

1. Stand where a split cannot reach (Normal Play Step 1, Resolving a Split Game board):
   the pawn ends its move on the tile that the fewest single tile lifts would cut off
   from the biggest section (a lift of a tile touching at most two others, with no die
   on it: Step 2.a), then on the tile with the most neighbours (more ways on next turn,
   Step 1 Death); among equals it stops rather than walk on.
2. Pay the fewest coins (Step 1, Step 2.b, Step 3): spent coins come back at the end of
   the turn, but a coin kept is a coin for the next payment of the same turn.
3. Move a tile to split the board (Step 2, Resolving a Split Game board): pick up a
   tile whose lifting leaves an opponent's pawn outside the biggest section and none of
   its own, and put it down where it joins nothing back together, so the opponent falls
   with the smaller section; never a lift or a put-down that leaves its own pawn in the
   smaller section (the suicide the rulebook warns of).
4. Else move a tile to attack (Step 2, Resolving Attacks): lift a tile of its own suit
   (not its null tile) whose lifting splits nothing and put it down where it wins the
   most attacks on opponents who still hold coins (its tiles touching the target worth
   more than the target and the target's own suit around it).  Spent coins come back at
   the end of the turn, so an attack costs nothing that lasts, and every won attack takes
   a coin the loser needs to keep moving (Step 1 Death).  Otherwise it moves no tile.
5. Slide no tile (Step 3 - Slide Tiles): a slide costs a coin and changes little.
6. Other choices (Board Creation's tiles and spots, the toll's coin, the coin taken after
   an attack) are made at random.
"""
from __future__ import annotations

import random

from explorer.engine.policy import best, by_phase

from explorer.components.piecepack import ACE, NULL

from . import board as B
from .actions import EndTurn, PickUp, StopMoving
from .pieces import TILE_RANK, TILE_SUIT
from .reckoning import value_of


def _positions(obs):
    return {t["tile"]: (t["x"], t["y"]) for t in obs["tiles"]}


def _pawns(obs):
    return {s["pawn"]: s["seat"] for s in obs["sides"] if s["alive"] and s["pawn"]}


def _graph(state, obs) -> dict[str, set]:
    """The board's adjacency (tiles touching on a side, as :func:`.board.adjacency`), in the
    observation's order of tiles, read off the state's layout of the public board."""
    nbrs = state.layout().nbrs
    return {t["tile"]: set(nbrs[t["tile"]]) for t in obs["tiles"]}


def _sections(graph, without=None) -> list[set]:
    """The board's sections once ``without`` is lifted, in the order of their first tile."""
    seen, out = {without}, []
    for start in graph:
        if start in seen:
            continue
        part, todo = {start}, [start]
        seen.add(start)
        while todo:
            for m in graph[todo.pop()]:
                if m not in seen:
                    seen.add(m)
                    part.add(m)
                    todo.append(m)
        out.append(part)
    return out


def _parts(graph, without=None):
    """The board's sections once ``without`` is lifted, largest first."""
    return sorted(_sections(graph, without), key=len, reverse=True)


def _cuts(graph) -> set:
    """The tiles whose lifting splits the board (articulation points, Hopcroft and Tarjan)."""
    order: dict = {}
    low: dict = {}
    out = set()
    for root in graph:
        if root in order:
            continue
        order[root] = low[root] = len(order)
        children = 0
        stack = [(root, None, iter(graph[root]))]
        while stack:
            v, parent, it = stack[-1]
            for w in it:
                if w not in order:
                    order[w] = low[w] = len(order)
                    stack.append((w, v, iter(graph[w])))
                    break
                if w != parent and order[w] < low[v]:
                    low[v] = order[w]
            else:
                stack.pop()
                if parent is not None:
                    if low[v] < low[parent]:
                        low[parent] = low[v]
                    if parent == root:
                        children += 1
                    elif low[v] >= order[parent]:
                        out.add(parent)
        if children > 1:
            out.add(root)
    return out


def _dangers(graph, dice) -> dict[str, float]:
    """For every tile, how many single lifts (of a tile touching at most two others, with no
    die) would leave it off the biggest section: 1 each, 1/2 for an even split."""
    out = dict.fromkeys(graph, 0.0)
    for m in _cuts(graph):          # only these split the board when lifted
        if len(graph[m]) > 2 or m in dice:
            continue
        parts = _parts(graph, m)
        if len(parts) < 2:
            continue
        even = len(parts[1]) == len(parts[0])
        for part in parts[1:] if not even else parts:
            for t in part:
                out[t] += 0.5 if even else 1.0
    return out


def _mine(obs, seat) -> set[str]:
    """The suits the seat plays (both of its suits in the two-player game)."""
    return {s["suit"] for s in obs["sides"] if s["seat"] == seat}


def _rich(obs, seat) -> set[str]:
    """The opponents' suits whose sides are alive and hold a coin an attack could take."""
    return {s["suit"] for s in obs["sides"] if s["seat"] != seat and s["alive"] and any(s["hand"].values())}


def _winnable(lay, tile: str, mine, rich) -> list:
    """Rule 4: where the opponents' tiles stand that ``tile`` (of the seat's suit) would win an
    attack on by touching them (Resolving Attacks: the attacker's tiles touching the target
    against the target and the tiles of its suit it touches; a tie holds).  ``lay``: the board
    with ``tile`` where it was (its old contacts do not count)."""
    out = []
    own = value_of(tile)
    nbrs = lay.nbrs
    for n, at in lay.pos.items():
        suit = TILE_SUIT[n]
        if n == tile or suit not in rich or TILE_RANK[n] in (NULL, ACE):
            continue
        attack, defence = own, value_of(n)
        for m in nbrs[n]:
            if m != tile:
                s = TILE_SUIT[m]
                if s in mine:
                    attack += value_of(m)
                elif s == suit:
                    defence += value_of(m)
        if attack > defence:
            out.append(at)
    return out


#: Where a tile touches one whose corner is at (0, 0): edge to edge with some length in common
#: (:func:`.board.contact`).
_TOUCHING = tuple([(d * B.SIZE, o) for d in (-1, 1) for o in range(1 - B.SIZE, B.SIZE)]
                  + [(o, d * B.SIZE) for d in (-1, 1) for o in range(1 - B.SIZE, B.SIZE)])


def _touch(positions, label) -> dict:
    """``{spot: the labels of the tiles a tile put down there would touch}`` for the tiles at
    ``positions`` (``{tile: (x, y)}``), each labelled ``label(tile)``."""
    out: dict = {}
    for t, (x, y) in positions.items():
        mark = label(t)
        for dx, dy in _TOUCHING:
            spot = (x + dx, y + dy)
            got = out.get(spot)
            if got is None:
                out[spot] = [mark]
            else:
                got.append(mark)
    return out


def _wins(targets: list) -> dict:
    """Rule 4: how many of the ``targets`` (:func:`_winnable`) a tile put down at a spot touches,
    by spot (spots touching none left out)."""
    return {spot: len(marks) for spot, marks in _touch(dict(enumerate(targets)), int).items()}


def _best_attack(state, tile: str, mine, rich) -> int:
    """Rule 4: the most attacks a lift of ``tile`` can win, over the spots it may go."""
    if TILE_SUIT[tile] not in mine or TILE_RANK[tile] == NULL or not rich:
        return 0
    lay = state.layout()
    targets = _winnable(lay, tile, mine, rich)
    if not targets:
        return 0
    wins = _wins(targets).get
    return max((wins(at, 0) for at in lay.put_downs(tile)), default=0)


def _pick_up(state, obs, seat, legal, rng):
    """Rule 3: a lift that leaves an opponent's pawn, and none of the seat's, off the
    biggest section; else (rule 4) a lift of its own tile, splitting nothing, that wins
    the most attacks; else no tile move."""
    graph = _graph(state, obs)
    pawns = _pawns(obs)
    mine, rich = _mine(obs, seat), _rich(obs, seat)
    cuts = _cuts(graph)

    def value(a):
        if not isinstance(a, PickUp):
            return 0.0
        if a.tile not in cuts:
            return float(_best_attack(state, a.tile, mine, rich)) or -1.0
        parts = _parts(graph, a.tile)
        if len(parts) < 2:
            return float(_best_attack(state, a.tile, mine, rich)) or -1.0
        if len(parts[0]) == len(parts[1]):
            return -1.0
        lost = {q for t, q in pawns.items() if t not in parts[0] and t != a.tile}
        if seat in lost:
            return -100.0
        return 10.0 * len(lost) if lost else -1.0
    return best(legal, value, rng)


def _put_down(state, obs, seat, legal, rng):
    """Rule 3: the spot where the lifted tile joins no section back, so that the opponent's
    falls; never one leaving the seat's own pawn in a smaller section; then (rule 4) the
    spot winning the most attacks."""
    graph = _graph(state, obs)
    lifted = obs["step"]["pending"]["lift"]
    positions = {t: (x, y) for t, (x, y) in state.layout().pos.items() if t != lifted}
    part_of, sizes = {}, []
    for i, part in enumerate(_parts(graph, lifted)):
        sizes.append(len(part))
        part_of.update(dict.fromkeys(part, i))
    pawns = {t: q for t, q in _pawns(obs).items() if t != lifted}
    mine = _pawn_moving(obs)
    lay, suits, rich = state.layout(), _mine(obs, seat), _rich(obs, seat)
    attacks = TILE_SUIT[lifted] in suits and TILE_RANK[lifted] != NULL and rich
    wins = _wins(_winnable(lay, lifted, suits, rich)) if attacks else {}
    if len(sizes) == 1:         # the lift split nothing: every spot joins the one section
        return best(legal, lambda a: wins.get((a.x, a.y), 0), rng)
    touch = _touch(positions, part_of.__getitem__)

    def value(a):
        at = (a.x, a.y)
        joined = set(touch.get(at, ()))
        size = {i: n for i, n in enumerate(sizes) if i not in joined}
        size[-1] = 1 + sum(sizes[i] for i in joined)       # -1: the section holding the put-down tile
        top = max(size.values())
        biggest = [i for i, n in size.items() if n == top]
        where = -1 if mine == lifted or part_of[mine] in joined else part_of[mine]
        kept = where if where in biggest else biggest[0]   # an even split keeps the mover's section
        lost = {q for t, q in pawns.items() if (-1 if part_of[t] in joined else part_of[t]) != kept}
        if mine == lifted and kept != -1:
            lost.add(seat)
        if seat in lost:
            return -100.0
        return 10.0 * len(lost) + wins.get(at, 0)
    return best(legal, value, rng)


def _move(state, obs, seat, legal, rng):
    """Rule 1: end on the tile fewest lifts can cut off, then the best-connected; stop
    rather than walk on among equals."""
    graph = _graph(state, obs)
    risk = _dangers(graph, {s["die"] for s in obs["sides"] if s["die"]})
    here = _pawn_moving(obs)

    def value(a):
        stop = isinstance(a, StopMoving)
        tile = here if stop else a.tile
        return -10 * risk[tile] + len(graph[tile]) + (0.5 if stop else 0.0)
    return best(legal, value, rng)


def _pawn_moving(obs) -> str:
    return next(s["pawn"] for s in obs["sides"] if s["suit"] == obs["side"])


def _fewest_coins(state, obs, seat, legal, rng):
    """Rule 2."""
    return best(legal, lambda a: -len(a.coins), rng)


def _no_slide(state, obs, seat, legal, rng):
    """Rule 5."""
    return next(a for a in legal if isinstance(a, EndTurn))


_RULES = {"move": _move, "pay_move": _fewest_coins, "pick_up": _pick_up, "pay_pick_up": _fewest_coins,
          "put_down": _put_down, "slide": _no_slide, "pay_slide": _fewest_coins}


def choose(state, seat: int, rng: random.Random):
    """``seat``'s choice at its decision in ``state``, by the rules above (rule 6 elsewhere)."""
    return by_phase(state, seat, rng, _RULES)
