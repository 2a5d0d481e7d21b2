"""Why Decay refuses a decision: :func:`why_illegal` backs ``DecayState._why_illegal``.

The contract (see :meth:`explorer.engine.machine.PhasedState._why_illegal`): ``None``
when nothing forbids the action, else ``(reason, RuleRef)`` naming the rule.  Each check
reads the same position helpers the legal-action list is built from, and
``tests/test_legality.py`` binds the two: an action is legal exactly when nothing is
found against it.
"""
from __future__ import annotations

from explorer.components.piecepack import ACE
from explorer.engine.words import with_article

from . import board as B
from . import rules as R
from .actions import (ChooseTile, EndTurn, Enter, NoTileMove, Pay, PickUp, Place, Slide, SlideTo,
                      StopMoving, TakeCoin, Toll)
from .places import position_name

#: phase -> (the action types it takes, the rule cited when the type is wrong)
_EXPECTED = {
    "choose_tile": (ChooseTile, "create"), "place_tile": (Place, "create"),
    "move": ((Enter, StopMoving), "move"), "pay_move": (Pay, "pay"), "toll": (Toll, "toll"),
    "pick_up": ((PickUp, NoTileMove), "tile_move"), "pay_pick_up": (Pay, "lift_cost"),
    "put_down": (Place, "put_down"), "take_coin": (TakeCoin, "attack_win"),
    "slide": ((Slide, EndTurn), "slide"), "slide_to": (SlideTo, "slide_stop"), "pay_slide": (Pay, "slide"),
}


#: Normal Play's three steps: the step of each phase, and of each action only one step takes
_STEP_OF_PHASE = {"move": 1, "pay_move": 1, "toll": 1, "pick_up": 2, "pay_pick_up": 2, "put_down": 2,
                  "take_coin": 2, "slide": 3, "slide_to": 3, "pay_slide": 3}
_STEP_OF_ACTION = {Enter: 1, StopMoving: 1, Toll: 1, PickUp: 2, NoTileMove: 2, TakeCoin: 2, Slide: 3, SlideTo: 3,
                   EndTurn: 3}
_STEP_NAMES = {1: "Step 1 (moving the pawn)", 2: "Step 2 (moving a tile)", 3: "Step 3 (sliding tiles)"}


def why_illegal(s, a):
    ph = s.phase_
    types, rule = _EXPECTED[ph]
    if not isinstance(a, types):
        now, then = _STEP_OF_PHASE.get(ph), _STEP_OF_ACTION.get(type(a))
        if now is not None and then is not None and now != then:
            when = "comes later" if then > now else "is over for this turn"
            return (f"“{a}” is part of {_STEP_NAMES[then]}, which {when}; the turn is at {_STEP_NAMES[now]}, "
                    f"and a turn's three steps go in order"), R.RULES["steps"]
        return f"“{a}” is not a choice now: {s.prompt()}", R.RULES[rule]
    if isinstance(a, (NoTileMove, EndTurn)):        # always open at their step
        return None
    return _CHECKS[ph](s, a)


def _choose_tile(s, a):
    if a.tile in s.to_place[s.side]:
        return None
    if a.tile in s.pos:
        return (f"{a.tile} is on the board already: {s.side} picks one of the tiles it has still to place",
                R.RULES["create"])
    if a.tile in R.TILE_SUIT and R.TILE_SUIT[a.tile] != s.side:
        return f"{a.tile} is not {with_article(s.side)} tile", R.RULES["create"]
    return f"{a.tile} is not a tile {s.side} still has to place", R.RULES["create"]


