"""Normal Play Step 1 (Move your pawn) with its parts Step 1 Dice Markers (a tile holding a
die is free), Step 1 Tolls (one extra coin to the pawn already there) and Step 1 Death
(the check itself is in :mod:`.normal_play`): which entries keep a legal end of the
move affordable, and the handlers of the ``move``, ``pay_move`` and ``toll`` steps."""
from __future__ import annotations

from explorer.components.piecepack import NULL

from .actions import ENTER, STOP, Pay, StopMoving, Toll
from .move_tile import _begin_step2
from .normal_play import _enter
from .pieces import SUITS, TILE_RANK, _minus, _payments, _plus, _set, _words


# -- which entries the pawn may make ----------------------------------------------------------
def step_options(s) -> dict:
    """:meth:`DecayState.step_options`, shared across the states of a turn's Step 1.

    The answer from a tile with a hand depends only on the board, the tile the pawn
    began on, the other pawns, the dice and the options, and none of them changes while
    the pawn walks, so the Layout keeps one table per such combination: ``{(tile,
    hand): step options}``, read by every state of the walk (a payment or a toll used to
    make the next state search again from scratch).  The tables hold only what
    :func:`_viable` returns; nobody changes them.

    A state reaches its table through ``_s1`` = (layout, dice, start, side, table,
    context, choices), kept across copies (left out of ``key()``) and valid while the
    layout and the dice are the same objects and the start and the side the same; the
    other pawns change only when a side dies, and :func:`.normal_play._kill` drops
    ``_s1``.  The context is what :func:`_viable` reads: the contacts, the start, the
    other pawns, the tiles holding a die and the payment option; ``choices`` keeps
    :func:`move_choices`."""
    lay = s.layout()
    t = s.__dict__.get("_s1")
    if t is None or t[0] is not lay or t[1] is not s.dice or t[2] != s.start or t[3] != s.side:
        occupied, dice, dominated = s.others_at(), s._die_tiles(), s.options.offer_dominated_payments
        key = ("step1", s.start, frozenset(occupied.items()), dice, dominated)
        tables = lay.memo.get(key)
        if tables is None:
            tables = lay.memo[key] = ({}, {})
        t = s._s1 = (lay, s.dice, s.start, s.side, tables[0], (lay.nbrs, s.start, occupied, dice, dominated),
                     tables[1])
    memo = t[4]
    here, hand = s.pawns[s.side], s.unspent
    out = memo.get((here, hand))
    if out is None:
        out = _viable(t[5], here, hand, memo)
    return out


def _viable(context, here: str, hand: tuple, memo: dict) -> dict:
    """Step 1 from ``here`` with ``hand``: ``{tile: {payment: tolls}}`` (see
    :meth:`DecayState.step_options`); ``memo`` keeps the answers as ``{(tile, hand):
    answer}`` (a toll always spends a coin, so the search ends).  ``context`` as in
    :func:`step_options`."""
    nbrs, start, occupied, dice, dominated = context
    out = {}
    for t in nbrs[here]:
        if t == start:
            continue
        pays = _payments(t, t in dice, hand, dominated)      # as s._pays(t, hand)
        if t not in occupied:
            if pays:
                out[t] = dict.fromkeys(pays, (None,))
            continue
        options = {}
        for pay in pays:
            h1 = _minus(hand, pay)
            tolls = []
            for i, n in enumerate(h1):
                if n:
                    h2 = h1[:i] + (n - 1,) + h1[i + 1:]
                    further = memo.get((t, h2))
                    if further is None:
                        further = _viable(context, t, h2, memo)
                    if further:
                        tolls.append(SUITS[i])
            if tolls:
                options[pay] = tuple(tolls)
        if options:
            out[t] = options
    memo[(here, hand)] = out
    return out


def move_choices(s) -> tuple:
    """The ``move`` step's legal actions: an entry for every tile of
    :meth:`DecayState.step_options`, sorted, then "stop" when :func:`may_stop`.  They
    depend on the turn's table and on the pawn's tile, the unspent coins and whether
    the pawn moved yet, so they are kept with the table under that triple."""
    options = s.step_options()              # (re)validates s._s1
    choices = s._s1[6]
    key = (s.pawns[s.side], s.unspent, s.stepped)
    got = choices.get(key)
    if got is None:
        got = tuple(map(ENTER.__getitem__, sorted(options)))
        if may_stop(s):
            got += (STOP,)
        choices[key] = got
    return got


def may_stop(s) -> bool:
    """Step 1: the pawn has moved and stands on an empty tile other than its start."""
    t = s.pawns[s.side]
    return s.stepped and t != s.start and t not in s.others_at()


# -- the handlers --------------------------------------------------------------------------------
def _on_move(s, a):
    if isinstance(a, StopMoving):
        s._event("end_move", f"the {s.side} pawn stops on {s.pawns[s.side]}")
        _begin_step2(s)
        return
    s.pend = {"enter": a.tile}
    _enter(s, "pay_move")


def _on_pay_move(s, a: Pay):
    t = s.pend["enter"]
    s.pend = {"enter": t, "pay": a.coins}
    if s.others_at().get(t) is not None:
        _enter(s, "toll")
    else:
        _step(s, t, a.coins, None)


def _on_toll(s, a: Toll):
    _step(s, s.pend["enter"], s.pend["pay"], a.suit)


def _step(s, t, pay, toll):
    side = s.side
    free = not pay
    s.unspent = _minus(s.unspent, pay)
    if free:
        why = "pay" if TILE_RANK[t] == NULL else "dice_free"
        s._event(why, f"the {side} pawn enters {t} for free")
    else:
        s._event("pay", f"the {side} pawn enters {t}, spending {_words(pay)}")
    if toll is not None:
        other = s.others_at()[t]
        s.unspent = _minus(s.unspent, (toll,))
        s.hands = _set(_set(s.hands, side, _minus(s.hands[side], (toll,))),
                       other, _plus(s.hands[other], toll))
        s._event("toll", f"{side} gives one {toll} coin to {other} as toll")
    s.pawns = _set(s.pawns, side, t)
    s.stepped = True
    s.pend = None
    _enter(s, "move")

