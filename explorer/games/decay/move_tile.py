"""Normal Play Step 2 (Moving a Tile), parts a-d: which tiles may be picked up (2.a), the
price of a lift (2.b) and where the lifted tile may go (2.d, by the Board Creation
rules and never touching again the same side of a former neighbour); the die marker,
and the die taken off by a side that moves no tile.  Parts e-f are in
:mod:`.resolving`."""
from __future__ import annotations

from explorer.components.piecepack import ACE
from explorer.engine.state import make_event

from . import board as B
from .actions import PAY, Interned, NoTileMove, Pay, Place
from .normal_play import _enter
from .pieces import OTHERS_ACES, PRICE_TABLES, TILE_RANK, TILE_SUIT, _drop, _minus, _words
from .resolving import _collect_attacks, _next_attack, _resolve_split
from .sections import RULES
from .slide_tiles import _begin_step3


# -- what may be lifted ------------------------------------------------------------------------------
def pick_up_options(s) -> dict[str, tuple]:
    """Step 2.a-b: ``{tile: payments}`` for every tile the side to move may lift now,
    pay for, and put down somewhere legal."""
    pk = s._pickups
    if pk is None:
        # The checks of _lift_problem, with what they read looked up once (a tile
        # here has no die on it, so its price is the plain entry price, which the
        # game-long price table of the unspent hand holds once any turn asked for it).
        pk = s._pickups = {}
        lay = s._lay if s._lay.pos is s.pos else s.layout()
        o = s.options
        # tiles holding a die, (unless a pawn rides) tiles with a pawn, and other players' aces
        held = s._dt[1] if s._dt[0] is s.dice else s._die_tiles()
        if not o.pawn_rides_moved_tile:
            held = held | s.pawn_tiles()
        aces = OTHERS_ACES[o.players][s.side]
        prices = PRICE_TABLES[o.offer_dominated_payments][s.unspent]      # s._pays(t, hand)
        pos = lay.pos
        west, east = lay.legal_span()       # lay.can_put_down's first answer, inline
        far = 2 * B.SIZE
        for t in lay.liftable(o.opposite_sides_movable):
            if t in held or t in aces:
                continue
            pays = prices[t]
            if pays:
                x = pos[t][0]
                if west < x - far or east > x + far or lay.can_put_down(t):
                    pk[t] = pays
    return pk


def _lift_problem(s, t: str):
    """Why the side to move may not lift ``t`` now, or None."""
    lay = s.layout()
    o = s.options
    if t in s._die_tiles():
        return f"{t} holds a die", RULES["lift_die"]
    if TILE_RANK[t] == ACE and TILE_SUIT[t] not in s._mine():
        return f"{t} is another player's ace", RULES["lift_ace"]
    if not o.pawn_rides_moved_tile and t in s.pawn_tiles():
        return f"{t} holds a pawn", RULES["lift_pawn"]
    if not lay.may_pick_up(t, opposite_counts_as_adjacent=o.opposite_sides_movable):
        sides = "".join(s for s in B.SIDES if s in lay.touched_sides(t))
        return f"{t} is touched on sides {sides}", RULES["lift"]
    if not s._pays(t, s.unspent):
        return f"the unspent coins cannot pay for {t}", RULES["lift_cost"]
    if not lay.can_put_down(t):
        return f"{t} could not be put down anywhere legal", RULES["put_down"]
    return None


def put_down_spots(s) -> list[B.Pos]:
    """Step 2.d: where the lifted tile may go."""
    return s.layout().put_downs(s.pend["lift"])


# -- what happened, in words -------------------------------------------------------------------------
# One event object per text, made on first use (as in :mod:`.move_pawn`): a playout records
# these two at almost every turn.
_LIFTS = Interned(lambda k: make_event(f"{k[0]} lifts {k[1]}" + (f", spending {_words(k[2])}" if k[2] else " for free"),
                                       RULES["lift_cost"]))
_DIE_ON = Interned(lambda k: make_event(f"the {k[0]} die goes on {k[1]}", RULES["die_marker"]))


# -- the handlers --------------------------------------------------------------------------------
def _begin_step2(s):
    """The ``pick_up`` step: asked, or with no tile to lift, "move no tile" taken at once."""
    s.pend = None
    _enter(s, "pick_up")


def _no_tile_move(s):
    """Step 2 with no tile moved: the side's die leaves the board; Step 3 follows."""
    if s.side in s.dice:
        s._event("die_off", "{0} moved no tile: the {0} die leaves {1}", s.side, s.dice[s.side])
        s.dice = _drop(s.dice, s.side)
    _begin_step3(s)


def _on_pick_up(s, a):
    if a.__class__ is NoTileMove:
        _no_tile_move(s)
        return
    t = a.tile
    s.pend = {"lift": t}
    # s._pays(t, s.unspent): an offered tile holds no die (as in pick_up_options)
    pays = PRICE_TABLES[s.options.offer_dominated_payments][s.unspent][t]
    if len(pays) == 1:      # the only payment (most lifts): taken at once, as _enter would take it
        s.phase_ = "pay_pick_up"
        _on_pay_pick_up(s, PAY[pays[0]])
        return
    _enter(s, "pay_pick_up")


def _on_pay_pick_up(s, a: Pay):
    t = s.pend["lift"]
    s.unspent = _minus(s.unspent, a.coins)
    s._ev.append(_LIFTS[s.side, t, a.coins])
    s.pend = {"lift": t, "pay": a.coins}
    _enter(s, "put_down")           # asked, or its only spot taken


def _on_put_down(s, a: Place):
    side, t = s.side, s.pend["lift"]
    s.pend = None
    before = s._lay if s._lay.pos is s.pos else s.layout()
    # Step 2.e: the board was whole; if it stays whole without the tile, the tile put
    # down (touching it) leaves it whole too, and no sections need counting.  Asked
    # before the move: a playout's own Layout becomes the one after it.
    cut = before.cut_without(t)
    s._lay = lay = before.moved(t, (a.x, a.y), s._own)
    s.pos = lay.pos
    s.moved_tile = t
    rider = None
    for v, x in s.pawns.items():     # the pawn riding the tile, if any
        if x == t:
            rider = v
            break
    if rider is None:       # the text made when the event is read (machine.PhasedState._event)
        s._event("put_down", "{} puts {} down at {:at}", side, t, a)
    else:
        s._event("put_down", "{} puts {} down at {:at} with the {} pawn on it", side, t, a, rider)
    s.dice = {**s.dice, side: t}     # _set, written out
    s._ev.append(_DIE_ON[side, t])
    if cut is not None and len(lay.parts_after_move(t, cut)) > 1 and _resolve_split(s):
        return
    if t in s.pos:
        _collect_attacks(s, t)
    _next_attack(s)