def _place(s, a):
    if type(a.x) is not int or type(a.y) is not int:
        raise TypeError("coordinates must be integers")
    at = (a.x, a.y)
    if s.phase_ == "place_tile" and not s.pos:
        return None if at == (0, 0) else ("the first tile of the board goes at (0, 0)", R.RULES["create"])
    lifted = s.pend["lift"] if s.phase_ == "put_down" else None
    problem = B.placement_problem(s.pos, at, ignore=(lifted,) if lifted else ())
    if problem is not None:
        if "on top of" in problem:
            return problem, R.RULES["overlap"]
        if "whole edge" in problem:
            return problem, R.RULES["offset"]
        if "touch each other" in problem:
            return problem, R.RULES["apart"]
        return problem, R.RULES["contact"]
    for n, _side in B.repeated_contacts(s.pos, lifted, at)[:1] if lifted else ():
        return f"{lifted} would touch the same side of {n} as before", R.RULES["not_again"]
    return None


def _move(s, a):
    if isinstance(a, StopMoving):
        if not s.stepped:
            return "the pawn must move before it stops", R.RULES["move"]
        if not s.may_stop():
            here = s.pawns[s.side]
            if here == s.start:
                return f"the pawn may not stop on {here}: it began the turn there", R.RULES["end_move"]
            other = next((x for x, t in s.pawns.items() if t == here and x != s.side), "another")
            return (f"the pawn may not stop on {here}: the {other} pawn stands there, and a move must end on an "
                    "empty tile"), R.RULES["end_move"]
        return None
    t, here = a.tile, s.pawns[s.side]
    if t not in s.pos:
        return f"{t} is not a tile on the board", R.RULES["move"]
    if t not in s.layout().nbrs[here]:
        return f"{t} does not touch {here}", R.RULES["move"]
    if t == s.start:
        return f"{t} is where the pawn began this turn", R.RULES["end_move"]
    if not s._pays(t, s.unspent):
        return f"the unspent coins cannot pay to enter {t}", R.RULES["pay"]
    if s.stepped >= s.options.walk_limit and s.may_stop():
        return (f"the pawn has entered {s.stepped} tiles this turn and may stop on {here}: it stops there",
                R.RULES["walk_limit"])
    if t in s.step_options():
        return None
    if t in s.others_at():
        return f"{t} is taken, and after the toll no legal end of the move is affordable", R.RULES["toll"]
    return f"after entering {t} no legal end of the move is affordable", R.RULES["end_move"]


def _pay_move(s, a):
    t = s.pend["enter"]
    if a.coins in s.step_options()[t]:
        return None
    if a.coins in s._pays(t, s.unspent):
        return f"after paying {R._words(a.coins)} for {t} the pawn could not end its move legally", R.RULES["end_move"]
    return f"{R._words(a.coins)} is not a way to pay for {t} from the unspent coins", R.RULES["pay"]


def _toll(s, a):
    if a.suit not in R.SUITS:
        return f"{a.suit} is not a suit", R.RULES["toll"]
    left = R._minus(s.unspent, s.pend["pay"])
    if not left[R.SUIT_INDEX[a.suit]]:
        return f"no unspent {a.suit} coin is left to pay the toll", R.RULES["toll"]
    if a.suit in s.step_options()[s.pend["enter"]][s.pend["pay"]]:
        return None
    return "after this toll the pawn could not end its move legally", R.RULES["end_move"]


def _pick_up(s, a):
    if a.tile not in s.pos:
        return f"{a.tile} is not a tile on the board", R.RULES["lift"]
    return s._lift_problem(a.tile)


def _pay_pick_up(s, a):
    t = s.pend["lift"]
    if a.coins in s._pays(t, s.unspent):
        return None
    return f"{R._words(a.coins)} is not a way to pay for {t} from the unspent coins", R.RULES["lift_cost"]


def _take_coin(s, a):
    defender = R.TILE_SUIT[s.attacks[0]]
    if a.suit in R.SUIT_INDEX and s.hands[defender][R.SUIT_INDEX[a.suit]]:
        return None
    return f"the defender holds no {a.suit} coin", R.RULES["attack_win"]


