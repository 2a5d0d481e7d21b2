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

import networkx as nx

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


def _parts(graph, without=None):
    """The board's sections once ``without`` is lifted, largest first."""
    g = graph.subgraph([t for t in graph.nodes if t != without])
    return sorted(nx.connected_components(g), key=len, reverse=True)


def _dangers(graph, dice) -> dict[str, float]:
    """For every tile, how many single lifts (of a tile touching at most two others, with no
    die) would leave it off the biggest section: 1 each, 1/2 for an even split."""
    out = dict.fromkeys(graph.nodes, 0.0)
    for m in nx.articulation_points(graph):          # only these split the board when lifted
        if graph.degree(m) > 2 or m in dice:
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


def _wins(lay, tile: str, at, mine, rich) -> int:
    """Rule 4: how many attacks ``tile`` (of the seat's suit) wins when put down at ``at``
    (Resolving Attacks: the attacker's tiles touching the target against the target and the
    tiles of its suit it touches; a tie holds).  ``lay``: the board with ``tile`` where it was."""
    ax, ay = at
    won = 0
    for n, (x, y) in lay.pos.items():
        if n == tile or abs(x - ax) > B.SIZE or abs(y - ay) > B.SIZE or B.contact(at, (x, y)) is None:
            continue
        suit = TILE_SUIT[n]
        if suit not in rich or TILE_RANK[n] in (NULL, ACE):
            continue
        around = [m for m in lay.nbrs[n] if m != tile] + [tile]
        attack = sum(value_of(m) for m in around if TILE_SUIT[m] in mine)
        defence = value_of(n) + sum(value_of(m) for m in around if TILE_SUIT[m] == suit)
        won += attack > defence
    return won


def _best_attack(state, tile: str, mine, rich) -> int:
    """Rule 4: the most attacks a lift of ``tile`` can win, over the spots it may go."""
    if TILE_SUIT[tile] not in mine or TILE_RANK[tile] == NULL or not rich:
        return 0
    lay = state.layout()
    return max((_wins(lay, tile, at, mine, rich) for at in lay.put_downs(tile)), default=0)


def _pick_up(state, obs, seat, legal, rng):
    """Rule 3: a lift that leaves an opponent's pawn, and none of the seat's, off the
    biggest section; else (rule 4) a lift of its own tile, splitting nothing, that wins
    the most attacks; else no tile move."""
    graph = B.adjacency(_positions(obs))
    pawns = _pawns(obs)
    mine, rich = _mine(obs, seat), _rich(obs, seat)

    def value(a):
        if not isinstance(a, PickUp):
            return 0.0
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
    positions = _positions(obs)
    lifted = obs["step"]["pending"]["lift"]
    del positions[lifted]
    part_of, sizes = {}, []
    for i, part in enumerate(_parts(B.adjacency(positions))):
        sizes.append(len(part))
        part_of.update(dict.fromkeys(part, i))
    pawns = {t: q for t, q in _pawns(obs).items() if t != lifted}
    mine = _pawn_moving(obs)
    lay, suits, rich = state.layout(), _mine(obs, seat), _rich(obs, seat)
    attacks = TILE_SUIT[lifted] in suits and TILE_RANK[lifted] != NULL and rich

    def value(a):
        joined = {part_of[t] for t, pos in positions.items() if B.contact((a.x, a.y), pos) is not None}
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
        return 10.0 * len(lost) + (_wins(lay, lifted, (a.x, a.y), suits, rich) if attacks else 0)
    return best(legal, value, rng)


def _move(state, obs, seat, legal, rng):
    """Rule 1: end on the tile fewest lifts can cut off, then the best-connected; stop
    rather than walk on among equals."""
    graph = B.adjacency(_positions(obs))
    risk = _dangers(graph, {s["die"] for s in obs["sides"] if s["die"]})
    here = _pawn_moving(obs)

    def value(a):
        stop = isinstance(a, StopMoving)
        tile = here if stop else a.tile
        return -10 * risk[tile] + graph.degree(tile) + (0.5 if stop else 0.0)
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
