"""Actions Explained: Raid and Migrate, the two actions that move citizens one step (Roads make
a territory's neighbours each other's neighbours: :func:`~.empire.steps`).

Raid: any warriors move a step; then the warriors in one territory the player does not own take
one resource each of its kind, at most its printed capacity, and its owner loses as many (down
to zero); with Political unlocked the whole raid comes a second time.  Migrate: any citizens
move a step (past the capacity if need be); then, with Cultural unlocked, a free caravan on a
border next to one of the player's citizens (:mod:`.trade_route`).  A citizen moves once per
raid or migration: those that arrived are counted in ``ctx``."""
from __future__ import annotations

from explorer.engine.words import seat_name

from functools import lru_cache

from . import empire as E
from .actions import DONE, Move, Steal
from .turn import _Made, finish_action

_STEAL = _Made(Steal)


def _moves(s, kinds):
    """The one-step moves of the citizens of ``kinds`` that may still move in this action.

    Kept in ``s.moving`` (left out of ``key()``) beside the objects they were read from: after a
    move, :func:`_move` carries the list over to the next state (:func:`_carry_moves`)."""
    memo = s.moving
    if memo is not None and _fresh(s, memo):
        return memo[-1]
    out = _list_moves(s, kinds)
    s.moving = (s.ctx, s.pe, s.wa, s.st, s.owner, s.player, out)
    return out


def _fresh(s, memo) -> bool:
    """Whether ``memo`` was read from this very position (the rules replace what they change)."""
    return (memo[0] is s.ctx and memo[1] is s.pe and memo[2] is s.wa and memo[3] is s.st
            and memo[4] is s.owner and memo[5] == s.player)


def _carry_moves(s, memo, a) -> None:
    """After the move ``a``, the moves of the position before it (``memo``, fresh then) still
    hold but those from ``a.source`` of ``a.kind`` when none of them may move any more: the
    citizen that arrived in ``a.target`` stays, and no Roads or owners changed."""
    q = s.player
    field = s.pe if a.kind == "peasant" else s.wa
    moves = memo[-1]
    if field.get(a.source, s.zero)[q] <= s.ctx[1].get((a.source, a.kind), 0):
        moves = [m for m in moves if m.source != a.source or m.kind != a.kind]
    s.moving = (s.ctx, s.pe, s.wa, s.st, s.owner, q, moves)


def _list_moves(s, kinds):
    q = s.player
    out = []
    arrived = s.ctx[1]
    plain = None if E.built(s, "Roads") else _plain_moves(s.geo, s.in_play)
    for kind in kinds:
        field = s.pe if kind == "peasant" else s.wa
        sources = [t for t, row in field.items() if row[q]]
        if arrived:                         # those that arrived this action stay
            sources = [t for t in sources if field[t][q] > arrived.get((t, kind), 0)]
        sources.sort()
        if plain is None:
            for t in sources:
                out += _moves_from(t, E.steps(s, q, t), kind)
        else:
            table = plain[kind]
            for t in sources:
                out += table[t]
    return out


@lru_cache(maxsize=8192)
def _moves_from(t: str, targets: tuple, kind: str) -> list:
    return [Move(t, u, kind) for u in targets]


@lru_cache(maxsize=16)
def _plain_moves(geo, in_play: frozenset) -> dict:
    """Per kind and territory in play, its one-step moves while no Roads stand anywhere (what
    :func:`~.empire.steps` then gives: the neighbours in play), built once per map."""
    return {kind: {t: _moves_from(t, E.plain_steps(geo, t, in_play), kind) for t in in_play} for kind in E.KINDS}


def _move(s, a) -> None:
    q = s.player
    memo = s.moving
    carry = memo is not None and _fresh(s, memo)
    E.move_citizen(s, a.source, a.target, q, a.kind)
    tag, arrived = s.ctx[0], dict(s.ctx[1])
    arrived[(a.target, a.kind)] = arrived.get((a.target, a.kind), 0) + 1
    s.ctx = (tag, arrived)
    if carry:
        _carry_moves(s, memo, a)
    s._event("raid" if tag.startswith("raid") else "migrate", _moved, q, a)


def _moved(q: int, a) -> str:
    return f"{seat_name(q)} moves a {a.kind} from {a.source} to {a.target}"


# -- Raid ------------------------------------------------------------------------------------------

def enter_raid(s) -> None:
    s.ctx = ("raid 1", {})
    s.phase_ = "raid"


def legal_raid(s):
    q = s.player
    owner = s.owner                         # warriors stand in territories in play only
    steal = [_STEAL[t] for t in sorted(t for t, row in s.wa.items() if row[q] and owner.get(t) != q)]
    return _moves(s, ("warrior",)) + steal + [DONE]


def _on_raid(s, a) -> None:
    q = s.player
    kind = type(a)
    if kind is Move:
        _move(s, a)
        return
    if kind is Steal:
        t = a.territory
        r = s.tiles[t][0]
        n = min(s.wa.get(t, s.zero)[q], E.capacity(s, t))
        E.gain(s, q, r, n)
        owner = s.owner.get(t)
        text = f"{seat_name(q)} raids {t}: +{n} {r}"
        if owner is not None and owner < s.players:
            taken = -E.gain(s, owner, r, -n)
            text += f"; {seat_name(owner)} loses {taken}"
        s._event("raid", text)
        if s.ctx[0] == "raid 1" and E.unlocked(s, q, "Political"):
            s.ctx = ("raid 2", {})
            s._event("raid", f"{seat_name(q)} raids again (Political unlocked)")
            return
    finish_action(s)


# -- Migrate -------------------------------------------------------------------------------------------

def enter_migrate(s) -> None:
    s.ctx = ("migrate", {})
    s.phase_ = "migrate"


def legal_migrate(s):
    return _moves(s, ("peasant", "warrior")) + [DONE]


def _on_migrate(s, a) -> None:
    if type(a) is Move:
        _move(s, a)
        return
    if E.unlocked(s, s.player, "Cultural"):
        s.phase_ = "migrate_route"
        return
    finish_action(s)