def _slide(s, a):
    if sum(s.unspent) < s.options.slide_cost:
        return "no unspent coin is left to pay for a slide", R.RULES["slide"]
    t = a.tile
    if t not in s.pos:
        return f"{t} is not a tile on the board", R.RULES["slide"]
    lay = s.layout()
    if lay.slide_side(t) is None:
        return f"{t} is not touched on exactly three sides", R.RULES["slide"]
    if t in s.pawn_tiles() or t in s._die_tiles():
        return f"{t} holds a pawn or a die", R.RULES["slide_forbidden"]
    if R.TILE_RANK[t] == ACE and R.TILE_SUIT[t] not in s._mine():
        return f"{t} is another player's ace", R.RULES["slide_forbidden"]
    if t in s.slide_options():
        return None
    if not s.options.slide_may_share_whole_edge and lay.slide_stops(t):
        return f"every slide of {t} would end edge to edge", R.RULES["slide_edge"]
    return f"{t} has nowhere to slide", R.RULES["slide_stop"]


def _slide_to(s, a):
    t = s.pend["slide"]
    if (a.x, a.y) in {p for _, p in s.slide_options()[t]}:
        return None
    return _slide_stop_problem(s, t, (a.x, a.y))


def _slide_stop_problem(s, t, at):
    """Why the slide of ``t`` may not end at ``at``, walked as :func:`board.slide_stops` walks it: off the
    tile's way, into another tile, past its first new contact, losing its old neighbours, splitting the board
    (or, with the option, edge to edge)."""
    where, pos = position_name(at), s.pos
    side = B.slide_side(pos, t)
    x, y = pos[t]
    sx, sy = B.STEP[side]
    d = (at[0] - x) * sx + (at[1] - y) * sy
    if d <= 0 or (x + sx * d, y + sy * d) != at:
        return (f"{where} is not on {t}'s way: it slides only toward its open side ({side}), a quarter tile or "
                f"more"), R.RULES["slide_stop"]
    old = set(B.contacts(pos, t))
    others = {k: v for k, v in pos.items() if k != t}
    for k in range(1, d + 1):
        p = (x + sx * k, y + sy * k)
        hit = sorted(n for n, q in others.items() if B.overlaps(p, q))
        if hit:
            return f"{t} would run into {hit[0]} on its way to {where}", R.RULES["slide_stop"]
        now = {n for n, q in others.items() if B.contact(p, q) is not None}
        kept = sorted(now & old)
        if len(kept) < 2:
            still = f"only {kept[0]}" if kept else "none"
            return (f"at {position_name(p)} {t} would keep {still} of its old neighbours ({', '.join(sorted(old))}); "
                    f"a slide must keep two"), R.RULES["slide_stop"]
        new = sorted(now - old)
        if new and k < d:
            return (f"at {position_name(p)} {t} first touches {', '.join(new)}, a new neighbour, and the slide "
                    f"must stop there"), R.RULES["slide_stop"]
    moved = dict(pos)
    moved[t] = at
    if not B.is_connected(moved):
        return f"at {where} the board would fall into two sections, which a slide may never do", R.RULES["slide_stop"]
    if not s.options.slide_may_share_whole_edge:
        return (f"at {where} {t} would share a whole edge with a tile, which this rule option forbids",
                R.RULES["slide_edge"])
    return f"{where} is not a place {t} can slide to", R.RULES["slide_stop"]


def _pay_slide(s, a):
    if a.coins in R._slide_payments(s.unspent, s.options.slide_cost):
        return None
    return f"{R._words(a.coins)} is not {s.options.slide_cost} unspent coin(s)", R.RULES["slide"]


_CHECKS = {
    "choose_tile": _choose_tile, "place_tile": _place, "put_down": _place, "move": _move,
    "pay_move": _pay_move, "toll": _toll, "pick_up": _pick_up, "pay_pick_up": _pay_pick_up,
    "take_coin": _take_coin, "slide": _slide, "slide_to": _slide_to, "pay_slide": _pay_slide,
}
